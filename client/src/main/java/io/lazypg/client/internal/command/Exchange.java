package io.lazypg.client.internal.command;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * One operation on a session, as {@link ExchangeBracket#run} runs it: what it sends and reads
 * ({@link #perform}), whether the query timeout bounds it, what the query observer hears of it, and
 * what it records once it is over. Subclasses hold the operation's inputs and results; the one for
 * single statements is reused by its connection, so a statement allocates no exchange.
 *
 * <p>Not thread-safe: used by the thread that holds the connection.
 */
public abstract class Exchange {

    /** The SQL the observer is told of. */
    String sql = "";
    /** The operation the observer is told of ("query", "batch", "script" ...); null: not observed. */
    @Nullable
    String operation;
    /** Whether the query timeout bounds it (scripts and COPY run as long as they must). */
    boolean timed;

    public Exchange() {}

    public Exchange(String sql, @Nullable String operation, boolean timed) {
        this.sql = sql;
        this.operation = operation;
        this.timed = timed;
    }

    /** Sends the requests and reads their answers; leaves the channel synchronized, or throws. */
    protected abstract void perform() throws IOException;

    /** The rows the observer is told of once it is over ({@code failure} is null when it succeeded). */
    protected long observedRows(@Nullable Throwable failure) {
        return 0;
    }

    /**
     * Once it is over, after the timeout is disarmed and before the observer hears: statistics, and
     * dropping what the caller lent (rows, callbacks) so the pooled connection keeps none of it.
     */
    protected void finish(ExchangeBracket bracket, long bytesReceived, @Nullable Throwable failure) {}
}
