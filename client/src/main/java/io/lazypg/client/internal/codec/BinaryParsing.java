package io.lazypg.client.internal.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.jspecify.annotations.Nullable;

/**
 * Readers for PostgreSQL's binary send format (big-endian). Every reader checks the cell length
 * first and throws {@link io.lazypg.client.PgConversionException} for a length the type never has.
 * The primitive readers allocate nothing.
 *
 * <p>numeric send format: {@code int16 ndigits, int16 weight, uint16 sign, int16 dscale,
 * int16 digits[ndigits]} where digits are base 10000, the first one multiplied by
 * 10000^weight, and dscale is the number of decimal digits shown after the point.
 */
final class BinaryParsing {

    static final int NUMERIC_POS = 0x0000;
    static final int NUMERIC_NEG = 0x4000;
    static final int NUMERIC_NAN = 0xC000;
    static final int NUMERIC_PINF = 0xD000;
    static final int NUMERIC_NINF = 0xF000;

    private BinaryParsing() {}

    static short int16(byte[] b, int p) {
        return (short) ((b[p] << 8) | (b[p + 1] & 0xFF));
    }

    static int int32(byte[] b, int p) {
        return (b[p] << 24) | ((b[p + 1] & 0xFF) << 16) | ((b[p + 2] & 0xFF) << 8) | (b[p + 3] & 0xFF);
    }

    static long int64(byte[] b, int p) {
        return ((long) int32(b, p) << 32) | (int32(b, p + 4) & 0xFFFFFFFFL);
    }

