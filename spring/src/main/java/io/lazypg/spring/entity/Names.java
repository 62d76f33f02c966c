package io.lazypg.spring.entity;

import java.lang.reflect.Method;
import java.util.Locale;

/** Property names of accessors and the snake_case form columns usually have. */
final class Names {

    private Names() {}

    /**
     * The property an accessor reads: {@code getCreatedAt()} and {@code createdAt()} give
     * "createdAt", {@code isActive()} gives "active" when it returns boolean or Boolean.
     */
    static String propertyName(Method m) {
        String n = m.getName();
        Class<?> r = m.getReturnType();
        if (n.length() > 3 && n.startsWith("get") && Character.isUpperCase(n.charAt(3))) {
            return decapitalize(n.substring(3));
        }
        if (n.length() > 2
                && n.startsWith("is")
                && Character.isUpperCase(n.charAt(2))
                && (r == boolean.class || r == Boolean.class)) {
            return decapitalize(n.substring(2));
        }
        return n;
    }

    /** As java.beans does it: "CreatedAt" becomes "createdAt", "URL" stays "URL". */
    static String decapitalize(String s) {
        if (s.isEmpty()
                || (s.length() > 1 && Character.isUpperCase(s.charAt(1)) && Character.isUpperCase(s.charAt(0)))) {
            return s;
        }
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** "created_at" becomes "createdAt": the property a snake_case column is read by. */
    static String camelCase(String column) {
        StringBuilder sb = new StringBuilder(column.length());
        boolean upper = false;
        for (int i = 0; i < column.length(); i++) {
            char c = column.charAt(i);
            if (c == '_') {
                upper = sb.length() > 0;
            } else {
                sb.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return sb.length() == 0 ? column : sb.toString();
    }

    /** "createdAt" becomes "created_at", as Spring's BeanPropertyRowMapper derives it. */
    static String snakeCase(String name) {
        StringBuilder sb = new StringBuilder(name.length() + 4);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c)) {
                if (i > 0) {
                    sb.append('_');
                }
                sb.append(Character.toLowerCase(c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }
}
