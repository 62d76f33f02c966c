package io.lazypg.client.internal.conn;

import java.util.Locale;

/**
 * Recognizes the statements that end a transaction block ({@code COMMIT}, {@code END},
 * {@code ROLLBACK}, {@code ABORT}, each optionally with {@code WORK} or {@code TRANSACTION} and a
 * trailing semicolon), so that ending a transaction whose BEGIN was never sent costs nothing.
 * Anything else, {@code ROLLBACK TO SAVEPOINT} and {@code COMMIT AND CHAIN} included, is not one.
 */
final class TransactionEnd {

    private TransactionEnd() {}

    /** The command tag the server answers {@code sql} with when it ends a transaction; null for any other SQL. */
    static String tagOf(String sql) {
        if (sql.length() > 40) {
            return null; // the longest form, "rollback transaction ;" with spaces, is far shorter
        }
        String[] words = sql.trim().toLowerCase(Locale.ROOT).split("\\s+");
        int n = words.length;
        if (n > 0 && words[n - 1].endsWith(";")) {
            words[n - 1] = words[n - 1].substring(0, words[n - 1].length() - 1);
            if (words[n - 1].isEmpty()) {
                n--;
            }
        }
        if (n == 2 && !words[1].equals("work") && !words[1].equals("transaction")) {
            return null;
        }
        if (n < 1 || n > 2) {
            return null;
        }
        switch (words[0]) {
            case "commit":
            case "end":
                return "COMMIT";
            case "rollback":
            case "abort":
                return "ROLLBACK";
            default:
                return null;
        }
    }
}
