package io.lazypg.client.internal.command;

import io.lazypg.client.PgException;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * {@code COPY ... FROM STDIN} fed from an {@link InputStream}, over the simple query protocol:
 * the answer to the Query is CopyInResponse, then this handler sends the stream as CopyData
 * messages of at most {@value #CHUNK} bytes and CopyDone; the server answers CommandComplete
 * ({@code COPY n}) and ReadyForQuery.
 *
 * <p>Memory is bounded by one chunk whatever the stream's size. After each chunk the handler
 * looks, without blocking, for an answer from the server: an error in the data (a malformed
 * row, a constraint) ends copy-in mode on the server at once, so sending stops there instead of
 * pushing the rest of a large stream into a copy that already failed.
 *
 * <p>A failure of the stream (its IOException, as an {@link UncheckedIOException}) or an
 * interrupt of the copying thread is answered with CopyFail, so the server rolls the COPY back
 * and the connection stays usable; the loop then drains to ReadyForQuery and rethrows it.
 *
 * <p>Not thread-safe: one per copy, on the thread that holds the connection.
 */
public final class CopyFromStream extends CopyOperation {

    static final int CHUNK = 64 * 1024;
    private static final int HEADER = 5;

    private final SessionChannel connection;
    private final InputStream data;

    public CopyFromStream(SessionChannel connection, InputStream data) {
        super("a COPY ... FROM STDIN statement");
        this.connection = connection;
        this.data = data;
    }

    @Override
    protected String phase() {
        return "copying data in";
    }

    @Override
    protected boolean acceptsCopyIn() {
        return true;
    }

    @Override
    protected void copyIn(MessageReader in) throws IOException {
        started();
        byte[] message = new byte[HEADER + CHUNK];
        message[0] = 'd';
        while (true) {
            if (Thread.currentThread().isInterrupted()) {
                connection.copyFail("the copying thread was interrupted", false);
                throw new PgException(
                        "COPY FROM STDIN was interrupted; the server rolled it back."
                                + " The connection is still usable.",
                        new InterruptedException());
            }
            int n;
            try {
                n = data.readNBytes(message, HEADER, CHUNK);
            } catch (IOException e) {
                connection.copyFail("reading the input failed: " + e, false);
                throw new UncheckedIOException(
                        "Reading the COPY input failed; the server rolled the COPY back."
                                + " The connection is still usable.",
                        e);
            } catch (RuntimeException | Error e) {
                connection.copyFail("reading the input failed: " + e, false);
                throw e;
            }
            if (n == 0) {
                connection.sendCopyDone();
                return;
            }
            int length = n + 4;
            message[1] = (byte) (length >>> 24);
            message[2] = (byte) (length >>> 16);
            message[3] = (byte) (length >>> 8);
            message[4] = (byte) length;
            connection.sendRaw(message, HEADER + n);
            if (connection.serverErroredDuringCopy(this)) {
                return; // the server left copy-in mode; its ReadyForQuery follows
            }
        }
    }
}
