package io.lazypg.client;

import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.pool.ConnectionPool;

/** A borrowed {@link PgConnection}; closing the session gives it back to the pool. */
final class PooledSession extends ConnectionSession {

    private final ConnectionPool<PgConnection> pool;

    PooledSession(ConnectionPool<PgConnection> pool, PgConnection connection) {
        super(connection);
        this.pool = pool;
    }

    @Override
    void release(PgConnection connection) {
        connection.prepareForReuse(); // closes a cursor, rolls back a transaction, or breaks a connection out of step
        pool.release(connection);
    }
}
