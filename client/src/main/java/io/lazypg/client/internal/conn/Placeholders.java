package io.lazypg.client.internal.conn;

/**
 * Finds the highest {@code $n} parameter placeholder in SQL, skipping string literals
 * ({@code '...'}, {@code E'...'} with backslash escapes), quoted identifiers, line and nested block
 * comments, and dollar-quoted strings. Run once per prepared statement, so a wrong parameter count
 * is caught before anything is sent: the server would silently accept extra values whose types
 * were declared.
 */
final class Placeholders {

    private Placeholders() {
    }

    static int highestIndex(String sql) {
        int highest = 0;
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'') {
                boolean escapes = i > 0 && (sql.charAt(i - 1) == 'E' || sql.charAt(i - 1) == 'e')
                        && (i < 2 || !Character.isLetterOrDigit(sql.charAt(i - 2)) && sql.charAt(i - 2) != '_');
                i = skipQuoted(sql, i + 1, '\'', escapes);
            } else if (c == '"') {
                i = skipQuoted(sql, i + 1, '"', false);
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int eol = sql.indexOf('\n', i);
                i = eol < 0 ? n : eol + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = skipBlockComment(sql, i + 2);
            } else if (c == '$') {
                int j = i + 1;
                int value = 0;
                while (j < n && Character.isDigit(sql.charAt(j))) {
                    value = value * 10 + (sql.charAt(j) - '0');
                    j++;
                }
                if (j > i + 1 && !(i > 0 && isIdentifierPart(sql.charAt(i - 1)))) {
                    highest = Math.max(highest, value);
                    i = j;
                } else if (!(i > 0 && isIdentifierPart(sql.charAt(i - 1)))) {
                    i = skipDollarQuoted(sql, i);
                } else {
                    i++;
                }
            } else {
                i++;
            }
        }
        return highest;
    }

    private static boolean isIdentifierPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '$';
    }

    private static int skipQuoted(String sql, int i, char quote, boolean backslashEscapes) {
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (backslashEscapes && c == '\\') {
                i += 2;
            } else if (c == quote) {
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

    private static int skipBlockComment(String sql, int i) {
        int depth = 1;
        int n = sql.length();
        while (i < n && depth > 0) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
            } else {
                i++;
            }
        }
        return i;
    }

    /** At a '$' that is not a placeholder: skips {@code $tag$...$tag$} if it is one, else the '$'. */
    private static int skipDollarQuoted(String sql, int i) {
        int n = sql.length();
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(sql.charAt(j)) || sql.charAt(j) == '_')) {
            j++;
        }
        if (j >= n || sql.charAt(j) != '$') {
            return i + 1;
        }
        String tag = sql.substring(i, j + 1);
        int close = sql.indexOf(tag, j + 1);
        return close < 0 ? n : close + tag.length();
    }
}
