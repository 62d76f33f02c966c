package io.lazypg.client.internal.timeout;

import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

/**
 * The query timeout of one round of work on a connection (a statement, a batch, one cursor fetch):
 * armed before the first message is sent, disarmed by the connection's owner once the answer has
 * been read. When it fires, a CancelRequest goes to the server, and if the server has still not
 * answered {@value #CANCEL_GRACE_MILLIS} ms later the socket is closed (the give-up: the wait then
 * fails as a QUERY timeout and the connection is discarded).
 *
 * <h2>States</h2>
 * One atomic state decides every race between the owner, the timer thread and the cancel thread:
 * <pre>
 * ARMED      -> DISARMED    owner: the work ended first; nothing is ever sent
 * ARMED      -> FIRED       timer: the give-up is scheduled and the CancelRequest queued for a cancel thread
 * FIRED      -> DISARMED    owner: the work ended before the CancelRequest left; it is withdrawn
 * FIRED      -> CANCELLING  cancel thread: the CancelRequest is on its way
 * CANCELLING -> CANCELLED   cancel thread: its {@link CancelRequests.Outcome} is known
 * </pre>
 *
 * <h2>Why a late cancel cannot hit the next statement</h2>
 * When {@link #disarm} finds the CancelRequest on its way, it waits for its outcome before the
 * connection runs anything else. Once the server has closed the cancel connection (DELIVERED), the
 * postmaster has already sent SIGINT to the backend ({@code processCancelRequest} signals, then the
 * process exits, which closes the socket). From there PostgreSQL's own rules make the cancel
 * harmless, as read in {@code postgres.c} (PostgreSQL 17):
 * <ul>
 *   <li>The signal is pending for the backend when {@code kill()} returns, and the kernel runs its
 *       handler ({@code StatementCancelHandler}: set {@code QueryCancelPending}) before the backend
 *       returns from any system call to user code, so before the {@code recv} that brings our next
 *       message can hand it over. (On Windows, where signals are emulated, the queued signal is
 *       dispatched by the wait for input or by the {@code CHECK_FOR_INTERRUPTS()} below, which is
 *       just as early.)</li>
 *   <li>The backend reads each message with {@code DoingCommandRead} set (main loop, step 2), and
 *       {@code SocketBackend} holds cancel interrupts while it reads one. Step 5, after the message
 *       is read and before {@code DoingCommandRead} is cleared, calls {@code CHECK_FOR_INTERRUPTS()};
 *       {@code ProcessInterrupts} then clears {@code QueryCancelPending} and, as
 *       {@code DoingCommandRead} is set, ignores it ("sending an extra error message won't accomplish
 *       anything").</li>
 * </ul>
 * So a cancel delivered while the backend is idle (between our answer's ReadyForQuery and our next
 * message, or between the messages of an extended-protocol sequence such as a cursor's fetches) is
 * consumed by the backend's next message read and never reaches the statement after it. No extra
 * round trip is needed, and none is made: a Sync in the middle of a cursor would end its portal.
 * A cancel that arrived while the work was still running surfaced as SQLSTATE 57014, reported by
 * {@link #explain} as this timeout.
 *
 * <p>When the delivery cannot be confirmed (UNKNOWN: written, but the server's close was not seen
 * within the connect timeout), the request may still arrive at any moment, so the owner is told to
 * discard the connection. A request that never left (NOT_SENT, or withdrawn) needs nothing. The
 * guarantee is PostgreSQL's: a proxy between us and the server that closes our cancel connection
 * before the server has acted on it (as a pooler that forwards cancels asynchronously may) can still
 * let a late cancel through.
 *
 * <p>Thread-safe as described: {@link #run()} on the timer thread, {@link #sendCancel()} on a cancel
 * thread, everything else on the connection owner's thread.
 */
public final class QueryTimeout implements Runnable {

    /** The session a query timeout bounds: what it closes, whom it cancels, and how its setting reads. */
    public interface Session {
        /** The TCP socket under the session, which the give-up closes (not a TLS socket; see {@link SocketDeadline}). */
        Socket transport();

        /** On the timer thread, just before the give-up closes the socket: the failure that follows is this timeout. */
        void queryGaveUp();

        /** Sends a CancelRequest for the session's backend; blocks until its outcome is known. */
        CancelRequests.Outcome sendCancel();

        /** The timeout the session's statements run under. */
        Duration queryTimeout();
    }

    /** How long past the query timeout we wait for the server to answer the cancel before giving up the socket. */
    public static final int CANCEL_GRACE_MILLIS = 5_000;

    private static final Duration CANCEL_GRACE = Duration.ofMillis(CANCEL_GRACE_MILLIS);

