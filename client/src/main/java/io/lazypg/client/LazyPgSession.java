package io.lazypg.client;

/**
 * A connection borrowed from the pool until {@link #close()} gives it back. Closing rolls back a
 * transaction left open, and discards the connection instead if it broke.
 *
 * <p>Not thread-safe: one thread at a time. Close exactly once (try-with-resources).
 */
public interface LazyPgSession extends LazyPgConnection, AutoCloseable {

    /** Gives the connection back to the pool. Idempotent. */
    @Override
    void close();
}
