package io.lazypg.spring;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Finds the {@code ?} and {@code :name} placeholders of a SQL string and rewrites them to
 * PostgreSQL's {@code $n}, in one pass.
 *
 * <p>Nothing inside these is a placeholder: string literals ({@code '...'} with {@code ''}, and
 * {@code E'...'} with backslash escapes as well), quoted identifiers ({@code "..."} with {@code ""}),
 * line comments ({@code -- ...}), block comments (nested, as PostgreSQL nests them) and dollar-quoted
 * strings ({@code $$...$$}, {@code $tag$...$tag$}). {@code ::} is a cast, never the start of a name;
 * {@code ??} stands for a literal {@code ?} (write the jsonb operators {@code ?}, {@code ?|},
 * {@code ?&} as {@code ??}, {@code ??|}, {@code ??&}). An unterminated literal or comment runs to the
 * end of the string, and the server reports it.
 *
 * <p>Named placeholders are {@code :} followed by a letter or underscore, then letters, digits and
 * underscores. In named SQL an array slice with a name as lower bound must be written with a space
 * ({@code a[lo : hi]}), or {@code :hi} would be read as a parameter.
 *
 * <p>Stateless and thread-safe.
 */
final class SqlParser {

    private SqlParser() {
    }

    static ParsedSql parse(String sql) {
        int n = sql.length();
        StringBuilder positional = new StringBuilder(n + 16);
        StringBuilder named = new StringBuilder(n + 16);
        Map<String, Integer> names = new LinkedHashMap<>();
        int positionalCount = 0;
        boolean positionalChanged = false;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int end;
            switch (c) {
                case '\'' -> end = skipString(sql, i, i > 0 && isEscapeStringPrefix(sql, i - 1));
                case '"' -> end = skipQuoted(sql, i, '"');
                case '-' -> end = i + 1 < n && sql.charAt(i + 1) == '-' ? skipLineComment(sql, i) : i + 1;
                case '/' -> end = i + 1 < n && sql.charAt(i + 1) == '*' ? skipBlockComment(sql, i) : i + 1;
                case '$' -> end = skipDollarQuote(sql, i);
                case '?' -> {
                    if (i + 1 < n && sql.charAt(i + 1) == '?') {
                        positional.append('?');
                        named.append('?');
                        positionalChanged = true;
                        i += 2;
                    } else {
                        positional.append('$').append(++positionalCount);
                        named.append('?');
                        positionalChanged = true;
                        i++;
                    }
                    continue;
                }
                case ':' -> {
                    if (i + 1 < n && sql.charAt(i + 1) == ':') {
                        end = i + 2;
                    } else if (i + 1 < n && isNameStart(sql.charAt(i + 1))) {
                        int j = i + 2;
                        while (j < n && isNamePart(sql.charAt(j))) {
                            j++;
                        }
                        String name = sql.substring(i + 1, j);
                        Integer index = names.get(name);
                        if (index == null) {
                            index = names.size() + 1;
                            names.put(name, index);
                        }
                        positional.append(sql, i, j);
                        named.append('$').append(index);
                        i = j;
                        continue;
                    } else {
                        end = i + 1;
                    }
                }
                default -> end = i + 1;
            }
            positional.append(sql, i, end);
            named.append(sql, i, end);
            i = end;
        }
        return new ParsedSql(sql, positionalChanged ? positional.toString() : sql, positionalCount,
                named.toString(), new ArrayList<>(names.keySet()));
    }

    /** Whether the quote at {@code quote + 1} opens an escape string: {@code E'} not preceded by a name character. */
    private static boolean isEscapeStringPrefix(String sql, int e) {
        char c = sql.charAt(e);
        return (c == 'E' || c == 'e') && (e == 0 || !isIdentifierPart(sql.charAt(e - 1)));
    }

    private static int skipString(String sql, int start, boolean backslashEscapes) {
        int n = sql.length();
        int i = start + 1;
        while (i < n) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == '\'') {
                if (i + 1 < n && sql.charAt(i + 1) == '\'') {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return n;
    }

    private static int skipQuoted(String sql, int start, char quote) {
        int n = sql.length();
        int i = start + 1;
        while (i < n) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < n && sql.charAt(i + 1) == quote) {
                    i += 2;
                } else {
                    return i + 1;
                }
            } else {
                i++;
            }
        }
        return n;
    }

    private static int skipLineComment(String sql, int start) {
        int nl = sql.indexOf('\n', start + 2);
        return nl < 0 ? sql.length() : nl + 1;
    }

    private static int skipBlockComment(String sql, int start) {
        int n = sql.length();
        int depth = 1;
        int i = start + 2;
        while (i < n && depth > 0) {
            char c = sql.charAt(i);
            if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                depth++;
                i += 2;
            } else if (c == '*' && i + 1 < n && sql.charAt(i + 1) == '/') {
                depth--;
                i += 2;
            } else {
                i++;
            }
        }
        return depth == 0 ? i : n;
    }

    /**
     * Skips a dollar-quoted string starting at {@code start}, or only the {@code $} when it does not
     * open one ({@code $1}, or a {@code $} inside a name such as {@code a$b}).
     */
    private static int skipDollarQuote(String sql, int start) {
        int n = sql.length();
        if (start > 0 && isIdentifierPart(sql.charAt(start - 1))) {
            return start + 1;
        }
        int j = start + 1;
        if (j < n && sql.charAt(j) != '$') {
            if (!isNameStart(sql.charAt(j))) {
                return start + 1;
            }
            j++;
            while (j < n && isNamePart(sql.charAt(j))) {
                j++;
            }
            if (j >= n || sql.charAt(j) != '$') {
                return start + 1;
            }
        }
        if (j >= n) {
            return start + 1;
        }
        String tag = sql.substring(start, j + 1);
        int close = sql.indexOf(tag, j + 1);
        return close < 0 ? n : close + tag.length();
    }

    private static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    private static boolean isNamePart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static boolean isIdentifierPart(char c) {
        return isNamePart(c) || c == '$';
    }
}
