package io.lazypg.client.internal.command;

import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.channel.ServerMessages;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.wire.MessageReader;

/**
 * What {@link CopyFromStream} and {@link CopyToStream} share: a COPY run as a simple Query, its row
 * count from the {@code COPY n} command tag, and a usage error when the statement turned out not
 * to be the kind of COPY the caller asked for (the server never entered the copy mode).
 */
abstract class CopyOperation extends SimpleQueryCommand {

    private final String expected;
    private boolean started;
    private long rows;

    /** @param expected the statement the caller should have given, for the usage error */
    CopyOperation(String expected) {
        this.expected = expected;
    }

    public long rows() {
        return rows;
    }

    /** The server entered the copy mode this operation serves. */
    final void started() {
        started = true;
    }

    @Override
    long observedRows() {
        return rows;
    }

    @Override
    protected final void commandComplete(MessageReader in) {
        rows = CommandTags.rowCount(ServerMessages.readCString(in.buffer(), in.payloadOffset()));
    }

    @Override
    protected void ready() {
        if (!started && serverError() == null && !failed()) {
            throw new PgUsageException("The statement ran but started no copy: " + phase() + " needs " + expected
                    + ". The connection is still usable.");
        }
    }
}
