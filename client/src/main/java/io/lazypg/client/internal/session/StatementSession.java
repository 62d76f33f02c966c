package io.lazypg.client.internal.session;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgNotification;
import io.lazypg.client.PgServerException;
import io.lazypg.client.RowCursor;
import io.lazypg.client.StatementDescription;
import io.lazypg.client.internal.pipeline.StatementPipelines;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The session of {@link LazyPgClient#acquireForStatement()}: it holds no connection while it runs
 * only statements that pipelining may share ({@link StatementPipelines#tryQuery}); those go
 * through the client's pipelines. The first call of any other kind (BEGIN, SET, a script, a
 * cursor, a batch, COPY, a query timeout, notifications) borrows a connection as {@link
 * LazyPgClient#acquire()} does, and every later call runs on that connection, so session state
 * set by such a call carries to the statements after it.
 *
 * <p>Not thread-safe: one thread at a time, as any session.
 */
public final class StatementSession implements LazyPgSession {

    private final LazyPgClient client;
    private final StatementPipelines pipelines;
    /** Volatile for {@link #cancel()} and {@link #abort()}, which other threads may call. */
    private volatile @Nullable LazyPgSession bound;

    private boolean closed;

    public StatementSession(LazyPgClient client, StatementPipelines pipelines) {
        this.client = client;
        this.pipelines = pipelines;
    }

    /** The connection this session now keeps, borrowed on first need. */
    private LazyPgSession bound() {
        LazyPgSession s = bound;
        if (s == null) {
            checkOpen();
            s = client.acquire();
            bound = s;
        }
        return s;
    }

    /** Whether nothing is bound yet, so a pipelinable statement may go through the pipelines. */
    private boolean unbound() {
        checkOpen();
        return bound == null;
    }

    private void checkOpen() {
        if (closed) {
            throw new PgConnectionClosedException("This session was closed. Acquire a new one.");
        }
    }

    @Override
    public LazyResult query(String sql, Object... params) {
        LazyResult shared = unbound() ? pipelines.tryQuery(sql, params) : null;
        return shared != null ? shared : bound().query(sql, params);
    }

    @Override
    public int execute(String sql, Object... params) {
        Long shared = unbound() ? pipelines.tryExecute(sql, params) : null;
        return shared != null ? RowCounts.clamp(shared) : bound().execute(sql, params);
    }

    @Override
    public LazyResult queryAtMost(long maxRows, String sql, Object... params) {
        return bound().queryAtMost(maxRows, sql, params);
    }

    @Override
    public void query(String sql, LazyRowCallback callback, Object... params) {
        bound().query(sql, callback, params);
    }

    @Override
    public RowCursor stream(String sql, int fetchSize, Object... params) {
        return bound().stream(sql, fetchSize, params);
    }

    @Override
    public int[] executeBatch(String sql, List<Object[]> batch) {
        return bound().executeBatch(sql, batch);
    }

    @Override
    public LazyResult queryAtMostWithAddedReturning(long maxRows, String sql, Object... params) {
        return bound().queryAtMostWithAddedReturning(maxRows, sql, params);
    }

    @Override
    public List<LazyResult> queryBatchWithAddedReturning(String sql, List<Object[]> batch) {
        return bound().queryBatchWithAddedReturning(sql, batch);
    }

    @Override
    public List<LazyResult> queryBatch(String sql, List<Object[]> batch) {
        return bound().queryBatch(sql, batch);
    }

    @Override
    public void begin(String transactionModes) {
        bound().begin(transactionModes);
    }

    @Override
    public List<LazyResult> pipeline(java.util.function.Consumer<? super io.lazypg.client.LazyPgPipeline> statements) {
        return bound().pipeline(statements); // one server session for the whole pipeline
    }

    @Override
    public void executeScript(String sql) {
        bound().executeScript(sql);
    }

    @Override
    public long copyIn(String copySql, InputStream data) {
        return bound().copyIn(copySql, data);
    }

    @Override
    public long copyOut(String copySql, OutputStream out) {
        return bound().copyOut(copySql, out);
    }

    @Override
    public List<LazyResult> queryScript(String sql) {
        return bound().queryScript(sql);
    }

    @Override
    public void queryTimeout(@Nullable Duration timeout) {
        if (timeout == null && bound == null) {
            checkOpen();
            return; // the configured timeout, which is none when pipelining is on
        }
        bound().queryTimeout(timeout); // a statement under a timeout is never pipelined
    }

    @Override
    public String commit() {
        LazyPgSession s = bound;
        return s == null ? "COMMIT" : s.commit(); // nothing bound: no transaction was begun
    }

    @Override
    public void rollback() {
        LazyPgSession s = bound;
        if (s != null) {
            s.rollback();
        }
    }

    @Override
    public io.lazypg.client.PendingUpdate executeAtCommit(String sql, Object... params) {
        return bound().executeAtCommit(sql, params);
    }

    @Override
    public boolean inTransaction() {
        LazyPgSession s = bound;
        return s != null && s.inTransaction();
    }

    @Override
    public @Nullable String serverParameter(String name) {
        return bound().serverParameter(name);
    }

    @Override
    public boolean closeOpenCursor() {
        LazyPgSession s = bound;
        return s != null && s.closeOpenCursor();
    }

    @Override
    public boolean isValid(Duration timeout) {
        LazyPgSession s = bound;
        return s == null ? !closed : s.isValid(timeout);
    }

    @Override
    public boolean isBroken() {
        LazyPgSession s = bound;
        return s == null ? closed : s.isBroken();
    }

    @Override
    public void cancel() {
        LazyPgSession s = bound;
        if (s != null) {
            s.cancel();
        }
    }

    @Override
    public void abort() {
        LazyPgSession s = bound;
        if (s != null) {
            s.abort();
        }
    }

    @Override
    public StatementDescription describe(String sql) {
        return bound().describe(sql);
    }

    @Override
    public void noticeSink(java.util.function.@Nullable Consumer<PgServerException.ServerMessage> sink) {
        if (sink != null || bound != null) { // a sink binds a connection, as notifications do
            bound().noticeSink(sink);
        }
    }

    @Override
    public List<PgNotification> notifications(Duration wait) {
        return bound().notifications(wait);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        LazyPgSession s = bound;
        if (s != null) {
            s.close();
        }
    }
}
