package io.lazypg.client.internal.codec;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A test-side numeric_send written from PostgreSQL's description of the format (not from the
 * decoder): base-10000 digits aligned on the decimal point, leading and trailing zero groups
 * stripped, weight of the first group, dscale = the value's scale.
 */
final class NumericEncoding {

    private NumericEncoding() {}

    static byte[] encode(BigDecimal value) {
        int dscale = Math.max(value.scale(), 0);
        String digits = value.abs().setScale(dscale).unscaledValue().toString();
        // Split into integer and fraction digit strings, pad both to multiples of 4 around the point.
        String intPart = digits.length() > dscale ? digits.substring(0, digits.length() - dscale) : "0";
        String fracPart = digits.length() > dscale
                ? digits.substring(digits.length() - dscale)
                : "0".repeat(dscale - digits.length()) + digits;
        intPart = "0".repeat((4 - intPart.length() % 4) % 4) + intPart;
        fracPart = fracPart + "0".repeat((4 - fracPart.length() % 4) % 4);
        String all = intPart + fracPart;
        int groups = all.length() / 4;
        int[] g = new int[groups];
        for (int i = 0; i < groups; i++) {
            g[i] = Integer.parseInt(all.substring(4 * i, 4 * i + 4));
        }
        int weight = intPart.length() / 4 - 1;
        int first = 0;
        while (first < groups && g[first] == 0) {
            first++;
            weight--;
        }
        int last = groups - 1;
        while (last >= first && g[last] == 0) {
            last--;
        }
        int ndigits = last - first + 1;
        if (ndigits == 0) {
            weight = 0;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        short16(out, ndigits);
        short16(out, weight);
        short16(out, value.signum() < 0 ? 0x4000 : 0);
        short16(out, dscale);
        for (int i = first; i <= last; i++) {
            short16(out, g[i]);
        }
        return out.toByteArray();
    }

    static byte[] special(int sign) {
        return new byte[] {0, 0, 0, 0, (byte) (sign >> 8), (byte) sign, 0, 0};
    }

    private static void short16(ByteArrayOutputStream out, int v) {
        out.write(v >> 8);
        out.write(v);
    }

    static BigDecimal random(java.util.Random random) {
        BigDecimal v = new BigDecimal(new BigInteger(1 + random.nextInt(150), random), random.nextInt(60) - 10);
        if (v.scale() < 0) {
            v = v.setScale(0);
        }
        return random.nextBoolean() ? v.negate() : v;
    }
}
