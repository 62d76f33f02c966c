package io.lazypg.client.internal.command;

import io.lazypg.client.PgUsageException;
import java.util.Locale;

/**
 * Checks SQL text before it is sent: the protocol carries it as a NUL-terminated string, so a NUL
 * inside would end it early, and an unpaired UTF-16 surrogate has no UTF-8 form. Run once per
 * statement parsed (cached statements were checked when first prepared) and per script.
 */
final class SqlText {

    private SqlText() {}

    static void check(String sql) {
        int n = sql.length();
        for (int i = 0; i < n; i++) {
            char c = sql.charAt(i);
            if (c == 0) {
                throw new PgUsageException("The SQL text contains a NUL character (U+0000) at index " + i + ": "
                        + abbreviate(sql.replace('\0', ' ')) + ". PostgreSQL cannot receive it in a"
                        + " statement; remove it (bind binary data as a byte[] parameter instead). Nothing was sent.");
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(sql.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new PgUsageException("The SQL text contains an unpaired UTF-16 surrogate (U+"
                        + Integer.toHexString(c).toUpperCase(Locale.ROOT) + ") at index " + i
                        + ", which is not valid Unicode"
                        + " and cannot be sent as UTF-8. Fix the code that built the string. Nothing was sent.");
            }
        }
    }

    /** SQL on one line, at most 120 characters, for messages. */
    static String abbreviate(String sql) {
        String oneLine = sql.replaceAll("\\s+", " ").trim();
        return oneLine.length() > 120 ? oneLine.substring(0, 117) + "..." : oneLine;
    }
}
