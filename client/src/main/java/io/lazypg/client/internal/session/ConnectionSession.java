package io.lazypg.client.internal.session;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgNotification;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.RowCursor;
import io.lazypg.client.StatementDescription;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.pipeline.QueuedPipeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A {@link PgConnection} behind the public {@link LazyPgSession} interface until {@link #close()}
 * hands it to {@link #release}: back to a pool, or closed. Not thread-safe, except for
 * {@link #cancel()} and {@link #abort()}.
 */
public abstract class ConnectionSession implements LazyPgSession {

    private volatile @Nullable PgConnection connection;

    /**
     * The connection keeps the notifications it receives ({@link io.lazypg.client.internal.conn.ConnectionNotifications#takeInto}),
     * so a borrow allocates nothing for them; a pool's {@link PgConnection#prepareForReuse()} drops
     * what this session left unread.
     */
    ConnectionSession(PgConnection connection) {
        this.connection = connection;
    }

    /** What becomes of the connection when the session is closed. Called once. */
    abstract void release(PgConnection connection);

    /** The connection behind this session; throws once the session is closed. Tests look at it too. */
    public PgConnection connection() {
        PgConnection c = connection;
        if (c == null) {
            throw new PgConnectionClosedException("This session was closed (its connection went back to the pool"
                    + " or was closed). Acquire a new one.");
        }
        return c;
    }

    @Override
    public void noticeSink(java.util.function.@Nullable Consumer<PgServerException.ServerMessage> sink) {
        connection().noticeSink(sink);
    }

    @Override
    public LazyResult query(String sql, Object... params) {
        return connection().query(sql, params);
    }

    @Override
    public LazyResult queryAtMost(long maxRows, String sql, Object... params) {
        return connection().query(maxRows, sql, params);
    }

    @Override
    public void query(String sql, LazyRowCallback callback, Object... params) {
        connection().query(sql, callback, params);
    }

    @Override
    public int execute(String sql, Object... params) {
        return RowCounts.clamp(connection().execute(sql, params));
    }

    @Override
    public RowCursor stream(String sql, int fetchSize, Object... params) {
        return connection().stream(sql, fetchSize, params);
    }

    @Override
    public int[] executeBatch(String sql, List<Object[]> batch) {
        return connection().executeBatch(sql, batch);
    }

    @Override
    public LazyResult queryAtMostWithAddedReturning(long maxRows, String sql, Object... params) {
        PgConnection c = connection();
        c.returningAdded(true);
        try {
            return c.query(maxRows, sql, params);
        } finally {
            c.returningAdded(false);
        }
    }

    @Override
    public List<LazyResult> queryBatchWithAddedReturning(String sql, List<Object[]> batch) {
        PgConnection c = connection();
        c.returningAdded(true);
        try {
            return c.queryBatch(sql, batch);
        } finally {
            c.returningAdded(false);
        }
    }

    @Override
    public List<LazyResult> queryBatch(String sql, List<Object[]> batch) {
        return connection().queryBatch(sql, batch);
    }

    @Override
    public List<LazyResult> pipeline(java.util.function.Consumer<? super io.lazypg.client.LazyPgPipeline> statements) {
        return QueuedPipeline.run(connection(), statements);
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
    public List<LazyResult> queryScript(String sql) {
        return connection().queryScript(sql);
    }

    @Override
    public void queryTimeout(@Nullable Duration timeout) {
        connection().queryTimeout(timeout);
    }

    @Override
    public void begin(String transactionModes) {
        connection().begin(TransactionModes.beginStatement(transactionModes));
    }

    @Override
    public String commit() {
        return connection().commit();
    }

    @Override
    public void rollback() {
        connection().rollback();
    }

    @Override
    public io.lazypg.client.PendingUpdate executeAtCommit(String sql, Object... params) {
        return connection().executeAtCommit(sql, params);
    }

    @Override
    public boolean inTransaction() {
        return connection().inTransactionBlock();
    }

    @Override
    public @Nullable String serverParameter(String name) {
        return connection().serverParameter(name);
    }

    @Override
    public StatementDescription describe(String sql) {
        return connection().describe(sql);
    }

    @Override
    public List<PgNotification> notifications(Duration wait) {
        PgConnection c = connection();
        if (wait == null || wait.isNegative()) {
            throw new PgUsageException("The wait for notifications must be zero or positive, was " + wait + ".");
        }
        // a wait past a century is "forever", and must not overflow the deadline
        long waitNanos = wait.compareTo(Duration.ofDays(36_500)) > 0 ? Long.MAX_VALUE / 4 : wait.toNanos();
        long deadline = System.nanoTime() + waitNanos;
        List<PgNotification> taken = new ArrayList<>();
        boolean polled = false;
        while (c.notifications().takeInto(taken) == 0) {
            long left = deadline - System.nanoTime();
            if (polled && left <= 0) {
                break;
            }
            // at least one short poll: what the server already sent is read even with a zero wait
            // and at most a minute a poll (a socket timeout is an int of milliseconds); the loop waits on
            c.notifications().await(Duration.ofNanos(Math.min(Math.max(left, 1_000_000L), 60_000_000_000L)));
            polled = true;
        }
        return taken;
    }

    @Override
    public boolean closeOpenCursor() {
        return connection().closeOpenCursor();
    }

    @Override
    public boolean isValid(Duration timeout) {
        PgConnection c = connection;
        return c != null && c.isValid(timeout);
    }

    @Override
    public boolean isBroken() {
        PgConnection c = connection;
        return c == null || c.isBroken();
    }

    @Override
    public void cancel() {
        PgConnection c = connection;
        if (c != null) {
            c.cancel();
        }
    }

    @Override
    public void abort() {
        PgConnection c = connection;
        if (c != null) {
            c.abort();
        }
    }

    @Override
    public void close() {
        PgConnection c = connection;
        if (c == null) {
            return;
        }
        connection = null;
        release(c);
    }
}
