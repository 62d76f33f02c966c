package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.internal.wire.WriteBuffer;

/**
 * Writes integers as ASCII decimal digits straight into a {@link WriteBuffer}, with no intermediate
 * {@code String} (binding an {@code Integer} must not allocate).
 */
final class Digits {

    /** Long.MIN_VALUE cannot be negated, so its digits are spelled out. */
    private static final byte[] LONG_MIN_DIGITS =
            "9223372036854775808".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private Digits() {}

    /** Writes {@code v} in decimal, with a leading '-' when negative and no leading zeros. */
    static void writeLong(WriteBuffer out, long v) {
        if (v < 0) {
            out.writeByte('-');
            if (v == Long.MIN_VALUE) {
                out.writeBytes(LONG_MIN_DIGITS);
                return;
            }
            v = -v;
        }
        writeDigits(out, v, count(v));
    }

    /**
     * Writes {@code v >= 0} zero-padded to at least {@code width} digits; a value with more digits
     * than {@code width} is written whole (years past 9999 keep all their digits).
     */
    static void writeFixed(WriteBuffer out, long v, int width) {
        writeDigits(out, v, Math.max(width, count(v)));
    }

    /** Number of decimal digits of {@code v >= 0}; 1 for zero. */
    static int count(long v) {
        int n = 1;
        while (v >= 10) {
            v /= 10;
            n++;
        }
        return n;
    }

    /**
     * Appends {@code n} placeholder bytes, then fills them from the right: the digits come out least
     * significant first, and filling backwards avoids reversing or a scratch array. The array is
     * fetched after the last write, so a growth during the placeholders cannot strand the fill.
     */
    private static void writeDigits(WriteBuffer out, long v, int n) {
        for (int i = 0; i < n; i++) {
            out.writeByte('0');
        }
        byte[] a = out.array();
        int p = out.position();
        int stop = p - n;
        while (v != 0 && p > stop) {
            a[--p] = (byte) ('0' + (int) (v % 10));
            v /= 10;
        }
    }
}
