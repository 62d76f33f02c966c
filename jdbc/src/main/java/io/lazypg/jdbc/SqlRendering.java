package io.lazypg.jdbc;

import io.lazypg.client.sql.SqlLexer;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/**
 * A PreparedStatement's SQL with its bound values written in place of the {@code ?}s, for logs
 * ({@code toString}, as pgjdbc users read it): NULL, numbers and booleans as they are, byte arrays
 * as {@code '\x...'::bytea}, everything else as a quoted literal. Only placeholders are replaced:
 * literals, quoted identifiers, comments and dollar quotes are read with the project's lexer, and
 * {@code ??} stays a literal {@code ?}. For reading, not for running: nothing is escaped beyond
 * doubling quotes.
 *
 * <p>Stateless and thread-safe.
 */
final class SqlRendering {

    private SqlRendering() {}

    static String render(String sql, Object[] values, boolean[] set) {
        StringBuilder out = new StringBuilder(sql.length() + 16 * values.length);
        int parameter = 0;
        int i = 0;
        while (i < sql.length()) {
            int skip = SqlLexer.skipNonCode(sql, i);
            if (skip > i) {
                out.append(sql, i, skip);
                i = skip;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '?' && i + 1 < sql.length() && sql.charAt(i + 1) == '?') {
                out.append('?');
                i += 2;
                continue;
            }
            if (c == '?' && parameter < values.length) {
                out.append(set[parameter] ? literal(values[parameter]) : "?");
                parameter++;
            } else {
                out.append(c);
            }
            i++;
        }
        return out.toString();
    }

    private static String literal(@Nullable Object v) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        if (v instanceof byte[] b) {
            return "'\\x" + HexFormat.of().formatHex(b) + "'::bytea";
        }
        return "'" + v.toString().replace("'", "''") + "'";
    }
}
