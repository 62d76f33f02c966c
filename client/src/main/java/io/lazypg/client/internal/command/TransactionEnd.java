package io.lazypg.client.internal.command;

import io.lazypg.client.sql.SqlLexer;
import org.jspecify.annotations.Nullable;

/**
 * Recognizes the statements that end a transaction block ({@code COMMIT}, {@code END},
 * {@code ROLLBACK}, {@code ABORT}, each optionally with {@code WORK} or {@code TRANSACTION} and a
 * trailing semicolon; spaces and comments anywhere between), so that ending a transaction whose
 * BEGIN was never sent costs nothing. Anything else, {@code ROLLBACK TO SAVEPOINT} and
 * {@code COMMIT AND CHAIN} included, is not one. Allocates nothing: it runs on the first statement
 * of every transaction begun with {@code begin()}.
 */
final class TransactionEnd {

    private TransactionEnd() {}

    /** The command tag the server answers {@code sql} with when it ends a transaction; null for any other SQL. */
    static @Nullable String tagOf(String sql) {
        int i = SqlLexer.skipSpaceAndComments(sql, 0);
        String tag = "COMMIT";
        int end = endOfEither(sql, i, "commit", "end");
        if (end < 0) {
            tag = "ROLLBACK";
            end = endOfEither(sql, i, "rollback", "abort");
            if (end < 0) {
                return null;
            }
        }
        i = SqlLexer.skipSpaceAndComments(sql, end);
        int noise = endOfEither(sql, i, "work", "transaction");
        if (noise > 0) {
            i = SqlLexer.skipSpaceAndComments(sql, noise);
        }
        if (i < sql.length() && sql.charAt(i) == ';') {
            i = SqlLexer.skipSpaceAndComments(sql, i + 1);
        }
        return i == sql.length() ? tag : null;
    }

    private static int endOfEither(String sql, int i, String word, String other) {
        int end = SqlLexer.keywordEnd(sql, i, word);
        return end > 0 ? end : SqlLexer.keywordEnd(sql, i, other);
    }
}
