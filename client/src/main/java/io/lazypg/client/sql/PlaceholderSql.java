package io.lazypg.client.sql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One SQL string with its JDBC-style {@code ?} and its {@code :name} placeholders found and
 * rewritten to PostgreSQL's {@code $n}, in one pass over the project's one lexer, {@link SqlLexer}.
 * The JDBC driver sends {@link #positionalSql()}; the Spring template sends either form.
 *
 * <p>Nothing inside these is a placeholder: string literals ({@code '...'} with {@code ''}, and
 * {@code E'...'} with backslash escapes as well), quoted identifiers ({@code "..."} with {@code ""}),
 * line comments ({@code -- ...}, to the end of the line), block comments (nested, as PostgreSQL
 * nests them) and dollar-quoted strings ({@code $$...$$}, {@code $tag$...$tag$}). {@code ::} is a
 * cast, never the start of a name; {@code ??} stands for a literal {@code ?} (write the jsonb
 * operators {@code ?}, {@code ?|}, {@code ?&} as {@code ??}, {@code ??|}, {@code ??&}). An
 * unterminated literal or comment runs to the end of the string, and the server reports it.
 *
 * <p>Named placeholders are {@code :} followed by a letter or underscore, then letters, digits and
 * underscores. In named SQL an array slice with a name as lower bound must be written with a space
 * ({@code a[lo : hi]}), or {@code :hi} would be read as a parameter.
 *
 * <p>With the session's {@code standard_conforming_strings} off, a backslash escapes in a plain
 * {@code '...'} too ({@code 'it\'s ?'} holds no placeholder): parse with
 * {@link #parse(String, boolean)}.
 *
 * <p>Immutable and thread-safe; callers cache it per SQL string and {@code standard_conforming_strings}.
 *
 * @param sql                the SQL as the caller wrote it (for messages)
 * @param positionalSql      {@code ?} rewritten to {@code $n}; {@code :name} left as written. The same
 *                           instance as {@code sql} when nothing needed rewriting
 * @param positionalCount    how many {@code ?} placeholders there are
 * @param namedSql           {@code :name} rewritten to {@code $n}; lone {@code ?} left as written
 * @param parameterNames     distinct names in {@code $n} order ({@code $1} is element 0)
 * @param severalStatements  whether code follows a top-level {@code ;}: a script, which only the
 *                           simple query protocol runs
 */
public record PlaceholderSql(
        String sql,
        String positionalSql,
        int positionalCount,
        String namedSql,
        List<String> parameterNames,
        boolean severalStatements) {

    public PlaceholderSql {
        parameterNames = List.copyOf(parameterNames);
    }

    /** Finds the placeholders of {@code sql}; see the class comment for what counts as one. */
    public static PlaceholderSql parse(String sql) {
        return parse(sql, true);
    }

    /**
     * Finds the placeholders of {@code sql} under the session's {@code standard_conforming_strings}
     * (false: a backslash escapes the next character in every string literal).
     */
    public static PlaceholderSql parse(String sql, boolean standardConformingStrings) {
        int n = sql.length();
        StringBuilder positional = new StringBuilder(n + 16);
        StringBuilder named = new StringBuilder(n + 16);
        Map<String, Integer> names = new LinkedHashMap<>();
        int positionalCount = 0;
        boolean positionalChanged = false;
        boolean afterSemicolon = false;
        boolean severalStatements = false;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            int end = SqlLexer.skipNonCode(sql, i, standardConformingStrings);
            if (afterSemicolon && !Character.isWhitespace(c) && c != ';' && !SqlLexer.isComment(sql, i)) {
                severalStatements = true;
            }
            if (end == i) {
                if (c == ';') {
                    afterSemicolon = true;
                }
                if (c == '?') {
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
                if (c == ':' && SqlLexer.isCast(sql, i)) {
                    end = i + 2;
                } else if (c == ':' && i + 1 < n && SqlLexer.isNameStart(sql.charAt(i + 1))) {
                    int j = i + 2;
                    while (j < n && SqlLexer.isNamePart(sql.charAt(j))) {
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
            positional.append(sql, i, end);
            named.append(sql, i, end);
            i = end;
        }
        return new PlaceholderSql(
                sql,
                positionalChanged ? positional.toString() : sql,
                positionalCount,
                named.toString(),
                new ArrayList<>(names.keySet()),
                severalStatements);
    }
}
