package io.lazypg.client;

/**
 * A listener registered with {@link LazyPgClient#listen}: notifications on its channel reach it
 * until it is closed.
 *
 * <p>Closing is idempotent and does not wait for the server: the listener is not called again
 * once {@code close()} returns (unless it is being called at that moment on the listener thread),
 * and the client's listener connection sends {@code UNLISTEN} shortly after when this was the
 * channel's last subscription. Thread-safe.
 */
public interface PgSubscription extends AutoCloseable {

    /** The channel, exactly as given to {@link LazyPgClient#listen}. */
    String channel();

    /** Whether {@link #close()} was called (or the client closed, or the channel's LISTEN was refused). */
    boolean isClosed();

    @Override
    void close();
}
