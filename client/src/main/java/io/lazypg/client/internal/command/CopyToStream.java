package io.lazypg.client.internal.command;

import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * {@code COPY ... TO STDOUT} written to an {@link OutputStream}, over the simple query protocol:
 * CopyOutResponse, one CopyData per row, CopyDone, CommandComplete ({@code COPY n}),
 * ReadyForQuery. Each CopyData payload goes to the stream straight from the receive buffer (the
 * reader runs in streaming mode), so memory stays bounded whatever the size of the copy.
 *
 * <p>If the stream fails, the server is asked to cancel the copy (CancelRequest) and the rest of
 * the answer is drained, so the connection stays usable; the stream's IOException comes back as
 * an {@link UncheckedIOException}.
 *
 * <p>Not thread-safe: one per copy, on the thread that holds the connection.
 */
public final class CopyToStream extends CopyOperation {

    /** Cancels the copy on the server (the session's cancel). */
    private final Runnable cancel;

    private final OutputStream out;

    public CopyToStream(Runnable cancel, OutputStream out) {
        super("a COPY ... TO STDOUT statement");
        this.cancel = cancel;
        this.out = out;
    }

    @Override
    protected String phase() {
        return "copying data out";
    }

    @Override
    protected void copyOutStarted() {
        started();
    }

    @Override
    protected void copyData(MessageReader in) {
        try {
            out.write(in.buffer(), in.payloadOffset(), in.payloadLength());
        } catch (IOException e) {
            cancel.run(); // or the server would go on sending the whole table to be dropped
            throw new UncheckedIOException(
                    "Writing the COPY output failed; the copy was cancelled on the server."
                            + " The connection is still usable.",
                    e);
        }
    }
}
