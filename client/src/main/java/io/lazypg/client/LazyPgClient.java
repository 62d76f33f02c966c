package io.lazypg.client;

import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.pool.ConnectionPool;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The entry point: a pool of PostgreSQL sessions and the query methods that borrow one for the
 * duration of a call.
 *
 * <pre>{@code
 * try (LazyPgClient client = LazyPgClient.connect("postgresql://app:secret@localhost:5432/shop")) {
 *     LazyResult orders = client.query("select id, status from orders where customer_id = $1", 42L);
 *     for (LazyRow row : orders) {
 *         long id = row.getLong(0);          // decoded now, from the bytes that arrived
 *     }
 * }
 * }</pre>
 *
 * <p>Thread-safe: share one client across the application.
 */
public final class LazyPgClient implements AutoCloseable {

    private final LazyPgConfig config;
    private final ConnectionPool<PgConnection> pool;

    private LazyPgClient(LazyPgConfig config, Consumer<PgServerException.ServerMessage> noticeListener) {
        this.config = config;
        this.pool = new ConnectionPool<>(config.applicationName(), config.pool(),
                () -> PgConnection.open(config, noticeListener));
    }

    /**
     * A client for a {@code postgresql://user:password@host:port/db?sslmode=...} URI or a
     * {@code jdbc:postgresql://host:port/db?user=...&password=...} URL.
     */
    public static LazyPgClient connect(String url) {
        return create(LazyPgConfig.fromUrl(url));
    }

    public static LazyPgClient create(LazyPgConfig config) {
        return new LazyPgClient(Objects.requireNonNull(config, "config"), null);
    }

    /** A client whose sessions hand server notices (RAISE NOTICE, warnings) to {@code noticeListener}. */
    public static LazyPgClient create(LazyPgConfig config, Consumer<PgServerException.ServerMessage> noticeListener) {
        return new LazyPgClient(Objects.requireNonNull(config, "config"), noticeListener);
    }

    /** Runs a query on a pooled connection and buffers its rows as lazy views. */
    public LazyResult query(String sql, Object... params) {
        try (LazyPgSession session = acquire()) {
            return session.query(sql, params);
        }
    }

    /** Runs a query on a pooled connection and streams each row to {@code callback} while it is valid. */
    public void query(String sql, LazyRowCallback callback, Object... params) {
        try (LazyPgSession session = acquire()) {
            session.query(sql, callback, params);
        }
    }

    /** Runs a statement on a pooled connection and returns the number of rows it affected. */
    public int execute(String sql, Object... params) {
        try (LazyPgSession session = acquire()) {
            return session.execute(sql, params);
        }
    }

    /**
     * Opens a cursor on a pooled connection, which goes back to the pool when the cursor is closed
     * (or exhausted). See {@link RowCursor}.
     */
    public RowCursor stream(String sql, int fetchSize, Object... params) {
        LazyPgSession session = acquire();
        try {
            return new SessionCursor(session.stream(sql, fetchSize, params), session);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Runs a statement once per parameter array on one pooled connection, pipelined. See {@link LazyPgConnection#executeBatch}. */
    public int[] executeBatch(String sql, java.util.List<Object[]> batch) {
        try (LazyPgSession session = acquire()) {
            return session.executeBatch(sql, batch);
        }
    }

    /** Runs {@code work} with one connection (one session) and returns its result; the connection goes back after. */
    public <T> T withConnection(Function<LazyPgConnection, T> work) {
        try (LazyPgSession session = acquire()) {
            return work.apply(session);
        }
    }

    /**
     * Borrows a connection until the returned session is closed, for work that spans several calls
     * (a transaction manager). Prefer {@link #withConnection}.
     */
    public LazyPgSession acquire() {
        return new PooledSession(pool, pool.acquire());
    }

    /** Counts of active, idle and waiting connections. */
    public PoolStats poolStats() {
        return pool.stats();
    }

    public LazyPgConfig config() {
        return config;
    }

    /** Closes idle connections now and the others when they are given back. */
    @Override
    public void close() {
        pool.close();
    }

    @Override
    public String toString() {
        return "LazyPgClient[" + config + "]";
    }
}
