package io.lazypg.jdbc;

import java.lang.reflect.Array;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import org.jspecify.annotations.Nullable;

/**
 * A Java array as PostgreSQL writes an array value ({@code array_out}): {@code {1,2,NULL}},
 * nested braces for more dimensions, an element in double quotes when it is empty, is
 * {@code NULL} in any case, or holds a brace, quote, comma, backslash or white space, with
 * {@code "} and {@code \} escaped by a backslash. Booleans are {@code t}/{@code f}, times and
 * timestamps as the server shows them in ISO style ({@code 2024-07-01 12:00:00.5}), bytea as
 * {@code \x...}. This is what {@code Array.toString()} gives, as pgjdbc gives the server's text.
 *
 * <p>Stateless and thread-safe.
 */
final class ArrayLiterals {

    private ArrayLiterals() {}

    /** Time of day with the fraction PostgreSQL shows: none when zero, else without trailing zeros. */
    private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder()
            .appendPattern("HH:mm:ss")
            .appendFraction(ChronoField.NANO_OF_SECOND, 0, 6, true)
            .toFormatter();

    private static final DateTimeFormatter TIMESTAMP = new DateTimeFormatterBuilder()
            .append(DateTimeFormatter.ISO_LOCAL_DATE)
            .appendLiteral(' ')
            .append(TIME)
            .toFormatter();

    static String render(Object array) {
        StringBuilder b = new StringBuilder();
        append(b, array);
        return b.toString();
    }

    private static void append(StringBuilder b, @Nullable Object value) {
        if (value == null) {
            b.append("NULL");
        } else if (value.getClass().isArray() && !(value instanceof byte[])) {
            b.append('{');
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                if (i > 0) {
                    b.append(',');
                }
                append(b, Array.get(value, i));
            }
            b.append('}');
        } else {
            quoted(b, text(value));
        }
    }

    private static String text(Object value) {
        if (value instanceof Boolean bool) {
            return bool ? "t" : "f";
        }
        if (value instanceof byte[] bytes) {
            StringBuilder hex = new StringBuilder(2 + 2 * bytes.length).append("\\x");
            for (byte x : bytes) {
                hex.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
            }
            return hex.toString();
        }
        if (value instanceof Timestamp t) {
            return TIMESTAMP.format(t.toLocalDateTime());
        }
        if (value instanceof LocalDateTime t) {
            return TIMESTAMP.format(t);
        }
        if (value instanceof Time t) {
            return TIME.format(t.toLocalTime());
        }
        if (value instanceof LocalTime t) {
            return TIME.format(t);
        }
        return value.toString();
    }

    private static void quoted(StringBuilder b, String s) {
        boolean quote = s.isEmpty() || s.equalsIgnoreCase("NULL");
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c == '{' || c == '}' || c == '"' || c == ',' || c == '\\' || Character.isWhitespace(c);
        }
        if (!quote) {
            b.append(s);
            return;
        }
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\');
            }
            b.append(c);
        }
        b.append('"');
    }
}
