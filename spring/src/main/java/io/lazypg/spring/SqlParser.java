package io.lazypg.spring;

import io.lazypg.client.sql.SqlLexer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Finds the {@code ?} and {@code :name} placeholders of a SQL string and rewrites them to
 * PostgreSQL's {@code $n}, in one pass over the project's one lexer, {@link SqlLexer}.
 *
 * <p>Nothing inside these is a placeholder: string literals ({@code '...'} with {@code ''}, and
 * {@code E'...'} with backslash escapes as well), quoted identifiers ({@code "..."} with {@code ""}),
 * line comments ({@code -- ...}, to the end of the line), block comments (nested, as PostgreSQL nests them) and dollar-quoted
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
            int end = SqlLexer.skipNonCode(sql, i);
            if (end == i) {
                char c = sql.charAt(i);
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
        return new ParsedSql(sql, positionalChanged ? positional.toString() : sql, positionalCount,
                named.toString(), new ArrayList<>(names.keySet()));
    }
}
