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

    /** Whether a round trip to the server succeeds within {@code timeout}; false rather than throwing. */
    boolean isValid(Duration timeout);

    /** Closes the connection quietly: never throws, may be called more than once. */
    void close();
}
