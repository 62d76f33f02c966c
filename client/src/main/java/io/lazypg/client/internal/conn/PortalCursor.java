package io.lazypg.client.internal.conn;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.RowCursor;
import io.lazypg.client.internal.wire.BackendMessages;
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
            throw fail(connection.broken(e));
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
        QueryTimeout timeout = connection.armQueryTimeout();
        try {
            fetchBatch();
        } catch (PgServerException e) {
            throw QueryTimeout.explain(timeout, e);
        } finally {
            connection.disarm(timeout);
            connection.recordExecution(statement, batch.size(), connection.reader().bytesReceived() - bytesBefore,
                    null, firstFetch);
            firstFetch = false;
        }
    }

    private void fetchBatch() throws IOException {
        FrontendMessages.execute(connection.writeBuffer(), fetchSize);
        FrontendMessages.flush(connection.writeBuffer());
        connection.send();
        MessageReader reader = connection.reader();
        // Rows of a cursor are usually dropped as the caller moves on, but some may be kept: each is
        // copied out into an array of its own (the same bytes a chunk copy would take, plus a header),
        // so a kept row never pins the rows that arrived with it.
        reader.retainViews(false);
        try {
            while (true) {
                byte type = connection.nextMessage();
                switch (type) {
                    case BackendMessages.BIND_COMPLETE, BackendMessages.CLOSE_COMPLETE -> { }
                    case BackendMessages.DATA_ROW -> {
                        rowsFetched++;
                        connection.checkColumnCount(statement.shape);
                        int from = reader.payloadOffset() + 2;
                        byte[] own = Arrays.copyOfRange(reader.buffer(), from, from + reader.payloadLength() - 2);
                        batch.add(new LazyRow(statement.shape, own, 0));
                    }
                    case BackendMessages.PORTAL_SUSPENDED -> {
                        suspended = true;
                        return;
                    }
                    case BackendMessages.COMMAND_COMPLETE, BackendMessages.EMPTY_QUERY_RESPONSE -> {
                        suspended = false;
                        sync(null);
                        return;
                    }
                    case BackendMessages.ERROR_RESPONSE -> {
                        suspended = false;
                        sync(connection.serverError());
                        return;
                    }
                    default -> throw connection.unexpected(type, "fetching from a cursor");
                }
            }
        } catch (PgProtocolException | PgConnectionClosedException e) {
            throw fail(connection.markBroken(e));
        }
    }

    /** Ends the implicit transaction: Sync, then everything up to ReadyForQuery; rethrows a server error after. */
    private void sync(PgServerException serverError) throws IOException {
        PgServerException error = connection.syncAndAwaitReady(serverError);
        finished = true;
        connection.cursorClosed(this);
        connection.observeFinish(observation, statement.sql, "stream", rowsFetched, error);
        if (error != null) {
            throw error;
        }
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
            sync(null);
        } catch (IOException e) {
            throw fail(connection.broken(e));
        } catch (PgProtocolException | PgConnectionClosedException e) {
            throw fail(connection.markBroken(e));
        }
    }

    private RuntimeException fail(RuntimeException e) {
        if (!finished) {
            finished = true;
            connection.cursorClosed(this);
            connection.observeFinish(observation, statement.sql, "stream", rowsFetched, e);
        }
        return e;
    }
}
