package io.lazypg.client;

import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.pool.ConnectionPool;

/** A borrowed {@link PgConnection} behind the public {@link LazyPgSession} interface. */
final class PooledSession implements LazyPgSession {

    private final ConnectionPool<PgConnection> pool;
    private PgConnection connection;

    PooledSession(ConnectionPool<PgConnection> pool, PgConnection connection) {
        this.pool = pool;
        this.connection = connection;
    }

    private PgConnection connection() {
        PgConnection c = connection;
        if (c == null) {
            throw new PgConnectionClosedException("This session was closed (its connection went back to the pool)."
                    + " Acquire a new one.");
        }
        return c;
    }

    @Override
    public LazyResult query(String sql, Object... params) {
        return connection().query(sql, params);
    }

    @Override
    public void query(String sql, LazyRowCallback callback, Object... params) {
        connection().query(sql, callback, params);
    }

    @Override
    public int execute(String sql, Object... params) {
        long n = connection().execute(sql, params);
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    @Override
    public RowCursor stream(String sql, int fetchSize, Object... params) {
        return connection().stream(sql, fetchSize, params);
    }

    @Override
    public int[] executeBatch(String sql, java.util.List<Object[]> batch) {
        return connection().executeBatch(sql, batch);
    }

    @Override
    public void executeScript(String sql) {
        connection().executeScript(sql);
    }

    @Override
    public long copyIn(String copySql, java.io.InputStream data) {
        return connection().copyIn(copySql, data);
    }

    @Override
    public long copyOut(String copySql, java.io.OutputStream out) {
        return connection().copyOut(copySql, out);
    }

    @Override
    public boolean inTransaction() {
        return connection().transactionStatus() != 'I';
    }

    @Override
    public String serverParameter(String name) {
        return connection().serverParameter(name);
    }

    @Override
    public boolean closeOpenCursor() {
        return connection().closeOpenCursor();
    }

    @Override
    public void close() {
        PgConnection c = connection;
        if (c == null) {
            return;
        }
        connection = null;
        c.prepareForReuse(); // closes a cursor, rolls back a transaction, or breaks a connection out of step
        pool.release(c);
    }
}