    private static final int ARMED = 0;
    private static final int DISARMED = 1;
    private static final int FIRED = 2;
    private static final int CANCELLING = 3;
    private static final int CANCELLED = 4;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(QueryTimeout.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Session connection;
    /** The scheduled firing; read by the owner only. */
    private Future<?> timer;
    /** ARMED (0) at first; read and written only through {@link #STATE}, and under this object's monitor for CANCELLED. */
    @SuppressWarnings("unused")
    private volatile int state;
    /** Written by the timer before FIRED is published; read by the owner after it saw the timer fire. */
    private @Nullable SocketDeadline giveUp;
    /** Written by the cancel thread before CANCELLED is published; read by others after seeing it. */
    private CancelRequests.@Nullable Outcome outcome;

    // timer is set by the factory right after construction, before the object is shared.
    @SuppressWarnings("NullAway.Init")
    private QueryTimeout(Session connection) {
        this.connection = connection;
    }

    /** Arms a query timeout of {@code timeout} (positive) for {@code connection}: one scheduled task. */
    public static QueryTimeout arm(Session connection, Duration timeout) {
        QueryTimeout t = new QueryTimeout(connection);
        t.timer = DeadlineTimer.schedule(t, timeout.toNanos());
        return t;
    }

    /**
     * On the timer thread: the timeout passed. Schedules the give-up and queues the CancelRequest for
     * a cancel thread; never blocks.
     */
    @Override
    public void run() {
        if ((int) STATE.getVolatile(this) != ARMED) {
            return; // disarmed just as it fired
        }
        SocketDeadline deadline =
                SocketDeadline.closeAfter(connection.transport(), CANCEL_GRACE, connection::queryGaveUp);
        giveUp = deadline;
        if (!STATE.compareAndSet(this, ARMED, FIRED)) {
            deadline.cancel();
            return;
        }
        CancelRequests.execute(this::sendCancel);
    }

    /** On a cancel thread: sends the CancelRequest unless the owner withdrew it, and publishes the outcome. */
    private void sendCancel() {
        if (!STATE.compareAndSet(this, FIRED, CANCELLING)) {
            return; // withdrawn: the work ended before we got here
        }
        CancelRequests.Outcome result = CancelRequests.Outcome.UNKNOWN;
        try {
            result = connection.sendCancel();
        } finally {
            outcome = result;
            synchronized (this) {
                STATE.setVolatile(this, CANCELLED);
                notifyAll();
            }
        }
    }

    /**
     * Called by the owner when the work ended, successfully or not. Returns true when the connection
     * may run its next statement: the timeout never fired, or its CancelRequest was withdrawn, not
     * sent, or delivered (and so can no longer hit a later statement, see the class comment), and the
     * give-up did not close the socket. Returns false when the connection must be discarded.
     *
     * <p>After a lost race this waits for the CancelRequest in flight, which is bounded by its own
     * timeouts (connect timeout to connect, the same again to see the server close); an interrupt
     * ends the wait (the interrupt flag is kept) and the connection is discarded.
     *
     * @param connectionBroken the connection is discarded anyway: do not wait for anything
     */
    public boolean disarm(boolean connectionBroken) {
        // Unschedule first (a task not yet started then never runs); the state decides the race with
        // one that has started.
        timer.cancel(false);
        if (STATE.compareAndSet(this, ARMED, DISARMED)) {
            return true;
        }
        boolean safe;
        if (STATE.compareAndSet(this, FIRED, DISARMED)) {
            safe = true; // withdrawn before it left
        } else if ((int) STATE.getVolatile(this) == DISARMED) {
            safe = true; // disarmed before: nothing more to do
        } else if (connectionBroken) {
            safe = false;
        } else {
            safe = awaitOutcome() != CancelRequests.Outcome.UNKNOWN;
        }
        return (giveUp == null || giveUp.cancel()) && safe;
    }

    /** The outcome of the CancelRequest in flight, or UNKNOWN when interrupted while waiting for it. */
    private CancelRequests.@Nullable Outcome awaitOutcome() {
        synchronized (this) {
            while ((int) STATE.getVolatile(this) == CANCELLING) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return CancelRequests.Outcome.UNKNOWN;
                }
            }
        }
        return outcome;
    }

    /** Whether our CancelRequest has gone (or is going) to the server. */
    private boolean cancelSent() {
        int s = (int) STATE.getVolatile(this);
        return s == CANCELLING || (s == CANCELLED && outcome != CancelRequests.Outcome.NOT_SENT);
    }

    /**
     * The failure to report for a server error during work under {@code timeout} (null when none was
     * armed): a 57014 (query_canceled) after our CancelRequest went out is this query timeout,
     * reported as a {@link PgTimeoutException} of kind QUERY with the server's error as its cause;
     * anything else is {@code error} itself.
     */
    public static RuntimeException explain(@Nullable QueryTimeout timeout, PgServerException error) {
        if (timeout == null || !"57014".equals(error.sqlState()) || !timeout.cancelSent()) {
            return error;
        }
        return new PgTimeoutException(
                PgTimeoutException.Kind.QUERY,
                "The query timeout ("
                        + setting(timeout.connection) + ") fired and the statement was cancelled on the server ("
                        + error.getMessage()
                        + "). The connection stays usable; a transaction block it was in is aborted.",
                error);
    }

    /**
     * How the connection's timeout reads in messages, for example
     * {@code query_timeout / lazypg.query-timeout = 100ms} (the session's override when one is set).
     */
    public static String setting(Session connection) {
        long millis = connection.queryTimeout().toMillis();
        return "query_timeout / lazypg.query-timeout = " + (millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms");
    }
}
