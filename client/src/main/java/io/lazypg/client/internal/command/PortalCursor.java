package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgServerException;
import io.lazypg.client.RowCursor;
import io.lazypg.client.internal.channel.MessageLoop;
import io.lazypg.client.internal.channel.OpenPortal;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * A cursor over the unnamed portal: Execute with a row limit and Flush (not Sync, which would end
 * the implicit transaction and with it the portal), PortalSuspended after each batch, and Sync
 * only at the end. Memory is bounded by one batch plus whatever rows the caller keeps.
 *
 * <p>Not thread-safe; belongs to the connection that opened it, which runs nothing else meanwhile.
 */
public final class PortalCursor implements RowCursor, OpenPortal {

    private static final Object[] NO_VALUES = new Object[0];

    private final SessionChannel connection;
    private final StatementPreparer preparer;
    private final ExchangeBracket bracket;
    private final PreparedStatement statement;
    private final int fetchSize;
    private final @Nullable Object observation;
    private long rowsFetched;
    private boolean firstFetch = true;
    /** The values to bind, until the first fetch writes the Bind. */
    private Object[] values;

    private final List<LazyRow> batch = new ArrayList<>();
    private int next;
    /** The server holds more rows (the last Execute ended in PortalSuspended). */
    private boolean suspended;
    /** Sync was sent and ReadyForQuery read (or the cursor failed): the portal is gone. */
    private boolean finished;

    private final Answer answer = new Answer();
    private final Fetch fetch = new Fetch();
    private final Close closing = new Close();

    /**
     * Prepares {@code sql} (bounded by the query timeout) and opens a cursor on it: the session's
     * {@code stream}. A cursor that was opened reports its own end to the observer, failed or not.
     */
    public static PortalCursor start(
            SessionChannel channel,
            StatementPreparer preparer,
            ExchangeBracket bracket,
            String sql,
            Object[] values,
            int rowsPerFetch) {
        Object token = bracket.observeStart(sql, "stream");
        PortalCursor cursor = null;
        try {
            PreparedStatement[] prepared = new PreparedStatement[1];
            bracket.run(new Exchange(sql, null, true) {
                @Override
                protected void perform() throws IOException {
                    prepared[0] = preparer.prepare(sql, values);
                }
            });
            bracket.ensureIdle(); // the bracket discards the connection when a late timeout closed its socket
            cursor = new PortalCursor(channel, preparer, bracket, prepared[0], values, rowsPerFetch, token);
            cursor.open();
            return cursor;
        } catch (RuntimeException | Error e) {
            if (cursor == null) {
                bracket.observeFinish(token, sql, "stream", 0, e);
            }
            throw e;
        }
    }

    public PortalCursor(
            SessionChannel connection,
            StatementPreparer preparer,
            ExchangeBracket bracket,
            PreparedStatement statement,
            Object[] values,
            int fetchSize,
            @Nullable Object observation) {
        this.connection = connection;
        this.preparer = preparer;
        this.bracket = bracket;
        this.statement = statement;
        this.values = values;
        this.fetchSize = fetchSize;
        this.observation = observation;
    }

    @Override
    public List<Column> columns() {
        return statement.shape == null ? List.of() : statement.shape.columns();
    }

    @Override
    public boolean hasNext() {
        if (next < batch.size()) {
            return true;
        }
        if (finished || !suspended) {
            return false;
        }
        fetch();
        return next < batch.size();
    }

