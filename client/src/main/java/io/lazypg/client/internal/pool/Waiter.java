package io.lazypg.client.internal.pool;

import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;

/**
 * One thread waiting in {@link ConnectionPool#acquire()}: a slot for the outcome another thread
 * hands it (a connection, a connect failure, or word that the pool closed), and whether a
 * connection is being opened on its behalf.
 *
 * <p>Lifetime: one per wait, made by the waiting thread and dropped when its acquire returns or
 * throws. Never reused, so a late outcome (a connect failure arriving after the waiter gave up)
 * cannot reach a later wait of the same thread.
 *
 * <p>Thread safety: {@link #outcome} is set at most once, by whoever removes the waiter from the
 * pool's queue while holding the pool's queue lock, and read by the waiting thread without it
 * (hence volatile). {@link #opening} is read and written under the queue lock only. {@link #parked}
 * is written by the waiting thread only and read by any thread that may need to unpark it.
 */
final class Waiter {

    /** The outcome that tells a waiter the pool was closed. */
    static final Object CLOSED = new Object();

    final Thread thread = Thread.currentThread();
    /** When the thread started waiting (System.nanoTime()); for the barging window. */
    final long since = System.nanoTime();

    /** Null while waiting; then a {@link PoolEntry} now owned by the waiter, a Throwable, or {@link #CLOSED}. */
    private volatile @Nullable Object outcome;

    /** A connection is being opened on this waiter's behalf; guarded by the pool's queue lock. */
    boolean opening;

    /**
     * The waiting thread is parked or about to park. Set by that thread before its last look at
     * its outcome and the idle stack, so a thread that changes either and then reads this flag
     * either sees it set (and unparks) or was seen by that last look.
     */
    private volatile boolean parked;

    /** Sets the outcome and wakes the waiting thread if it parked. Call once, after taking it off the queue. */
    void complete(Object value) {
        outcome = value;
        wake();
    }

    /** Unparks the waiting thread when it is parked; a spinning one finds its way on its own. */
    void wake() {
        if (parked) {
            LockSupport.unpark(thread);
        }
    }

    void parking(boolean value) {
        parked = value;
    }

    @Nullable
    Object outcome() {
        return outcome;
    }
}
