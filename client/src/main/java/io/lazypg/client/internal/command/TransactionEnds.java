package io.lazypg.client.internal.command;

import io.lazypg.client.PendingUpdate;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.channel.ConnectionLog;
import io.lazypg.client.internal.channel.SessionChannel;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * How a session's transaction ends in the fewest round trips its data allows
 * ({@code PgConnection#commit()}, {@code PgConnection#rollback()}):
 * <ul>
 *   <li>A ROLLBACK is sent and not waited for: its answer stays pending ({@link PendingAnswers}).
 *       Nothing the caller could do depends on it, and the server ends the transaction as it
 *       receives it.</li>
 *   <li>A COMMIT is not waited for either when the transaction was begun read-only through
 *       {@code PgConnection#begin} and is not serializable without DEFERRABLE ({@link BeginModes}),
 *       and no statement in it completed with a tag that may mean a write (a read-only transaction
 *       may still write temporary tables, whose deferred constraints are checked at COMMIT). Its
 *       outcome is known without the answer: COMMIT, or ROLLBACK when the transaction had failed.</li>
 *   <li>Every other COMMIT is waited for: the caller must learn that it failed (a deferred
 *       constraint, a serialization failure). Writes queued with {@code PgConnection#executeAtCommit}
 *       go with it in the same write ({@link CommitQueue}).</li>
 *   <li>A transaction whose BEGIN was never sent ends without a word to the server.</li>
 * </ul>
 *
 * <p>Not thread-safe: used by the thread that holds the connection.
 */
public final class TransactionEnds {

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    private final SessionChannel channel;
    private final ExchangeBracket bracket;
    private final DeferredBegin begin;
    private final PendingAnswers pending;
    private final CommitQueue queue;
    /** Sends a pending COMMIT or ROLLBACK; reused, so a pending end allocates no exchange. */
    private final Exchange send = new Exchange() {
        @Override
        protected void perform() throws IOException {
            PendingEnd end = pending.answer();
            end.write(channel, end.sql());
            channel.enqueue(end);
            channel.send();
            end.sent();
        }
    };

    /** Transactions begun on this connection: the number a log line names one by. */
    private long transactions;
    /** Whether the open transaction was begun so that its COMMIT may be left pending. */
    private boolean commitMayPend;

    public TransactionEnds(
            SessionChannel channel, StatementPreparer preparer, ExchangeBracket bracket, DeferredBegin begin) {
        this.channel = channel;
        this.bracket = bracket;
        this.begin = begin;
        this.pending = new PendingAnswers(channel, bracket);
        this.queue = new CommitQueue(channel, preparer, begin);
        send.operation = "script";
    }

    public PendingAnswers pending() {
        return pending;
    }

    /** A transaction was begun with {@code beginSql} (deferred). */
    public void begun(String beginSql) {
        dropForgotten("a new transaction began");
        transactions++;
        commitMayPend = BeginModes.commitMayPend(beginSql);
        channel.writes().watchTransaction(commitMayPend);
    }

    public PendingUpdate executeAtCommit(String sql, Object[] values) {
        bracket.ensureIdle();
        if (!begin.pending() && channel.messages().transactionStatus() == 'I') {
            throw new PgUsageException("No transaction is open to run this write at its commit: begin() first"
                    + " (outside a transaction, execute() runs it at once).");
        }
        return queue.add(sql, values);
    }

    /**
     * Ends the transaction with COMMIT; returns the tag: COMMIT, or ROLLBACK when the transaction had
     * failed. {@code awaitedCommit} runs a COMMIT that is waited for and returns its tag.
     */
    public String commit(Supplier<String> awaitedCommit) {
        bracket.ensureIdle();
        try {
            if (!queue.isEmpty()) {
                if (channel.messages().transactionStatus() == 'E') {
                    queue.discard("the transaction had failed before commit, so it was rolled back");
                } else {
                    return queue.commit(bracket);
                }
            }
            if (begin.endUnsent("COMMIT", null) != null) {
                return "COMMIT";
            }
            char status = channel.messages().transactionStatus();
            if (status == 'I') {
                return "COMMIT"; // nothing is open: the server would only warn
            }
            if (commitMayPend && !channel.writes().transactionMayHaveWritten()) {
                sendPending("COMMIT");
                return status == 'E' ? "ROLLBACK" : "COMMIT";
            }
            return awaitedCommit.get();
        } finally {
            ended();
        }
    }

    /** Ends the transaction with ROLLBACK, without waiting for the answer; nothing is sent when none is open. */
    public void rollback() {
        bracket.ensureIdle();
        try {
            queue.discard("the transaction was rolled back");
            if (begin.endUnsent("ROLLBACK", null) != null || channel.messages().transactionStatus() == 'I') {
                return;
            }
            sendPending("ROLLBACK");
        } finally {
            ended();
        }
    }

    /** The connection goes back to its pool; returns whether it carries a pending answer unread. */
    public boolean released() {
        dropForgotten("the connection went back to the pool");
        return pending.park();
    }

    /**
     * Writes still queued when their transaction can no longer carry them (it ended some other way
     * than {@code commit()}, such as {@code executeScript("COMMIT")}) are dropped, with a warning:
     * they must never ride with a later transaction's COMMIT.
     */
    private void dropForgotten(String because) {
        if (queue.isEmpty()) {
            return;
        }
        int n = queue.size();
        queue.discard("it was never committed: " + because + " first");
        LOG.log(
                System.Logger.Level.WARNING,
                () -> n + " write" + (n == 1 ? "" : "s") + " queued with executeAtCommit were dropped unsent: "
                        + because + " before commit() sent them. End the transaction with commit() or rollback().");
    }

    private void ended() {
        commitMayPend = false;
        channel.writes().watchTransaction(false);
    }

    private void sendPending(String sql) {
        pending.readNow(); // one pending answer at a time: a second end with no statement between is rare
        pending.answer().start(sql, transactions, commitMayPend);
        send.sql = sql;
        bracket.run(send);
        // The server leaves the block as it runs this; a failed COMMIT ends it as well.
        channel.messages().transactionStatus('I');
    }
}
