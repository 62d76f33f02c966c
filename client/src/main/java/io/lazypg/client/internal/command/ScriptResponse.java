package io.lazypg.client.internal.command;

import io.lazypg.client.internal.channel.ResponseHandler;

/**
 * The answer to a simple Query (a script): every result is discarded; the first error is thrown
 * after ReadyForQuery, as {@link ResponseHandler} does by default.
 */
final class ScriptResponse extends SimpleQueryCommand {

    @Override
    protected String phase() {
        return "running a simple query";
    }
}
