package io.lazypg.client.internal.command;

import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.channel.ConnectionLog;
import io.lazypg.client.internal.channel.MessageLoop;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.stats.StatisticsRegistry;
import io.lazypg.client.internal.timeout.CancelGate;
import io.lazypg.client.internal.timeout.QueryTimeout;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The one bracket around every exchange on a session ({@link #run}): the session is busy (a row
 * callback cannot start another operation on it, and a user's cancel reaches this work only), the
 * query timeout is armed, the observer is told of the start; then, however it ends, the failure is
 * settled by the channel (synchronized or broken), a 57014 of our own timeout is reported as that
 * timeout, the timeout is disarmed, the statistics are recorded and the observer hears the end.
 *
 * <p>Not thread-safe, but for {@link #cancel()}: used by the thread that holds the connection.
 */
public final class ExchangeBracket {

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    private final SessionChannel channel;
    private final ClientHooks hooks;
    /** Which work a user's cancel may reach: only the one running when it is called. */
    private final CancelGate cancels = new CancelGate();
    /** An exchange is reading its answer: a row callback must not start another on this connection. */
    private boolean busy;

    public ExchangeBracket(SessionChannel channel) {
        this.channel = channel;
        this.hooks = channel.hooks();
    }

    /** Runs {@code exchange} inside the bracket; its failure comes back settled, an {@code Error} as it was. */
    public void run(Exchange exchange) {
        String operation = exchange.operation;
        Object token = operation == null ? null : observeStart(exchange.sql, operation);
        long bytesBefore = channel.reader().bytesReceived();
        Throwable failure = null;
        QueryTimeout timeout = null;
        startWork();
        try {
            // Armed before anything is sent: a stall in a Parse/Describe round trip is bounded too.
            if (exchange.timed) {
                timeout = armQueryTimeout();
            }
            exchange.perform();
        } catch (Throwable e) {
            failure = channel.settle(e instanceof PgServerException se ? QueryTimeout.explain(timeout, se) : e);
            throw MessageLoop.unchecked(failure);
        } finally {
            endWork();
            disarm(timeout);
            exchange.finish(this, channel.reader().bytesReceived() - bytesBefore, failure);
            if (operation != null) {
                observeFinish(token, exchange.sql, operation, exchange.observedRows(failure), failure);
            }
        }
    }

    /** Whether an exchange is reading its answer now. */
    public boolean busy() {
        return busy;
    }

    /** Throws when the session cannot start an operation: busy, a cursor open, closed or broken. */
    public void ensureIdle() {
        if (busy) {
            throw new PgUsageException("This connection is busy reading a result: a row callback cannot run statements"
                    + " on the connection whose rows it is reading. Use another connection, or buffer the rows first.");
        }
        if (channel.openCursor() != null) {
            throw new PgUsageException("A cursor is open on this connection; close it (or read it to the end)"
                    + " before running anything else on the same connection.");
        }
        channel.ensureOpen();
    }

    /**
     * Asks the server, over a separate connection, to cancel the work this session is running; does
     * nothing while it runs none, and a request racing the work's end never reaches the next
     * statement ({@link CancelGate}). Blocks until the request's outcome is known; any thread.
     */
    public void cancel() {
        cancels.cancel(channel::sendCancel);
    }

    /** Work is about to be sent: the session is busy, and a cancel from now on is for this work. */
    private void startWork() {
        busy = true;
        cancels.started();
    }

    /** The work ended; waits for a cancel in flight, and discards the connection when its delivery is unknown. */
    private void endWork() {
        busy = false;
        if (!cancels.finished()) {
            channel.markBroken(new PgConnectionClosedException("A cancel request for this session's statement could"
                    + " not be confirmed as delivered, so it might still reach a later statement. The connection was"
                    + " closed; run the next statement on a new one."));
        }
    }

    /** Arms the query timeout (see {@link QueryTimeout}); null, at no cost, when none is configured. */
    private @Nullable QueryTimeout armQueryTimeout() {
        Duration timeout = channel.queryTimeout();
        if (timeout.isZero() || timeout.isNegative()) {
            return null;
        }
        return QueryTimeout.arm(channel, timeout);
    }

    /**
     * Disarms {@code timeout} (null: none was armed). When it fired just then, this waits for its
     * CancelRequest to be delivered, so that it cannot hit the next statement; when that cannot be
     * confirmed, or the give-up closed the socket, the connection is marked broken.
     */
    private void disarm(@Nullable QueryTimeout timeout) {
        if (timeout != null && !timeout.disarm(channel.brokenOrClosed())) {
            channel.markBroken(new PgTimeoutException(
                    PgTimeoutException.Kind.QUERY,
                    "The query timeout ("
                            + QueryTimeout.setting(channel) + ") fired as the work ended, and its cancel request"
                            + " could not be confirmed or the socket was given up. The connection was closed."));
        }
    }

    // ---------------------------------------------------------------- statistics and observation

    /** Feeds one execution (or cursor batch) into the statement's statistics. */
    public void recordExecution(
            @Nullable PreparedStatement statement,
            long rows,
            long bytes,
            @Nullable Throwable failure,
            boolean newExecution) {
        if (statement == null || statement.usage == null) {
            return;
        }
        int columns = statement.shape == null ? 0 : statement.shape.size();
        statement.usage.executed(rows, columns, bytes, failure != null, newExecution);
        StatisticsRegistry statistics = hooks.statistics();
        if (newExecution && statistics != null) {
            statistics.afterExecution(statement.usage);
        }
    }

    /** An execution's last rows arrived (see {@code StatementUsage.completed}); after {@link #recordExecution}. */
    public void recordCompletion(@Nullable PreparedStatement statement, long rows) {
        if (statement == null || statement.usage == null) {
            return;
        }
        statement.usage.completed(rows, statement.shape == null ? 0 : statement.shape.size());
    }

    @Nullable
    public Object observeStart(String sql, String operation) {
        try {
            return hooks.observer().started(sql, operation);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "The query observer threw; ignoring it", e);
            return null;
        }
    }

    public void observeFinish(
            @Nullable Object token, String sql, String operation, long rows, @Nullable Throwable failure) {
        try {
            hooks.observer().finished(token, sql, operation, rows, failure);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "The query observer threw; ignoring it", e);
        }
    }
}
