package io.lazypg.client.internal.conn;

import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.wire.MessageReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The answer to Bind + Execute + Sync of a prepared statement: each DataRow to a {@link PgConnection.RowSink}
 * (or only counted when there is none), the command tag, and the forgetting of a cached statement
 * that went stale on the server.
 *
 * <p>One instance per connection, reused by every execution (no allocation per statement); not
 * thread-safe. {@link #start} resets it; its results (tag, row count, statement) are read before
 * the connection runs anything else, and it never holds the caller's rows past the execution
 * ({@link #releaseSink}).
 */
final class ExecutionResponse extends ResponseHandler {

    private final PgConnection connection;
    private final StatementPreparer preparer;
    private PgConnection.RowSink sink;
    private PreparedStatement statement;
    private ResultShape shape;
    private String tag;
    private long rowCount;
    /**
     * The last command tag and its bytes: a connection mostly repeats the same statements, so
     * the tag ("SELECT 1") is compared in the receive buffer and reused instead of decoded anew.
     */
    private byte[] lastTagBytes = new byte[0];

    private String lastTag = "";

    ExecutionResponse(PgConnection connection, StatementPreparer preparer) {
        this.connection = connection;
        this.preparer = preparer;
    }

    void start(PgConnection.RowSink rows) {
        sink = rows;
        statement = null;
        shape = null;
        tag = "";
        rowCount = 0;
    }

    /**
     * Drops the sink once the execution is over: this handler lives as long as its connection, and
     * a sink holds the caller's rows (a buffered result) or callback, which a pooled connection must
     * not keep reachable until its next statement.
     */
    void releaseSink() {
        sink = null;
    }

    void statement(PreparedStatement prepared) {
        statement = prepared;
        shape = prepared.shape;
    }

    PreparedStatement statement() {
        return statement;
    }

    String tag() {
        return tag;
    }

    long rowCount() {
        return rowCount;
    }

    @Override
    String phase() {
        return "reading a query's result";
    }

    @Override
    void rowDescription(MessageReader in) {
        if (statement != null && statement.describedPerExecution) {
            preparer.describedPortal(statement, in);
            shape = statement.shape;
        }
    }

    @Override
    void dataRow(MessageReader in) {
        rowCount++;
        if (sink != null && shape != null) {
            connection.checkColumnCount(shape);
            sink.row(in.buffer(), in.payloadOffset() + 2, in.payloadOffset() + in.payloadLength(), shape);
        }
    }

    @Override
    void commandComplete(MessageReader in) {
        byte[] b = in.buffer();
        int at = in.payloadOffset();
        int end = at;
        while (b[end] != 0) {
            end++;
        }
        if (!Arrays.equals(b, at, end, lastTagBytes, 0, lastTagBytes.length)) {
            lastTagBytes = Arrays.copyOfRange(b, at, end);
            lastTag = new String(lastTagBytes, StandardCharsets.UTF_8);
        }
        tag = lastTag;
    }

    @Override
    void emptyQuery() {
        tag = "";
    }

    @Override
    void ready() {
        PgServerException error = serverError();
        if (error != null && statement != null) {
            StatementPreparer.markIfStale(statement, error);
        }
    }
}
