package io.lazypg.client.internal.conn;

import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * The exchange of one simple Query: {@code command} writes it, and reads the whole answer. For
 * scripts, script results, COPY, validation and the client's own questions about the session.
 */
final class SimpleQuery extends Exchange {

    private final SessionChannel channel;
    private final SimpleQueryCommand command;
    /** Whether rows may outlive the call (the reader then keeps their bytes). */
    private final boolean retainViews;

    /**
     * @param operation what the observer is told (null: not observed)
     * @param timed whether the query timeout bounds it (not for scripts and COPY, which run as long as they must)
     */
    SimpleQuery(
            SessionChannel channel,
            String sql,
            @Nullable String operation,
            boolean timed,
            SimpleQueryCommand command,
            boolean retainViews) {
        super(sql, operation, timed);
        this.channel = channel;
        this.command = command;
        this.retainViews = retainViews;
    }

    @Override
    void perform() throws IOException {
        command.write(channel, sql);
        channel.enqueue(command);
        channel.send();
        channel.reader().retainViews(retainViews);
        channel.await(command);
    }

    @Override
    long observedRows(@Nullable Throwable failure) {
        return command.observedRows();
    }
}
