package io.lazypg.client.internal.conn;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.codec.OutputSettings;
import io.lazypg.client.internal.param.ParameterEncoder;
import io.lazypg.client.internal.pool.Poolable;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
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
import java.util.concurrent.ScheduledFuture;
import java.util.function.Consumer;

/**
 * One PostgreSQL session over one socket: the extended query protocol with a prepared-statement
 * cache, the simple query protocol for scripts, and the resynchronisation that keeps the session
 * usable after a server error.
 *
 * <p>Every failure of the socket or of the stream marks the connection broken (it is closed and
 * a pool discards it); a server error does not.
 *
 * <p>Not thread-safe: one thread at a time, as handed out by the pool.
 */
public final class PgConnection implements Poolable {

    private static final System.Logger LOG = System.getLogger(PgConnection.class.getName());
    private static final short[] NO_FORMATS = new short[0];
    private static final Object[] NO_VALUES = new Object[0];
    private static final byte[] FLUSH_MESSAGE = {'H', 0, 0, 0, 4};
    /** How long past the query timeout we wait for the server to answer the cancel before giving up the socket. */
    private static final int CANCEL_GRACE_MILLIS = 5_000;

    private final LazyPgConfig config;
    private final Socket socket;
    private final OutputStream out;
    private final MessageReader reader;
    private final WriteBuffer writeBuffer = new WriteBuffer(1024);
    private final StatementPreparer preparer;
    private final Map<String, String> serverParameters = new HashMap<>();
    private final long createdNanos = System.nanoTime();
    private final ClientHooks hooks;
    /** DataRows received by the last execution read through {@link #readExecution}. */
    private long lastRowCount;

    private int processId;
    private int secretKey;
    private OutputSettings output = OutputSettings.of(null);
    private char transactionStatus = 'I';
    private boolean broken;
    private boolean closed;
    private PortalCursor openCursor;
    /** Set when a query timeout closed the socket: the I/O failure that follows is reported as a timeout. */
    private volatile boolean queryGaveUp;

