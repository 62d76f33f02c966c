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

    /** Closes the connection quietly: never throws, may be called more than once. */
    void close();
}
