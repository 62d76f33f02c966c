package io.lazypg.client.sql;

/**
 * The project's one SQL lexer: it tells the parts of a SQL string where placeholders can never be
 * (literals, quoted identifiers, comments, dollar-quoted strings) from SQL code, following
 * PostgreSQL's own scanner ({@code scan.l}). Everything that looks for {@code $n}, {@code ?} or
 * {@code :name} placeholders, or splits a script at semicolons, walks the SQL with
 * {@link #skipNonCode}, so they all agree on what is code.
 *
 * <p>Non-code spans:
 * <ul>
 *   <li>string literals {@code '...'} (a doubled {@code ''} stays inside), and escape strings
 *       {@code E'...'} where a backslash also escapes the next character. The {@code E} must start a
 *       word: in {@code x$e'...'} the {@code e} ends the identifier {@code x$e}, so the literal is a
 *       plain one;</li>
 *   <li>quoted identifiers {@code "..."} (a doubled {@code ""} stays inside);</li>
 *   <li>line comments {@code -- ...}, ending at {@code \n} or {@code \r};</li>
 *   <li>block comments {@code /* ... * /}, nested as PostgreSQL nests them;</li>
 *   <li>dollar-quoted strings {@code $$...$$} and {@code $tag$...$tag$}, where the tag is a name
 *       ({@link #isNameStart}, then {@link #isNamePart}s; non-ASCII characters count as letters, as
 *       in PostgreSQL) and the {@code $} does not
 *       continue an identifier ({@code a$b$c} is one identifier).</li>
 * </ul>
 * An unterminated span runs to the end of the string; the server reports the error. {@code ::}
 * (a cast) is code, and {@link #isCast} tells it from a {@code :name} placeholder.
 *
 * <p>The session's {@code standard_conforming_strings} (on by default since PostgreSQL 9.1) decides
 * whether a backslash escapes in a plain {@code '...'} too: with it off, {@code 'it\'s ?'} is one
 * literal. The methods taking {@code standardConformingStrings} follow the setting the server last
 * reported; the others assume on. A caller that caches a result per SQL string must key it by the
 * setting as well.
 *
 * <p>Stateless and thread-safe.
 */
public final class SqlLexer {

    private SqlLexer() {}

    /**
     * If a literal, quoted identifier, comment or dollar-quoted string starts at {@code i}, the
     * index just past its end (the length of {@code sql} when it is unterminated); otherwise
     * {@code i} itself, meaning that the character at {@code i} is SQL code.
     */
    public static int skipNonCode(String sql, int i) {
        return skipNonCode(sql, i, true);
    }

    /**
     * As {@link #skipNonCode(String, int)}, under the session's {@code standard_conforming_strings}:
     * when false, a backslash escapes the next character in every string literal, not only in
     * {@code E'...'}.
     */
    public static int skipNonCode(String sql, int i, boolean standardConformingStrings) {
        int n = sql.length();
        char c = sql.charAt(i);
        switch (c) {
            case '\'':
                return skipString(sql, i, !standardConformingStrings || (i > 0 && isEscapeStringPrefix(sql, i - 1)));
            case '"':
                return skipQuotedIdentifier(sql, i);
            case '-':
                return i + 1 < n && sql.charAt(i + 1) == '-' ? skipLineComment(sql, i) : i;
            case '/':
                return i + 1 < n && sql.charAt(i + 1) == '*' ? skipBlockComment(sql, i) : i;
            case '$':
                return skipDollarQuote(sql, i);
            default:
                return i;
        }
    }

    /** Whether a line or block comment starts at {@code i}. */
    public static boolean isComment(String sql, int i) {
        char c = sql.charAt(i);
        return (c == '-' || c == '/') && i + 1 < sql.length() && sql.charAt(i + 1) == (c == '-' ? '-' : '*');
    }

    /** Whether the code at {@code i} is the {@code ::} of a cast. */
    public static boolean isCast(String sql, int i) {
        return sql.charAt(i) == ':' && i + 1 < sql.length() && sql.charAt(i + 1) == ':';
    }