    PgConnection(LazyPgConfig config, Socket socket, ClientHooks hooks) throws IOException {
        this.config = config;
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.reader = new MessageReader(socket.getInputStream(), config.receiveBufferSize(), config.maxMessageSize());
        this.preparer = new StatementPreparer(this, new StatementCache(config.statementCacheSize()));
        this.hooks = hooks;
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

    void send() throws IOException {
        out.write(writeBuffer.array(), 0, writeBuffer.position());
        out.flush();
        writeBuffer.reset();
    }

    /** Sends part of the write buffer as it is, leaving the buffer untouched (batch slices). */
    void sendSlice(int from, int to, boolean thenFlushMessage) throws IOException {
        out.write(writeBuffer.array(), from, to - from);
        if (thenFlushMessage) {
            out.write(FLUSH_MESSAGE);
        }
        out.flush();
    }

    void backendKey(int processId, int secretKey) {
        this.processId = processId;
        this.secretKey = secretKey;
    }

    Socket socket() {
        return socket;
    }

    LazyPgConfig config() {
        return config;
    }

    /** Queues Close for statements evicted from the cache, to go out with the next batch of messages. */
    void writePendingCloses() {
        preparer.writePendingCloses();
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
        List<LazyRow> rows = new ArrayList<>();
        ResultShape[] shapeHolder = new ResultShape[1];
        String tag = run("query", sql, params, true, (buffer, offset, end, shape) -> rows.add(new LazyRow(shape, buffer, offset, end)),
                shapeHolder);
        ResultShape shape = shapeHolder[0];
        return new LazyResult(shape == null ? List.of() : shape.columns(), rows, tag);
    }

    /** Runs a query and hands each row to the callback while it is valid; nothing is buffered. */
    public void query(String sql, LazyRowCallback callback, Object... params) {
        LazyRow reused = new LazyRow(null, null, 0);
        RuntimeException[] callbackFailure = new RuntimeException[1];
        run("callback", sql, params, false, (buffer, offset, end, shape) -> {
            if (callbackFailure[0] != null) {
                return; // drain the rest so the session stays usable, then rethrow
            }
            reused.reset(shape, buffer, offset, end);
            try {
                callback.processRow(reused);
            } catch (RuntimeException e) {
                callbackFailure[0] = e;
            }
        }, null);
        if (callbackFailure[0] != null) {
            throw callbackFailure[0];
        }
    }

    /** Runs a statement through the extended protocol and returns the row count of its command tag. */
    public long execute(String sql, Object... params) {
        String tag = run("execute", sql, params, false, (buffer, offset, end, shape) -> { }, null);
        return CommandTags.rowCount(tag);
    }

    /** Opens a portal and fetches {@code fetchSize} rows per round trip; see {@link io.lazypg.client.RowCursor}. */
    public io.lazypg.client.RowCursor stream(String sql, int fetchSize, Object... params) {
        ensureUsable();
        Object[] values = params == null ? NO_VALUES : params;
        int rowsPerFetch = fetchSize > 0 ? fetchSize : config.fetchSize() > 0 ? config.fetchSize() : 1000;
        Object token = observeStart(sql, "stream");
        PortalCursor cursor = null;
        try {
            PreparedStatement statement;
            QueryTimer timeout = armQueryTimeout();
            try {
                statement = preparer.prepare(sql, values);
            } finally {
                disarm(timeout);
            }
            writePendingCloses();
            writeBind(statement, values);
            cursor = new PortalCursor(this, statement, rowsPerFetch, token);
            openCursor = cursor;
            cursor.fetch();
            return cursor;
        } catch (IOException e) {
            openCursor = null;
            RuntimeException failure = broken(e);
            if (cursor == null) {
                observeFinish(token, sql, "stream", 0, failure);
            }
            throw failure;
        } catch (RuntimeException e) {
            if (e instanceof PgProtocolException || e instanceof PgConnectionClosedException) {
                markBroken(e);
            }
            if (cursor == null) {
                // a cursor that was opened reports its own end (PortalCursor.fail/finish)
                observeFinish(token, sql, "stream", 0, e);
            }
            openCursor = null;
            throw e;
        }
    }

    void cursorClosed(PortalCursor cursor) {
        if (openCursor == cursor) {
            openCursor = null;
        }
    }

    /** Pipelined executions of one statement with one Sync; see {@link io.lazypg.client.LazyPgConnection#executeBatch}. */
    public int[] executeBatch(String sql, List<Object[]> batch) {
        ensureUsable();
        if (batch.isEmpty()) {
            return new int[0];
        }
        Object token = observeStart(sql, "batch");
        long bytesBefore = reader.bytesReceived();
        PreparedStatement statement = null;
        RuntimeException failure = null;
        long affected = 0;
        QueryTimer timeout = null;
        try {
            timeout = armQueryTimeout();
            statement = preparer.prepare(sql, representativeValues(batch, sql));
            int[] counts = BatchExecution.run(this, statement, batch);
            for (int n : counts) {
                affected += n;
            }
            return counts;
        } catch (IOException e) {
            failure = broken(e);
            throw failure;
        } catch (RuntimeException e) {
            failure = e instanceof PgProtocolException || e instanceof PgConnectionClosedException ? markBroken(e) : e;
            throw failure;
        } finally {
            disarm(timeout);
            recordExecution(statement, 0, reader.bytesReceived() - bytesBefore, failure, true);
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
                throw new PgUsageException("Batch entry " + r + " has " + row.length + " values but entry 0 has " + width
                        + ": every entry must bind the same placeholders of " + abbreviate(sql) + ". Nothing was sent.");
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
        ensureUsable();
        Object token = observeStart(sql, "script");
        RuntimeException failure = null;
        try {
            runScript(sql);
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            observeFinish(token, sql, "script", 0, failure);
        }
    }

    private void runScript(String sql) {
        SqlText.check(sql);
        try {
            FrontendMessages.query(writeBuffer, sql);
            send();
            PgServerException error = null;
            while (true) {
                byte type = nextMessage();
                switch (type) {
                    case BackendMessages.ROW_DESCRIPTION, BackendMessages.DATA_ROW, BackendMessages.COMMAND_COMPLETE,
                         BackendMessages.EMPTY_QUERY_RESPONSE -> { }
                    case BackendMessages.ERROR_RESPONSE -> error = serverError();
                    case BackendMessages.COPY_IN_RESPONSE -> refuseCopyIn(false);
                    case BackendMessages.COPY_OUT_RESPONSE, BackendMessages.COPY_DATA, BackendMessages.COPY_DONE -> { }
                    case BackendMessages.READY_FOR_QUERY -> {
                        readyForQuery();
                        if (error != null) {
                            throw error;
                        }
                        return;
                    }
                    default -> throw unexpected(type, "a simple query");
                }
            }
        } catch (IOException e) {
            throw broken(e);
        } catch (PgProtocolException | PgConnectionClosedException e) {
            throw markBroken(e);
        }
    }

    @Override
    public boolean isValid(Duration timeout) {
        if (broken || closed) {
            return false;
        }
        SocketDeadline deadline = SocketDeadline.closeAfter(socket, timeout);
        try {
            ensureUsable();
            runScript(""); // not observed: validation is the pool's business, not a user statement
            return true;
        } catch (PgServerException e) {
            return true; // the server answered
        } catch (PgException e) {
            markBroken(e);
            return false;
        } finally {
            deadline.cancel();
        }
    }

    @Override
    public boolean isBroken() {
        return broken || closed;
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

    int cachedStatementCount() {
        return preparer.cachedCount();
    }

    /** Asks the server, over a separate connection, to cancel whatever this session is running. */
    public void cancel() {
        CancelRequests.send(config, socket, processId, secretKey);
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

    // ---------------------------------------------------------------- the extended protocol

    /** Receives each DataRow: the array it is in, the position of its first cell's length word and the row's end. */
    @FunctionalInterface
    interface RowSink {
        void row(byte[] buffer, int firstCell, int end, ResultShape shape);
    }

    private String run(String operation, String sql, Object[] params, boolean retainRows, RowSink sink,
                       ResultShape[] shapeOut) {
        ensureUsable();
        Object[] values = params == null ? NO_VALUES : params;
        Object token = observeStart(sql, operation);
        long bytesBefore = reader.bytesReceived();
        lastRowCount = 0;
        PreparedStatement[] statement = new PreparedStatement[1];
        Throwable failure = null;
        String tag = null;
        try {
            tag = prepareAndExecute(sql, values, retainRows, sink, statement);
            if (shapeOut != null) {
                shapeOut[0] = statement[0].shape;
            }
            return tag;
        } catch (RuntimeException e) {
            failure = e;
            throw e;
        } finally {
            long rows = "execute".equals(operation) && tag != null ? CommandTags.rowCount(tag) : lastRowCount;
            recordExecution(statement[0], lastRowCount, reader.bytesReceived() - bytesBefore, failure, true);
            observeFinish(token, sql, operation, rows, failure);
        }
    }

    private String prepareAndExecute(String sql, Object[] values, boolean retainRows, RowSink sink,
                                     PreparedStatement[] statementOut) {
        QueryTimer timeout = null;
        try {
            // Armed before preparing: a stall in the Parse/Describe round trip is bounded too.
            timeout = armQueryTimeout();
            PreparedStatement statement = preparer.prepare(sql, values);
            statementOut[0] = statement;
            writePendingCloses();
            writeBind(statement, values);
            FrontendMessages.execute(writeBuffer, 0);
            FrontendMessages.sync(writeBuffer);
            send();
            reader.retainViews(retainRows);
            return readExecution(statement, sink);
        } catch (IOException e) {
            throw broken(e);
        } catch (PgProtocolException | PgConnectionClosedException e) {
            throw markBroken(e);
        } finally {
            disarm(timeout);
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
            for (int i = 0; i < values.length; i++) {
                ParameterEncoder.write(writeBuffer, values[i], i + 1);
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

    private String readExecution(PreparedStatement statement, RowSink sink) throws IOException {
        PgServerException error = null;
        String tag = "";
        ResultShape shape = statement.shape;
        while (true) {
            byte type = nextMessage();
            switch (type) {
                case BackendMessages.DATA_ROW -> {
                    lastRowCount++;
                    if (error == null && shape != null) {
                        checkColumnCount(shape);
                        sink.row(reader.buffer(), reader.payloadOffset() + 2, reader.payloadOffset() + reader.payloadLength(),
                                shape);
                    }
                }
                case BackendMessages.BIND_COMPLETE, BackendMessages.CLOSE_COMPLETE, BackendMessages.PORTAL_SUSPENDED -> { }
                case BackendMessages.COMMAND_COMPLETE -> tag = readCString(reader.buffer(), reader.payloadOffset());
                case BackendMessages.EMPTY_QUERY_RESPONSE -> tag = "";
                case BackendMessages.ERROR_RESPONSE -> error = serverError();
                case BackendMessages.COPY_IN_RESPONSE -> refuseCopyIn(true);
                case BackendMessages.COPY_OUT_RESPONSE, BackendMessages.COPY_DATA, BackendMessages.COPY_DONE -> { }
                case BackendMessages.READY_FOR_QUERY -> {
                    readyForQuery();
                    if (error != null) {
                        preparer.forgetIfStale(statement, error);
                        throw error;
                    }
                    return tag;
                }
                default -> throw unexpected(type, "a query's result");
            }
        }
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
            switch (type) {
                case BackendMessages.NOTICE_RESPONSE -> notice();
                case BackendMessages.PARAMETER_STATUS -> parameterStatus();
                case BackendMessages.NOTIFICATION_RESPONSE -> { }
                default -> {
                    return type;
                }
            }
        }
    }

    private void notice() {
        PgServerException.ServerMessage notice = ServerMessages.parse(reader.buffer(), reader.payloadOffset(),
                reader.payloadLength());
        LOG.log(System.Logger.Level.DEBUG, () -> "Server notice: " + notice.describe());
        Consumer<PgServerException.ServerMessage> listener = hooks.noticeListener();
        if (listener != null) {
            try {
                listener.accept(notice);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "The notice listener threw; ignoring it", e);
            }
        }
    }

    void parameterStatus() {
        byte[] b = reader.buffer();
        int p = reader.payloadOffset();
        int end = p + reader.payloadLength();
        int nameEnd = Bytes.indexOfNul(b, p, end);
        int valueEnd = nameEnd < 0 ? -1 : Bytes.indexOfNul(b, nameEnd + 1, end);
        if (valueEnd < 0) {
            throw new PgProtocolException("Malformed ParameterStatus message from the server. The connection was closed.");
        }
        String name = new String(b, p, nameEnd - p, StandardCharsets.UTF_8);
        String value = new String(b, nameEnd + 1, valueEnd - nameEnd - 1, StandardCharsets.UTF_8);
        serverParameters.put(name, value);
        if ("client_encoding".equals(name) && !"UTF8".equalsIgnoreCase(value) && !"UNICODE".equalsIgnoreCase(value)) {
            throw new PgProtocolException("The server switched client_encoding to " + value
                    + "; lazypg reads and writes UTF-8 only. Do not change client_encoding (remove SET client_encoding"
                    + " or the role/database setting). The connection was closed.");
        }
        output = SessionOutput.reported(output, name, value);
    }

    /**
     * Sends Sync and reads up to ReadyForQuery, ending the extended-protocol sequence (and with it
     * the implicit transaction). Returns {@code error}, or the first ErrorResponse read on the way.
     */
    PgServerException syncAndAwaitReady(PgServerException error) throws IOException {
        FrontendMessages.sync(writeBuffer);
        send();
        PgServerException first = error;
        while (true) {
            byte type = nextMessage();
            if (type == BackendMessages.READY_FOR_QUERY) {
                readyForQuery();
                return first;
            }
            if (type == BackendMessages.ERROR_RESPONSE && first == null) {
                first = serverError();
            }
        }
    }

    void readyForQuery() {
        transactionStatus = (char) reader.buffer()[reader.payloadOffset()];
    }

    PgServerException serverError() {
        return new PgServerException(ServerMessages.parse(reader.buffer(), reader.payloadOffset(), reader.payloadLength()));
    }

    private void refuseCopyIn(boolean extended) throws IOException {
        FrontendMessages.copyFail(writeBuffer, "lazypg does not support COPY FROM STDIN");
        if (extended) {
            FrontendMessages.sync(writeBuffer);
        }
        send();
    }

    PgProtocolException unexpected(byte type, String phase) {
        return new PgProtocolException("Unexpected message " + BackendMessages.describe(type) + " from the server while "
                + phase + ". The connection was closed; retry on a new one.");
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
     * Arms the query timeout: a CancelRequest when it passes, and if the server still has not
     * answered {@value #CANCEL_GRACE_MILLIS} ms later, the socket is closed (the wait then fails as a
     * QUERY timeout and the connection is discarded). Null when no query timeout is configured.
     */
    QueryTimer armQueryTimeout() {
        Duration timeout = config.queryTimeout();
        if (timeout.isZero() || timeout.isNegative()) {
            return null;
        }
        return new QueryTimer(CancelRequests.schedule(this::cancel, timeout),
                SocketDeadline.closeAfter(socket, timeout.plusMillis(CANCEL_GRACE_MILLIS), () -> queryGaveUp = true));
    }

    void disarm(QueryTimer timer) {
        if (timer != null) {
            timer.cancel().cancel(false);
            timer.giveUp().cancel();
        }
    }

    /** The two scheduled steps of a query timeout. */
    record QueryTimer(ScheduledFuture<?> cancel, SocketDeadline giveUp) {
    }

    void ensureUsable() {
        if (openCursor != null) {
            throw new PgUsageException("A cursor is open on this connection; close it (or read it to the end)"
                    + " before running anything else on the same connection.");
        }
        if (closed) {
            throw new PgConnectionClosedException("The connection is closed. Acquire a new one.");
        }
        if (broken) {
            throw new PgConnectionClosedException("The connection broke earlier and cannot be used. Acquire a new one.");
        }
    }

    /**
     * Marks the connection broken after an I/O failure and says what happened: a read that timed out
     * under an armed query timeout (the server did not answer even the cancel), or a lost connection.
     */
    PgException broken(IOException e) {
        markBroken(e);
        if (e instanceof SocketTimeoutException || queryGaveUp) {
            return new PgTimeoutException(PgTimeoutException.Kind.QUERY, "The server did not answer within the query"
                    + " timeout (" + config.queryTimeout() + ") plus " + CANCEL_GRACE_MILLIS + " ms after a cancel request"
                    + " (network stall or unresponsive server). The connection was closed.", e);
        }
        return new PgConnectionClosedException("I/O error on the connection to " + config.host() + ":" + config.port()
                + " (" + e.getMessage() + "): the backend was terminated, the server restarted, or the network failed."
                + " The connection was closed; retry on a new one.", e);
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
        return "PgConnection[backend " + processId + " at " + config.host() + ":" + config.port() + "/" + config.database()
                + (broken ? ", broken" : closed ? ", closed" : "") + "]";
    }
}
