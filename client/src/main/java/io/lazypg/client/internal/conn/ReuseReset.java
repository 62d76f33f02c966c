package io.lazypg.client.internal.conn;

import io.lazypg.client.internal.channel.ConnectionLog;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.command.DeferredBegin;
import io.lazypg.client.internal.command.ExchangeBracket;
import io.lazypg.client.internal.command.TransactionEnds;

/**
 * What is done to a connection before a pool takes it back ({@link PgConnection#prepareForReuse}):
 * the borrower's settings go (query timeout, notice sink), a cursor left open is closed and a
 * transaction left open rolled back (both with a warning: they are the borrower's bugs), and a
 * connection that cannot be brought back in step with the server is broken, so the pool discards
 * it instead of handing out a session in an unknown state. The notifications the borrower left
 * unread are dropped last: they were its own, and a LISTENing connection nobody reads must not
 * grow across borrows. A COMMIT or ROLLBACK left pending goes back with the connection, which
 * then knows it carries that answer ({@link PendingAnswers#park}). Also the pool's validation
 * round trip ({@link #validate}). Stateless.
 */
final class ReuseReset {

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    private ReuseReset() {}

    static void prepare(
            PgConnection connection,
            SessionChannel channel,
            ExchangeBracket bracket,
            DeferredBegin begin,
            TransactionEnds ends) {
        channel.queryTimeout(null);
        channel.messages().noticeSink(null); // the leaving borrower's: notices of the rollback go to the listener only
        try {
            reset(connection, channel, bracket, begin, ends);
        } finally {
            // last: what arrives during the rollback was still sent to the borrower that is leaving
            channel.messages().notifications().clearUnread();
        }
    }

    private static void reset(
            PgConnection connection,
            SessionChannel channel,
            ExchangeBracket bracket,
            DeferredBegin begin,
            TransactionEnds ends) {
        if (channel.brokenOrClosed()) {
            return;
        }
        try {
            if (connection.closeOpenCursor()) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "A connection was given back with a cursor open; it was closed."
                                + " Close streams and cursors (try-with-resources) when you are done with them.");
            }
            // a COMMIT or ROLLBACK left pending may go back with it ({@link PendingAnswers})
            if ((channel.answerOutstanding() && !ends.pending().onlyPendingOutstanding()) || bracket.busy()) {
                channel.markBroken(new IllegalStateException("released while a statement was still being answered"));
                return;
            }
            if (begin.dropUnsent()) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "A connection was given back inside a transaction (begun, no statement run yet); it was"
                                + " dropped. Commit or roll back before releasing it.");
            }
            if (channel.messages().transactionStatus() != 'I') {
                connection.rollback(); // not waited for, like any ROLLBACK
                LOG.log(
                        System.Logger.Level.WARNING,
                        "A connection was given back inside a transaction; it was rolled back."
                                + " Commit or roll back before releasing it.");
            }
            ends.released();
        } catch (RuntimeException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "Could not reset a released connection (" + e.getMessage() + "); it is discarded.");
            channel.markBroken(e);
        }
    }
}
