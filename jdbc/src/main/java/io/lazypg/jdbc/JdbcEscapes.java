package io.lazypg.jdbc;

import io.lazypg.client.sql.SqlLexer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Translates JDBC escape syntax into PostgreSQL SQL, as pgjdbc does by default:
 * <ul>
 *   <li>{@code {fn name(args)}}: the scalar functions of the JDBC specification's appendix C, by
 *       {@link EscapedFunctions}; a function PostgreSQL has under the same name is written as is;</li>
 *   <li>{@code {d '2024-02-29'}}, {@code {t '13:14:15'}}, {@code {ts '2024-02-29 13:14:15'}}:
 *       {@code DATE '...'}, {@code TIME '...'}, {@code TIMESTAMP '...'};</li>
 *   <li>{@code {escape '\'}} (after LIKE): {@code ESCAPE '\'}; {@code {oj ...}}: the outer join as
 *       written; {@code {limit n offset m}}: {@code LIMIT n OFFSET m};</li>
 *   <li>{@code {call f(?)}}: {@code select * from f(?) as result} (pgjdbc's default call mode).
 *       {@code {? = call f(?)}} needs an OUT parameter, which only a CallableStatement has: it is
 *       refused, naming CallableStatement.</li>
 * </ul>
 * Escapes nest ({@code {fn ucase({fn concat(a, b)})}}). A brace is an escape only in SQL code:
 * the project's one lexer ({@link SqlLexer}) skips literals, quoted identifiers, comments and
 * dollar quotes, so {@code '{1,2}'} stays an array literal. A brace not followed by an escape
 * keyword is left as written, for the server to judge.
 *
 * <p>Stateless and thread-safe.
 */
final class JdbcEscapes {

    private JdbcEscapes() {}

    /** {@code sql} with its escapes translated; the same instance when it has none. */
    static String translate(String sql) throws SQLException {
        if (sql.indexOf('{') < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length() + 16);
        int end = translate(sql, 0, false, out);
        if (end < sql.length()) {
            throw syntax("A '}' closes nothing at offset " + end, sql);
        }
        return out.toString();
    }

    /**
     * Copies {@code sql} from {@code from} to {@code out}, translating the escapes met, up to the
     * end or (when {@code inEscape}) the {@code }} that closes the escape being read; returns the
     * index of that brace (or the length).
     */
    private static int translate(String sql, int from, boolean inEscape, StringBuilder out) throws SQLException {
        int n = sql.length();
        int i = from;
        while (i < n) {
            int skip = SqlLexer.skipNonCode(sql, i);
            if (skip > i) {
                out.append(sql, i, skip);
                i = skip;
                continue;
            }
            char c = sql.charAt(i);
            if (c == '}') {
                if (inEscape) {
                    return i;
                }
                out.append(c); // not ours: the server reports it if it is wrong
                i++;
            } else if (c == '{') {
                i = escape(sql, i, out);
            } else {
                out.append(c);
                i++;
            }
        }
        if (inEscape) {
            throw syntax("An escape opened with '{' is not closed with '}'", sql);
        }
        return n;
    }

    /** Translates the escape whose {@code {} is at {@code open}; returns the index after its {@code }}. */
    private static int escape(String sql, int open, StringBuilder out) throws SQLException {
        int i = skipSpaces(sql, open + 1);
        int wordEnd = i;
        while (wordEnd < sql.length() && Character.isLetter(sql.charAt(wordEnd))) {
            wordEnd++;
        }
        String keyword = sql.substring(i, wordEnd).toLowerCase(Locale.ROOT);
        if (keyword.isEmpty() && i < sql.length() && sql.charAt(i) == '?') {
            throw JdbcErrors.unsupported(
                    "The escape {? = call ...} (it needs an OUT parameter, which only CallableStatement has)",
                    "select the function's value with a PreparedStatement: select f(?).");
        }
        String prefix;
        switch (keyword) {
            case "fn":
                prefix = null;
                break;
            case "d":
                prefix = "DATE ";
                break;
            case "t":
                prefix = "TIME ";
                break;
            case "ts":
                prefix = "TIMESTAMP ";
                break;
            case "escape":
                prefix = "ESCAPE ";
                break;
            case "limit":
                prefix = "LIMIT ";
                break;
            case "oj":
                prefix = "";
                break;
            case "call":
                prefix = "select * from ";
                break;
            default:
                out.append('{'); // not an escape: left as written
                return open + 1;
        }
        StringBuilder body = new StringBuilder();
        int close = translate(sql, wordEnd, true, body);
        String inner = body.toString().trim();
        if (prefix == null) {
            out.append(EscapedFunctions.call(inner, sql));
        } else if (keyword.equals("call")) {
            // {call f} without parentheses still calls f: "select * from f" would read a table
            out.append(prefix)
                    .append(inner)
                    .append(inner.endsWith(")") ? "" : "()")
                    .append(" as result");
        } else if (keyword.equals("limit")) {
            out.append(prefix).append(inner.replaceFirst("(?i)\\boffset\\b", "OFFSET"));
        } else {
            out.append(prefix).append(inner);
        }
        return close + 1;
    }

    private static int skipSpaces(String sql, int i) {
        while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
            i++;
        }
        return i;
    }

    /**
     * {@code s} split at its top-level commas (not inside parentheses, literals, comments or dollar
     * quotes), each part trimmed; an empty list for blank {@code s}.
     */
    static List<String> arguments(String s) {
        List<String> parts = new ArrayList<>();
        if (s.isBlank()) {
            return parts;
        }
        int depth = 0;
        int start = 0;
        int i = 0;
        while (i < s.length()) {
            int skip = SqlLexer.skipNonCode(s, i);
            if (skip > i) {
                i = skip;
                continue;
            }
            char c = s.charAt(i);
            if (c == '(' || c == '[') {
                depth++;
            } else if (c == ')' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(s.substring(start, i).trim());
                start = i + 1;
            }
            i++;
        }
        parts.add(s.substring(start).trim());
        return parts;
    }

    static SQLException syntax(String what, String sql) {
        return JdbcErrors.usage(
                what + " in the JDBC escape syntax of: " + abbreviate(sql)
                        + ". Fix the escape, or turn escape processing off (setEscapeProcessing(false)).",
                "42601");
    }

    private static String abbreviate(String sql) {
        return sql.length() <= 200 ? sql : sql.substring(0, 200) + "...";
    }
}
