package io.lazypg.client.internal.session;

import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.hosts.ReadYourWrites;
import io.lazypg.client.internal.pipeline.StatementPipelines;
import io.lazypg.client.internal.pool.ConnectionPool;
import org.jspecify.annotations.Nullable;

/**
 * A borrowed {@link PgConnection}; closing the session gives it back to the pool, after recording
 * the WAL position of what it wrote when read_your_writes asks for it.
 */
public final class PooledSession extends ConnectionSession {

    private final ConnectionPool<PgConnection> pool;
    private final @Nullable ReadYourWrites writes;

    public PooledSession(ConnectionPool<PgConnection> pool, PgConnection connection) {
        this(pool, connection, null);
    }

    /** With {@code writes} non-null, the connection watches for writes while this session has it. */
    public PooledSession(ConnectionPool<PgConnection> pool, PgConnection connection, @Nullable ReadYourWrites writes) {
        super(connection);
        this.pool = pool;
        this.writes = writes;
        if (writes != null) {
            connection.writes().watch(true);
        }
    }

    @Override
    void release(PgConnection connection) {
        giveBack(pool, connection, writes);
    }

    /**
     * Gives a borrowed connection back to {@code pool}: made fit for its next borrower, after
     * recording what it wrote when {@code writes} is non-null. For every borrow of the main pool,
     * sessions and pipelined statements alike.
     */
    static void giveBack(ConnectionPool<PgConnection> pool, PgConnection connection, @Nullable ReadYourWrites writes) {
        connection.prepareForReuse(); // closes a cursor, rolls back a transaction, or breaks a connection out of step
        if (writes == null) {
            pool.release(connection);
            return;
        }
        try {
            writes.recordWrite(connection); // after prepareForReuse: idle, every transaction ended
        } finally {
            connection.writes().watch(false);
            pool.release(connection); // whatever recording did: the connection must go back
        }
    }

    /** The main pool as pipelining borrows from it: connections watch for writes as a session's do. */
    public static StatementPipelines.ConnectionSource pipelineSource(
            ConnectionPool<PgConnection> pool, @Nullable ReadYourWrites writes) {
        return new StatementPipelines.ConnectionSource() {
            @Override
            public @Nullable PgConnection acquireUnlessAllBusy() {
                return watched(pool.acquireUnlessAllBusy());
            }

            @Override
            public PgConnection acquire() {
                return watched(pool.acquire());
            }

            @Override
            public int waiters() {
                return pool.waiters();
            }

            @Override
            public void release(PgConnection connection) {
                giveBack(pool, connection, writes);
            }

            @SuppressWarnings("NullAway") // passes null through
            private PgConnection watched(@Nullable PgConnection connection) {
                if (connection != null) {
                    // a shared connection's readers read only their own answers: nothing may be left pending ahead
                    try {
                        connection.readPendingAnswer();
                    } catch (RuntimeException e) {
                        // it broke: pipelining sends nothing on a broken connection, and the pool discards it
                    }
                    if (writes != null) {
                        connection.writes().watch(true);
                    }
                }
                return connection;
            }
        };
    }
}
