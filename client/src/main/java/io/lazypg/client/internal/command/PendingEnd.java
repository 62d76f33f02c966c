package io.lazypg.client.internal.command;

/**
 * The answer to a COMMIT or ROLLBACK that was sent without waiting for it ({@link TransactionEnds}):
 * read by the connection's next use, whichever thread that is, or by the pool's housekeeper when
 * the connection stays idle ({@link PendingAnswers}). Its error is never thrown to whoever reads it
 * ({@link SessionChannel#await}); {@link #identity()} names the transaction in the log line.
 *
 * <p>One per connection, reused: a pending end allocates nothing. Written by the thread that holds
 * the connection; read by the thread that reads the answer, after the hand-over the pool orders.
 */
final class PendingEnd extends SimpleQueryCommand {

    private String sql = "";
    private long transaction;
    private boolean readOnly;
    /** Its bytes left: from here on the channel reads its answer before writing anything more. */
    private boolean sent;

    /** Sets what is about to be sent: {@code sql} ends transaction number {@code transaction} of this connection. */
    void start(String sql, long transaction, boolean readOnly) {
        this.sql = sql;
        this.transaction = transaction;
        this.readOnly = readOnly;
        this.sent = false;
    }

    /** Its bytes were written to the server. */
    void sent() {
        sent = true;
    }

    String sql() {
        return sql;
    }

    @Override
    protected String phase() {
        return "reading the answer to a " + sql + " sent without waiting";
    }

    @Override
    protected boolean unwaited() {
        return sent; // before that it is the command being written, and its answer cannot come yet
    }

    @Override
    protected String identity() {
        return sql + " of " + (readOnly ? "read-only " : "") + "transaction #" + transaction
                + " (sent without waiting for its answer)";
    }
}
