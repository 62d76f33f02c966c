package io.lazypg.client.internal.copy;

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

    static void write(WriteBuffer out, BigDecimal value) {
        BigDecimal v = value.scale() < 0 ? value.setScale(0) : value;
        int scale = v.scale();
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

    private static int group(String digits, int g) {
        return Integer.parseInt(digits, g * 4, g * 4 + 4, 10);
    }
}
