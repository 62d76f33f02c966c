package io.lazypg.client.internal.command;

import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * One execution of a prepared statement: the request (Bind, Describe of the portal when its
 * columns are learnt per execution, Execute, Sync; {@link #write}) and its answer, each DataRow to
 * a {@link RowSink} (or only counted when there is none), the command tag, and the forgetting of a
 * cached statement that went stale on the server.
 *
 * <p>One instance per connection, reused by every execution (no allocation per statement); not
 * thread-safe (a {@code SharedConnection}'s readers use it one after the other). {@link #start}
 * resets it; its results (tag, row count, statement) are read before the connection runs anything
 * else, and it never holds the caller's rows past the execution ({@link #releaseSink}).
 */
public final class ExecuteCommand extends ResponseHandler {

    private final SessionChannel connection;
    private final StatementPreparer preparer;
    private @Nullable RowSink sink;
    private @Nullable PreparedStatement statement;
    private @Nullable ResultShape shape;
    private String tag = "";
    private long rowCount;
    /**
     * The last command tag and its bytes: a connection mostly repeats the same statements, so
     * the tag ("SELECT 1") is compared in the receive buffer and reused instead of decoded anew.
     */
    private byte[] lastTagBytes = new byte[0];

    private String lastTag = "";

    ExecuteCommand(SessionChannel connection, StatementPreparer preparer) {
        this.connection = connection;
        this.preparer = preparer;
    }

    /**
     * Writes Bind (and Describe), the Closes of evicted statements (before Execute, so the statement
     * runs with them gone), Execute with {@code maxRows} (0: all) and Sync, after whatever the buffer
     * holds since {@code mark}; a value that cannot be encoded cuts the buffer back to {@code mark}.
     */
    void write(PreparedStatement prepared, Object[] values, int maxRows, int mark) {
        try {
            Binds.writeBindAndDescribe(connection, prepared, values);
        } catch (RuntimeException e) {
            connection.writeBuffer().truncate(mark); // a deferred BEGIN written before it does not go either
            throw e;
        }
        preparer.writePendingCloses();
        FrontendMessages.execute(connection.writeBuffer(), maxRows);
        connection.writeSync();
    }

    /**
     * Writes Bind, Execute and Sync of a {@linkplain StatementPreparer#ready ready} statement for a
     * {@code SharedConnection}: never described per execution, and no Closes, which belong to the
     * cache the senders share.
     */
    public void writePipelined(PreparedStatement prepared, Object[] values) {
        Binds.write(connection, prepared, values);
        FrontendMessages.execute(connection.writeBuffer(), 0);
        FrontendMessages.sync(connection.writeBuffer());
        connection.expectReadyAfterSend();
    }

    public void start(@Nullable RowSink rows) {
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
    public void releaseSink() {
        sink = null;
    }

    public void statement(PreparedStatement prepared) {
        statement = prepared;
        shape = prepared.shape;
    }

    /** The statement run; null until {@link #statement(PreparedStatement)} (a prepare that failed). */
    public @Nullable PreparedStatement statement() {
        return statement;
    }

    public String tag() {
        return tag;
    }

    public long rowCount() {
        return rowCount;
    }

    @Override
    protected String phase() {
        return "reading a query's result";
    }

    @Override
    protected void rowDescription(MessageReader in) {
        if (statement != null && statement.describedPerExecution) {
            preparer.describedPortal(statement, in);
            shape = statement.shape;
        }
    }

    @Override
    protected void dataRow(MessageReader in) {
        rowCount++;
        if (sink != null && shape != null) {
            RowDescriptions.checkColumnCount(in, shape);
            sink.row(in.buffer(), in.payloadOffset() + 2, in.payloadOffset() + in.payloadLength(), shape);
        }
    }

    @Override
    protected void commandComplete(MessageReader in) {
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
    protected void emptyQuery() {
        tag = "";
    }

    @Override
    protected void ready() {
        PgServerException error = serverError();
        if (error != null && statement != null) {
            StatementPreparer.markIfStale(statement, error);
        }
    }
}
