package io.lazypg.client.internal.wire;

/** Big-endian reads from a byte array, as the protocol lays numbers out. Allocation-free. */
public final class Bytes {

    private Bytes() {}

    public static int readInt(byte[] b, int at) {
        return (b[at] << 24) | ((b[at + 1] & 0xFF) << 16) | ((b[at + 2] & 0xFF) << 8) | (b[at + 3] & 0xFF);
    }

    public static short readShort(byte[] b, int at) {
        return (short) ((b[at] << 8) | (b[at + 1] & 0xFF));
    }

    public static int readUnsignedShort(byte[] b, int at) {
        return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
    }

    public static long readLong(byte[] b, int at) {
        return ((long) readInt(b, at) << 32) | (readInt(b, at + 4) & 0xFFFFFFFFL);
    }

    /** Index of the NUL that ends the C string starting at {@code at}, or -1 if none before {@code end}. */
    public static int indexOfNul(byte[] b, int at, int end) {
        for (int i = at; i < end; i++) {
            if (b[i] == 0) {
                return i;
            }
        }
        return -1;
    }
}