    @Override
    public LazyRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException("The cursor has no more rows.");
        }
        return batch.get(next++);
    }

    /**
     * Opens the portal (Bind, with the first fetch) and reads the first batch: the cursor is the
     * session's open cursor from now until its portal is gone.
     */
    public void open() {
        connection.cursorOpened(this);
        fetch();
    }

    /** One fetch, bracketed as work of its own: a cancel meanwhile is for it, the query timeout bounds it. */
    private void fetch() {
        batch.clear();
        next = 0;
        run(fetch);
    }

    private void run(Exchange exchange) {
        try {
            bracket.run(exchange);
        } catch (RuntimeException | Error e) {
            failed(e);
            throw e;
        }
    }

    @Override
    public void close() {
        if (finished) {
            return;
        }
        batch.clear();
        run(closing);
    }

    /** The portal is gone and the session synchronized: statistics and the observer learn the cursor's end. */
    private void finished() {
        finished = true;
        connection.cursorClosed(this);
        bracket.recordCompletion(statement, rowsFetched);
        bracket.observeFinish(observation, statement.sql, "stream", rowsFetched, null);
    }

    /**
     * Inside the bracket, before it settles a failure: the cursor ends (the channel is then
     * synchronized or broken, never with a cursor open).
     */
    private void endAfterFailure() {
        if (!finished) {
            finished = true;
            suspended = false;
            connection.cursorClosed(this);
            failedHere = true;
        }
    }

    /** Set when this cursor's own failure ended it: the observer hears of it once, with the failure as reported. */
    private boolean failedHere;

    private void failed(Throwable settled) {
        if (failedHere) {
            failedHere = false;
            bracket.observeFinish(observation, statement.sql, "stream", rowsFetched, settled);
        }
    }

    /** Execute(fetchSize) + Flush (after the Bind, the first time) and one batch read. */
    private final class Fetch extends Exchange {
        Fetch() {
            this.timed = true;
        }

        @Override
        protected void perform() throws IOException {
            try {
                if (firstFetch) {
                    Binds.writeBindAndDescribe(connection, statement, values);
                    values = NO_VALUES;
                }
                FrontendMessages.execute(connection.writeBuffer(), fetchSize);
                // Rows of a cursor are usually dropped as the caller moves on, but some may be kept: each
                // is copied out into an array of its own (the same bytes a chunk copy would take, plus a
                // header), so a kept row never pins the rows that arrived with it.
                connection.reader().retainViews(false);
                if (firstFetch) {
                    connection.enqueue(answer);
                }
                connection.sendWithFlush();
                connection.await(answer);
                if (!suspended) {
                    // the portal ran to its end or failed: Sync ends the implicit transaction
                    connection.sync();
                    connection.resume(answer);
                    finished();
                }
            } catch (Throwable e) {
                endAfterFailure();
                throw e;
            }
        }

        @Override
        protected void finish(ExchangeBracket b, long bytesReceived, @Nullable Throwable failure) {
            b.recordExecution(statement, batch.size(), bytesReceived, null, firstFetch);
            firstFetch = false;
        }
    }

    /** Close of a suspended portal and Sync, read to ReadyForQuery. */
    private final class Close extends Exchange {
        @Override
        protected void perform() throws IOException {
            try {
                if (suspended) {
                    FrontendMessages.close(connection.writeBuffer(), 'P', "");
                }
                suspended = false;
                connection.writeSync();
                connection.send();
                connection.await(answer);
                finished();
            } catch (Throwable e) {
                endAfterFailure();
                throw e;
            }
        }
    }

    /** One Execute(fetchSize): rows copied out, then PortalSuspended (more to come), CommandComplete or an error. */
    private final class Answer extends ResponseHandler {

        @Override
        protected String phase() {
            return "fetching from a cursor";
        }

        @Override
        protected void rowDescription(MessageReader in) {
            if (statement.describedPerExecution) {
                preparer.describedPortal(statement, in);
            }
        }

        @Override
        protected void dataRow(MessageReader in) {
            rowsFetched++;
            ResultShape shape = statement.shape;
            if (shape == null) { // rows for a statement described as returning none: the stream is out of step
                throw MessageLoop.unexpected(BackendMessages.DATA_ROW, phase());
            }
            RowDescriptions.checkColumnCount(in, shape);
            int from = in.payloadOffset() + 2;
            byte[] own = Arrays.copyOfRange(in.buffer(), from, from + in.payloadLength() - 2);
            batch.add(RowViews.view(shape, own, 0));
        }

        @Override
        protected void portalSuspended() {
            suspended = true;
            pause();
        }

        @Override
        protected void commandComplete(MessageReader in) {
            suspended = false;
            pause();
        }

        @Override
        protected void emptyQuery() {
            suspended = false;
            pause();
        }

        @Override
        protected void error(PgServerException e) {
            super.error(e);
            suspended = false;
            pause();
        }
    }
}
