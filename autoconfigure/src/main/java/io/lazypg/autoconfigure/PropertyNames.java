package io.lazypg.autoconfigure;

import io.lazypg.client.EditDistance;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The valid {@code lazypg.*} keys, read from {@link LazyPgProperties} itself (one getter, one key;
 * a getter returning one of its nested classes is a group), and the nearest one to a key that is
 * not valid. The properties class is the one fact: adding a property adds its key here.
 *
 * <p>Names are compared in Boot's canonical form (lower case, no dashes), so {@code maxSize},
 * {@code max-size} and {@code MAX_SIZE} are the same name, as the binder treats them.
 */
final class PropertyNames {

    static final String PREFIX = "lazypg";

    private static final List<String> KEYS = collect(LazyPgProperties.class, PREFIX);

    private PropertyNames() {}

    /** Every valid key in its documented (kebab-case) form, {@code lazypg.pool.max-size}; sorted. */
    static List<String> all() {
        return KEYS;
    }

    /**
     * The valid key {@code unknown} most probably meant: the one at the smallest edit distance (in
     * canonical form) when that distance is small for the length of the name, or else one whose last
     * segment starts with the unknown's ({@code lazypg.user} for {@code lazypg.username}).
     */
    static Optional<String> nearest(String unknown) {
        String wanted = canonical(unknown);
        String wantedLast = wanted.substring(wanted.lastIndexOf('.') + 1);
        int allowed = Math.max(2, wantedLast.length() / 3);
        Optional<String> close = KEYS.stream()
                .filter(k -> EditDistance.between(wanted, canonical(k)) <= allowed)
                .min(Comparator.comparingInt(k -> EditDistance.between(wanted, canonical(k))));
        if (close.isPresent() || wantedLast.length() < 3) {
            return close;
        }
        String parent = wanted.substring(0, Math.max(0, wanted.lastIndexOf('.')));
        return KEYS.stream()
                .filter(k -> {
                    String c = canonical(k);
                    int dot = c.lastIndexOf('.');
                    return c.substring(0, Math.max(0, dot)).equals(parent)
                            && c.substring(dot + 1).startsWith(wantedLast);
                })
                .findFirst();
    }

    /** Boot's canonical form: lower case, dashes and underscores dropped. */
    static String canonical(String name) {
        return name.toLowerCase(Locale.ROOT).replace("-", "").replace("_", "");
    }

    private static List<String> collect(Class<?> type, String prefix) {
        List<String> keys = new ArrayList<>();
        for (Method m : type.getMethods()) {
            String property = propertyName(m);
            if (property == null) {
                continue;
            }
            String key = prefix + "." + kebab(property);
            Class<?> returned = m.getReturnType();
            if (returned.getDeclaringClass() == LazyPgProperties.class && !Map.class.isAssignableFrom(returned)) {
                keys.addAll(collect(returned, key));
            } else {
                keys.add(key);
            }
        }
        keys.sort(null);
        return List.copyOf(keys);
    }

    private static @Nullable String propertyName(Method m) {
        if (m.getParameterCount() != 0
                || Modifier.isStatic(m.getModifiers())
                || m.getDeclaringClass() == Object.class) {
            return null;
        }
        String name = m.getName();
        if (name.startsWith("get") && name.length() > 3) {
            return Character.toLowerCase(name.charAt(3)) + name.substring(4);
        }
        if (name.startsWith("is") && name.length() > 2 && m.getReturnType() == boolean.class) {
            return Character.toLowerCase(name.charAt(2)) + name.substring(3);
        }
        return null;
    }

    private static String kebab(String camel) {
        StringBuilder sb = new StringBuilder(camel.length() + 4);
        for (int i = 0; i < camel.length(); i++) {
            char c = camel.charAt(i);
            if (Character.isUpperCase(c)) {
                sb.append('-').append(Character.toLowerCase(c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
