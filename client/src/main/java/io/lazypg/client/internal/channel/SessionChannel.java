package io.lazypg.client.internal.channel;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.internal.codec.OutputSettings;
import io.lazypg.client.internal.protocol.CancelKey;
import io.lazypg.client.internal.timeout.CancelRequests;
import io.lazypg.client.internal.timeout.QueryTimeout;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.SpinningInput;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The wire under one session: the socket and its streams, the message reader, the write buffer,
 * the commands in flight ({@link InFlight}) with the ReadyForQuery messages they are owed, the
 * messages that concern the whole session ({@link SessionMessages}), and whether the session is
 * broken. Commands write their requests into {@link #writeBuffer()}, join the queue ({@link
 * #enqueue}) and are sent; {@link #await} reads answers in order, the oldest first, through the one
 * {@link MessageLoop} ({@link AnswerOrder} says which answer is read when, and whose its errors are).
 *
 * <p><b>Synchronized or broken.</b> The channel is <em>synchronized</em> when no ReadyForQuery is
 * owed, nothing went out with Flush and no Sync since, and no cursor is open. Every failure of the
 * socket or of the stream marks it broken (the socket is closed, a pool discards the connection);
 * {@link #settle} decides this for every failed operation in one place. Bytes never sent are dropped
 * on failure: they cannot have had an effect. Queued Close messages for statements the session's
 * cache evicted ({@link StatementCacheHooks}) are written only with a Sync sent at once
 * ({@link #writeSync}), so no failure can strand or drop them.
 *
 * <p>Not thread-safe, but for {@link #abort()}, {@link #isBroken()} and the deadlines' flags: one
 * thread at a time, as handed out by the pool (a {@code SharedConnection} orders several).
 */
public final class SessionChannel implements QueryTimeout.Session {

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    private final LazyPgConfig config;
    private final ClientHooks hooks;
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
    /**
     * Sync, Flush, CopyDone and CopyFail sent beside the write buffer, which may hold a batch's
     * unsent slices at that moment; one per channel, so sending them allocates nothing.
     */
    private final WriteBuffer control = new WriteBuffer(64);

    /** The statement cache above the channel, once the connection has handed it over. */
    private StatementCacheHooks statements = StatementCacheHooks.NONE;

    private final SessionMessages messages;
    private final WriteTracking writes = new WriteTracking();
    private final MessageLoop loop;
    private final InFlight inFlight = new InFlight();
    private final AnswerOrder answers;

    /** Set once by the startup (BackendKeyData); NONE when the server sent none. */
    private CancelKey cancelKey = CancelKey.NONE;
    /** The cancel key's process id, kept as a field for the message loop's reads. */
    private int processId;
    /** Syncs and Queries in the write buffer, owed once it is sent. */
    private int readyQueued;
    /** Extended messages went out with Flush and no Sync yet (an open cursor, a batch in progress). */
    private boolean flushedWithoutSync;
    /** The cursor whose portal is open on the server, or null. */
    private @Nullable OpenPortal openCursor;

    private boolean broken;

    private boolean closed;
    /** Set by {@link #abort()} from another thread. */
    private volatile boolean aborted;
    /** Set when a query timeout closed the socket: the I/O failure that follows is reported as a timeout. */
    private volatile boolean queryGaveUp;
    /** The session's query timeout when set, else null: the configured one. */
    private @Nullable Duration queryTimeoutOverride;
    /** Told when the server is lost (the owning connection's host tracker), or null. */
    private volatile @Nullable Runnable onServerLost;

    public SessionChannel(LazyPgConfig config, Socket socket, Socket transport, ClientHooks hooks) throws IOException {
        this.config = config;
        this.hooks = hooks;
        this.socket = socket;
        this.transport = transport;
        this.out = socket.getOutputStream();
        this.in = receiveStream(config, socket, transport);
        this.reader = new MessageReader(in, config.receiveBufferSize(), config.maxMessageSize());
        this.messages = new SessionMessages(hooks, writes);
        this.loop = new MessageLoop(this, reader);
        this.answers = new AnswerOrder(this, inFlight, loop);
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

    // ---------------------------------------------------------------- what the channel holds

    LazyPgConfig config() {
        return config;
    }

    public ClientHooks hooks() {
        return hooks;
    }

    public MessageReader reader() {
        return reader;
    }

    public WriteBuffer writeBuffer() {
        return writeBuffer;
    }

    public MessageLoop loop() {
        return loop;
    }

    /**
     * Hands the channel the session's statement cache, before anything is sent (the connection does,
     * as it creates both): every Sync then carries the Closes of statements it evicted, and the
     * commands that make the server forget or re-plan statements reach it. Until then the channel
     * tells {@link StatementCacheHooks#NONE}.
     */
    public void statementCache(StatementCacheHooks cache) {
        this.statements = cache;
        messages.statementCache(cache);
    }

    public SessionMessages messages() {
        return messages;
    }

    public WriteTracking writes() {
        return writes;
    }

    public InFlight inFlight() {
        return inFlight;
    }

    public Socket socket() {
        return socket;
    }

    /** The TCP socket under the session, for deadlines to close (see {@link #transport}). */
    @Override
    public Socket transport() {
        return transport;
    }

    public OutputSettings output() {
        return messages.output();
    }

    public void backendKey(CancelKey key) {
        this.cancelKey = key;
        this.processId = key.processId();
    }

    /** The key a CancelRequest for this session carries. */
    public CancelKey cancelKey() {
        return cancelKey;
    }

    public int processId() {
        return processId;
    }

    /** Asks the server, over a separate connection, to cancel what this session runs; blocks until the outcome is known. */
    @Override
    public CancelRequests.Outcome sendCancel() {
        return CancelRequests.send(config, socket, cancelKey);
    }

    public void onServerLost(Runnable lost) {
        this.onServerLost = lost;
    }

    public String hostAndPort() {
        return (config.host().indexOf(':') >= 0 ? "[" + config.host() + "]" : config.host()) + ":" + config.port();
    }

    // ---------------------------------------------------------------- query timeout setting

    /** The timeout each statement runs under: the session's override, else the configured one. */
    @Override
    public Duration queryTimeout() {
        Duration override = queryTimeoutOverride;
        return override != null ? override : config.queryTimeout();
    }

    public void queryTimeout(@Nullable Duration timeout) {
        queryTimeoutOverride = timeout;
    }

    /** On the timer thread, just before the query timeout's give-up closes the socket. */
    @Override
    public void queryGaveUp() {
        queryGaveUp = true;
    }

    // ---------------------------------------------------------------- sending

    /** {@code command} joins the commands in flight; its request is in the write buffer or already sent. */
    public void enqueue(@Nullable ResponseHandler command) {
        inFlight.add(command);
    }

    /**
     * {@code command} joins the queue owing {@code readyMessages} ReadyForQuery messages of its own:
     * a pipeline's statements are written together, each with or without a Sync, before any is sent.
     */
    public void enqueue(ResponseHandler command, int readyMessages) {
        inFlight.add(command);
        if (readyMessages > 0) {
            inFlight.owe(readyMessages);
        }
    }

    /** Sends bytes {@code from} to {@code to} of the write buffer and leaves the buffer as it is (a pipeline's slices). */
    public void sendSlice(int from, int to) throws IOException {
        answers.readUnwaited();
        out.write(writeBuffer.array(), from, to - from);
        out.flush();
    }

    /** Sends the write buffer and empties it; the ReadyForQuery messages its Syncs and Queries ask for become owed. */
    public void send() throws IOException {
        sendFrom(0);
    }

    /** Sends the write buffer followed by Flush: the server answers what it has without ending the implicit transaction. */
    public void sendWithFlush() throws IOException {
        FrontendMessages.flush(writeBuffer);
        flushedWithoutSync = true;
        send();
    }

    /** As {@link #send()}, from {@code from} on: what lies before it went out already (a batch's earlier slices). */
    public void sendFrom(int from) throws IOException {
        answers.readUnwaited();
        if (readyQueued > 0) {
            // owed before the bytes leave: the answer can never arrive ahead of its account
            inFlight.owe(readyQueued);
            readyQueued = 0;
            flushedWithoutSync = false;
        }
        out.write(writeBuffer.array(), from, writeBuffer.position() - from);
        out.flush();
        writeBuffer.reset();
    }

    /** Sends part of the write buffer, then Flush, leaving the buffer untouched (batch slices). */
    public void sendSliceWithFlush(int from, int to) throws IOException {
        answers.readUnwaited();
        flushedWithoutSync = true;
        out.write(writeBuffer.array(), from, to - from);
        control.reset();
        FrontendMessages.flush(control);
        out.write(control.array(), 0, control.position());
        out.flush();
    }

    /**
     * Writes Sync, preceded by Close for every statement evicted from the cache since the last one.
     * The caller sends the buffer at once: written here, the Closes cannot be stranded by a failure
     * before sending (they would precede the next operation's messages) nor dropped by a reset.
     */
    public void writeSync() {
        statements.writePendingCloses();
        FrontendMessages.sync(writeBuffer);
        readyQueued++;
    }

    /** Discards whatever is unsent in the write buffer, then writes and sends Sync. */
    public void sync() throws IOException {
        writeBuffer.reset();
        readyQueued = 0;
        writeSync();
        send();
    }

    /**
     * Sends Sync straight to the socket for the oldest command, leaving the write buffer alone (it
     * may hold a batch's unsent slices, which the caller then drops): used by the loop to end an
     * answer after a failure.
     */
    void sendSyncNow() throws IOException {
        control.reset();
        FrontendMessages.sync(control);
        out.write(control.array(), 0, control.position());
        out.flush();
        inFlight.oweForHead();
        flushedWithoutSync = false;
    }

    /** Writes a simple Query, which the server answers up to ReadyForQuery. */
    public void writeQuery(String sql) {
        FrontendMessages.query(writeBuffer, sql);
        readyQueued++;
    }

    /** The startup packet, like a Query, is answered up to ReadyForQuery. */
    public void expectReadyAfterSend() {
        readyQueued++;
    }

    /**
     * Answers CopyInResponse with CopyFail, and Sync when {@code withSync}. Written beside the write
     * buffer, which may hold a batch's unsent slices.
     */
    public void copyFail(String reason, boolean withSync) throws IOException {
        control.reset();
        FrontendMessages.copyFail(control, reason);
        if (withSync) {
            FrontendMessages.sync(control); // replaces the Sync the server ignored in copy-in mode: still one owed
        }
        out.write(control.array(), 0, control.position());
        out.flush();
    }

    /** Sends {@code length} bytes of {@code message} as they are (copy data, built by the caller). */
    public void sendRaw(byte[] message, int length) throws IOException {
        out.write(message, 0, length);
        out.flush();
    }

    public void sendCopyDone() throws IOException {
        control.reset();
        FrontendMessages.copyDone(control);
        out.write(control.array(), 0, control.position());
        out.flush();
    }

    // ---------------------------------------------------------------- reading

    /**
     * Reads answers up to and including {@code command}'s, or until it pauses; the answers ahead of
     * it first, each with its own handler ({@link AnswerOrder#await}, which says what becomes of
     * their errors).
     */
    public void await(ResponseHandler command) throws IOException {
        answers.await(command);
    }

    /**
     * The answer to {@code head}, which its caller did not wait for, was a server error: logged, and
     * the connection is discarded when it goes back to the pool ({@link AnswerOrder#orphanFailed}).
     */
    public void orphanFailed(ResponseHandler head, PgServerException e) {
        answers.orphanFailed(head, e);
    }

    /** Whether an answer nobody waited for failed ({@link #orphanFailed}): the pool must not hand it out again. */
    public boolean discardOnRelease() {
        return answers.discardOnRelease();
    }

    /** Continues reading {@code command}'s answer after it paused (the next slice of a batch, the Sync ending a cursor). */
    public void resume(ResponseHandler command) throws IOException {
        loop.resume(command);
    }

    /** The next message that is not asynchronous (notices, parameter status and notifications are handled here). */
    byte nextMessage() throws IOException {
        while (true) {
            byte type = reader.next();
            if (!messages.handled(type, reader, processId)) {
                return type;
            }
        }
    }

    /** Records the transaction status; returns whether the oldest command's answer is complete ({@link InFlight}). */
    boolean readyForQuery() {
        boolean complete = inFlight.readyForQuery();
        messages.transactionStatus((char) reader.buffer()[reader.payloadOffset()]);
        return complete;
    }

    /** Whether the oldest command's answer ends with a ReadyForQuery, rather than at a Flush. */
    boolean headOwesReady() {
        return inFlight.headOwesReady();
    }

    public boolean flushedWithoutSync() {
        return flushedWithoutSync;
    }

    /**
     * Whether bytes from the server are waiting to be read, in the reader's buffer or on the socket
     * (for TLS, the encrypted bytes under it): checked without blocking and without reading, so a
     * pool can tell an idle connection whose pending answer has arrived from one whose answer is
     * still on its way. Callable from a thread that does not hold the connection while nobody reads
     * it; an I/O error counts as arrived (reading then finds out what happened).
     */
    public boolean bytesArrived() {
        if (reader.hasBufferedBytes()) {
            return true;
        }
        try {
            return transport.getInputStream().available() > 0;
        } catch (IOException e) {
            return true;
        }
    }

    /**
     * During copy-in: reads, without blocking for anything the server has not started sending,
     * what it sent meanwhile. Notices and parameter status are handled; an ErrorResponse (the data
     * was refused, and the server left copy-in mode) goes to {@code handler} and returns true.
     */
    public boolean serverErroredDuringCopy(ResponseHandler handler) throws IOException {
        while (reader.hasBufferedBytes() || in.available() > 0) {
            byte type = reader.next(); // the server is sending this message: waiting for its end is safe
            if (messages.handled(type, reader, processId)) {
                continue;
            }
            if (type != BackendMessages.ERROR_RESPONSE) {
                throw MessageLoop.unexpected(type, handler.phase());
            }
            handler.error(serverError());
            return true;
        }
        return false;
    }

    /** For each CommandComplete (see {@link SessionMessages#commandCompleted}). */
    void commandCompleted(byte[] b, int p, int length) {
        messages.commandCompleted(b, p, length);
    }

    PgServerException serverError() {
        return new PgServerException(
                ServerMessages.parse(reader.buffer(), reader.payloadOffset(), reader.payloadLength()));
    }

    // ---------------------------------------------------------------- cursor

    /** The cursor whose portal is open on the server, or null (see {@link OpenPortal}). */
    @Nullable
    public OpenPortal openCursor() {
        return openCursor;
    }

    public void cursorOpened(OpenPortal cursor) {
        openCursor = cursor;
    }

    public void cursorClosed(@Nullable OpenPortal cursor) {
        if (cursor == null || openCursor == cursor) {
            openCursor = null;
        }
    }

    // ---------------------------------------------------------------- synchronized or broken

    /** The server still owes an answer: a ReadyForQuery, or the rest of an Execute sent with Flush. */
    public boolean answerOutstanding() {
        return inFlight.owedTotal() != 0 || flushedWithoutSync;
    }

    /**
     * Whether the channel is in step with the server: no answer owed, nothing flushed without
     * Sync, no cursor open. After a failure, bytes never sent are dropped first (they cannot have
     * had an effect), which is what makes a usage error before sending harmless.
     */
    private boolean synchronizedAfterFailure() {
        if (answerOutstanding() || openCursor != null) {
            return false;
        }
        writeBuffer.reset();
        readyQueued = 0;
        inFlight.clear(); // only commands that owed nothing can be left: their answers are read
        return true;
    }

    /**
     * The one exit of every failed operation, returning what to report: an I/O failure, a protocol
     * error, or any throwable that left the channel out of step with the server breaks it;
     * anything else (a server error, a usage error, a failing callback) leaves it synchronized.
     */
    public Throwable settle(Throwable t) {
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
     * channel, tells the host tracker, and says which server, since with several hosts the message
     * alone does not tell.
     */
    public PgConnectionClosedException serverEnded(PgConnectionClosedException lost) {
        if (broken || closed) {
            return lost;
        }
        markBroken(lost);
        serverLost();
        return new PgConnectionClosedException(
                "Lost the connection to " + hostAndPort() + ": " + lost.getMessage(), lost);
    }

    /**
     * Marks the channel broken after an I/O failure and says what happened: a read that timed out
     * under an armed query timeout (the server did not answer even the cancel), or a lost connection.
     */
    public PgException broken(IOException e) {
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
        Runnable lost = onServerLost;
        if (lost != null) {
            lost.run();
        }
    }

    public <E extends Throwable> E markBroken(E cause) {
        if (!broken) {
            broken = true;
            LOG.log(System.Logger.Level.DEBUG, () -> "Connection to backend " + processId + " marked broken: " + cause);
            closeSocket();
            inFlight.clear(); // no answer will be read any more
        }
        return cause;
    }

    public boolean isBroken() {
        return broken || closed || aborted;
    }

    public boolean brokenOrClosed() {
        return broken || closed;
    }

    boolean closed() {
        return closed;
    }

    /** Throws when the channel is closed or broken. */
    public void ensureOpen() {
        if (closed) {
            throw new PgConnectionClosedException("The connection is closed. Acquire a new one.");
        }
        if (broken) {
            throw new PgConnectionClosedException(
                    "The connection broke earlier and cannot be used. Acquire a new one.");
        }
    }

    /** Closes the socket at once; callable from any thread. */
    public void abort() {
        aborted = true;
        try {
            // the TCP socket, not the TLS one: closing TLS from this thread would wait for a blocked writer's lock
            transport.close();
        } catch (IOException ignored) {
            // closing is all we wanted
        }
    }

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

    private void closeSocket() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
    }

    public String describe() {
        return "backend " + processId + " at " + config.host() + ":" + config.port() + "/" + config.database()
                + (broken ? ", broken" : closed ? ", closed" : "");
    }
}
