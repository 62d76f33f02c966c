package io.lazypg.client.internal.wire;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/** Builds backend message streams for reader tests, and input streams that deliver them in pieces. */
final class StreamBuilder {

    record Message(byte type, byte[] payload) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Message m && m.type == type && Arrays.equals(m.payload, payload);
        }

        @Override
        public int hashCode() {
            return type * 31 + Arrays.hashCode(payload);
        }

        @Override
        public String toString() {
            return (char) type + "[" + payload.length + "]";
        }
    }

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final List<Message> messages = new ArrayList<>();

    StreamBuilder add(char type, byte[] payload) {
        bytes.write(type);
        int length = payload.length + 4;
        bytes.write(length >>> 24);
        bytes.write(length >>> 16);
        bytes.write(length >>> 8);
        bytes.write(length);
        bytes.writeBytes(payload);
        messages.add(new Message((byte) type, payload));
        return this;
    }

    /** A DataRow with {@code cells} text cells whose contents derive from {@code seed}. */
    StreamBuilder dataRow(int seed, int cells, int cellSize) {
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        p.write(cells >>> 8);
        p.write(cells);
        for (int c = 0; c < cells; c++) {
            int len = (c + seed) % 3 == 0 ? -1 : cellSize + (seed + c) % 7;
            p.write(len >>> 24);
            p.write(len >>> 16);
            p.write(len >>> 8);
            p.write(len);
            for (int i = 0; i < len; i++) {
                p.write('a' + (seed + c + i) % 26);
            }
        }
        return add('D', p.toByteArray());
    }

    /** A realistic mixed result: description, rows of several sizes, notices, completion. */
    static StreamBuilder mixed(int rows, int largestCell) {
        StreamBuilder b = new StreamBuilder();
        b.add('T', filled(60, 7));
        b.add('S', "TimeZone\0UTC\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        for (int r = 0; r < rows; r++) {
            b.dataRow(r, 1 + r % 5, r % 4 == 3 ? largestCell : 1 + r % 30);
            if (r % 17 == 5) {
                b.add('N', filled(40, r));
            }
        }
        b.add('C', "SELECT 1\0".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        b.add('Z', new byte[] {'I'});
        return b;
    }

    static byte[] filled(int size, int seed) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (seed * 31 + i);
        }
        return b;
    }

    byte[] bytes() {
        return bytes.toByteArray();
    }

    List<Message> messages() {
        return messages;
    }

    /** Delivers {@code data} with read sizes given by {@code sizes} (called with the read's ordinal). */
    static InputStream pieces(byte[] data, IntUnaryOperator sizes) {
        return new InputStream() {
            private int pos;
            private int reads;

            @Override
            public int read() {
                throw new UnsupportedOperationException("the reader must read in bulk");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (pos == data.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, data.length - pos), Math.max(1, sizes.applyAsInt(reads++)));
                System.arraycopy(data, pos, b, off, n);
                pos += n;
                return n;
            }
        };
    }

    /** Two reads: everything before {@code split}, then the rest (then end of stream). */
    static InputStream splitAt(byte[] data, int split) {
        return pieces(data, read -> read == 0 ? (split == 0 ? data.length : split) : Integer.MAX_VALUE);
    }
}
