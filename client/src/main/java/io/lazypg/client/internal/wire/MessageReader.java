package io.lazypg.client.internal.wire;

import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgProtocolException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Frames the server's byte stream into messages and exposes the current one as a view:
 * {@link #type()}, {@link #buffer()}, {@link #payloadOffset()}, {@link #payloadLength()}.
 *
 * <pre>
 *   one message on the wire:   +------+-----------+---------------------------+
 *                              | type | length    | payload (length - 4 bytes) |
 *                              | 1 B  | int32 BE  |                           |
 *                              +------+-----------+---------------------------+
 *                                       ^ counts itself and the payload, not the type byte
 * </pre>
 *
 * <h2>Where the bytes live</h2>
 * One receive buffer per connection ({@code receiveBufferSize}, 64 KiB by default) is filled by each
 * socket read. What happens next depends on the mode, chosen per result:
 * <ul>
 *   <li><b>Retaining</b> ({@link #retainViews(boolean) retainViews(true)}, for results whose rows the
 *       caller may keep): after each read, the complete messages are copied out together into one
 *       exact-size array ({@code Arrays.copyOfRange}, which skips the zeroing a new array would need)
 *       and the views point into that array, which is never written again. The partial message at
 *       the end of the read moves to the front of the receive buffer. So a row never pins more than
 *       the messages that arrived with it in one read, and a one-row result pins a few hundred bytes,
 *       not 64 KiB.</li>
 *   <li><b>Streaming</b> ({@code retainViews(false)}, for callbacks whose row is valid only during the
 *       call): views point straight into the receive buffer, which is compacted and refilled when the
 *       next message is asked for. No allocation per read.</li>
 * </ul>
 * A message larger than the receive buffer gets an array of its own, sized by its header but at
 * most {@value #UP_FRONT_CAP} bytes up front, grown as bytes actually arrive; it is dropped once
 * the next message is read, so nothing grows and stays grown. Between reads the reader holds at most
 * one partial message.
 *
 * <h2>Guards</h2>
 * A header is checked before its length is believed: the type byte must be one the protocol
 * defines, the length at least 4 and at most {@code maxMessageSize}. Anything else, or the stream
 * ending mid-message, is a {@link PgProtocolException}/{@link PgConnectionClosedException}; the
 * reader is then unusable and its connection must be discarded.
 *
 * <p>Not thread-safe: one reader per connection, used by the thread that holds the connection.
 * A view is valid until the next call to {@link #next()} in streaming mode, and forever in
 * retaining mode.
 */
public final class MessageReader {

    /** A header-declared length is believed up front only up to this much (seed 001's cap). */
    static final int UP_FRONT_CAP = 1 << 20;

    private static final int HEADER = 5;

    private final InputStream in;
    private final int maxMessageSize;
    private final byte[] receive;
    /** Bytes of the receive buffer that belong to messages not yet copied out or delivered. */
    private int receiveFill;

    private boolean retain = true;

    /** The region messages are delivered from: a copied-out chunk, or the receive buffer itself. */
    private byte[] region;

    private int regionPos;
    private int regionEnd;
    private boolean regionIsReceive;

    private byte type;
    private byte[] view;
    private int payloadOffset;
    private int payloadLength;

    private long bytesReceived;

    public MessageReader(InputStream in, int receiveBufferSize, int maxMessageSize) {
        if (receiveBufferSize < 64) {
            throw new IllegalArgumentException("receiveBufferSize must be at least 64 bytes, was " + receiveBufferSize);
        }
        this.in = in;
        this.maxMessageSize = maxMessageSize;
        this.receive = new byte[receiveBufferSize];
        this.region = receive;
        this.view = receive; // no message yet: the empty receive buffer, never null
    }

    /**
     * Chooses whether views handed out from now on must stay valid after {@link #next()} (true)
     * or only until it (false). Cheap to call before every result.
     */
    public void retainViews(boolean retainViews) {
        if (retainViews && !retain && regionIsReceive && regionPos < regionEnd) {
            // Complete messages already sitting in the receive buffer would be rewritten by the
            // next compaction: copy them out now, like a fresh read in retaining mode.
            compactReceive();
            copyOutCompleteMessages();
        }
        this.retain = retainViews;
    }

    /** Advances to the next complete message, reading from the stream as needed, and returns its type. */
    public byte next() throws IOException {
        while (!deliverFromRegion()) {
            if (refill()) {
                return type;
            }
        }
        return type;
    }

    private boolean deliverFromRegion() {
        if (regionEnd - regionPos < HEADER) {
            return false;
        }
        byte t = region[regionPos];
        int length = Bytes.readInt(region, regionPos + 1);
        checkHeader(t, length);
        if (regionEnd - regionPos < length + 1) {
            return false;
        }
        type = t;
        view = region;
        payloadOffset = regionPos + HEADER;
        payloadLength = length - 4;
        regionPos += length + 1;
        return true;
    }

    /**
     * Reads until the region holds at least one more complete message (returns false), or until
     * one message too large for the receive buffer has been read and made current (returns true).
     */
    private boolean refill() throws IOException {
        if (regionIsReceive) {
            compactReceive();
        }
        // Now receive[0, receiveFill) holds the (possibly empty) partial message.
        while (true) {
            if (receiveFill >= HEADER) {
                byte t = receive[0];
                int length = Bytes.readInt(receive, 1);
                checkHeader(t, length);
                if ((long) length + 1 > receive.length) {
                    readLargeMessage(t, length);
                    return true;
                }
            }
            int n = in.read(receive, receiveFill, receive.length - receiveFill);
            if (n < 0) {
                throw endOfStream(receiveFill > 0);
            }
            bytesReceived += n;
            receiveFill += n;
            if (retain) {
                if (copyOutCompleteMessages()) {
                    return false;
                }
            } else if (firstMessageComplete()) {
                region = receive;
                regionPos = 0;
                regionEnd = receiveFill;
                regionIsReceive = true;
                return false;
            }
        }
    }

    private boolean firstMessageComplete() {
        return receiveFill >= HEADER && receiveFill >= Bytes.readInt(receive, 1) + 1;
    }

    /**
     * Copies the complete messages at the front of the receive buffer into a chunk of their own
     * and makes it the region; moves the partial tail to the front. False if no message is complete.
     */
    private boolean copyOutCompleteMessages() {
        int end = 0;
        while (receiveFill - end >= HEADER) {
            byte t = receive[end];
            int length = Bytes.readInt(receive, end + 1);
            checkHeader(t, length);
            if (receiveFill - end < length + 1) {
                break;
            }
            end += length + 1;
        }
        if (end == 0) {
            return false;
        }
        region = Arrays.copyOfRange(receive, 0, end);
        regionPos = 0;
        regionEnd = end;
        regionIsReceive = false;
        System.arraycopy(receive, end, receive, 0, receiveFill - end);
        receiveFill -= end;
        return true;
    }

    /** Moves the unread part of the receive-buffer region to the front, so it can be completed. */
    private void compactReceive() {
        int remaining = regionEnd - regionPos;
        if (regionPos > 0 && remaining > 0) {
            System.arraycopy(receive, regionPos, receive, 0, remaining);
        }
        receiveFill = remaining;
        region = receive;
        regionPos = 0;
        regionEnd = 0;
        regionIsReceive = false;
    }

    /**
     * Reads one message too large for the receive buffer into an array of its own. The header's
     * length is believed only up to {@link #UP_FRONT_CAP} before the bytes arrive; past that the
     * array doubles as they do, so a lying header cannot make us allocate a gigabyte up front.
     */
    private void readLargeMessage(byte t, int length) throws IOException {
        int total = length + 1;
        byte[] message = new byte[Math.min(total, Math.max(UP_FRONT_CAP, receiveFill))];
        System.arraycopy(receive, 0, message, 0, receiveFill);
        int filled = receiveFill;
        receiveFill = 0;
        while (filled < total) {
            if (filled == message.length) {
                message = Arrays.copyOf(message, (int) Math.min(total, (long) message.length * 2));
            }
            int n = in.read(message, filled, message.length - filled);
            if (n < 0) {
                throw endOfStream(true);
            }
            bytesReceived += n;
            filled += n;
        }
        type = t;
        view = message;
        payloadOffset = HEADER;
        payloadLength = length - 4;
        region = receive;
        regionPos = 0;
        regionEnd = 0;
        regionIsReceive = false;
    }

    private void checkHeader(byte t, int length) {
        if (!BackendMessages.isKnown(t)) {
            throw new PgProtocolException("Received a message of unknown type " + BackendMessages.describe(t)
                    + " from the server: the stream is corrupt or this is not a PostgreSQL server."
                    + " The connection was closed; retry on a new one.");
        }
        if (length < 4 || length > maxMessageSize) {
            throw new PgProtocolException("Received a message of type " + BackendMessages.describe(t)
                    + " declaring length " + length + ", outside 4.." + maxMessageSize
                    + ": the stream is corrupt"
                    + (length > maxMessageSize
                            ? " or the message exceeds max-message-size (raise it if the server really sends that much)"
                            : "")
                    + ". The connection was closed; retry on a new one.");
        }
    }

    private static PgConnectionClosedException endOfStream(boolean midMessage) {
        return new PgConnectionClosedException("The server closed the connection"
                + (midMessage ? " in the middle of a message" : "")
                + " (backend terminated, server restarted or network failure). Retry on a new connection.");
    }

    /** Type byte of the current message. */
    public byte type() {
        return type;
    }

    /** The array the current message's payload is in. See the class comment for how long it stays valid. */
    public byte[] buffer() {
        return view;
    }

    public int payloadOffset() {
        return payloadOffset;
    }

    public int payloadLength() {
        return payloadLength;
    }

    /** Bytes read from the stream so far (for metrics). */
    public long bytesReceived() {
        return bytesReceived;
    }

    /** True while complete or partial messages are buffered but not yet delivered. */
    public boolean hasBufferedBytes() {
        // In streaming mode the region is the receive buffer itself, whose fill still counts the
        // messages already delivered: only what lies past the delivery position is undelivered.
        return regionEnd > regionPos || (!regionIsReceive && receiveFill > 0);
    }

    /**
     * Capacity of the largest array this reader keeps for its own use between messages (the receive
     * buffer; a chunk or large message it handed out as a view belongs to the views). For tests of
     * the invariant that nothing grows and stays grown.
     */
    int ownBufferCapacity() {
        return receive.length;
    }
}
