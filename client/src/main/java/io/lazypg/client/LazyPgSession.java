package io.lazypg.client;

/**
 * A connection borrowed from the pool until {@link #close()} gives it back. Closing closes a cursor
 * left open and rolls back a transaction left open (logging a warning for each), and discards the
 * connection instead if it broke or cannot be brought back in step with the server.
 *
 * <p>Not thread-safe: one thread at a time. Close exactly once (try-with-resources).
 */
public interface LazyPgSession extends LazyPgConnection, AutoCloseable {

    /**
     * Closes the cursor ({@link #stream}) that was left open on this session, if any, so that it can
     * run other statements, COMMIT or ROLLBACK. Rows already read stay valid. A transaction manager
     * calls this before ending a transaction. Returns whether a cursor was open.
     */
    boolean closeOpenCursor();

    /** Gives the connection back to the pool. Idempotent. */
    @Override
    void close();
}
