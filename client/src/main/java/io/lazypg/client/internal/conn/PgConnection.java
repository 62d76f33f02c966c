package io.lazypg.client.internal.conn;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgNotification;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.StatementDescription;
import io.lazypg.client.internal.codec.OutputSettings;
import io.lazypg.client.internal.codec.encode.JsonParameters;
import io.lazypg.client.internal.codec.encode.ParameterEncoder;
import io.lazypg.client.internal.pool.Poolable;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowList;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.SpinningInput;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * One PostgreSQL session over one socket: the extended query protocol with a prepared-statement
 * cache, the simple query protocol for scripts, and the resynchronisation that keeps the session
 * usable after a server error. Every answer is read by the one {@link MessageLoop}.
 *
 * <p>Every failure of the socket or of the stream marks the connection broken (it is closed and
 * a pool discards it); a server error does not.
 *
 * <p><b>Synchronized or broken.</b> The connection counts the ReadyForQuery messages the server
 * owes it (one per Sync or simple Query sent) and whether extended messages went out with Flush
 * and no Sync yet (a cursor, a batch slice). It is <em>synchronized</em> when nothing is owed and
 * nothing was flushed unsynced. An operation that fails for any reason, an {@code Error}
 * included, leaves the connection synchronized (the loop drained the answer) or marks it broken;
 * unsent bytes are dropped. {@link #prepareForReuse()} enforces the same before the connection
 * goes back to a pool: an open cursor is closed, an open transaction rolled back, and a connection
 * that still is not synchronized is broken, so the pool discards it. Queued Close messages for
 * evicted statements are written only together with a Sync that is sent at once, so no failure
 * between writing and sending can strand or drop them.
 *
 * <p>Not thread-safe: one thread at a time, as handed out by the pool.
 */
public final class PgConnection implements Poolable {

    private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());
    private static final short[] NO_FORMATS = new short[0];
    private static final int[] NO_TYPES = new int[0];
    private static final Object[] NO_VALUES = new Object[0];
    private static final byte[] FLUSH_MESSAGE = {'H', 0, 0, 0, 4};
    private static final byte[] SYNC_MESSAGE = {'S', 0, 0, 0, 4};
    private static final byte[] COPY_DONE_MESSAGE = {'c', 0, 0, 0, 4};

    private final LazyPgConfig config;
    private final Socket socket;
    /**
     * The TCP socket under {@link #socket} (the same socket without TLS). Deadlines close this one:
     * closing a TLS socket sends close_notify under the TLS record lock, which a writer blocked on a
     * stalled network holds, so the timer thread would block with it.
     */
    private final Socket transport;

    private final OutputStream out;
    private final InputStream in;
    private final MessageReader reader;
    private final WriteBuffer writeBuffer = new WriteBuffer(1024);
    private final StatementPreparer preparer;
    private final MessageLoop loop;
    private final ExecutionResponse execution;
    private final ScriptResponse script = new ScriptResponse();
    private final BeginResponse beginResponse = new BeginResponse();
    private final Map<String, String> serverParameters = new HashMap<>();
    private final long createdNanos = System.nanoTime();
    private final ClientHooks hooks;
    private int processId;
    private int secretKey;
    private OutputSettings output = OutputSettings.of(null);
    private char transactionStatus = 'I';
    /**
     * A BEGIN the session asked for ({@link #begin}) that has not reached the server yet: it goes
     * ahead of the next statement in the same write and under the same Sync, else on its own
     * before any other operation. Null when none.
     */
    private String deferredBegin;
    /** BEGINs that went out with a statement instead of on a round trip of their own (for tests and tuning). */
    private long beginsWithStatement;
    /** Transactions ended before their BEGIN was sent: neither went to the server. */
    private long transactionsNeverSent;

    private boolean broken;
    private boolean closed;
    private PortalCursor openCursor;
    /** ReadyForQuery messages the server owes for Syncs and Queries sent. */
    private int readyOwed;
    /** Syncs and Queries in the write buffer, owed once it is sent. */
    private int readyQueued;
    /** Extended messages went out with Flush and no Sync yet (an open cursor, a batch in progress). */
    private boolean flushedWithoutSync;
    /** An operation is reading its answer: a row callback must not start another on this connection. */
    private boolean busy;
    /** Which work a user's cancel may reach: only the one running when it is called. */
    private final CancelGate cancels = new CancelGate();
    /** The session's query timeout when set ({@link #queryTimeout(Duration)}), else null: the configured one. */
    private Duration queryTimeoutOverride;
    /** Set when a query timeout closed the socket: the I/O failure that follows is reported as a timeout. */
    private volatile boolean queryGaveUp;
    /** Set by {@link #abort()} from another thread. */
    private volatile boolean aborted;
    /** Told when this connection's server is lost, and asked whether it is retired; null for none (one host). */
    private volatile HostTracker tracker;
    /**
     * Whether CommandComplete tags are watched for writes (read_your_writes, on the primary pool's
     * connections): set by whoever hands the connection out, so a client without the feature pays nothing.
     */
    private boolean watchesWrites;
    /** A statement whose tag may mean a write completed since {@link #takeMayHaveWritten()} last ran. */
    private boolean mayHaveWritten;
    /** The highest WAL replay position this connection's standby was seen at (unsigned; 0 unknown). */
    private long replayedLsn;
    /** Pipelined answers read up to their ReadyForQuery ({@link #pipelinedReadyForQuery}). */
    private long pipelinedAnswers;
    /**
     * Where NotificationResponse messages go: a listener connection's sink. Null for every session's
     * connection, whose notifications are kept in {@link #unreadNotifications} for its session.
     */
    private Consumer<PgNotification> notificationSink;
    /** Where notices go besides the client's listener: the borrowing session's sink, or null. */
    private Consumer<PgServerException.ServerMessage> noticeSink;
    /** Notifications received with no sink set, until the session takes them; null until the first. */
    private UnreadNotifications unreadNotifications;

    PgConnection(LazyPgConfig config, Socket socket, Socket transport, ClientHooks hooks) throws IOException {
        this.config = config;
        this.socket = socket;
        this.transport = transport;
        this.out = socket.getOutputStream();
        this.in = receiveStream(config, socket, transport);
        this.reader = new MessageReader(in, config.receiveBufferSize(), config.maxMessageSize());
        this.preparer = new StatementPreparer(this, new StatementCache(config.statementCacheSize()));
        this.loop = new MessageLoop(this, reader);
        this.execution = new ExecutionResponse(this, preparer);
        this.hooks = hooks;
    }

    /** The socket's input, polled before each read sleeps when {@code receive_spin} is set. */
    private static InputStream receiveStream(LazyPgConfig config, Socket socket, Socket transport) throws IOException {
        InputStream in = socket.getInputStream();
        long spinNanos = config.receiveSpin().toNanos();
        if (spinNanos == 0) {
            return in;
        }
        InputStream probe = transport == socket ? in : transport.getInputStream();
        return new SpinningInput(in, probe, spinNanos);
    }

    /** Opens a connection: TCP, TLS per sslmode, startup and authentication. */
    public static PgConnection open(LazyPgConfig config, ClientHooks hooks) {
        return ConnectionOpener.open(config, hooks);
    }

    // ---------------------------------------------------------------- startup (used by ConnectionOpener)

    MessageReader reader() {
        return reader;
    }

    WriteBuffer writeBuffer() {
        return writeBuffer;
    }

    MessageLoop loop() {
        return loop;
    }

    StatementPreparer preparer() {
        return preparer;
    }

    /** Sends the write buffer and empties it; the ReadyForQuery messages its Syncs and Queries ask for become owed. */
    void send() throws IOException {
        out.write(writeBuffer.array(), 0, writeBuffer.position());
        out.flush();
        writeBuffer.reset();
        if (readyQueued > 0) {
            readyOwed += readyQueued;
            readyQueued = 0;
            flushedWithoutSync = false;
        }
    }

    /** Sends the write buffer followed by Flush: the server answers what it has without ending the implicit transaction. */
    void sendWithFlush() throws IOException {
        FrontendMessages.flush(writeBuffer);
        flushedWithoutSync = true;
        send();
    }

    /** Sends part of the write buffer, then Flush, leaving the buffer untouched (batch slices). */
    void sendSliceWithFlush(int from, int to) throws IOException {
        flushedWithoutSync = true;
        out.write(writeBuffer.array(), from, to - from);
        out.write(FLUSH_MESSAGE);
        out.flush();
    }

    /**
     * Writes Sync, preceded by Close for every statement evicted from the cache since the last one.
     * The caller sends the buffer at once: written here, the Closes cannot be stranded by a failure
     * before sending (they would precede the next operation's messages) nor dropped by a reset.
     */
    void writeSync() {
        preparer.writePendingCloses();
        FrontendMessages.sync(writeBuffer);
        readyQueued++;
    }

    /** Discards whatever is unsent in the write buffer, then writes and sends Sync. */
    void sync() throws IOException {
        writeBuffer.reset();
        readyQueued = 0;
        writeSync();
        send();
    }

    /**
     * Sends Sync straight to the socket, leaving the write buffer alone (it may hold a batch's unsent
     * slices, which the caller then drops): used by the loop to end an answer after a failure.
     */
    void sendSyncNow() throws IOException {
        out.write(SYNC_MESSAGE);
        out.flush();
        readyOwed++;
        flushedWithoutSync = false;
    }

    /** Writes a simple Query, which the server answers up to ReadyForQuery. */
    void writeQuery(String sql) {
        FrontendMessages.query(writeBuffer, sql);
        readyQueued++;
    }

    /** The startup packet, like a Query, is answered up to ReadyForQuery. */
    void expectReadyAfterSend() {
        readyQueued++;
    }

    int readyOwed() {
        return readyOwed;
    }

    boolean flushedWithoutSync() {
        return flushedWithoutSync;
    }

    /**
     * Answers CopyInResponse with CopyFail, and Sync when {@code withSync}. Written straight to the
     * socket, not through the write buffer, which may hold a batch's unsent slices.
     */
    void copyFail(String reason, boolean withSync) throws IOException {
        WriteBuffer message = new WriteBuffer(64 + reason.length());
        FrontendMessages.copyFail(message, reason);
        out.write(message.array(), 0, message.position());
        if (withSync) {
            out.write(SYNC_MESSAGE); // replaces the Sync the server ignored in copy-in mode: still one owed
        }
        out.flush();
    }

    /** Sends {@code length} bytes of {@code message} as they are (copy data, built by the caller). */
    void sendRaw(byte[] message, int length) throws IOException {
        out.write(message, 0, length);
        out.flush();
    }

    void sendCopyDone() throws IOException {
        out.write(COPY_DONE_MESSAGE);
        out.flush();
    }

    /**
     * During copy-in: reads, without blocking for anything the server has not started sending,
     * what it sent meanwhile. Notices and parameter status are handled; an ErrorResponse (the data
     * was refused, and the server left copy-in mode) goes to {@code handler} and returns true.
     */
    boolean serverErroredDuringCopy(ResponseHandler handler) throws IOException {
        while (reader.hasBufferedBytes() || in.available() > 0) {
            byte type = reader.next(); // the server is sending this message: waiting for its end is safe
            if (handledAsynchronously(type)) {
                continue;
            }
            if (type != BackendMessages.ERROR_RESPONSE) {
                throw unexpected(type, handler.phase());
            }
            handler.error(serverError());
            return true;
        }
        return false;
    }

    /** The server forgot every prepared statement (DEALLOCATE ALL, DISCARD ALL): so does the cache. */
    void serverForgotAllStatements() {
        preparer.forgetAll();
    }

    /** DDL ran, or search_path changed: the cached statements are closed before the next one ({@link StalePlans}). */
    void definitionsChanged() {
        preparer.definitionsChanged();
    }

    /** The server still owes an answer: a ReadyForQuery, or the rest of an Execute sent with Flush. */
    private boolean answerOutstanding() {
        return readyOwed != 0 || flushedWithoutSync;
    }

    /**
     * Whether the connection is in step with the server: no answer owed, nothing flushed without
     * Sync, no cursor open. After a failure, bytes never sent are dropped first (they cannot have
     * had an effect), which is what makes a usage error before sending harmless.
     */
    private boolean synchronizedAfterFailure() {
        if (answerOutstanding() || openCursor != null) {
            return false;
        }
        writeBuffer.reset();
        readyQueued = 0;
        return true;
    }

    /**
     * The one exit of every failed operation, returning what to report: an I/O failure, a protocol
     * error, or any throwable that left the connection out of step with the server breaks the
     * connection; anything else (a server error, a usage error, a failing callback) leaves it
     * synchronized and usable.
     */
    Throwable settle(Throwable t) {
        if (t instanceof IOException io) {
            return broken(io);
        }
        if (t instanceof PgConnectionClosedException lost && !broken && !closed) {
            return serverEnded(lost);
        }
        if (t instanceof PgServerException e) {
            t = PoolerErrors.explain(e);
        }
        if (!broken
                && (t instanceof PgProtocolException
                        || t instanceof PgConnectionClosedException
                        || !synchronizedAfterFailure())) {
            markBroken(t);
        }
        return t;
    }

    /**
     * The server ended the stream (it stopped or crashed, or the backend was terminated): breaks the
     * connection, tells the host tracker, and says which server, since with several hosts the
     * message alone does not tell.
     */
    PgConnectionClosedException serverEnded(PgConnectionClosedException lost) {
        if (broken || closed) {
            return lost;
        }
        markBroken(lost);
        serverLost();
        return new PgConnectionClosedException(
                "Lost the connection to " + hostAndPort() + ": " + lost.getMessage(), lost);
    }

    /**
     * {@link #settle}, reporting a cancel by the armed query timeout as that timeout (see {@link
     * QueryTimeout#explain}); {@code timeout} is null when none was armed. Every operation that arms
     * a timeout reports its failure through here, so a 57014 of our own is explained in one place.
     */
    private Throwable settle(Throwable t, QueryTimeout timeout) {
        return settle(t instanceof PgServerException e ? QueryTimeout.explain(timeout, e) : t);
    }

    /** {@link #settle} and the result to throw: an Error is thrown from here, as it was. */
    RuntimeException failed(Throwable t) {
        return MessageLoop.unchecked(settle(t));
    }

    /** {@link #settle(Throwable, QueryTimeout)} and the result to throw, for work under {@code timeout}. */
    RuntimeException failed(Throwable t, QueryTimeout timeout) {
        return MessageLoop.unchecked(settle(t, timeout));
    }

    void backendKey(int processId, int secretKey) {
        this.processId = processId;
        this.secretKey = secretKey;
    }

    Socket socket() {
        return socket;
    }

    /** The TCP socket under the session, for deadlines to close (see {@link #transport}). */
    Socket transport() {
        return transport;
    }

    LazyPgConfig config() {
        return config;
    }

    ClientHooks hooks() {
        return hooks;
    }

    /** The session's TimeZone (as java.time knows it, or null), DateStyle and IntervalStyle, as last reported. */
    OutputSettings output() {
        return output;
    }

    // ---------------------------------------------------------------- public operations

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
        BufferedRows rows = new BufferedRows((int) Math.min(Integer.MAX_VALUE, maxRows));
        ExecutionResponse response = run("query", sql, params, true, rows, (int) Math.min(Integer.MAX_VALUE, maxRows));
        return result(response, rows);
    }

    /** The result of a buffered query whose answer {@code response} just read into {@code rows}. */
    static LazyResult result(ExecutionResponse response, BufferedRows rows) {
        ResultShape shape = response.statement().shape;
        return new LazyResult(shape == null ? List.of() : shape.columns(), rows.finish(), response.tag());
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

    /**
     * Parses and describes {@code sql} without running it or caching it: the parameter types the
     * server inferred and the result columns (see {@link StatementPreparer#describe}). Bounded by
     * the query timeout like any statement.
     */
    public StatementDescription describe(String sql) {
        ensureUsable();
        QueryTimeout timeout = null;
        startWork();
        try {
            timeout = armQueryTimeout();
            return preparer.describe(sql);
        } catch (Throwable e) {
            throw MessageLoop.unchecked(settle(e, timeout));
        } finally {
            endWork();
            disarm(timeout);
        }
    }

    /** Opens a portal and fetches {@code fetchSize} rows per round trip; see {@link io.lazypg.client.RowCursor}. */
    public io.lazypg.client.RowCursor stream(String sql, int fetchSize, Object... params) {
        ensureUsable();
        Object[] values = params == null ? NO_VALUES : params;
        int rowsPerFetch = fetchSize > 0 ? fetchSize : config.fetchSize() > 0 ? config.fetchSize() : 1000;
        Object token = observeStart(sql, "stream");
        PortalCursor cursor = null;
        QueryTimeout prepareTimeout = null;
        try {
            PreparedStatement statement;
            prepareTimeout = armQueryTimeout();
            try {
                statement = preparer.prepare(sql, values);
            } finally {
                disarm(prepareTimeout);
            }
            ensureUsable(); // disarm discards the connection when a late timeout closed its socket
            writeBindAndDescribe(statement, values);
            cursor = new PortalCursor(this, statement, rowsPerFetch, token);
            openCursor = cursor;
            cursor.fetch();
            return cursor;
        } catch (Throwable e) {
            if (cursor == null) {
                // a cursor that was opened reports its own end (PortalCursor.fail/finish)
                observeFinish(token, sql, "stream", 0, e);
            }
            openCursor = null;
            // the cursor's own fetch failures arrive settled; a 57014 here is the prepare's timeout
            throw failed(e, prepareTimeout);
        }
    }

    void cursorClosed(PortalCursor cursor) {
        if (openCursor == cursor) {
            openCursor = null;
        }
    }

    /**
     * Closes the cursor a borrower left open (a stream that was not read to the end nor closed), so
     * the session can run COMMIT, ROLLBACK or anything else. Returns whether there was one.
     */
    public boolean closeOpenCursor() {
        PortalCursor cursor = openCursor;
        if (cursor == null) {
            return false;
        }
        cursor.close();
        return true;
    }

    /**
     * Makes the connection fit for its next borrower, as a pool must before taking it back: closes a
     * cursor left open, rolls back a transaction left open (both with a warning: they are the
     * borrower's bugs), and breaks the connection when it cannot be brought back in step with the
     * server, so the pool discards it instead of handing out a session in an unknown state. Drops
     * the notifications the borrower left unread: they were its own, and a LISTENing connection
     * nobody reads must not grow across borrows. The next borrower receives those that arrive after.
     */
    public void prepareForReuse() {
        queryTimeoutOverride = null;
        noticeSink = null; // the leaving borrower's: notices of the rollback below go to the listener only
        try {
            resetForReuse();
        } finally {
            // last: what arrives during the rollback was still sent to the borrower that is leaving
            if (unreadNotifications != null) {
                unreadNotifications.clear();
            }
        }
    }

    private void resetForReuse() {
        if (broken || closed) {
            return;
        }
        try {
            if (closeOpenCursor()) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "A connection was given back with a cursor open; it was closed."
                                + " Close streams and cursors (try-with-resources) when you are done with them.");
            }
            if (answerOutstanding() || busy) {
                markBroken(new IllegalStateException("released while a statement was still being answered"));
                return;
            }
            if (deferredBegin != null) {
                deferredBegin = null; // never reached the server: nothing to roll back
                LOG.log(
                        System.Logger.Level.WARNING,
                        "A connection was given back inside a transaction (begun, no statement run yet); it was"
                                + " dropped. Commit or roll back before releasing it.");
            }
            if (transactionStatus != 'I') {
                executeScript("ROLLBACK");
                LOG.log(
                        System.Logger.Level.WARNING,
                        "A connection was given back inside a transaction; it was rolled back."
                                + " Commit or roll back before releasing it.");
            }
        } catch (RuntimeException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "Could not reset a released connection (" + e.getMessage() + "); it is discarded.");
            markBroken(e);
        }
    }

    /** Pipelined executions of one statement with one Sync; see {@link io.lazypg.client.LazyPgConnection#executeBatch}. */
    public int[] executeBatch(String sql, List<Object[]> batch) {
        return runBatch(sql, batch, null);
    }

    /**
     * Pipelined executions of one statement with one Sync, each execution's rows and command tag
     * one result; see {@link io.lazypg.client.LazyPgConnection#queryBatch}.
     */
    public List<LazyResult> queryBatch(String sql, List<Object[]> batch) {
        List<LazyResult> results = new ArrayList<>(batch.size());
        runBatch(sql, batch, results);
        return results;
    }

    private int[] runBatch(String sql, List<Object[]> batch, @Nullable List<LazyResult> results) {
        ensureUsable();
        if (batch.isEmpty()) {
            return new int[0];
        }
        Object token = observeStart(sql, "batch");
        long bytesBefore = reader.bytesReceived();
        PreparedStatement statement = null;
        Throwable failure = null;
        long affected = 0;
        QueryTimeout timeout = null;
        startWork();
        try {
            timeout = armQueryTimeout();
            boolean ownTransaction = deferredBegin == null && transactionStatus == 'I';
            Object[] representative = representativeValues(batch, sql);
            // without a statement cache, prepare writes Parse here, and the first slice sends it
            int start = writeBuffer.position();
            statement = preparer.prepare(sql, representative);
            int[] counts;
            try {
                counts = BatchExecution.run(this, statement, batch, start, results);
            } catch (PgServerException e) {
                // A batch is one implicit transaction (one Sync): after a stale plan nothing of it is
                // kept, and a RETURNING batch failed at its first entry, before any row reached us.
                int delivered = results == null ? 0 : results.size();
                if (!StalePlans.rerunnable(e, statement, delivered, ownTransaction && transactionStatus == 'I')) {
                    throw StalePlans.explained(e);
                }
                start = writeBuffer.position();
                statement = preparer.rerun(statement, representative);
                counts = BatchExecution.run(this, statement, batch, start, results);
            }
            for (int n : counts) {
                affected += n;
            }
            return counts;
        } catch (Throwable e) {
            failure = settle(e, timeout);
            throw MessageLoop.unchecked(failure);
        } finally {
            endWork();
            disarm(timeout);
            recordExecution(statement, 0, reader.bytesReceived() - bytesBefore, failure, true);
            recordCompletion(statement, 0);
            observeFinish(token, sql, "batch", affected, failure);
        }
    }

    /** Per position, the first non-null value of the batch: its type is declared for every execution. */
    private static Object[] representativeValues(List<Object[]> batch, String sql) {
        int width = batch.get(0).length;
        Object[] representative = new Object[width];
        for (int r = 0; r < batch.size(); r++) {
            Object[] row = batch.get(r);
            if (row.length != width) {
                throw new PgUsageException("Batch entry " + r + " has " + row.length + " values but entry 0 has "
                        + width + ": every entry must bind the same placeholders of " + abbreviate(sql)
                        + ". Nothing was sent.");
            }
            for (int i = 0; i < width; i++) {
                if (representative[i] == null) {
                    representative[i] = row[i];
                }
            }
        }
        return representative;
    }

    /**
     * Runs SQL through the simple query protocol: several statements separated by semicolons, no
     * parameters, results discarded. For scripts, DDL and transaction control.
     */
    public void executeScript(String sql) {
        if (endUnsentTransaction(sql, NO_VALUES) != null) {
            return;
        }
        ensureUsable();
        runObservedScript(sql);
    }

    private void runObservedScript(String sql) {
        Object token = observeStart(sql, "script");
        Throwable failure = null;
        try {
            runScript(sql);
        } catch (RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            observeFinish(token, sql, "script", 0, failure);
        }
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
        Object token = observeStart(sql, "script");
        ScriptResults results = new ScriptResults(this);
        Throwable failure = null;
        try {
            simpleQuery(sql, results, true, true);
            return results.results();
        } catch (RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            observeFinish(token, sql, "script", results.results().size(), failure);
        }
    }

    private void runScript(String sql) {
        simpleQuery(sql, script, false, false); // results are discarded: nothing to retain
    }

    /**
     * Sends {@code sql} as one simple Query and reads the whole answer with {@code handler}: the path
     * scripts, script results and COPY share. {@code retainViews} chooses whether rows may outlive
     * the call; {@code timed} arms the query timeout (not for scripts and COPY, which run as long as
     * they must). Leaves the connection synchronized or broken, as every operation does.
     */
    private void simpleQuery(String sql, ResponseHandler handler, boolean retainViews, boolean timed) {
        QueryTimeout timeout = null;
        startWork();
        try {
            SqlText.check(sql);
            if (timed) {
                timeout = armQueryTimeout();
            }
            writeQuery(sql);
            send();
            reader.retainViews(retainViews);
            loop.run(handler);
        } catch (Throwable e) {
            throw MessageLoop.unchecked(settle(e, timeout));
        } finally {
            endWork();
            disarm(timeout);
        }
    }

    /**
     * Runs {@code COPY ... FROM STDIN} with {@code data} as its input, streamed in chunks of 64 KiB
     * (bounded memory for any size), and returns the rows copied. A server error in the data stops
     * the sending early; a failing or interrupted input is answered with CopyFail. Either way the
     * server rolls the COPY back and the connection stays usable. No query timeout applies.
     */
    public long copyIn(String copySql, InputStream data) {
        CopyFromStream copy = new CopyFromStream(this, data);
        runCopy("copy-in", copySql, copy);
        return copy.rows();
    }

    /**
     * Runs {@code COPY ... TO STDOUT} and writes its output to {@code out} as it arrives (bounded
     * memory), returning the rows copied. If {@code out} fails, the copy is cancelled on the server
     * and the connection stays usable. No query timeout applies.
     */
    public long copyOut(String copySql, OutputStream out) {
        CopyToStream copy = new CopyToStream(this, out);
        runCopy("copy-out", copySql, copy);
        return copy.rows();
    }

    private void runCopy(String operation, String sql, CopyOperation copy) {
        ensureUsable();
        Object token = observeStart(sql, operation);
        Throwable failure = null;
        try {
            simpleQuery(sql, copy, false, false); // copy-out payloads are written out during the call, never kept
        } catch (RuntimeException | Error e) {
            failure = e;
            throw e;
        } finally {
            observeFinish(token, sql, operation, copy.rows(), failure);
        }
    }

    @Override
    public boolean isValid(Duration timeout) {
        if (isBroken()) {
            return false;
        }
        SocketDeadline deadline = SocketDeadline.closeAfter(transport, timeout);
        boolean answered = false;
        try {
            ensureUsable();
            runScript(""); // not observed: validation is the pool's business, not a user statement
            answered = true;
        } catch (PgServerException e) {
            answered = true; // the server answered
        } catch (PgException e) {
            markBroken(e);
        } finally {
            if (!deadline.cancel()) {
                // It fired, perhaps just as the answer arrived: the socket is closed or about to be.
                answered = false;
                markBroken(new PgConnectionClosedException(
                        "Validation took longer than " + timeout.toMillis() + " ms; the connection was closed."));
            }
        }
        return answered;
    }

    @Override
    public boolean isBroken() {
        return broken || closed || aborted;
    }

    /** Whether the {@linkplain #tracker(HostTracker) tracker} says this connection must not be handed out again. */
    @Override
    public boolean isRetired() {
        HostTracker t = tracker;
        return t != null && t.retired(this);
    }

    /** Sets who learns that this connection's server was lost and decides whether it is retired; set once, after opening. */
    public void tracker(HostTracker tracker) {
        this.tracker = tracker;
    }

    /** Where this connection goes, as messages name it: {@code host:port}. */
    /** The host this connection is to; safe to call from any thread (a final field's). */
    public io.lazypg.client.PgHost host() {
        return config.hosts().get(0);
    }

    public String hostAndPort() {
        return (config.host().indexOf(':') >= 0 ? "[" + config.host() + "]" : config.host()) + ":" + config.port();
    }

    /**
     * Runs SQL by the simple query protocol and returns its results, outside query observation and
     * statistics: for the client's own questions about the session (the server's role), not a user's.
     */
    public List<LazyResult> querySessionState(String sql) {
        ensureUsable();
        ScriptResults results = new ScriptResults(this);
        simpleQuery(sql, results, true, true);
        return results.results();
    }

    /**
     * Closes the socket at once; callable from any thread (the others are not). What the owning
     * thread is running fails with an I/O error, which marks the connection broken; until then
     * {@link #isBroken()} already says so, and a pool discards it.
     */
    public void abort() {
        aborted = true;
        try {
            // the TCP socket, not the TLS one: closing TLS from this thread would wait for a blocked writer's lock
            transport.close();
        } catch (IOException ignored) {
            // closing is all we wanted
        }
    }

    /**
     * Turns the watch for writes on or off: while on, each completed statement whose command tag may
     * mean a write ({@link CommandTags#mayWrite}) sets a flag that
     * {@link #takeMayHaveWritten()} reads and clears. For read_your_writes.
     */
    public void watchWrites(boolean on) {
        watchesWrites = on;
        if (!on) {
            mayHaveWritten = false;
        }
    }

    /** Whether a statement that may have written completed since the last call; clears the flag. */
    public boolean takeMayHaveWritten() {
        boolean wrote = mayHaveWritten;
        mayHaveWritten = false;
        return wrote;
    }

    /** Called by the message loop for each CommandComplete; reads the tag in place, allocating nothing. */
    void commandCompleted(byte[] buffer, int offset) {
        if (watchesWrites && !mayHaveWritten) {
            mayHaveWritten = CommandTags.mayWrite(buffer, offset);
        }
    }

    /** The highest WAL position this connection's server was seen to have replayed (unsigned; 0 unknown). */
    public long replayedLsn() {
        return replayedLsn;
    }

    /** Records that this connection's server has replayed WAL up to {@code lsn} (unsigned). */
    public void replayedLsn(long lsn) {
        replayedLsn = lsn;
    }

    /** 'I' idle, 'T' in a transaction block, 'E' in a failed transaction block (from the last ReadyForQuery). */
    public char transactionStatus() {
        return transactionStatus;
    }

    public String serverParameter(String name) {
        return serverParameters.get(name);
    }

    public Map<String, String> serverParameters() {
        return Collections.unmodifiableMap(serverParameters);
    }

    public int processId() {
        return processId;
    }

    public long createdNanos() {
        return createdNanos;
    }

    public long bytesReceived() {
        return reader.bytesReceived();
    }

    /** The RowDescription of an unnamed statement's portal, read by a cursor; see {@link StatementPreparer#describedPortal}. */
    void describedPortal(PreparedStatement statement, MessageReader in) {
        preparer.describedPortal(statement, in);
    }

    int cachedStatementCount() {
        return preparer.cachedCount();
    }

    /**
     * Asks the server, over a separate connection, to cancel the work this session is running; does
     * nothing while it runs none, and a request racing the work's end never reaches the next
     * statement ({@link CancelGate}). Blocks until the request's outcome is known; any thread.
     */
    public void cancel() {
        cancels.cancel(this::sendCancel);
    }

    /** Work is about to be sent: the session is busy, and a cancel from now on is for this work. */
    void startWork() {
        busy = true;
        cancels.started();
    }

    /** The work ended; waits for a cancel in flight, and discards the connection when its delivery is unknown. */
    void endWork() {
        busy = false;
        if (!cancels.finished()) {
            markBroken(new PgConnectionClosedException("A cancel request for this session's statement could not be"
                    + " confirmed as delivered, so it might still reach a later statement. The connection was"
                    + " closed; run the next statement on a new one."));
        }
    }

    /** {@link #cancel()}, saying whether the request reached the server; blocks until it knows. */
    CancelRequests.Outcome sendCancel() {
        return CancelRequests.send(config, socket, processId, secretKey);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (!broken) {
                FrontendMessages.terminate(writeBuffer);
                send();
            }
        } catch (IOException | RuntimeException ignored) {
            // closing anyway
        }
        closeSocket();
    }

    // ---------------------------------------------------------------- pipelining (for SharedConnection)

    /**
     * The statement for {@code sql} when it is prepared here and can run {@code values} with no
     * round trip of its own ({@link StatementPreparer#ready}), else null. While the connection is
     * shared, only under the {@link SharedConnection}'s send lock.
     */
    PreparedStatement pipelinable(String sql, Object[] values) {
        return preparer.ready(sql, values);
    }

    /**
     * Writes and sends Bind, Execute and Sync of a {@linkplain #pipelinable ready} statement while
     * earlier statements' answers may still be on their way to another thread; under the shared
     * connection's send lock. The Sync is counted by the pipeline, not in {@link #readyOwed}, which
     * stays 0 while the connection is shared. A value that cannot be encoded fails before anything
     * is sent; either way the write buffer is left empty.
     */
    void sendPipelined(PreparedStatement statement, Object[] values) throws IOException {
        try {
            writeBind(statement, values); // a ready statement is never described per execution
            FrontendMessages.execute(writeBuffer, 0);
            FrontendMessages.sync(writeBuffer);
            out.write(writeBuffer.array(), 0, writeBuffer.position());
            out.flush();
        } finally {
            writeBuffer.reset();
        }
    }

    /**
     * Reads the answer of one statement sent by {@link #sendPipelined}, up to the ReadyForQuery of
     * its Sync, handing its rows to {@code sink} (null: only counted); for the thread whose turn it
     * is to read. The returned response is valid until the next read.
     */
    ExecutionResponse readPipelined(PreparedStatement statement, RowSink sink, boolean retainRows) throws IOException {
        ExecutionResponse response = execution;
        response.start(sink);
        response.statement(statement);
        if (sink != null) {
            sink.starting(statement);
        }
        try {
            reader.retainViews(retainRows);
            loop.runPipelined(response);
            return response;
        } finally {
            response.releaseSink();
        }
    }

    /** ReadyForQuery ending a pipelined statement's answer: its status must be idle, or the neighbours would run inside a transaction. */
    void pipelinedReadyForQuery() {
        transactionStatus = (char) reader.buffer()[reader.payloadOffset()];
        pipelinedAnswers++;
        if (transactionStatus != 'I') {
            throw new PgProtocolException("A pipelined statement left the session in a transaction block (status "
                    + transactionStatus + "), which the statements sent after it would have joined. The shared"
                    + " connection was closed. Run transaction control through a session of its own (acquire()).");
        }
    }

    /** How many pipelined answers were read to their end: a read that failed without advancing it left the stream out of step. */
    long pipelinedAnswers() {
        return pipelinedAnswers;
    }

    // ---------------------------------------------------------------- the extended protocol

    /** Receives each DataRow: the array it is in, the position of its first cell's length word and the row's end. */
    @FunctionalInterface
    interface RowSink {
        void row(byte[] buffer, int firstCell, int end, ResultShape shape);

        /** The statement is about to run (before any row arrives). */
        default void starting(PreparedStatement statement) {}
    }

    /**
     * Keeps every row as a view; the reader runs in retaining mode, so the views stay valid. The
     * list starts at the size of the statement's previous buffered result, so a repeated large query
     * does not grow (and copy) it a few dozen times while the rows arrive; a list left much larger
     * than its rows is trimmed, since the result keeps it.
     */
    static final class BufferedRows implements RowSink {
        private final int maxRows;
        private PreparedStatement statement;
        private final RowList rows = new RowList();

        BufferedRows(int maxRows) {
            this.maxRows = maxRows;
        }

        @Override
        public void starting(PreparedStatement statement) {
            this.statement = statement;
            int previous = statement.lastBufferedRows;
            rows.expect(maxRows > 0 ? Math.min(previous, maxRows) : previous);
        }

        @Override
        public void row(byte[] buffer, int firstCell, int end, ResultShape shape) {
            rows.append(RowViews.view(shape, buffer, firstCell, end));
        }

        /** Rows received so far. */
        int received() {
            return rows.size();
        }

        /** The rows, sealed, once the execution succeeded; remembers their count for the statement's next execution. */
        List<LazyRow> finish() {
            if (statement != null) {
                statement.lastBufferedRows = rows.size();
            }
            return rows.seal();
        }
    }

    /** Hands each row to a callback through one reused view, valid only during the call. */
    private static final class CallbackRows implements RowSink {
        private final LazyRowCallback callback;
        final LazyRow reused = RowViews.reusable();

        CallbackRows(LazyRowCallback callback) {
            this.callback = callback;
        }

        @Override
        public void row(byte[] buffer, int firstCell, int end, ResultShape shape) {
            RowViews.reset(reused, shape, buffer, firstCell, end);
            callback.processRow(reused);
        }
    }

    private ExecutionResponse run(
            String operation, String sql, Object[] params, boolean retainRows, RowSink sink, int maxRows) {
        ensureOpenAndIdle();
        Object[] values = params == null ? NO_VALUES : params;
        if (deferredBegin != null && preparer.ready(sql, values) == null) {
            flushDeferredBegin(); // the statement needs a round trip of its own to be prepared first
        }
        Object token = observeStart(sql, operation);
        long bytesBefore = reader.bytesReceived();
        ExecutionResponse response = execution;
        response.start(sink);
        Throwable failure = null;
        QueryTimeout timeout = null;
        startWork();
        try {
            // Armed before preparing: a stall in the Parse/Describe round trip is bounded too.
            timeout = armQueryTimeout();
            boolean ownTransaction = deferredBegin == null && transactionStatus == 'I';
            PreparedStatement statement = preparer.prepare(sql, values);
            try {
                bindAndExecute(statement, values, response, sink, retainRows, maxRows);
            } catch (PgServerException e) {
                if (!StalePlans.rerunnable(
                        e, statement, response.rowCount(), ownTransaction && transactionStatus == 'I')) {
                    throw StalePlans.explained(e);
                }
                response.start(sink);
                bindAndExecute(preparer.rerun(statement, values), values, response, sink, retainRows, maxRows);
            }
            return response;
        } catch (Throwable e) {
            failure = settle(e, timeout);
            throw MessageLoop.unchecked(failure);
        } finally {
            endWork();
            response.releaseSink(); // the pooled connection must not pin the caller's rows or callback
            disarm(timeout);
            // without a sink (execute) the rows affected come from the command tag, else the rows received
            long rows = sink == null && failure == null ? CommandTags.rowCount(response.tag()) : response.rowCount();
            recordExecution(
                    response.statement(), response.rowCount(), reader.bytesReceived() - bytesBefore, failure, true);
            recordCompletion(response.statement(), response.rowCount());
            observeFinish(token, sql, operation, rows, failure);
        }
    }

    /** One run of {@link #run}: Bind, Execute, Sync of a prepared statement, and its answer read. */
    private void bindAndExecute(
            PreparedStatement statement,
            Object[] values,
            ExecutionResponse response,
            RowSink sink,
            boolean retainRows,
            int maxRows)
            throws IOException {
        response.statement(statement);
        if (sink != null) {
            sink.starting(statement);
        }
        String begin = deferredBegin;
        int mark = writeBuffer.position();
        try {
            if (begin != null) {
                writeUnnamed(begin); // same Sync: if BEGIN fails, the server skips the statement too
            }
            writeBindAndDescribe(statement, values);
        } catch (RuntimeException e) {
            writeBuffer.truncate(mark); // a parameter that cannot be sent: neither goes, BEGIN stays deferred
            throw e;
        }
        preparer.writePendingCloses(); // before Execute, so the statement runs with the evicted ones gone
        FrontendMessages.execute(writeBuffer, maxRows);
        writeSync();
        if (begin != null) {
            deferredBegin = null;
            beginsWithStatement++;
        }
        send();
        reader.retainViews(retainRows);
        if (begin != null) {
            loop.run(beginResponse); // pauses after BEGIN's CommandComplete; a failed BEGIN throws here
        }
        loop.run(response);
    }

    /** Parse, Bind and Execute of a statement without parameters or rows, through the unnamed statement and portal. */
    private void writeUnnamed(String sql) {
        FrontendMessages.parse(writeBuffer, "", sql, NO_TYPES);
        FrontendMessages.endBind(writeBuffer, FrontendMessages.beginBind(writeBuffer, "", NO_FORMATS, 0), NO_FORMATS);
        FrontendMessages.execute(writeBuffer, 0);
    }

    /**
     * Opens a transaction block with {@code beginSql} (a BEGIN the caller built) that the server
     * receives together with the session's next statement, in the same write and under the same
     * Sync, as pgjdbc sends its BEGIN: a transaction then costs no round trip of its own. A
     * statement that needs a Parse round trip first, and every other operation (scripts, cursors,
     * batches, COPY, describe, validation), sends it on its own before running.
     *
     * @throws PgUsageException when a transaction block is already open or asked for
     */
    public void begin(String beginSql) {
        ensureOpenAndIdle();
        if (deferredBegin != null || transactionStatus != 'I') {
            throw new PgUsageException("A transaction is already open on this session (status "
                    + (deferredBegin != null ? "begun, not yet sent" : String.valueOf(transactionStatus))
                    + "). Commit or roll it back before beginning another, or use a savepoint.");
        }
        deferredBegin = beginSql;
    }

    /** Whether the session is in a transaction block: the server says so, or a BEGIN is deferred. */
    public boolean inTransactionBlock() {
        return deferredBegin != null || transactionStatus != 'I';
    }

    /**
     * Ends, without a word to the server, a transaction whose BEGIN was never sent: no statement ran
     * in it, so there is nothing to commit or roll back, and neither BEGIN nor its end goes (pgjdbc
     * sends neither either). Returns the command tag the server would have answered (COMMIT or
     * ROLLBACK), or null when {@code sql} is something else or the BEGIN was sent; then nothing changed.
     */
    private String endUnsentTransaction(String sql, Object[] params) {
        if (deferredBegin == null || (params != null && params.length > 0)) {
            return null;
        }
        ensureOpenAndIdle();
        String tag = TransactionEnd.tagOf(sql);
        if (tag != null) {
            deferredBegin = null;
            transactionsNeverSent++;
        }
        return tag;
    }

    /** Transactions begun and ended with no statement between, so neither BEGIN nor COMMIT/ROLLBACK was sent. */
    public long transactionsNeverSent() {
        return transactionsNeverSent;
    }

    /** BEGINs sent with a statement rather than alone. */
    public long beginsWithStatement() {
        return beginsWithStatement;
    }

    private void flushDeferredBegin() {
        String begin = deferredBegin;
        if (begin != null) {
            deferredBegin = null;
            runObservedScript(begin);
        }
    }

    /**
     * Bind, then Describe of the portal when the statement's columns are learnt per execution (an
     * unnamed statement parsed in the same pipeline, see {@link StatementPreparer}).
     */
    private void writeBindAndDescribe(PreparedStatement statement, Object[] values) {
        writeBind(statement, values);
        if (statement.describedPerExecution) {
            FrontendMessages.describe(writeBuffer, 'P', "");
        }
    }

    void writeBind(PreparedStatement statement, Object[] values) {
        short[] formats = NO_FORMATS;
        for (Object v : values) {
            if (v != null && ParameterEncoder.formatCode(v) != 0) {
                formats = parameterFormats(values);
                break;
            }
        }
        int mark = writeBuffer.position();
        try {
            int length = FrontendMessages.beginBind(writeBuffer, statement.name, formats, values.length);
            int[] described = statement.describedTypes;
            for (int i = 0; i < values.length; i++) {
                Object v = values[i];
                if (v != null && JsonParameters.isJson(described[i])) {
                    v = JsonParameters.bindable(hooks.jsonEncoder(), v, described[i], i + 1);
                }
                ParameterEncoder.write(writeBuffer, v, i + 1);
            }
            FrontendMessages.endBind(writeBuffer, length, statement.resultFormats);
        } catch (RuntimeException e) {
            writeBuffer.truncate(mark); // nothing half-written is ever sent
            throw e;
        }
    }

    private static short[] parameterFormats(Object[] values) {
        short[] formats = new short[values.length];
        for (int i = 0; i < values.length; i++) {
            formats[i] = (short) (values[i] == null ? 0 : ParameterEncoder.formatCode(values[i]));
        }
        return formats;
    }

    static String abbreviate(String sql) {
        String oneLine = sql.replaceAll("\\s+", " ").trim();
        return oneLine.length() > 120 ? oneLine.substring(0, 117) + "..." : oneLine;
    }

    // ---------------------------------------------------------------- statistics and observation

    /** Feeds one execution (or cursor batch) into the statement's statistics. */
    void recordExecution(PreparedStatement statement, long rows, long bytes, Throwable failure, boolean newExecution) {
        if (statement == null || statement.usage == null) {
            return;
        }
        int columns = statement.shape == null ? 0 : statement.shape.size();
        statement.usage.executed(rows, columns, bytes, failure != null, newExecution);
        if (newExecution) {
            hooks.statistics().afterExecution(statement.usage);
        }
    }

    /** An execution's last rows arrived (see {@code StatementUsage.completed}); after {@link #recordExecution}. */
    void recordCompletion(PreparedStatement statement, long rows) {
        if (statement == null || statement.usage == null) {
            return;
        }
        statement.usage.completed(rows, statement.shape == null ? 0 : statement.shape.size());
    }

    Object observeStart(String sql, String operation) {
        try {
            return hooks.observer().started(sql, operation);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "The query observer threw; ignoring it", e);
            return null;
        }
    }

    void observeFinish(Object token, String sql, String operation, long rows, Throwable failure) {
        try {
            hooks.observer().finished(token, sql, operation, rows, failure);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "The query observer threw; ignoring it", e);
        }
    }

    /** A DataRow must carry as many cells as its RowDescription announced. */
    void checkColumnCount(ResultShape shape) {
        if (reader.payloadLength() < 2
                || Bytes.readUnsignedShort(reader.buffer(), reader.payloadOffset()) != shape.size()) {
            throw new PgProtocolException("Corrupt DataRow from the server: it does not carry the " + shape.size()
                    + " columns its RowDescription announced. The connection was closed; retry on a new one.");
        }
    }

    // ---------------------------------------------------------------- messages every phase handles

    /** The next message that is not asynchronous (notices, parameter status and notifications are handled here). */
    byte nextMessage() throws IOException {
        while (true) {
            byte type = reader.next();
            if (!handledAsynchronously(type)) {
                return type;
            }
        }
    }

    /** Handles a message the server may send at any time; false for every other type. */
    private boolean handledAsynchronously(byte type) {
        switch (type) {
            case BackendMessages.NOTICE_RESPONSE -> notice();
            case BackendMessages.PARAMETER_STATUS -> parameterStatus();
            case BackendMessages.NOTIFICATION_RESPONSE -> notification();
            default -> {
                return false;
            }
        }
        return true;
    }

    private void notice() {
        PgServerException.ServerMessage notice =
                ServerMessages.parse(reader.buffer(), reader.payloadOffset(), reader.payloadLength());
        LOG.log(System.Logger.Level.DEBUG, () -> "Server notice: " + notice.describe());
        Consumer<PgServerException.ServerMessage> sink = noticeSink;
        if (sink != null) {
            sink.accept(notice);
        }
        Consumer<PgServerException.ServerMessage> listener = hooks.noticeListener();
        if (listener != null) {
            try {
                listener.accept(notice);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "The notice listener threw; ignoring it", e);
            }
        }
    }

    /** Where this connection's notices go besides the client's notice listener (null: nowhere else); see {@link #prepareForReuse}. */
    public void noticeSink(Consumer<PgServerException.ServerMessage> sink) {
        this.noticeSink = sink;
    }

    /**
     * NotificationResponse: Int32 sender's process id, channel and payload as C strings. Handed to
     * the {@linkplain #notificationSink(Consumer) sink}, whose failures are its own business (it
     * must not throw; a listener connection's sink catches what its subscribers throw); with no sink
     * (a session's connection), kept for the session's {@link #takeNotifications}.
     */
    private void notification() {
        byte[] b = reader.buffer();
        int p = reader.payloadOffset();
        int end = p + reader.payloadLength();
        int channelEnd = end - p < 4 ? -1 : Bytes.indexOfNul(b, p + 4, end);
        int payloadEnd = channelEnd < 0 ? -1 : Bytes.indexOfNul(b, channelEnd + 1, end);
        if (payloadEnd < 0) {
            throw new PgProtocolException(
                    "Malformed NotificationResponse message from the server. The connection was" + " closed.");
        }
        int sender = Bytes.readInt(b, p);
        String channel = new String(b, p + 4, channelEnd - p - 4, StandardCharsets.UTF_8);
        String payload = new String(b, channelEnd + 1, payloadEnd - channelEnd - 1, StandardCharsets.UTF_8);
        PgNotification notification = new PgNotification(channel, payload, sender);
        Consumer<PgNotification> sink = notificationSink;
        if (sink != null) {
            sink.accept(notification);
            return;
        }
        UnreadNotifications unread = unreadNotifications;
        if (unread == null) {
            unread = new UnreadNotifications();
            unreadNotifications = unread;
        }
        unread.add(notification, processId);
    }

    /**
     * Sends NotificationResponse messages to {@code sink} from now on, instead of keeping them for
     * {@link #takeNotifications} (null: keep them again). For a listener connection. The sink runs
     * on the thread that reads this connection, inside whatever exchange is reading, so it must not
     * throw and must not use this connection.
     */
    public void notificationSink(Consumer<PgNotification> sink) {
        this.notificationSink = sink;
    }

    /**
     * For the session that holds this connection: moves the notifications received since the last
     * call (with no sink set; oldest first) to the end of {@code into}, and returns how many. Those
     * arrive with the answers to any exchange, or during {@link #awaitNotifications}. At most {@value
     * UnreadNotifications#LIMIT} are kept unread: past that the oldest are dropped, with a warning
     * once per connection. {@link #prepareForReuse()} drops what the borrower left unread.
     */
    public int takeNotifications(List<? super PgNotification> into) {
        UnreadNotifications unread = unreadNotifications;
        return unread == null ? 0 : unread.drainTo(into);
    }

    /**
     * Waits up to {@code poll} for the server to send something while the session is idle, handles
     * what arrives (notifications go to the {@linkplain #notificationSink sink}, or are kept for
     * {@link #takeNotifications}) and returns: at the
     * end of the poll when nothing arrived, or once the messages that arrived together are handled.
     * Only asynchronous messages may arrive on an idle session, and a FATAL error as the server ends
     * it (thrown as that {@link PgServerException}, the connection broken); anything else is a
     * protocol error.
     *
     * <p>The wait is a read with {@code SO_TIMEOUT}, which {@link SocketDeadline} avoids for pooled
     * sessions (on JDK 17 it leaves the socket non-blocking, so every later read costs more). Meant
     * for a connection that only ever waits for notifications, where that cost does not matter. A
     * timeout that strikes in the middle of a message loses nothing: the reader keeps the partial
     * message and the next read completes it. Any other failure breaks the connection.
     */
    public void awaitNotifications(Duration poll) {
        ensureUsable();
        if (readyOwed != 0 || flushedWithoutSync) {
            throw new PgUsageException("awaitNotifications needs an idle session; an answer is still owed.");
        }
        startWork();
        try {
            reader.retainViews(false); // notifications are copied into Strings at once
            socket.setSoTimeout((int) Math.max(1, poll.toMillis()));
            try {
                do {
                    byte type = reader.next();
                    if (type == BackendMessages.ERROR_RESPONSE) {
                        // Unasked, an error can only be FATAL: the server is ending the session
                        // (pg_terminate_backend, shutdown, idle_session_timeout). Report its words.
                        throw markBroken(serverError());
                    }
                    if (!handledAsynchronously(type)) {
                        throw unexpected(type, "waiting for notifications");
                    }
                } while (reader.hasBufferedBytes());
            } catch (SocketTimeoutException e) {
                // the poll elapsed: nothing more came, and a partial message stays buffered for the next read
            } finally {
                if (!isBroken()) {
                    socket.setSoTimeout(0); // a closed socket would throw here and hide why it closed
                }
            }
        } catch (Throwable t) {
            throw failed(t);
        } finally {
            endWork();
        }
    }

    void parameterStatus() {
        byte[] b = reader.buffer();
        int p = reader.payloadOffset();
        int end = p + reader.payloadLength();
        int nameEnd = Bytes.indexOfNul(b, p, end);
        int valueEnd = nameEnd < 0 ? -1 : Bytes.indexOfNul(b, nameEnd + 1, end);
        if (valueEnd < 0) {
            throw new PgProtocolException(
                    "Malformed ParameterStatus message from the server. The connection was closed.");
        }
        String name = new String(b, p, nameEnd - p, StandardCharsets.UTF_8);
        String value = new String(b, nameEnd + 1, valueEnd - nameEnd - 1, StandardCharsets.UTF_8);
        serverParameters.put(name, value);
        if ("search_path".equals(name)) {
            definitionsChanged(); // reported by PostgreSQL 18 and later; see StalePlans
        }
        if ("client_encoding".equals(name) && !"UTF8".equalsIgnoreCase(value) && !"UNICODE".equalsIgnoreCase(value)) {
            throw new PgProtocolException("The server switched client_encoding to " + value
                    + "; lazypg reads and writes UTF-8 only. Do not change client_encoding (remove SET client_encoding"
                    + " or the role/database setting). The connection was closed.");
        }
        output = SessionOutput.reported(output, name, value);
    }

    /** Records the transaction status; a ReadyForQuery nobody asked for is a protocol error. */
    void readyForQuery() {
        if (readyOwed == 0) {
            throw new PgProtocolException("The server sent ReadyForQuery that no request asked for. The connection was"
                    + " closed; retry on a new one.");
        }
        readyOwed--;
        transactionStatus = (char) reader.buffer()[reader.payloadOffset()];
    }

    PgServerException serverError() {
        return new PgServerException(
                ServerMessages.parse(reader.buffer(), reader.payloadOffset(), reader.payloadLength()));
    }

    PgProtocolException unexpected(byte type, String phase) {
        return MessageLoop.unexpected(type, phase);
    }

    static String readCString(byte[] b, int at) {
        int end = at;
        while (b[end] != 0) {
            end++;
        }
        return new String(b, at, end - at, StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------- timeouts and failure

    /**
     * Arms the query timeout for the work about to be sent (see {@link QueryTimeout}); null, at no
     * cost, when no query timeout is configured. Pair every call with {@link #disarm}.
     */
    QueryTimeout armQueryTimeout() {
        Duration timeout = queryTimeout();
        if (timeout.isZero() || timeout.isNegative()) {
            return null;
        }
        return QueryTimeout.arm(this, timeout);
    }

    /** The timeout each statement runs under: the session's override, else the configured one. */
    Duration queryTimeout() {
        Duration override = queryTimeoutOverride;
        return override != null ? override : config.queryTimeout();
    }

    /**
     * Bounds the statements this session runs from now on by {@code timeout} (zero: no bound)
     * instead of the configured query timeout; null restores the configured one, as
     * {@link #prepareForReuse()} does for the next borrower.
     */
    public void queryTimeout(Duration timeout) {
        queryTimeoutOverride = timeout;
    }

    /**
     * Disarms {@code timeout} (null: none was armed) once the work's answer has been read or the work
     * failed. When the timeout fired just then, this waits for its CancelRequest to be delivered, so
     * that it cannot hit the next statement; when that cannot be confirmed, or the give-up closed the
     * socket, the connection is marked broken (a pool then discards it).
     */
    void disarm(QueryTimeout timeout) {
        if (timeout != null && !timeout.disarm(broken || closed)) {
            markBroken(new PgTimeoutException(
                    PgTimeoutException.Kind.QUERY,
                    "The query timeout ("
                            + QueryTimeout.setting(this) + ") fired as the work ended, and its cancel request could not"
                            + " be confirmed or the socket was given up. The connection was closed."));
        }
    }

    /** On the timer thread, just before the query timeout's give-up closes the socket. */
    void markQueryGaveUp() {
        queryGaveUp = true;
    }

    /** {@link #ensureOpenAndIdle()}, then sends a deferred BEGIN on its own: every operation but a statement's {@link #run}. */
    void ensureUsable() {
        ensureOpenAndIdle();
        flushDeferredBegin();
    }

    private void ensureOpenAndIdle() {
        if (busy) {
            throw new PgUsageException("This connection is busy reading a result: a row callback cannot run statements"
                    + " on the connection whose rows it is reading. Use another connection, or buffer the rows first.");
        }
        if (openCursor != null) {
            throw new PgUsageException("A cursor is open on this connection; close it (or read it to the end)"
                    + " before running anything else on the same connection.");
        }
        if (closed) {
            throw new PgConnectionClosedException("The connection is closed. Acquire a new one.");
        }
        if (broken) {
            throw new PgConnectionClosedException(
                    "The connection broke earlier and cannot be used. Acquire a new one.");
        }
    }

    /**
     * Marks the connection broken after an I/O failure and says what happened: a read that timed out
     * under an armed query timeout (the server did not answer even the cancel), or a lost connection.
     */
    PgException broken(IOException e) {
        markBroken(e);
        if (!(e instanceof SocketTimeoutException || queryGaveUp || aborted || closed)) {
            serverLost();
        }
        if (e instanceof SocketTimeoutException || queryGaveUp) {
            return new PgTimeoutException(
                    PgTimeoutException.Kind.QUERY,
                    "The server did not answer within the query"
                            + " timeout (" + QueryTimeout.setting(this) + ") plus " + QueryTimeout.CANCEL_GRACE_MILLIS
                            + " ms after a cancel request (network stall or unresponsive server). The connection was closed.",
                    e);
        }
        return new PgConnectionClosedException(
                "I/O error on the connection to " + hostAndPort()
                        + " (" + e.getMessage()
                        + "): the backend was terminated, the server restarted, or the network failed."
                        + " The connection was closed; retry on a new one.",
                e);
    }

    private void serverLost() {
        HostTracker t = tracker;
        if (t != null) {
            t.lost(this);
        }
    }

    <E extends Throwable> E markBroken(E cause) {
        if (!broken) {
            broken = true;
            LOG.log(System.Logger.Level.DEBUG, () -> "Connection to backend " + processId + " marked broken: " + cause);
            closeSocket();
        }
        return cause;
    }

    private void closeSocket() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
    }

    @Override
    public String toString() {
        return "PgConnection[backend " + processId + " at " + config.host() + ":" + config.port() + "/"
                + config.database() + (broken ? ", broken" : closed ? ", closed" : "") + "]";
    }
}
