package io.lazypg.jdbc;

import io.lazypg.client.sql.SqlLexer;
import java.util.Locale;

/**
 * Generated keys the PostgreSQL way: a {@code RETURNING} clause appended to an INSERT, UPDATE,
 * DELETE or MERGE, whose rows become {@code getGeneratedKeys()}. Statements of another kind, and
 * statements that already have a RETURNING clause, are sent as written. Immutable.
 */
final class GeneratedKeys {

    /** RETURN_GENERATED_KEYS: every column of the changed rows, as pgjdbc returns them. */
    static final GeneratedKeys ALL_COLUMNS = new GeneratedKeys(" RETURNING *");

    private final String returning;

    private GeneratedKeys(String returning) {
        this.returning = returning;
    }

    /** The named columns, quoted as written (PostgreSQL folds unquoted names to lower case; pgjdbc quotes them too). */
    static GeneratedKeys columns(String[] names) {
        if (names == null || names.length == 0) {
            return ALL_COLUMNS;
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

    /** {@code sql} with the RETURNING clause, when it is a data-modifying statement without one. */
    String appendTo(String sql) {
        String code = codeWords(sql);
        String first =
                code.isEmpty() ? "" : code.substring(0, code.indexOf(' ') < 0 ? code.length() : code.indexOf(' '));
        boolean modifying =
                first.equals("insert") || first.equals("update") || first.equals("delete") || first.equals("merge");
        if (!modifying || (" " + code + " ").contains(" returning ")) {
            return sql;
        }
        String trimmed = sql.stripTrailing();
        if (trimmed.endsWith(";")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed + returning;
    }

    /** The SQL's code (literals, quoted names and comments left out), lower case, words separated by one space. */
    private static String codeWords(String sql) {
        StringBuilder b = new StringBuilder(sql.length());
        int i = 0;
        int n = sql.length();
        while (i < n) {
            int end = SqlLexer.skipNonCode(sql, i);
            if (end > i) {
                b.append(' ');
                i = end;
                continue;
            }
            char c = sql.charAt(i++);
            b.append(SqlLexer.isNamePart(c) ? Character.toLowerCase(c) : ' ');
        }
        return b.toString().trim().replaceAll(" +", " ").toLowerCase(Locale.ROOT);
    }
}
