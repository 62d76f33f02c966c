package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.internal.wire.WriteBuffer;
import java.math.BigDecimal;

/**
 * numeric's binary send format: base-10000 digits with a weight (the power of 10000 of the first
 * digit), a sign and the display scale.
 *
 * <pre>
 *   int16 ndigits | int16 weight | int16 sign (0x0000 +, 0x4000 -) | int16 dscale | ndigits x int16 (0..9999)
 * </pre>
 *
 * 12345.678 is digits [1, 2345, 6780], weight 1, dscale 3. Stateless.
 */
final class NumericBinary {

    private NumericBinary() {}

    /** 10^0 .. 10^3: the factor that moves a scale up to the next multiple of 4. */
    private static final long[] POW10 = {1, 10, 100, 1000};

    static void write(WriteBuffer out, BigDecimal value) {
        BigDecimal v = value.scale() < 0 ? value.setScale(0) : value;
        int scale = v.scale();
        java.math.BigInteger unscaled = v.unscaledValue();
        if (unscaled.bitLength() < 60) { // the common case: arithmetic on a long, no strings
            writeSmall(out, Math.abs(unscaled.longValue()), scale, v.signum() < 0);
            return;
        }
        String digits = v.unscaledValue().abs().toString();
        // Decimal digits of the integer part and of the fraction (zero-padded to the scale).
        String integer = digits.length() > scale ? digits.substring(0, digits.length() - scale) : "";
        String fraction = digits.length() > scale
                ? digits.substring(digits.length() - scale)
                : "0".repeat(scale - digits.length()) + digits;
        // Align to groups of 4: the integer part on the left, the fraction on the right.
        int integerGroups = (integer.length() + 3) / 4;
        String paddedInteger = "0".repeat(integerGroups * 4 - integer.length()) + integer;
        int fractionGroups = (fraction.length() + 3) / 4;
        String paddedFraction = fraction + "0".repeat(fractionGroups * 4 - fraction.length());
        String all = paddedInteger + paddedFraction;
        int groups = integerGroups + fractionGroups;
        int first = 0;
        while (first < groups && group(all, first) == 0) {
            first++;
        }
        int last = groups - 1;
        while (last >= first && group(all, last) == 0) {
            last--;
        }
        int ndigits = last - first + 1;
        out.writeShort(ndigits);
        out.writeShort(ndigits == 0 ? 0 : integerGroups - 1 - first);
        out.writeShort(ndigits == 0 || v.signum() >= 0 ? 0 : 0x4000);
        out.writeShort(scale);
        for (int g = first; g <= last; g++) {
            out.writeShort(group(all, g));
        }
    }

    /**
     * {@code magnitude / 10^scale}, with {@code magnitude < 2^60}: the scale is padded up to a multiple
     * of 4 (times 10^pad, which stays below 2^63), so the base-10000 groups of the padded magnitude are
     * the number's digits, the last {@code paddedScale / 4} of them after the decimal point.
     */
    private static void writeSmall(WriteBuffer out, long magnitude, int scale, boolean negative) {
        if (magnitude == 0) {
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(0);
            out.writeShort(scale);
            return;
        }
        int pad = (4 - scale % 4) % 4;
        long m = magnitude * POW10[pad];
        int fractionGroups = (scale + pad) / 4;
        int trailingZeroGroups = 0;
        while (m % 10_000 == 0) {
            m /= 10_000;
            trailingZeroGroups++;
        }
        int ndigits = 0;
        long top = 1;
        for (long rest = m; rest > 0; rest /= 10_000) {
            ndigits++;
            if (rest >= 10_000) {
                top *= 10_000;
            }
        }
        out.writeShort(ndigits);
        out.writeShort(ndigits + trailingZeroGroups - 1 - fractionGroups);
        out.writeShort(negative ? 0x4000 : 0);
        out.writeShort(scale);
        for (long divisor = top; divisor > 0; divisor /= 10_000) {
            out.writeShort((int) (m / divisor % 10_000));
        }
    }

    private static int group(String digits, int g) {
        return Integer.parseInt(digits, g * 4, g * 4 + 4, 10);
    }
}
