package io.lazypg.client.internal.command;

import io.lazypg.client.PgException;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.jspecify.annotations.Nullable;

/**
 * {@code COPY ... FROM STDIN} fed from an {@link InputStream}, over the simple query protocol. The
 * first chunk of the stream (at most {@value #CHUNK} bytes) goes in the same write as the Query,
 * without waiting for the server's CopyInResponse, followed by CopyDone when the stream ended
 * there: a copy of up to 64 KiB is one round trip. A longer stream sends the rest once
 * CopyInResponse arrived, as CopyData messages of at most {@value #CHUNK} bytes, then CopyDone; the
 * server answers CommandComplete ({@code COPY n}) and ReadyForQuery.
 *
 * <p>Sending ahead is safe because a server that did not enter copy-in mode (the COPY failed: no
 * such table, a syntax error, a permission; or the statement was no COPY FROM STDIN) reads CopyData,
 * CopyDone and CopyFail outside copy mode and discards them, as the protocol says ({@code
 * PostgresMain} "accept but ignore these messages"; verified on PostgreSQL 14 and 18 by {@code
 * CopyInOneWriteIT}), inside a transaction block too (the failure aborts it, as any failing
 * statement does). Waiting for CopyInResponse after the first chunk keeps a failed COPY from
 * having a whole large stream pushed at it.
 *
 * <p>Memory is bounded by one chunk whatever the stream's size. After each chunk the handler
 * looks, without blocking, for an answer from the server: an error in the data (a malformed
 * row, a constraint) ends copy-in mode on the server at once, so sending stops there instead of
 * pushing the rest of a large stream into a copy that already failed.
 *
 * <p>A failure of the stream (its IOException, as an {@link UncheckedIOException}) or an
 * interrupt of the copying thread is answered with CopyFail, so the server rolls the COPY back
 * and the connection stays usable; the loop then drains to ReadyForQuery and rethrows it. When it
 * happens while the first chunk is read, nothing was sent at all.
 *
 * <p>Not thread-safe: one per copy, on the thread that holds the connection.
 */
public final class CopyFromStream extends CopyOperation {

    static final int CHUNK = 64 * 1024;
    private static final int HEADER = 5;

    private final SessionChannel connection;
    private final InputStream data;
    /** CopyInResponses answered so far. */
    private int copies;

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

    /** The CopyData message being filled, or null before the first chunk. */
    private byte @Nullable [] message;
    /** The stream ended and CopyDone was written: a later CopyInResponse (a script's second COPY) gets CopyDone alone. */
    private boolean done;

    /** The first chunk, and CopyDone when the stream ends there, behind the Query (see the class comment). */
    @Override
    void writeAfterQuery(SessionChannel channel) {
        if (Thread.currentThread().isInterrupted()) {
            throw new PgException(
                    "COPY FROM STDIN was interrupted before anything was sent. The connection is still usable.",
                    new InterruptedException());
        }
        byte[] chunk = new byte[HEADER + CHUNK];
        chunk[0] = 'd';
        message = chunk;
        int n;
        try {
            n = data.readNBytes(chunk, HEADER, CHUNK);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Reading the COPY input failed before anything was sent. The connection is still usable.", e);
        }
        WriteBuffer out = channel.writeBuffer();
        if (n > 0) {
            frame(chunk, n);
            out.writeBytes(chunk, 0, HEADER + n);
        }
        if (n < CHUNK) { // readNBytes reads less only at the end of the stream
            FrontendMessages.copyDone(out);
            done = true;
        }
    }

    private static void frame(byte[] message, int n) {
        int length = n + 4;
        message[1] = (byte) (length >>> 24);
        message[2] = (byte) (length >>> 16);
        message[3] = (byte) (length >>> 8);
        message[4] = (byte) length;
    }

    @Override
    protected void copyIn(MessageReader in) throws IOException {
        started();
        if (done) {
            if (copies++ > 0) {
                connection.sendCopyDone(); // a further COPY FROM STDIN of the same script: the input is used up
            }
            return;
        }
        copies++;
        byte[] message = this.message;
        if (message == null) {
            message = new byte[HEADER + CHUNK];
            message[0] = 'd';
            this.message = message;
        }
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
                done = true;
                return;
            }
            frame(message, n);
            connection.sendRaw(message, HEADER + n);
            if (connection.serverErroredDuringCopy(this)) {
                return; // the server left copy-in mode; its ReadyForQuery follows
            }
        }
    }
}
