package io.lazypg.client.internal.command;

import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.CommandTags;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The exchange of one statement run by a session ({@code query}, {@code execute}, a row callback):
 * prepared (from the cache, or with a Parse/Describe round trip of its own), then one {@link
 * ExecuteCommand}, with a deferred BEGIN ahead of it under the same Sync when one waits ({@link
 * DeferredBegin}), and run once more as the unnamed statement when the cached plan went stale
 * ({@link StalePlans}).
 *
 * <p>One per connection, reused by every statement (the point-select path allocates no exchange
 * and no command); {@link #start} sets it up, the {@link ExchangeBracket} runs it, and the caller
 * reads {@link #command()} before the connection runs anything else. Not thread-safe.
 */
public final class StatementExecution extends Exchange {

    private static final Object[] NO_VALUES = new Object[0];

    private final SessionChannel channel;
    private final StatementPreparer preparer;
    private final DeferredBegin begin;
    private final ExecuteCommand command;
    private Object[] values = NO_VALUES;
    private @Nullable RowSink sink;
    /** No sink: the observer is told the rows affected, from the command tag. */
    private boolean countsTag;

    private boolean retainRows;
    private int maxRows;

    public StatementExecution(SessionChannel channel, StatementPreparer preparer, DeferredBegin begin) {
        this.channel = channel;
        this.preparer = preparer;
        this.begin = begin;
        this.command = new ExecuteCommand(channel, preparer);
        this.timed = true;
    }

    /** Sets up the next run; {@code sink} null: the rows are only counted (execute). */
    public StatementExecution start(
            String operation, String sql, Object[] values, boolean retainRows, @Nullable RowSink sink, int maxRows) {
        this.operation = operation;
        this.sql = sql;
        this.values = values;
        this.retainRows = retainRows;
        this.sink = sink;
        this.countsTag = sink == null;
        this.maxRows = maxRows;
        command.start(sink);
        return this;
    }

    /** The command whose answer was read: its tag, row count and statement. */
    public ExecuteCommand command() {
        return command;
    }

    @Override
    protected void perform() throws IOException {
        boolean ownTransaction = !begin.pending() && channel.messages().transactionStatus() == 'I';
        PreparedStatement statement = preparer.prepare(sql, values);
        try {
            runOnce(statement);
        } catch (PgServerException e) {
            if (!StalePlans.rerunnable(
                    e,
                    statement,
                    command.rowCount(),
                    ownTransaction && channel.messages().transactionStatus() == 'I')) {
                throw StalePlans.explained(e);
            }
            command.start(sink);
            runOnce(preparer.rerun(statement, values));
        }
    }

    /** Bind, Execute, Sync of a prepared statement (a deferred BEGIN ahead of them), sent, and the answer read. */
    private void runOnce(PreparedStatement statement) throws IOException {
        command.statement(statement);
        if (sink != null) {
            sink.starting(statement);
        }
        String beginSql = begin.sql();
        int mark = channel.writeBuffer().position();
        if (beginSql != null) {
            BeginCommand.write(
                    channel.writeBuffer(), beginSql); // same Sync: if BEGIN fails, the server skips the statement
        }
        command.write(
                statement, values, maxRows, mark); // a value that cannot be sent: neither goes, BEGIN stays deferred
        if (beginSql != null) {
            channel.enqueue(begin.command());
            begin.sentWithStatement();
        }
        channel.enqueue(command);
        channel.send();
        channel.reader().retainViews(retainRows);
        channel.await(command); // BEGIN's answer first: a failed BEGIN throws here
    }

    @Override
    protected long observedRows(@Nullable Throwable failure) {
        // without a sink (execute) the rows affected come from the command tag, else the rows received
        return countsTag && failure == null ? CommandTags.rowCount(command.tag()) : command.rowCount();
    }

    @Override
    protected void finish(ExchangeBracket bracket, long bytesReceived, @Nullable Throwable failure) {
        command.releaseSink(); // the pooled connection must not pin the caller's rows or callback
        sink = null;
        values = NO_VALUES;
        bracket.recordExecution(command.statement(), command.rowCount(), bytesReceived, failure, true);
        bracket.recordCompletion(command.statement(), command.rowCount());
    }
}
