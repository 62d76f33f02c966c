package io.lazypg.client.internal.conn;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgServerException;
import io.lazypg.client.RowCursor;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * A cursor over the unnamed portal: Execute with a row limit and Flush (not Sync, which would end
 * the implicit transaction and with it the portal), PortalSuspended after each batch, and Sync
 * only at the end. Memory is bounded by one batch plus whatever rows the caller keeps.
 *
 * <p>Not thread-safe; belongs to the connection that opened it, which runs nothing else meanwhile.
 */
final class PortalCursor implements RowCursor {

    private final PgConnection connection;
    private final PreparedStatement statement;
    private final int fetchSize;
    private final Object observation;
    private long rowsFetched;
    private boolean firstFetch = true;
    private final List<LazyRow> batch = new ArrayList<>();
    private int next;
    /** The server holds more rows (the last Execute ended in PortalSuspended). */
    private boolean suspended;
    /** Sync was sent and ReadyForQuery read: the portal is gone. */
    private boolean finished;

    private final Answer answer = new Answer();

    PortalCursor(PgConnection connection, PreparedStatement statement, int fetchSize, Object observation) {
        this.connection = connection;
        this.statement = statement;
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
        try {
            fetch();
        } catch (IOException e) {
            throw fail(e);
        }
        return next < batch.size();
    }

    @Override
    public LazyRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException("The cursor has no more rows.");
        }
        return batch.get(next++);
    }

    /** Sends Execute(fetchSize) + Flush (after the Bind already in the write buffer, the first time) and reads one batch. */
    void fetch() throws IOException {
        batch.clear();
        next = 0;
        long bytesBefore = connection.reader().bytesReceived();
        connection.startWork(); // a fetch is work of its own: a cancel meanwhile is for it
        QueryTimeout timeout = connection.armQueryTimeout();
        try {
            fetchBatch(timeout);
        } finally {
            connection.disarm(timeout);
            connection.endWork();
            connection.recordExecution(
                    statement, batch.size(), connection.reader().bytesReceived() - bytesBefore, null, firstFetch);
            firstFetch = false;
        }
    }

    private void fetchBatch(QueryTimeout timeout) throws IOException {
        FrontendMessages.execute(connection.writeBuffer(), fetchSize);
        // Rows of a cursor are usually dropped as the caller moves on, but some may be kept: each is
        // copied out into an array of its own (the same bytes a chunk copy would take, plus a header),
        // so a kept row never pins the rows that arrived with it.
        connection.reader().retainViews(false);
        try {
            connection.sendWithFlush();
            connection.loop().run(answer);
            if (!suspended) {
                endPortal(); // the portal ran to its end or failed: Sync ends the implicit transaction
            }
        } catch (Throwable e) {
            throw fail(e, timeout);
        }
    }

    /** Sends Sync and reads to ReadyForQuery; rethrows a server error the batch ended with. */
    private void endPortal() throws IOException {
        connection.sync();
        connection.loop().resume(answer);
        finished();
    }

    /** The portal is gone and the session synchronized: statistics and the observer learn the cursor's end. */
    private void finished() {
        finished = true;
        connection.cursorClosed(this);
        connection.recordCompletion(statement, rowsFetched);
        connection.observeFinish(observation, statement.sql, "stream", rowsFetched, null);
    }

    @Override
    public void close() {
        if (finished) {
            return;
        }
        batch.clear();
        try {
            if (suspended) {
                FrontendMessages.close(connection.writeBuffer(), 'P', "");
            }
            suspended = false;
            connection.writeSync();
            connection.send();
            connection.loop().run(answer);
            finished();
        } catch (Throwable e) {
            throw fail(e);
        }
    }

    /**
     * Ends the cursor after a failure: a server error arrives after ReadyForQuery, with the session
     * synchronized; anything else leaves the connection to decide between synchronized and broken.
     */
    private RuntimeException fail(Throwable e) {
        return fail(e, null);
    }

    /** Ends the cursor and reports {@code e} through the connection's one exit for failures. */
    private RuntimeException fail(Throwable e, QueryTimeout timeout) {
        if (!finished) {
            finished = true;
            connection.cursorClosed(this);
            connection.observeFinish(observation, statement.sql, "stream", rowsFetched, e);
        }
        return connection.failed(e, timeout);
    }

    /** One Execute(fetchSize): rows copied out, then PortalSuspended (more to come), CommandComplete or an error. */
    private final class Answer extends ResponseHandler {

        @Override
        String phase() {
            return "fetching from a cursor";
        }

        @Override
        void rowDescription(MessageReader in) {
            if (statement.describedPerExecution) {
                connection.describedPortal(statement, in);
            }
        }

        @Override
        void dataRow(MessageReader in) {
            rowsFetched++;
            connection.checkColumnCount(statement.shape);
            int from = in.payloadOffset() + 2;
            byte[] own = Arrays.copyOfRange(in.buffer(), from, from + in.payloadLength() - 2);
            batch.add(RowViews.view(statement.shape, own, 0));
        }

        @Override
        void portalSuspended() {
            suspended = true;
            pause();
        }

        @Override
        void commandComplete(MessageReader in) {
            suspended = false;
            pause();
        }

        @Override
        void emptyQuery() {
            suspended = false;
            pause();
        }

        @Override
        void error(PgServerException e) {
            super.error(e);
            suspended = false;
            pause();
        }
    }
}
