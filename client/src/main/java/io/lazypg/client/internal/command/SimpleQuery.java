package io.lazypg.client.internal.command;

import io.lazypg.client.internal.channel.SessionChannel;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The exchange of simple Queries: {@code command} writes each, and reads its whole answer. For
 * scripts, script results, COPY, validation and the client's own questions about the session.
 *
 * <p>One per connection, reused ({@link #run}), as the statement exchange is: a COMMIT or ROLLBACK
 * script then allocates no exchange and no handler. Between runs it holds only the connection's
 * own script handler, never the caller's COPY stream or results. Not thread-safe: used by the
 * thread that holds the connection.
 */
public final class SimpleQuery extends Exchange {

    private final SessionChannel channel;
    /** The handler of scripts whose results are dropped; also what is held between runs. */
    private final ScriptResponse script = new ScriptResponse();

    private SimpleQueryCommand command = script;
    /** Whether rows may outlive the call (the reader then keeps their bytes). */
    private boolean retainViews;

    public SimpleQuery(SessionChannel channel) {
        this.channel = channel;
    }

    /** Runs {@code sql} as a script whose results are dropped (not timed, rows not retained). */
    public void runScript(ExchangeBracket bracket, String sql, @Nullable String operation) {
        run(bracket, sql, operation, false, script, false);
    }

    /**
     * Runs {@code sql} with {@code command} through {@code bracket}.
     *
     * @param operation what the observer is told (null: not observed)
     * @param timed whether the query timeout bounds it (not for scripts and COPY, which run as long as they must)
     */
    public void run(
            ExchangeBracket bracket,
            String sql,
            @Nullable String operation,
            boolean timed,
            SimpleQueryCommand command,
            boolean retainViews) {
        this.sql = sql;
        this.operation = operation;
        this.timed = timed;
        this.command = command;
        this.retainViews = retainViews;
        try {
            bracket.run(this);
        } finally {
            this.sql = "";
            this.command = script; // the pooled connection must not pin the caller's stream or results
        }
    }

    @Override
    protected void perform() throws IOException {
        command.write(channel, sql);
        channel.enqueue(command);
        channel.send();
        channel.reader().retainViews(retainViews);
        channel.await(command);
    }

    @Override
    protected long observedRows(@Nullable Throwable failure) {
        return command.observedRows();
    }
}
