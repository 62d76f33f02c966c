package io.lazypg.client.internal.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Test cells: the value's bytes placed between junk bytes, so that every decoder must honour off and len. */
final class Cells {

    static final int OFF = 3;

    private Cells() {}

    /** {@code s} as UTF-8 at {@link #OFF}, with '9' bytes around it (digits, to catch overreads in number parsers). */
    static byte[] text(String s) {
        return padded(s.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] padded(byte[] value) {
        byte[] b = new byte[value.length + OFF + 4];
        java.util.Arrays.fill(b, (byte) '9');
        System.arraycopy(value, 0, b, OFF, value.length);
        return b;
    }

    static int len(byte[] cell) {
        return cell.length - OFF - 4;
    }

    static byte[] int16(int v) {
        return padded(ByteBuffer.allocate(2).putShort((short) v).array());
    }

    static byte[] int32(int v) {
        return padded(ByteBuffer.allocate(4).putInt(v).array());
    }

    static byte[] int64(long v) {
        return padded(ByteBuffer.allocate(8).putLong(v).array());
    }
}