    static void expectLength(byte[] b, int off, int len, int oid, int expected) {
        if (len != expected) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "expected " + expected + " bytes, got " + len);
        }
    }

    /** An int2, int4, int8 or oid cell as a long (oid is unsigned). */
    static long integral(byte[] b, int off, int len, int oid) {
        switch (oid) {
            case Oids.INT2:
                expectLength(b, off, len, oid, 2);
                return int16(b, off);
            case Oids.INT4:
                expectLength(b, off, len, oid, 4);
                return int32(b, off);
            case Oids.OID:
                expectLength(b, off, len, oid, 4);
                return int32(b, off) & 0xFFFFFFFFL;
            default:
                expectLength(b, off, len, oid, 8);
                return int64(b, off);
        }
    }

    /**
     * Days since 1970-01-01 of a binary date, or {@link TextParsing#POS_INFINITE} /
     * {@link TextParsing#NEG_INFINITE} for infinity (int32 max / min).
     */
    static long dateEpochDay(byte[] b, int off, int len, int oid) {
        expectLength(b, off, len, oid, 4);
        int days = int32(b, off);
        if (days == Integer.MAX_VALUE) {
            return TextParsing.POS_INFINITE;
        }
        if (days == Integer.MIN_VALUE) {
            return TextParsing.NEG_INFINITE;
        }
        return days + PgEpoch.PG_EPOCH_DAYS;
    }

    /**
     * Microseconds since 2000-01-01 of a binary timestamp(tz), as sent; the infinities (int64 max
     * and min) are the same values as {@link TextParsing#POS_INFINITE} / {@link TextParsing#NEG_INFINITE}.
     */
    static long timestampMicros(byte[] b, int off, int len, int oid) {
        expectLength(b, off, len, oid, 8);
        return int64(b, off);
    }

    /** The numeric's sign field: {@link #NUMERIC_POS}, {@link #NUMERIC_NEG}, NaN or an infinity. */
    static int numericSign(byte[] b, int off, int len, int oid) {
        if (len < 8) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "numeric shorter than its 8-byte header");
        }
        int ndigits = int16(b, off);
        int sign = int16(b, off + 4) & 0xFFFF;
        if (ndigits < 0
                || len != 8 + 2 * ndigits
                || (sign != NUMERIC_POS
                        && sign != NUMERIC_NEG
                        && sign != NUMERIC_NAN
                        && sign != NUMERIC_PINF
                        && sign != NUMERIC_NINF)) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "inconsistent numeric header");
        }
        return sign;
    }

    static boolean isNumericSpecial(int sign) {
        return sign != NUMERIC_POS && sign != NUMERIC_NEG;
    }

    static double numericSpecialAsDouble(int sign) {
        return sign == NUMERIC_NAN
                ? Double.NaN
                : sign == NUMERIC_PINF ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }

    /**
     * A binary numeric without fraction as a long, allocation-free. A non-zero fraction, a
     * special value or a value outside the long range is a conversion error naming {@code target}.
     */
    static long numericToLong(byte[] b, int off, int len, int oid, Class<?> target) {
        int sign = numericSign(b, off, len, oid);
        if (isNumericSpecial(sign)) {
            throw ConversionErrors.cannotConvert(b, off, len, oid, true, target, "it is not a finite number");
        }
        int ndigits = int16(b, off);
        int weight = int16(b, off + 2);
        long result = 0; // accumulated negatively so that Long.MIN_VALUE fits
        for (int i = 0; i < ndigits; i++) {
            int digit = int16(b, off + 8 + 2 * i);
            if (i > weight) {
                if (digit != 0) {
                    throw ConversionErrors.cannotConvert(
                            b,
                            off,
                            len,
                            oid,
                            true,
                            target,
                            "it has a fractional part; read it as BigDecimal or double");
                }
                continue;
            }
            result = appendGroup(b, off, len, oid, target, result, digit);
        }
        for (int i = ndigits; i <= weight; i++) {
            result = appendGroup(b, off, len, oid, target, result, 0);
        }
        if (sign == NUMERIC_POS) {
            if (result == Long.MIN_VALUE) {
                throw outOfLongRange(b, off, len, oid, target);
            }
            return -result;
        }
        return result;
    }

    private static long appendGroup(byte[] b, int off, int len, int oid, Class<?> target, long result, int digit) {
        if (result < Long.MIN_VALUE / 10000 || (result == Long.MIN_VALUE / 10000 && digit > 5808)) {
            throw outOfLongRange(b, off, len, oid, target);
        }
        return result * 10000 - digit;
    }

    private static RuntimeException outOfLongRange(byte[] b, int off, int len, int oid, Class<?> target) {
        return ConversionErrors.cannotConvert(
                b,
                off,
                len,
                oid,
                true,
                target,
                "out of range [" + Long.MIN_VALUE + ", " + Long.MAX_VALUE + "]; read it as BigDecimal");
    }

    /** A finite binary numeric as a BigDecimal with scale {@code dscale}; call {@link #numericSign} first. */
    /**
     * The common case without BigInteger: up to 4 base-10000 digit groups (16 decimal digits) fit a
     * long, and the value is that long at some scale. Null when rescaling would overflow a long.
     */
    private static @Nullable BigDecimal smallNumeric(
            byte[] b, int off, int ndigits, int weight, int dscale, boolean negative) {
        long unscaled = 0;
        for (int i = 0; i < ndigits; i++) {
            unscaled = unscaled * 10000 + int16(b, off + 8 + 2 * i);
        }
        // The last digit group stands for 10000^(weight - ndigits + 1): that is the scale we hold.
        int scale = -4 * (weight - ndigits + 1);
        try {
            while (scale < dscale) {
                unscaled = Math.multiplyExact(unscaled, 10L);
                scale++;
            }
        } catch (ArithmeticException overflow) {
            return null;
        }
        while (scale > dscale) {
            unscaled /= 10; // digits past dscale are cut, as PostgreSQL shows them
            scale--;
        }
        return BigDecimal.valueOf(negative ? -unscaled : unscaled, scale);
    }

    static BigDecimal numericToBigDecimal(byte[] b, int off, int len, int oid) {
        int sign = numericSign(b, off, len, oid);
        int ndigits = int16(b, off);
        int weight = int16(b, off + 2);
        int dscale = int16(b, off + 6) & 0x3FFF;
        if (ndigits == 0) {
            return BigDecimal.valueOf(0, dscale);
        }
        if (ndigits <= 4) {
            BigDecimal small = smallNumeric(b, off, ndigits, weight, dscale, sign == NUMERIC_NEG);
            if (small != null) {
                return small;
            }
        }
        BigInteger big = null;
        long chunk = 0;
        int inChunk = 0;
        for (int i = 0; i < ndigits; i++) {
            chunk = chunk * 10000 + int16(b, off + 8 + 2 * i);
            // 4 groups = 16 decimal digits fit a long; fold them into the BigInteger only past that.
            if (++inChunk == 4 && i + 1 < ndigits) {
                big = big == null
                        ? BigInteger.valueOf(chunk)
                        : big.multiply(BigInteger.TEN.pow(16)).add(BigInteger.valueOf(chunk));
                chunk = 0;
                inChunk = 0;
            }
        }
        BigInteger unscaled;
        if (big == null) {
            unscaled = BigInteger.valueOf(chunk);
        } else {
            unscaled = big.multiply(BigInteger.TEN.pow(4 * inChunk)).add(BigInteger.valueOf(chunk));
        }
        if (sign == NUMERIC_NEG) {
            unscaled = unscaled.negate();
        }
        // The last digit group stands for 10000^(weight - ndigits + 1).
        BigDecimal value = new BigDecimal(unscaled, -4 * (weight - ndigits + 1));
        // PostgreSQL shows exactly dscale fraction digits; extra stored digits are zeros (or cut, as it does).
        return value.setScale(dscale, RoundingMode.DOWN);
    }
}