    /**
     * The highest {@code $n} placeholder in {@code sql} (0 when there is none). A {@code $} that
     * continues an identifier ({@code a$1}) is not a placeholder.
     */
    public static int highestPositionalParameter(String sql) {
        return highestPositionalParameter(sql, true);
    }

    /** As {@link #highestPositionalParameter(String)}, under the session's {@code standard_conforming_strings}. */
    public static int highestPositionalParameter(String sql, boolean standardConformingStrings) {
        int highest = 0;
        int n = sql.length();
        int i = 0;
        while (i < n) {
            int end = skipNonCode(sql, i, standardConformingStrings);
            if (end > i) {
                i = end;
                continue;
            }
            if (sql.charAt(i) == '$' && !(i > 0 && isIdentifierPart(sql.charAt(i - 1)))) {
                int j = i + 1;
                int value = 0;
                while (j < n && sql.charAt(j) >= '0' && sql.charAt(j) <= '9') {
                    value = value * 10 + (sql.charAt(j) - '0');
                    j++;
                }
                if (j > i + 1) {
                    highest = Math.max(highest, value);
                    i = j;
                    continue;
                }
            }
            i++;
        }
        return highest;
    }

    /** The index of the first character at or after {@code i} that is neither whitespace nor part of a comment. */
    public static int skipSpaceAndComments(String sql, int i) {
        int n = sql.length();
        while (i < n) {
            if (Character.isWhitespace(sql.charAt(i))) {
                i++;
            } else if (isComment(sql, i)) {
                i = skipNonCode(sql, i);
            } else {
                break;
            }
        }
        return i;
    }

    /**
     * If the keyword {@code word} (any case) starts at {@code i} and is not the beginning of a longer
     * identifier, the index just past it; otherwise -1.
     */
    public static int keywordEnd(String sql, int i, String word) {
        int end = i + word.length();
        if (sql.regionMatches(true, i, word, 0, word.length())
                && (end == sql.length() || !isIdentifierPart(sql.charAt(end)))) {
            return end;
        }
        return -1;
    }

    /** What continues a name after its first character: what starts one, and ASCII digits. */
    public static boolean isNamePart(char c) {
        return isNameStart(c) || (c >= '0' && c <= '9');
    }

    /**
     * What starts a name, as PostgreSQL's scanner has it ({@code [A-Za-z\200-\377_]}): an ASCII
     * letter, an underscore, or any character beyond ASCII (whose UTF-8 bytes are all high), so
     * {@code $o‿o$} is a dollar-quote tag though {@code ‿} is no letter.
     */
    public static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }

    /** What continues an identifier: a name character or {@code $}. */
    public static boolean isIdentifierPart(char c) {
        return isNamePart(c) || c == '$';
    }

    /** Whether the quote after {@code e} opens an escape string: {@code E'} not preceded by an identifier character. */
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

    private static int skipQuotedIdentifier(String sql, int start) {
        int n = sql.length();
        int i = start + 1;
        while (i < n) {
            if (sql.charAt(i) == '"') {
                if (i + 1 < n && sql.charAt(i + 1) == '"') {
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
        int n = sql.length();
        int i = start + 2;
        while (i < n && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
            i++;
        }
        return i < n ? i + 1 : n;
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
     * At a {@code $}: the end of the dollar-quoted string it opens, or {@code start} when it opens
     * none ({@code $1}, a lone {@code $}, or a {@code $} inside an identifier such as {@code a$b}).
     */
    private static int skipDollarQuote(String sql, int start) {
        int n = sql.length();
        if (start > 0 && isIdentifierPart(sql.charAt(start - 1))) {
            return start;
        }
        int j = start + 1;
        if (j < n && sql.charAt(j) != '$') {
            if (!isNameStart(sql.charAt(j))) {
                return start;
            }
            j++;
            while (j < n && isNamePart(sql.charAt(j))) {
                j++;
            }
            if (j >= n || sql.charAt(j) != '$') {
                return start;
            }
        }
        if (j >= n) {
            return start;
        }
        String tag = sql.substring(start, j + 1);
        int close = sql.indexOf(tag, j + 1);
        return close < 0 ? n : close + tag.length();
    }
}
