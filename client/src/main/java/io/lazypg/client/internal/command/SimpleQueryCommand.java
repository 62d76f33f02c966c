package io.lazypg.client.internal.command;

import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.SessionChannel;

/**
 * A command sent as one simple Query ({@code 'Q'}), answered up to ReadyForQuery: a script whose
 * results are dropped ({@link ScriptResponse}) or kept ({@link ScriptResults}), a COPY ({@link
 * CopyOperation}). The request is the SQL itself; subclasses handle the answer.
 */
abstract class SimpleQueryCommand extends ResponseHandler {

    /** Writes the Query; SQL PostgreSQL cannot receive (a NUL character) fails before anything is written. */
    public final void write(SessionChannel channel, String sql) {
        SqlText.check(sql);
        channel.writeQuery(sql);
    }

    /** The rows the query observer is told of once the command is over. */
    long observedRows() {
        return 0;
    }

    @Override
    protected final boolean extended() {
        return false;
    }
}
