package io.lazypg.jdbc;

import io.lazypg.client.LazyResult;
import io.lazypg.client.sql.SqlLexer;
import java.sql.SQLException;
import java.util.List;

/**
 * A {@code Statement.addBatch(sql)} batch as one simple Query: the entries joined by {@code \n;\n}
 * (the newline ends a trailing line comment, so the separator is always code). The server runs a
 * multi-statement Query as one implicit transaction, so in auto-commit the batch is all or nothing,
 * as pgjdbc's batch is; in a transaction block a failure aborts that transaction.
 *
 * <p>The server answers each non-empty statement with one result and skips empty ones, so each
 * entry's statements are counted here with the project's lexer: an entry's update count is that of
 * its first statement (what {@code executeUpdate} of the same SQL returns), and an entry without a
 * statement (blank, or only comments) counts 0. Immutable.
 */
final class SqlBatch {

    private final String script;
    /** Per entry, how many results the server sends for it. */
    private final int[] statements;

    private SqlBatch(String script, int[] statements) {
        this.script = script;
        this.statements = statements;
    }

    /** The batch of {@code entries}, their JDBC escapes translated first when {@code escapes} ({@link JdbcEscapes}). */
    static SqlBatch of(List<String> entries, boolean escapes) throws SQLException {
        StringBuilder script = new StringBuilder();
        int[] statements = new int[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            String sql = escapes ? JdbcEscapes.translate(entries.get(i)) : entries.get(i);
            statements[i] = statementCount(sql);
            if (statements[i] > 0) {
                if (script.length() > 0) {
                    script.append("\n;\n");
                }
                script.append(sql);
            }
        }
        return new SqlBatch(script.toString(), statements);
    }

    /** The Query to send; empty when no entry holds a statement. */
    String script() {
        return script;
    }

    /**
     * Each entry's update count from the results of {@link #script()}.
     *
     * @throws SQLException when the results do not line up with the entries
     */
    long[] counts(List<LazyResult> results) throws SQLException {
        long[] counts = new long[statements.length];
        int next = 0;
        for (int i = 0; i < statements.length; i++) {
            if (statements[i] == 0) {
                continue;
            }
            if (next + statements[i] > results.size()) {
                throw JdbcErrors.usage(
                        "The server answered " + results.size() + " results for a batch of " + statements.length
                                + " entries; entry " + i + " has none.",
                        JdbcErrors.PROTOCOL_VIOLATION);
            }
            // An entry that is a query counts 0, as pgjdbc counts it (BatchUpdateCountsIT)
            LazyResult first = results.get(next);
            counts[i] = first.columns().isEmpty() ? first.rowsAffected() : 0;
            next += statements[i];
        }
        return counts;
    }

    /** The non-empty statements of {@code sql}: the code between top-level semicolons that is not only space. */
    static int statementCount(String sql) {
        int count = 0;
        boolean code = false;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            int end = SqlLexer.skipNonCode(sql, i);
            if (end > i) {
                code |= !SqlLexer.isComment(sql, i); // a literal or quoted name is code, a comment is not
                i = end;
                continue;
            }
            char c = sql.charAt(i++);
            if (c == ';') {
                count += code ? 1 : 0;
                code = false;
            } else if (!Character.isWhitespace(c)) {
                code = true;
            }
        }
        return count + (code ? 1 : 0);
    }
}
