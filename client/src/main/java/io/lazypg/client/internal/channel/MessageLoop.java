package io.lazypg.client.internal.channel;

import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;

/**
 * The one loop that reads backend messages for every command on a channel (startup, prepare,
 * execute, cursor fetch, batch, simple query) and hands them to the command's
 * {@link ResponseHandler}: the answer at the front of the stream is always that of the oldest
 * command in flight ({@link SessionChannel#await} reads the ones ahead first). What every operation must treat alike is decided here, once:
 * <ul>
 *   <li><b>ReadyForQuery</b> ends the exchange. It records the transaction status and, once it
 *       completes the oldest command in flight ({@link InFlight}), throws what the exchange ended
 *       with: the handler's own failure first, then a refused COPY as a usage error, then the first
 *       server error. The session is synchronized by then, so none of these breaks the connection.</li>
 *   <li><b>A failing handler</b> (a row callback that throws, even an {@code Error}) is not called
 *       again; the loop drains the rest of the answer to ReadyForQuery (sending Sync first when the
 *       command owes none, as a cursor's Execute + Flush does not) and then rethrows.
 *       Before this loop existed, an {@code AssertionError} in a callback left rows on the socket
 *       and the next query on that connection read the previous one's answer.</li>
 *   <li><b>CopyInResponse</b>, unless the operation supplies copy data ({@code CopyFromStream}),
 *       is answered with CopyFail, plus a Sync after an extended-protocol statement (its own Sync
 *       reached the server in copy-in mode, where Syncs are ignored, and after CopyFail the server
 *       discards everything up to the next one). The server then reports
 *       SQLSTATE 57014, which would read as a cancelled query; the loop throws a
 *       {@link PgUsageException} that says COPY FROM STDIN is not available this way, and the
 *       connection stays usable. In a batch the server ends the session instead (the next
 *       pipelined messages arrive in copy-in mode), so there the usage error breaks the connection.</li>
 *   <li><b>CommandComplete</b> of {@code DEALLOCATE ALL} or {@code DISCARD ALL} empties the
 *       statement cache: the server forgot every prepared statement. That of DDL ({@code ALTER},
 *       {@code CREATE}, {@code DROP} ...) has the cached statements closed and prepared afresh on
 *       their next use, since their plans may no longer fit ({@code StalePlans}).</li>
 *   <li><b>Notices, ParameterStatus and notifications</b> may come at any time and are handled
 *       before the handler sees anything.</li>
 *   <li>Anything else (a message type that belongs to no exchange, a ReadyForQuery nobody asked
 *       for) is a {@link PgProtocolException}; the caller breaks the connection.</li>
 * </ul>
 *
 * <p>Not thread-safe: belongs to one connection and is used by the thread that holds it.
 */
public final class MessageLoop {

    private final SessionChannel connection;
    private final MessageReader reader;

    MessageLoop(SessionChannel connection, MessageReader reader) {
        this.connection = connection;
        this.reader = reader;
    }

    /** Starts an exchange for {@code handler} and reads until ReadyForQuery or until it pauses. */
    public void run(ResponseHandler handler) throws IOException {
        handler.begin();
        resume(handler);
    }

    /**
     * Continues an exchange (after a pause) without resetting the handler: reads until the oldest
     * command in flight has its answer ({@link InFlight}), or until the handler pauses.
     */
    void resume(ResponseHandler handler) throws IOException {
        read(handler, false);
    }

    /**
     * Reads one pipelined statement's answer, up to the ReadyForQuery of its own Sync, for a
     * {@code SharedConnection}: the answers to statements sent after it stay unread, and no Sync is
     * ever sent from here (each pipelined statement brought its own). Its ReadyForQuery must leave
     * the session idle, or the neighbours would run inside a transaction.
     */
    public void runPipelined(ResponseHandler handler) throws IOException {
        handler.begin();
        read(handler, true);
    }

    private void read(ResponseHandler handler, boolean pipelined) throws IOException {
        while (true) {
            byte type = connection.nextMessage();
            if (type == BackendMessages.READY_FOR_QUERY) {
                boolean complete = connection.readyForQuery();
                if (pipelined) {
                    requireIdle();
                }
                if (complete) {
                    finish(handler);
                    return;
                }
                continue;
            }
            if (handler.failed()) {
                drain(handler, type);
                continue;
            }
            if (type == BackendMessages.COPY_IN_RESPONSE && pipelined) {
                // no pipelined statement can start a copy; answering it would write beside the senders
                throw unexpected(type, handler.phase());
            }
            if (type == BackendMessages.COPY_IN_RESPONSE && !handler.acceptsCopyIn()) {
                refuseCopyIn(handler); // outside the try: its failure is the connection's, not the handler's
                continue;
            }
            try {
                dispatch(handler, type);
            } catch (PgProtocolException | PgConnectionClosedException | IOException e) {
                throw e; // the stream or the socket failed: nothing to drain, the caller breaks the connection
            } catch (Throwable t) {
                handler.failedWith(t);
                if (!handler.drainOnFailure()) {
                    throw unchecked(t);
                }
                if (!connection.headOwesReady()) {
                    connection
                            .sendSyncNow(); // a cursor's or batch's Execute + Flush: nothing else would end the answer
                }
                continue;
            }
            if (handler.takePause()) {
                return;
            }
        }
    }

