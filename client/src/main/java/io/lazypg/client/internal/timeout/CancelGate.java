package io.lazypg.client.internal.timeout;

import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Lets a user's cancel ({@code LazyPgSession.cancel()}, JDBC {@code Statement.cancel()}) reach
 * only the work that runs on the connection when it is called, never the statement after it.
 *
 * <pre>
 * IDLE       -> RUNNING     owner: work starts ({@link #started})
 * RUNNING    -> IDLE        owner: work ends, no cancel was asked for ({@link #finished})
 * RUNNING    -> CANCELLING  any thread: {@link #cancel} sends a CancelRequest
 * CANCELLING -> CANCELLED   that thread: the request's {@link CancelRequests.Outcome} is known
 * CANCELLED  -> IDLE        owner: work ends ({@link #finished}, which waited for CANCELLED)
 * </pre>
 *
 * <b>While idle a cancel does nothing</b>: no CancelRequest is sent, so none can arrive at the
 * server while the next statement runs. <b>A cancel racing the end of the work</b> is closed the
 * way {@link QueryTimeout} closes it: the owner does not start anything else until the request's
 * outcome is known. Once the server has closed the cancel connection (DELIVERED), the backend has
 * been signalled, and a signal that finds it idle is consumed by its next message read without
 * effect (see {@link QueryTimeout}'s class comment for the reading of {@code postgres.c}); one that
 * found the work running fails it with 57014, as asked. When delivery cannot be confirmed (UNKNOWN)
 * the request may still arrive at any time, so the connection must be discarded.
 *
 * <p>Thread-safe: {@link #started} and {@link #finished} on the owner's thread, {@link #cancel} on
 * any. Uncontended, each is one monitor enter and exit, and nothing is allocated.
 */
public final class CancelGate {

    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int CANCELLING = 2;
    private static final int CANCELLED = 3;

    /** Guarded by this. */
    private int state = IDLE;
    /** The last cancel's outcome, while CANCELLED; guarded by this. */
    private CancelRequests.@Nullable Outcome outcome;

    /** On the owner's thread: work is about to be sent. */
    public synchronized void started() {
        state = RUNNING;
        outcome = null;
    }

    /**
     * On the owner's thread, once the work's answer has been read or the work failed: waits for a
     * cancel in flight to be delivered. False when the connection must be discarded: a cancel's
     * delivery could not be confirmed (it may still arrive), or the wait was interrupted (the
     * interrupt flag is kept).
     */
    public synchronized boolean finished() {
        while (state == CANCELLING) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false; // still CANCELLING: the connection is discarded, so no one starts work again
            }
        }
        boolean safe = outcome != CancelRequests.Outcome.UNKNOWN;
        state = IDLE;
        outcome = null;
        return safe;
    }

    /**
     * On any thread: sends a CancelRequest with {@code send} (which blocks until its outcome is
     * known) if work is running and none was sent for it yet; returns whether one was sent.
     */
    public boolean cancel(Supplier<CancelRequests.Outcome> send) {
        synchronized (this) {
            if (state != RUNNING) {
                return false;
            }
            state = CANCELLING;
        }
        CancelRequests.Outcome result = CancelRequests.Outcome.UNKNOWN;
        try {
            result = send.get();
        } finally {
            synchronized (this) {
                outcome = result;
                state = CANCELLED;
                notifyAll();
            }
        }
        return true;
    }
}
