package io.lazypg.client.internal.command;

import io.lazypg.client.PgUsageException;
import org.jspecify.annotations.Nullable;

/**
 * A BEGIN the session asked for that has not reached the server yet. It goes ahead of the next
 * statement in the same write and under the same Sync ({@link BeginCommand}), as pgjdbc sends its
 * BEGIN, so a transaction costs no round trip of its own; a statement that needs a Parse round
 * trip first, and every other operation, sends it on its own before running. A transaction ended
 * before its BEGIN was sent reaches the server not at all (pgjdbc sends neither either).
 *
 * <p>Not thread-safe: used by the thread that holds the connection.
 */
public final class DeferredBegin {

    private final BeginCommand command = new BeginCommand();
    private @Nullable String sql;
    /** BEGINs that went out with a statement instead of on a round trip of their own (for tests and tuning). */
    private long sentWithStatement;
    /** Transactions ended before their BEGIN was sent: neither went to the server. */
    private long neverSent;

    /**
     * Defers {@code beginSql}; {@code transactionStatus} is the server's last word.
     *
     * @throws PgUsageException when a transaction block is already open or asked for
     */
    public void begin(String beginSql, char transactionStatus) {
        if (sql != null || transactionStatus != 'I') {
            throw new PgUsageException("A transaction is already open on this session (status "
                    + (sql != null ? "begun, not yet sent" : String.valueOf(transactionStatus))
                    + "). Commit or roll it back before beginning another, or use a savepoint.");
        }
        sql = beginSql;
    }

    /** The deferred BEGIN's SQL, or null when none. */
    @Nullable
    String sql() {
        return sql;
    }

    public boolean pending() {
        return sql != null;
    }

    /** The command that reads the answer of a BEGIN written ahead of a statement. */
    BeginCommand command() {
        return command;
    }

    /** The deferred BEGIN was written ahead of a statement that is being sent. */
    void sentWithStatement() {
        sql = null;
        sentWithStatement++;
    }

    /** Takes the deferred BEGIN to send it on its own (null when none). */
    @Nullable
    public String take() {
        String s = sql;
        sql = null;
        return s;
    }

    /**
     * Ends a transaction whose BEGIN was never sent, when {@code sql} (without parameters) is its
     * COMMIT or ROLLBACK: returns the tag the server would have answered, or null when nothing changed.
     */
    @Nullable
    public String endUnsent(String sqlText, Object @Nullable [] params) {
        if (sql == null || (params != null && params.length > 0)) {
            return null;
        }
        String tag = TransactionEnd.tagOf(sqlText);
        if (tag != null) {
            sql = null;
            neverSent++;
        }
        return tag;
    }

    /** The borrower left without running a statement in its transaction: nothing reached the server. */
    public boolean dropUnsent() {
        return take() != null;
    }

    public long sentWithStatementCount() {
        return sentWithStatement;
    }

    public long neverSentCount() {
        return neverSent;
    }
}
