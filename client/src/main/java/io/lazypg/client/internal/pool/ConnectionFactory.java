package io.lazypg.client.internal.pool;

/**
 * Opens a new connection for a {@link ConnectionPool}. Called without any pool lock held, from the
 * acquiring thread or the housekeeper, possibly from several threads at once.
 *
 * @param <C> the connection type
 */
@FunctionalInterface
public interface ConnectionFactory<C extends Poolable> {

    /**
     * Opens a connection, bounded by the configured connect timeout.
     *
     * @throws io.lazypg.client.PgException (a subclass such as {@code PgConnectException}) on failure;
     *     the pool frees the reserved slot and propagates it unchanged
     */
    C connect();
}
