package io.lazypg.client.internal.wire;

import java.util.Arrays;

/**
 * A growable byte buffer that frontend messages are written into in one pass: a message's length
 * field is reserved, the body written, and the length patched afterwards (no dry run to measure).
 *
 * <p>One per connection, reused for every message; it grows to the largest batch written and is
 * trimmed back by {@link #reset()} when that batch was unusually large, so one huge parameter does
 * not keep a huge buffer alive. Not thread-safe: a connection is used by one thread at a time.
 */
public final class WriteBuffer {

    /** Past this capacity, {@link #reset()} drops the array instead of keeping it for reuse. */
    private static final int RETAINED_CAPACITY = 64 * 1024;

    private final int initialCapacity;
    private byte[] bytes;
    private int position;

    public WriteBuffer(int initialCapacity) {
        this.initialCapacity = initialCapacity;
        this.bytes = new byte[initialCapacity];
    }

    /** Empties the buffer for the next batch of messages. */
    public void reset() {
        position = 0;
        if (bytes.length > RETAINED_CAPACITY) {
            bytes = new byte[initialCapacity];
        }
    }

    /** Drops everything written after {@code position}: a message that failed half-way is never sent. */
    public void truncate(int position) {
        if (position < 0 || position > this.position) {
            throw new IllegalArgumentException("position " + position + " outside 0.." + this.position);
        }
        this.position = position;
    }

    public byte[] array() {
        return bytes;
    }

    public int position() {
        return position;
    }

    public void writeByte(int b) {
        ensure(1);
        bytes[position++] = (byte) b;
    }

    public void writeShort(int v) {
        ensure(2);
        bytes[position++] = (byte) (v >>> 8);
        bytes[position++] = (byte) v;
    }

    public void writeInt(int v) {
        ensure(4);
        putInt(bytes, position, v);
        position += 4;
    }

    public void writeLong(long v) {
        writeInt((int) (v >>> 32));
        writeInt((int) v);
    }

    public void writeBytes(byte[] src) {
        writeBytes(src, 0, src.length);
    }

    public void writeBytes(byte[] src, int offset, int length) {
        ensure(length);
        System.arraycopy(src, offset, bytes, position, length);
        position += length;
    }

    /**
     * Writes {@code s} as UTF-8 without the intermediate array {@code String.getBytes} would allocate.
     * Unpaired surrogates are written as '?' (callers that must reject them check first).
     */
    public void writeUtf8(CharSequence s) {
        int length = s.length();
        ensure(length * 3);
        byte[] b = bytes;
        int p = position;
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b[p++] = (byte) (0xF0 | (cp >> 18));
                b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                b[p++] = (byte) '?';
            } else {
                b[p++] = (byte) (0xE0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        position = p;
    }

    /** Writes {@code s} as UTF-8 followed by the NUL terminator of a protocol C string. */
    public void writeCString(CharSequence s) {
        writeUtf8(s);
        writeByte(0);
    }

    /** Reserves a 4-byte length field and returns its position, for {@link #patchLength(int)}. */
    public int reserveInt() {
        ensure(4);
        int at = position;
        position += 4;
        return at;
    }

    /** Sets the int32 at {@code at} to the number of bytes written from {@code at} on (a protocol length). */
    public void patchLength(int at) {
        putInt(bytes, at, position - at);
    }

    public void patchInt(int at, int value) {
        putInt(bytes, at, value);
    }

    private void ensure(int more) {
        if (position + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, position + more));
        }
    }

    private static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
