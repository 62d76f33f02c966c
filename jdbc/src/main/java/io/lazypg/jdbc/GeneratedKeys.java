package io.lazypg.jdbc;

import io.lazypg.client.sql.SqlLexer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Generated keys the PostgreSQL way: a {@code RETURNING} clause appended to an INSERT, UPDATE,
 * DELETE or MERGE (also after a {@code WITH} clause), whose rows become {@code getGeneratedKeys()}.
 * A statement that already has a top-level RETURNING clause is sent as written and its rows are
 * the keys, as pgjdbc does. Statements of another kind (a SELECT) are sent as written and give
 * their ResultSet as usual.
 *
 * <p>The SQL is read with the project's lexer ({@link SqlLexer}): the clause goes right after the
 * last code, so neither a trailing line comment nor a trailing {@code ;} can swallow it, and
 * words inside literals, comments, quoted names or parentheses (a CTE's body) are not mistaken for
 * the statement's own. Immutable.
 */
final class GeneratedKeys {

    /** RETURN_GENERATED_KEYS: every column of the changed rows, as pgjdbc returns them. */
    static final GeneratedKeys ALL_COLUMNS = new GeneratedKeys(" RETURNING *");

    private static final List<String> MODIFYING = List.of("insert", "update", "delete", "merge");
    private static final List<String> MAIN =
            List.of("insert", "update", "delete", "merge", "select", "values", "table");

    private final String returning;

    private GeneratedKeys(String returning) {
        this.returning = returning;
    }

    /**
     * The named columns, quoted as written (PostgreSQL folds unquoted names to lower case; pgjdbc
     * quotes them too); null (no keys) for an empty array, as pgjdbc reads it, and every column for null.
     */
    static @Nullable GeneratedKeys columns(String @Nullable [] names) {
        if (names == null) {
            return ALL_COLUMNS;
        }
        if (names.length == 0) {
            return null;
        }
        StringBuilder b = new StringBuilder(" RETURNING ");
        for (int i = 0; i < names.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(names[i].equals("*") ? "*" : Identifiers.quote(names[i]));
        }
        return new GeneratedKeys(b.toString());
    }

    /** Whether {@code sql} changes rows, so that its rows (with the appended RETURNING or its own) are the generated keys. */
    static boolean modifies(String sql) {
        return Shape.of(sql).modifying;
    }

    /** {@code sql} with the RETURNING clause after its last code, when it is a data-modifying statement without one. */
    String appendTo(String sql) {
        Shape shape = Shape.of(sql);
        if (!shape.modifying || shape.returning) {
            return sql;
        }
        return sql.substring(0, shape.codeEnd) + returning + sql.substring(shape.codeEnd);
    }

    /**
     * What the lexer tells of one statement: its main command (after any WITH clause), whether a
     * top-level RETURNING follows it, and where its last code ends (before trailing space,
     * comments and semicolons).
     */
    private record Shape(boolean modifying, boolean returning, int codeEnd) {

        static Shape of(String sql) {
            List<String> words = new ArrayList<>(); // top-level words, lower case; "(" for a parenthesis
            int codeEnd = 0;
            int depth = 0;
            int i = 0;
            int n = sql.length();
            while (i < n) {
                int end = SqlLexer.skipNonCode(sql, i);
                if (end > i) {
                    if (!SqlLexer.isComment(sql, i)) {
                        codeEnd = end; // a literal or quoted name is code
                        if (depth == 0) {
                            words.add("'");
                        }
                    }
                    i = end;
                    continue;
                }
                char c = sql.charAt(i);
                if (Character.isWhitespace(c) || c == ';') {
                    i++;
                    continue;
                }
                if (SqlLexer.isNameStart(c)) {
                    int j = i + 1;
                    while (j < n && SqlLexer.isIdentifierPart(sql.charAt(j))) {
                        j++;
                    }
                    if (depth == 0) {
                        words.add(sql.substring(i, j).toLowerCase(Locale.ROOT));
                    }
                    codeEnd = j;
                    i = j;
                    continue;
                }
                if (c == '(') {
                    if (depth == 0) {
                        words.add("(");
                    }
                    depth++;
                } else if (c == ')') {
                    depth = Math.max(0, depth - 1);
                }
                codeEnd = ++i;
            }
            int main = mainCommand(words);
            boolean modifying = main >= 0 && MODIFYING.contains(words.get(main));
            boolean returning = main >= 0 && words.subList(main, words.size()).contains("returning");
            return new Shape(modifying, returning, codeEnd);
        }

        /**
         * The index of the main command's word: the first word, or after {@code WITH} the first
         * command word that does not name a CTE (a CTE's name is followed by AS or its column list).
         */
        private static int mainCommand(List<String> words) {
            if (words.isEmpty()) {
                return -1;
            }
            if (!words.get(0).equals("with")) {
                return 0;
            }
            for (int w = 1; w < words.size(); w++) {
                String next = w + 1 < words.size() ? words.get(w + 1) : "";
                if (MAIN.contains(words.get(w)) && !next.equals("as") && !next.equals("(")) {
                    return w;
                }
            }
            return -1;
        }
    }
}
