package io.lazypg.client.internal.pool;

import java.time.Duration;

/**
 * What {@link ConnectionPool} needs from a connection. Implemented by the real connection; the pool
 * calls these from whichever thread acquires, releases or housekeeps, never concurrently with the
 * connection's user (the pool only touches a connection it currently owns).
 */
public interface Poolable {

    /** True once an I/O or protocol error happened; such a connection is never handed out again. */
    boolean isBroken();

    /**
     * True when the connection is sound but must not be handed out again: its server no longer has
     * the role it was opened for, or its host failed since it was opened. Such a connection is
     * closed on release and instead of being handed out, like a broken one. Cheap: no I/O.
     */
    default boolean isRetired() {
        return false;
    }

    /** Whether a round trip to the server succeeds within {@code timeout}; false rather than throwing. */
    boolean isValid(Duration timeout);

    /**
     * The pool is about to hand the connection out or validate it: from here on the caller owns it,
     * and an answer it carries unread is the caller's to read ({@link #readParkedAnswer()} must not
     * touch it any more). Waits while that method is reading. Cheap when nothing is pending.
     */
    default void claimForUse() {}

    /**
     * Whether the connection came back with an answer still on its way (a COMMIT or ROLLBACK not
     * waited for), which the pool has {@link #readParkedAnswer()} read shortly after, unless the
     * connection is handed out first. Asked once per release, before the connection is given back.
     */
    default boolean answerPending() {
        return false;
    }

    /**
     * Whether the idle connection carries an answer still on its way: it came back with one
     * {@linkplain #answerPending() pending}, nobody read it since, and its bytes have not arrived
     * (checked without blocking). Its next user would first wait for the rest of that answer's round
     * trip, so the pool prefers another idle connection ({@link ConnectionBag}). Asked by the pool
     * about an idle connection it owns, possibly while the housekeeper reads it; cheap when nothing
     * is pending (no I/O).
     */
    default boolean answerOnItsWay() {
        return false;
    }

    /**
     * On the pool's housekeeper, shortly after a release that left an answer pending: reads it if
     * nobody {@linkplain #claimForUse() claimed} the connection meanwhile, else does nothing. Never throws.
     */
    default void readParkedAnswer() {}

    /** Closes the connection quietly: never throws, may be called more than once. */
    void close();
}
