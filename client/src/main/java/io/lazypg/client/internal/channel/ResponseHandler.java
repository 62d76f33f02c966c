package io.lazypg.client.internal.channel;

import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * What one operation does with the backend messages that answer it. {@link MessageLoop} reads the
 * messages and calls these methods; every message has a default here, so an operation overrides
 * only what it expects:
 * <ul>
 *   <li>the messages of a result ({@code ParseComplete}, {@code BindComplete}, {@code CloseComplete},
 *       {@code NoData}, {@code RowDescription}, {@code DataRow}, {@code CommandComplete},
 *       {@code EmptyQueryResponse}, {@code PortalSuspended}, and copy-out data) are ignored;</li>
 *   <li>the first {@code ErrorResponse} is kept, later ones are ignored, and the loop throws the kept
 *       one after {@code ReadyForQuery} (when the session is synchronized again);</li>
 *   <li>startup-only messages ({@code Authentication}, {@code BackendKeyData}) are protocol errors.</li>
 * </ul>
 * The loop itself answers {@code CopyInResponse} (with CopyFail), the asynchronous messages
 * (notices, parameter status, notifications) and {@code ReadyForQuery}, which ends the exchange in
 * one place for every operation.
 *
 * <p>An operation that must stop reading before {@code ReadyForQuery} (a cursor after one batch, a
 * batch after one slice) calls {@link #pause()}; the loop then returns after the current message.
 *
 * <p>If an override throws (a user callback failing, memory running out), the loop stops calling
 * the handler, drains the remaining messages up to {@code ReadyForQuery} and then rethrows it, so
 * the connection stays synchronized; see {@link MessageLoop}.
 *
 * <p>Not thread-safe: used by the thread that holds the connection. A handler may be reused for
 * several exchanges; the loop calls {@link #begin()} at the start of each and {@link #end()} once it
 * has taken the outcome at ReadyForQuery, so nothing of a finished exchange stays reachable.
 */
public abstract class ResponseHandler {

    private @Nullable PgServerException error;
    private @Nullable Throwable failure;
    private boolean copyRefused;
    private boolean paused;

    /** What the operation is doing, for error messages: "running a query", "preparing a statement". */
    protected abstract String phase();

    /** Whether the operation uses the extended protocol (Sync-terminated) rather than a simple Query. */
    protected boolean extended() {
        return true;
    }

    /**
     * Whether this command's answer belongs to the command sent right after it, so that its error is
     * that command's too (a deferred BEGIN, whose failure made the server skip its statement). Any
     * other answer read ahead of a command is one its caller did not wait for (a COMMIT or ROLLBACK
     * left pending, {@code PendingAnswers}): its error is logged, never reported to the next caller
     * ({@link SessionChannel#await}).
     */
    protected boolean partOfNext() {
        return false;
    }

    /**
     * Whether nobody waits for this answer (a COMMIT or ROLLBACK left pending): the channel reads it
     * before it writes anything more ({@link SessionChannel#send()}), so nothing sent later reaches
     * the server ahead of that answer's ReadyForQuery.
     */
    protected boolean unwaited() {
        return false;
    }

    /** Which command this is, for a log line about an answer nobody waited for: no SQL parameters, no secrets. */
    protected String identity() {
        return phase();
    }

    /**
     * Whether the loop drains to ReadyForQuery when an override threw (true), or rethrows at once
     * (startup, where the server waits for our answer and the connection is given up anyway).
     */
    protected boolean drainOnFailure() {
        return true;
    }

    // ---------------------------------------------------------------- messages (defaults)

    /** Authentication requests belong to startup; anywhere else they are protocol errors. */
    protected void authentication(MessageReader in) throws IOException {
        throw MessageLoop.unexpected(BackendMessages.AUTHENTICATION, phase());
    }

    protected void backendKeyData(MessageReader in) {
        throw MessageLoop.unexpected(BackendMessages.BACKEND_KEY_DATA, phase());
    }

    /** NegotiateProtocolVersion answers a StartupMessage; anywhere else it is a protocol error. */
    protected void negotiateProtocolVersion(MessageReader in) {
        throw MessageLoop.unexpected(BackendMessages.NEGOTIATE_PROTOCOL_VERSION, phase());
    }

    protected void parameterDescription(MessageReader in) {}

    protected void rowDescription(MessageReader in) {}

    protected void dataRow(MessageReader in) {}

    protected void commandComplete(MessageReader in) {}

    protected void emptyQuery() {}

    protected void portalSuspended() {}

    /**
     * Whether this operation supplies COPY FROM STDIN data. When false (every operation but
     * {@code CopyFromStream}), the loop refuses the copy with CopyFail.
     */
    protected boolean acceptsCopyIn() {
        return false;
    }

    /** CopyInResponse for an operation that {@linkplain #acceptsCopyIn accepts it}: send the data now. */
    protected void copyIn(MessageReader in) throws IOException {
        throw MessageLoop.unexpected(BackendMessages.COPY_IN_RESPONSE, phase());
    }

    /** CopyOutResponse: a COPY TO STDOUT starts; its data is dropped unless {@link #copyData} keeps it. */
    protected void copyOutStarted() {}

    /** One CopyData message of a COPY TO STDOUT; ignored by default (the data is dropped). */
    protected void copyData(MessageReader in) throws IOException {}

    /** Keeps the first server error; the loop throws it once ReadyForQuery has arrived. */
    protected void error(PgServerException e) {
        if (error == null) {
            error = e;
        }
    }

    /** Called at ReadyForQuery, before the loop throws whatever the exchange ended with. */
    protected void ready() {}

    // ---------------------------------------------------------------- state the loop keeps per exchange

    /** Resets the per-exchange state; called by the loop when an exchange starts, not when it resumes. */
    final void begin() {
        end();
    }

    /**
     * Forgets what the exchange ended with, once the loop has taken it to throw: a handler lives as
     * long as its connection (one per connection, reused), and an error message can be as large as
     * the server sends (an 8 MiB {@code RAISE EXCEPTION}), which an idle pooled connection must not
     * keep until its next statement.
     */
    final void end() {
        error = null;
        failure = null;
        copyRefused = false;
        paused = false;
    }

    public final @Nullable PgServerException serverError() {
        return error;
    }

    public final @Nullable Throwable failure() {
        return failure;
    }

    public final boolean failed() {
        return failure != null;
    }

    protected final void failedWith(Throwable t) {
        if (failure == null) {
            failure = t;
        } else if (failure != t) {
            failure.addSuppressed(t);
        }
    }

    public final boolean copyRefused() {
        return copyRefused;
    }

    protected final void refusedCopy() {
        copyRefused = true;
    }

    /** Asks the loop to return after the current message, before ReadyForQuery. */
    protected final void pause() {
        paused = true;
    }

    /** Whether {@link #pause()} was called since the loop last looked; clears it (no store per row otherwise). */
    final boolean takePause() {
        if (!paused) {
            return false;
        }
        paused = false;
        return true;
    }
}
