package io.lazypg.client.internal.conn;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.RowCursor;
import io.lazypg.client.StatementDescription;
import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.channel.MessageLoop;
import io.lazypg.client.internal.channel.OpenPortal;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.channel.StatementCacheHooks;
import io.lazypg.client.internal.channel.WriteTracking;
import io.lazypg.client.internal.command.BatchExecution;
import io.lazypg.client.internal.command.BufferedRows;
import io.lazypg.client.internal.command.CallbackRows;
import io.lazypg.client.internal.command.CopyFromStream;
import io.lazypg.client.internal.command.CopyToStream;
import io.lazypg.client.internal.command.DeferredBegin;
import io.lazypg.client.internal.command.Exchange;
import io.lazypg.client.internal.command.ExchangeBracket;
import io.lazypg.client.internal.command.ExecuteCommand;
import io.lazypg.client.internal.command.PipelineOutcome;
import io.lazypg.client.internal.command.PortalCursor;
import io.lazypg.client.internal.command.PreparedStatement;
import io.lazypg.client.internal.command.RowSink;
import io.lazypg.client.internal.command.ScriptResults;
import io.lazypg.client.internal.command.SimpleQuery;
import io.lazypg.client.internal.command.StatementCache;
import io.lazypg.client.internal.command.StatementExecution;
import io.lazypg.client.internal.command.StatementPreparer;
import io.lazypg.client.internal.command.TransactionEnds;
import io.lazypg.client.internal.pool.Poolable;
import io.lazypg.client.internal.protocol.CancelKey;
import io.lazypg.client.internal.protocol.ProtocolVersion;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.timeout.CancelGate;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * One PostgreSQL session: the operations the rest of the client runs on a connection (statements,
 * cursors, batches, scripts, COPY, transaction control), each an {@link Exchange} of commands run
 * by the one {@link ExchangeBracket} over the session's {@link SessionChannel}, which owns the
 * socket, the commands in flight and the messages that concern the whole session.
 *
 * <p>Every failure of the socket or of the stream marks the connection broken (it is closed and a
 * pool discards it); a server error does not. An operation that fails for any reason, an {@code
 * Error} included, leaves the connection synchronized (the loop drained the answer) or marks it
 * broken ({@link SessionChannel#settle}). {@link #prepareForReuse()} enforces the same before the
 * connection goes back to a pool: an open cursor is closed, an open transaction rolled back, and a
 * connection that still is not synchronized is broken, so the pool discards it.
 *
 * <p>Not thread-safe: one thread at a time, as handed out by the pool; {@link #abort()}, {@link
 * #cancel()}, {@link #isBroken()} and {@link #host()} may be called from any thread.
 */
public final class PgConnection implements Poolable {

    private static final Object[] NO_VALUES = new Object[0];

    private final LazyPgConfig config;
    private final SessionChannel channel;
    /** The session's prepared statements; the channel knows it as its {@link StatementCacheHooks}. */
    private final StatementPreparer preparer;

    private final ExchangeBracket bracket;
    private final DeferredBegin begin = new DeferredBegin();
    /** The exchange of every single statement, reused: a statement allocates none. */
    private final StatementExecution statements;
    /** The exchange of every simple Query, reused: a script allocates none. */
    private final SimpleQuery simpleQueries;
    /** COMMIT and ROLLBACK in the fewest round trips, and the answers they leave pending. */
    private final TransactionEnds ends;

    private final ConnectionNotifications notifications;
    /** A COMMIT that is waited for: the extended protocol hands back its tag. */
    private final java.util.function.Supplier<String> awaitedCommit =
            () -> query("COMMIT").commandTag();

    private final long createdNanos = System.nanoTime();
    private ProtocolVersion protocolVersion = ProtocolVersion.V3_0;
    /** Told when this connection's server is lost, and asked whether it is retired; null for none (one host). */
    private volatile @Nullable HostTracker tracker;

    PgConnection(LazyPgConfig config, Socket socket, Socket transport, ClientHooks hooks) throws IOException {
        this.config = config;
        this.channel = new SessionChannel(config, socket, transport, hooks);
        this.preparer = new StatementPreparer(channel, new StatementCache(config.statementCacheSize()));
        channel.statementCache(preparer); // before the startup: its ParameterStatus messages reach the cache too
        this.bracket = new ExchangeBracket(channel);
        this.statements = new StatementExecution(channel, preparer, begin);
        this.simpleQueries = new SimpleQuery(channel);
        this.ends = new TransactionEnds(channel, preparer, bracket, begin);
        this.notifications =
                new ConnectionNotifications(this, channel.messages().notifications(), bracket);
    }

    /** Opens a connection: TCP, TLS per sslmode, startup and authentication. */
    public static PgConnection open(LazyPgConfig config, ClientHooks hooks) {
        return ConnectionOpener.open(config, hooks);
    }

    // ---------------------------------------------------------------- for the opener and the pipelines

    MessageReader reader() {
        return channel.reader();
    }

    WriteBuffer writeBuffer() {
        return channel.writeBuffer();
    }

    MessageLoop loop() {
        return channel.loop();
    }

    void send() throws IOException {
        channel.send();
    }

    void expectReadyAfterSend() {
        channel.expectReadyAfterSend();
    }

    void backendKey(CancelKey key) {
        channel.backendKey(key);
    }

    /** Set by the startup once the server has settled it; read by any thread after the connection is handed out. */
    void protocolVersion(ProtocolVersion version) {
        this.protocolVersion = version;
    }

    /** The protocol version the session speaks: 3.0 unless 3.2 was asked for and the server speaks it. */
    public ProtocolVersion protocolVersion() {
        return protocolVersion;
    }

    /** The key a CancelRequest for this session carries (its length depends on the protocol version). */
    public CancelKey cancelKey() {
        return channel.cancelKey();
    }

    LazyPgConfig config() {
        return config;
    }

    /**
     * Marks the statements run until it is turned off again as carrying a RETURNING clause their
     * caller appended (see {@code LazyPgSession.queryAtMostWithAddedReturning}); the session turns it
     * off in a finally block.
     */
    public void returningAdded(boolean added) {
        preparer.returningAdded(added);
    }

    public SessionChannel channel() {
        return channel;
    }

    public ExchangeBracket bracket() {
        return bracket;
    }

    /** The execute command single statements run with; a {@code SharedConnection}'s readers share it. */
    public ExecuteCommand executeCommand() {
        return statements.command();
    }

    /**
     * The statement for {@code sql} when it is prepared here and can run {@code values} with no
     * round trip of its own ({@link StatementPreparer#ready}), else null.
     */
    public @Nullable PreparedStatement pipelinable(String sql, Object[] values) {
        return preparer.ready(sql, values);
    }

    // ---------------------------------------------------------------- statements

    /** Runs a query and buffers its rows; they stay valid after the connection is released. */
    public LazyResult query(String sql, Object... params) {
        return query(0, sql, params);
    }

    /**
     * Runs a query and buffers at most {@code maxRows} of its rows (0 = all): Execute carries the
     * limit, so the server stops producing rows there and the portal is dropped at Sync.
     */
    public LazyResult query(long maxRows, String sql, Object... params) {
        if (maxRows < 0) {
            throw new PgUsageException("maxRows must be 0 (no limit) or positive, was " + maxRows);
        }
        String ended = endUnsentTransaction(sql, params);
        if (ended != null) {
            return new LazyResult(List.of(), List.of(), ended);
        }
        int limit = (int) Math.min(Integer.MAX_VALUE, maxRows);
        BufferedRows rows = new BufferedRows(limit);
        return rows.result(run("query", sql, params, true, rows, limit));
    }

    /**
     * Runs a query and hands each row to the callback while it is valid; nothing is buffered. If the
     * callback throws (anything, an {@code Error} included), the rest of the answer is drained so the
     * connection stays usable, and the throwable is rethrown as it was.
     */
    public void query(String sql, LazyRowCallback callback, Object... params) {
        CallbackRows rows = new CallbackRows(callback);
        try {
            run("callback", sql, params, false, rows, 0);
        } finally {
            RowViews.expire(rows.reused); // a row kept past its callback fails on read instead of showing the last row
        }
    }

    /** Runs a statement through the extended protocol and returns the row count of its command tag. */
    public long execute(String sql, Object... params) {
        if (endUnsentTransaction(sql, params) != null) {
            return 0;
        }
        return CommandTags.rowCount(run("execute", sql, params, false, null, 0).tag());
    }

    private ExecuteCommand run(
            String operation, String sql, Object[] params, boolean retainRows, @Nullable RowSink sink, int maxRows) {
        bracket.ensureIdle();
        Object[] values = params == null ? NO_VALUES : params;
        if (begin.pending() && preparer.ready(sql, values) == null) {
            flushDeferredBegin(); // the statement needs a round trip of its own to be prepared first
        }
        bracket.run(statements.start(operation, sql, values, retainRows, sink, maxRows));
        return statements.command();
    }

    /**
     * Parses and describes {@code sql} without running it or caching it: the parameter types the
     * server inferred and the result columns (see {@link StatementPreparer#describe}). Bounded by
     * the query timeout like any statement.
     */
    public StatementDescription describe(String sql) {
        ensureUsable();
        return StatementPreparer.describeIn(bracket, preparer, sql);
    }

    /** Opens a portal and fetches {@code fetchSize} rows per round trip; see {@link RowCursor}. */
    public RowCursor stream(String sql, int fetchSize, Object... params) {
        ensureUsable();
        int rowsPerFetch = fetchSize > 0 ? fetchSize : config.fetchSize() > 0 ? config.fetchSize() : 1000;
        return PortalCursor.start(channel, preparer, bracket, sql, params == null ? NO_VALUES : params, rowsPerFetch);
    }

    /**
     * Closes the cursor a borrower left open (a stream that was not read to the end nor closed), so
     * the session can run COMMIT, ROLLBACK or anything else. Returns whether there was one.
     */
    public boolean closeOpenCursor() {
        OpenPortal cursor = channel.openCursor();
        if (cursor == null) {
            return false;
        }
        cursor.close();
        return true;
    }

    /**
     * Pipelined executions of one statement with one Sync, a single-row INSERT rewritten into
     * multi-row INSERTs with {@code rewrite_batched_inserts}; see {@link io.lazypg.client.LazyPgQueries#executeBatch}.
     */
    public int[] executeBatch(String sql, List<Object[]> batch) {
        return BatchExecution.run(channel, preparer, bracket, begin, sql, batch, null, config.rewriteBatchedInserts());
    }

    /**
     * Pipelined executions of one statement with one Sync, each execution's rows and command tag
     * one result; see {@link io.lazypg.client.LazyPgQueries#queryBatch}.
     */
    public List<LazyResult> queryBatch(String sql, List<Object[]> batch) {
        List<LazyResult> results = new ArrayList<>(batch.size());
        BatchExecution.run(channel, preparer, bracket, begin, sql, batch, results, false);
        return results;
    }

    /** Runs statements as one thread's pipeline ({@link PipelineExecution}): each one's result or failure. */
    public PipelineOutcome pipeline(List<String> sqls, List<Object[]> values) {
        bracket.ensureIdle();
        return PipelineOutcome.run(channel, preparer, bracket, begin, sqls, values);
    }

    // ---------------------------------------------------------------- simple queries and COPY

    /**
     * Runs SQL through the simple query protocol: several statements separated by semicolons, no
     * parameters, results discarded. For scripts, DDL and transaction control.
     */
    public void executeScript(String sql) {
        if (endUnsentTransaction(sql, NO_VALUES) != null) {
            return;
        }
        ensureUsable();
        simpleQueries.runScript(bracket, sql, "script");
    }

    /**
     * Runs SQL through the simple query protocol and returns one result per statement, in order
     * (text format; a statement without rows gives a result without columns). Bounded by the
     * query timeout, as extended-protocol statements are.
     */
    public List<LazyResult> queryScript(String sql) {
        String ended = endUnsentTransaction(sql, NO_VALUES);
        if (ended != null) {
            return List.of(new LazyResult(List.of(), List.of(), ended));
        }
        ensureUsable();
        ScriptResults results = new ScriptResults(channel);
        simpleQueries.run(bracket, sql, "script", true, results, true);
        return results.results();
    }

    /**
     * Runs SQL by the simple query protocol and returns its results, outside query observation and
     * statistics: for the client's own questions about the session (the server's role), not a user's.
     */
    public List<LazyResult> querySessionState(String sql) {
        ensureUsable();
        ScriptResults results = new ScriptResults(channel);
        simpleQueries.run(bracket, sql, null, true, results, true);
        return results.results();
    }

    /**
     * Runs {@code COPY ... FROM STDIN} with {@code data} as its input, streamed in chunks of 64 KiB
     * (bounded memory for any size), and returns the rows copied. A server error in the data stops
     * the sending early; a failing or interrupted input is answered with CopyFail. Either way the
     * server rolls the COPY back and the connection stays usable. No query timeout applies.
     */
    public long copyIn(String copySql, InputStream data) {
        ensureUsable();
        CopyFromStream copy = new CopyFromStream(channel, data);
        simpleQueries.run(bracket, copySql, "copy-in", false, copy, false);
        return copy.rows();
    }

    /**
     * Runs {@code COPY ... TO STDOUT} and writes its output to {@code out} as it arrives (bounded
     * memory), returning the rows copied. If {@code out} fails, the copy is cancelled on the server
     * and the connection stays usable. No query timeout applies.
     */
    public long copyOut(String copySql, OutputStream out) {
        ensureUsable();
        CopyToStream copy = new CopyToStream(bracket::cancel, out);
        // payloads are written out during the call, never kept
        simpleQueries.run(bracket, copySql, "copy-out", false, copy, false);
        return copy.rows();
    }

    // ---------------------------------------------------------------- transactions

    /**
     * Opens a transaction block with {@code beginSql} (a BEGIN the caller built) that the server
     * receives together with the session's next statement, in the same write and under the same
     * Sync ({@link DeferredBegin}): a transaction then costs no round trip of its own.
     *
     * @throws PgUsageException when a transaction block is already open or asked for
     */
    public void begin(String beginSql) {
        bracket.ensureIdle();
        begin.begin(beginSql, channel.messages().transactionStatus());
        ends.begun(beginSql);
    }

    /** COMMIT with the writes queued for it; returns its tag (ROLLBACK: it had failed). Which wait: {@link TransactionEnds}. */
    public String commit() {
        return ends.commit(awaitedCommit);
    }

    /** Ends the transaction with ROLLBACK, not waiting for the answer ({@link TransactionEnds}). */
    public void rollback() {
        ends.rollback();
    }

    /** Queues a write to run with COMMIT, in the same write ({@link CommitQueue}). */
    public io.lazypg.client.PendingUpdate executeAtCommit(String sql, Object... params) {
        return ends.executeAtCommit(sql, params == null ? NO_VALUES : params);
    }

    /** Reads an answer left pending now (before the connection is shared by pipelining, whose reads take no queue). */
    public void readPendingAnswer() {
        ends.pending().readNow();
    }

    /** Whether the session is in a transaction block: the server says so, or a BEGIN is deferred. */
    public boolean inTransactionBlock() {
        return begin.pending() || channel.messages().transactionStatus() != 'I';
    }

    /** Transactions begun and ended with no statement between: neither BEGIN nor COMMIT/ROLLBACK was sent. */
    public long transactionsNeverSent() {
        return begin.neverSentCount();
    }

    /** BEGINs sent with a statement rather than alone. */
    public long beginsWithStatement() {
        return begin.sentWithStatementCount();
    }

    /** 'I' idle, 'T' in a transaction block, 'E' in a failed transaction block (from the last ReadyForQuery). */
    public char transactionStatus() {
        return channel.messages().transactionStatus();
    }

    /**
     * Ends, without a word to the server, a transaction whose BEGIN was never sent (see {@link
     * DeferredBegin#endUnsent}); returns the tag the server would have answered, or null.
     */
    private @Nullable String endUnsentTransaction(String sql, Object @Nullable [] params) {
        if (!begin.pending() || (params != null && params.length > 0)) {
            return null;
        }
        bracket.ensureIdle();
        return begin.endUnsent(sql, params);
    }

    /** {@link ExchangeBracket#ensureIdle()}, then sends a deferred BEGIN on its own: every operation but a statement's. */
    void ensureUsable() {
        bracket.ensureIdle();
        flushDeferredBegin();
    }

    private void flushDeferredBegin() {
        String sql = begin.take();
        if (sql != null) {
            simpleQueries.runScript(bracket, sql, "script");
        }
    }

    // ---------------------------------------------------------------- pooling

    /**
     * Makes the connection fit for its next borrower, as a pool must before taking it back: closes a
     * cursor left open, rolls back a transaction left open (both with a warning: they are the
     * borrower's bugs), and breaks the connection when it cannot be brought back in step with the
     * server, so the pool discards it instead of handing out a session in an unknown state. Drops
     * the notifications the borrower left unread: they were its own, and a LISTENing connection
     * nobody reads must not grow across borrows. The next borrower receives those that arrive after.
     */
    public void prepareForReuse() {
        ReuseReset.prepare(this, channel, bracket, begin, ends);
    }

    @Override
    public void claimForUse() {
        ends.pending().claim();
    }

    @Override
    public boolean answerPending() {
        return ends.pending().parked();
    }

    @Override
    public boolean answerOnItsWay() {
        return ends.pending().onItsWay();
    }

    @Override
    public void readParkedAnswer() {
        ends.pending().readIfParked();
    }

    @Override
    public boolean isValid(Duration timeout) {
        // not observed: validation is the pool's business, not a user statement
        return !isBroken()
                && ConnectionValidation.answers(channel, timeout, () -> {
                    ensureUsable();
                    simpleQueries.runScript(bracket, "", null);
                });
    }

    @Override
    public boolean isBroken() {
        return channel.isBroken();
    }

    /** Whether the {@linkplain #tracker(HostTracker) tracker} says this connection must not be handed out again. */
    @Override
    public boolean isRetired() {
        HostTracker t = tracker;
        return channel.discardOnRelease() || (t != null && t.retired(this));
    }

    /** Sets who learns that this connection's server was lost and decides whether it is retired; set once, after opening. */
    public void tracker(HostTracker tracker) {
        this.tracker = tracker;
        channel.onServerLost(() -> tracker.lost(this));
    }

    /** The host this connection is to; safe to call from any thread (a final field's). */
    public io.lazypg.client.PgHost host() {
        return config.hosts().get(0);
    }

    /** Where this connection goes, as messages name it: {@code host:port}. */
    public String hostAndPort() {
        return channel.hostAndPort();
    }

    /**
     * Closes the socket at once; callable from any thread (the others are not). What the owning
     * thread is running fails with an I/O error, which marks the connection broken; until then
     * {@link #isBroken()} already says so, and a pool discards it.
     */
    public void abort() {
        channel.abort();
    }

    /**
     * Asks the server, over a separate connection, to cancel the work this session is running; does
     * nothing while it runs none, and a request racing the work's end never reaches the next
     * statement ({@link CancelGate}). Blocks until the request's outcome is known; any thread.
     */
    public void cancel() {
        bracket.cancel();
    }

    /**
     * Closes the session, claiming it from the housekeeper first ({@link #claimForUse}): it may be
     * reading a pending answer, and of two readers of one socket one would block for ever.
     */
    @Override
    public void close() {
        ends.pending().claim();
        channel.close();
    }

    // ---------------------------------------------------------------- session state

    /** Whether statements that may have written completed, and the WAL its server replayed: for read_your_writes. */
    public WriteTracking writes() {
        return channel.writes();
    }

    /** The LISTEN side of this connection: its notifications' sink, those kept unread, the wait for more. */
    public ConnectionNotifications notifications() {
        return notifications;
    }

    public @Nullable String serverParameter(String name) {
        return channel.messages().serverParameter(name);
    }

    public Map<String, String> serverParameters() {
        return channel.messages().serverParameters();
    }

    public int processId() {
        return channel.processId();
    }

    public long createdNanos() {
        return createdNanos;
    }

    public long bytesReceived() {
        return channel.reader().bytesReceived();
    }

    /**
     * Bounds the statements this session runs from now on by {@code timeout} (zero: no bound)
     * instead of the configured query timeout; null restores the configured one, as
     * {@link #prepareForReuse()} does for the next borrower.
     */
    public void queryTimeout(@Nullable Duration timeout) {
        channel.queryTimeout(timeout);
    }

    /** Where this connection's notices go besides the client's notice listener (null: nowhere else); see {@link #prepareForReuse}. */
    public void noticeSink(@Nullable Consumer<PgServerException.ServerMessage> sink) {
        channel.messages().noticeSink(sink);
    }

    @Override
    public String toString() {
        return "PgConnection[" + channel.describe() + "]";
    }
}