    private void dispatch(ResponseHandler handler, byte type) throws IOException {
        switch (type) {
            // the hot ones first
            case BackendMessages.DATA_ROW -> handler.dataRow(reader);
            case BackendMessages.BIND_COMPLETE,
                    BackendMessages.PARSE_COMPLETE,
                    BackendMessages.CLOSE_COMPLETE,
                    BackendMessages.NO_DATA -> {}
            case BackendMessages.COMMAND_COMPLETE -> {
                commandComplete();
                handler.commandComplete(reader);
            }
            case BackendMessages.ROW_DESCRIPTION -> handler.rowDescription(reader);
            case BackendMessages.PARAMETER_DESCRIPTION -> handler.parameterDescription(reader);
            case BackendMessages.EMPTY_QUERY_RESPONSE -> handler.emptyQuery();
            case BackendMessages.PORTAL_SUSPENDED -> handler.portalSuspended();
            case BackendMessages.ERROR_RESPONSE -> handler.error(connection.serverError());
            case BackendMessages.COPY_DATA -> handler.copyData(reader);
            case BackendMessages.COPY_IN_RESPONSE -> handler.copyIn(reader);
            case BackendMessages.COPY_OUT_RESPONSE -> handler.copyOutStarted();
            case BackendMessages.COPY_DONE -> {}
            case BackendMessages.AUTHENTICATION -> handler.authentication(reader);
            case BackendMessages.BACKEND_KEY_DATA -> handler.backendKeyData(reader);
            case BackendMessages.NEGOTIATE_PROTOCOL_VERSION -> handler.negotiateProtocolVersion(reader);
            default -> throw unexpected(type, handler.phase());
        }
    }

    /** After the handler failed: only what keeps the session consistent, then on to ReadyForQuery. */
    private void drain(ResponseHandler handler, byte type) throws IOException {
        switch (type) {
            case BackendMessages.COMMAND_COMPLETE -> commandComplete();
            case BackendMessages.COPY_IN_RESPONSE -> refuseCopyIn(handler);
            case BackendMessages.ERROR_RESPONSE -> {
                Throwable failure = handler.failure();
                if (failure != null) { // drain runs only after the handler failed
                    failure.addSuppressed(connection.serverError());
                }
            }
            case BackendMessages.AUTHENTICATION,
                    BackendMessages.BACKEND_KEY_DATA,
                    BackendMessages.COPY_BOTH_RESPONSE,
                    BackendMessages.FUNCTION_CALL_RESPONSE -> throw unexpected(type, handler.phase());
            default -> {}
        }
    }

    /** A pipelined statement's ReadyForQuery: its status must be idle, or the neighbours would run inside a transaction. */
    private void requireIdle() {
        char status = connection.messages().transactionStatus();
        if (status != 'I') {
            throw new PgProtocolException("A pipelined statement left the session in a transaction block (status "
                    + status + "), which the statements sent after it would have joined. The shared"
                    + " connection was closed. Run transaction control through a session of its own (acquire()).");
        }
    }

    private void finish(ResponseHandler handler) {
        handler.ready();
        Throwable failure = handler.failure();
        PgServerException error = handler.serverError();
        boolean copyRefused = handler.copyRefused();
        handler.end();
        if (failure != null) {
            throw unchecked(failure);
        }
        if (copyRefused) {
            throw new PgUsageException(
                    "COPY FROM STDIN cannot run through query, execute, a batch or a script: they"
                            + " have no data to send, so lazypg refused the copy (CopyFail) and the server rolled the statement"
                            + " back. Load rows with executeBatch and an INSERT instead. The connection is still usable.",
                    error);
        }
        if (error != null) {
            throw error;
        }
    }

    private void refuseCopyIn(ResponseHandler handler) throws IOException {
        if (connection.flushedWithoutSync()) {
            // A batch: the executions after the COPY are already on their way, and a message other than
            // copy data in copy-in mode makes the server end the session (protocol synchronization lost).
            throw new PgUsageException("COPY FROM STDIN cannot run in a batch: it has no data to send, and the"
                    + " server ends the session when the batch's next messages arrive during the copy. The"
                    + " connection was closed. Load rows with executeBatch and an INSERT instead.");
        }
        handler.refusedCopy();
        // A Sync sent with the operation arrived in copy-in mode, where the server ignores it: the one
        // ReadyForQuery still owed needs a Sync after the CopyFail.
        connection.copyFail("lazypg does not support COPY FROM STDIN here", handler.extended());
    }

    /**
     * Follows commands that make the server forget every prepared statement or that change
     * definitions (DDL, after which the cached statements are closed and prepared afresh), and tells
     * the connection of writes.
     */
    private void commandComplete() {
        connection.commandCompleted(reader.buffer(), reader.payloadOffset(), reader.payloadLength());
    }

    public static PgProtocolException unexpected(byte type, String phase) {
        return new PgProtocolException("Unexpected message " + BackendMessages.describe(type)
                + " from the server while " + phase + ". The connection was closed; retry on a new one.");
    }

    /**
     * A failure to rethrow as it was: a RuntimeException is returned (for {@code throw}), an Error is
     * thrown from here, anything checked comes back wrapped.
     */
    public static RuntimeException unchecked(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new PgException("An operation failed: " + t, t);
    }
}
