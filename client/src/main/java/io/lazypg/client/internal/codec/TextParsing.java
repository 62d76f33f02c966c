package io.lazypg.client.internal.codec;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Parsers for PostgreSQL's text output, reading digits straight from the received bytes.
 *
 * <p>Invariants: no parser here builds an intermediate {@code String}, uses a
 * {@code DateTimeFormatter} or a regular expression; the primitive parsers allocate nothing on
 * success. The two documented exceptions are floating-point values with more significant digits
 * than a {@code double} multiplies exactly (they go through {@link Double#parseDouble} after this
 * class has checked the syntax, because correct rounding of long decimals is a job of its own) and
 * numerics with more than 18 digits (they become a {@code char[]} for {@link BigDecimal}).
 *
 * <p>Every parser validates its input and throws {@link io.lazypg.client.PgConversionException}
 * for bytes that are not PostgreSQL's text output of the type.
 */
final class TextParsing {

    /** Days from 0000-03-01 (proleptic Gregorian) to 1970-01-01, for {@link #epochDay}. */
    private static final long DAYS_0000_03_01_TO_EPOCH = 719468;

    /** Exact powers of ten as doubles (10^22 is the largest a double holds exactly). */
    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    };

    /** Exact powers of ten as floats (10^10 is the largest a float holds exactly). */
    private static final float[] FPOW10 = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

    /** Numeric specials returned by {@link #numericSpecial}. */
    static final int NOT_SPECIAL = 0;

    static final int NAN = 1;
    static final int POS_INFINITY = 2;
    static final int NEG_INFINITY = 3;

    private TextParsing() {}

    static String utf8(byte[] b, int off, int len) {
        return new String(b, off, len, StandardCharsets.UTF_8);
    }

    /** True when the {@code len} bytes at {@code off} are exactly the ASCII string {@code s}. */
    static boolean equalsAscii(byte[] b, int off, int len, String s) {
        if (len != s.length()) {
            return false;
        }
        for (int i = 0; i < len; i++) {
            if (b[off + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- integers

    /** An optionally signed decimal integer that fits a {@code long}. */
    static long parseLong(byte[] b, int off, int len, int oid) {
        return parseLong(b, off, len, oid, long.class);
    }

    /** As {@link #parseLong(byte[], int, int, int)}, naming {@code target} when the value overflows a long. */
    static long parseLong(byte[] b, int off, int len, int oid, Class<?> target) {
        int end = off + len;
        int p = off;
        boolean negative = false;
        if (p < end && (b[p] == '-' || b[p] == '+')) {
            negative = b[p] == '-';
            p++;
        }
        if (p == end) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "expected digits");
        }
        // Accumulate negatively so that Long.MIN_VALUE parses without overflow.
        long result = 0;
        for (; p < end; p++) {
            int d = b[p] - '0';
            if (d < 0 || d > 9) {
                throw ConversionErrors.malformed(b, off, len, oid, false, "not a digit at position " + (p - off));
            }
            if (result < Long.MIN_VALUE / 10 || (result == Long.MIN_VALUE / 10 && d > 8)) {
                throw ConversionErrors.cannotConvert(
                        b,
                        off,
                        len,
                        oid,
                        false,
                        target,
                        "out of range [" + Long.MIN_VALUE + ", " + Long.MAX_VALUE + "]; read it as BigDecimal");
            }
            result = result * 10 - d;
        }
        if (!negative) {
            if (result == Long.MIN_VALUE) {
                throw ConversionErrors.cannotConvert(
                        b,
                        off,
                        len,
                        oid,
                        false,
                        target,
                        "out of range [" + Long.MIN_VALUE + ", " + Long.MAX_VALUE + "]; read it as BigDecimal");
            }
            return -result;
        }
        return result;
    }

    /**
     * A numeric's text form as a {@code long}: an integer, optionally followed by a fraction of zeros
     * only ({@code 12.000} is 12). A non-zero fraction or a special value is a conversion error
     * naming {@code target}.
     */
    static long parseIntegralNumeric(byte[] b, int off, int len, int oid, Class<?> target) {
        if (numericSpecial(b, off, len) != NOT_SPECIAL) {
            throw ConversionErrors.cannotConvert(b, off, len, oid, false, target, "it is not a finite number");
        }
        int dot = -1;
        for (int p = off; p < off + len; p++) {
            if (b[p] == '.') {
                dot = p;
                break;
            }
        }
        if (dot < 0) {
            return parseLong(b, off, len, oid, target);
        }
        for (int p = dot + 1; p < off + len; p++) {
            if (b[p] != '0') {
                if (b[p] < '0' || b[p] > '9') {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "not a digit at position " + (p - off));
                }
                throw ConversionErrors.cannotConvert(
                        b, off, len, oid, false, target, "it has a fractional part; read it as BigDecimal or double");
            }
        }
        return parseLong(b, off, dot - off, oid, target);
    }

    /** {@link #NAN}, {@link #POS_INFINITY}, {@link #NEG_INFINITY} or {@link #NOT_SPECIAL}. */
    static int numericSpecial(byte[] b, int off, int len) {
        if (len < 3 || (b[off] >= '0' && b[off] <= '9')) {
            return NOT_SPECIAL;
        }
        if (equalsAscii(b, off, len, "NaN")) {
            return NAN;
        }
        if (equalsAscii(b, off, len, "Infinity")) {
            return POS_INFINITY;
        }
        if (equalsAscii(b, off, len, "-Infinity")) {
            return NEG_INFINITY;
        }
        return NOT_SPECIAL;
    }

    // ---------------------------------------------------------------- numeric

    /** A finite numeric's text form (sign, digits, optional fraction) as a {@link BigDecimal} of the same scale. */
    static BigDecimal parseBigDecimal(byte[] b, int off, int len, int oid) {
        int end = off + len;
        int p = off;
        boolean negative = false;
        if (p < end && (b[p] == '-' || b[p] == '+')) {
            negative = b[p] == '-';
            p++;
        }
        int digits = 0;
        int scale = 0;
        boolean seenDot = false;
        long unscaled = 0;
        for (int i = p; i < end; i++) {
            byte c = b[i];
            if (c == '.' && !seenDot) {
                seenDot = true;
            } else if (c >= '0' && c <= '9') {
                digits++;
                if (seenDot) {
                    scale++;
                }
                if (digits <= 18) {
                    unscaled = unscaled * 10 + (c - '0');
                }
            } else {
                throw ConversionErrors.malformed(b, off, len, oid, false, "not a number");
            }
        }
        if (digits == 0) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "expected digits");
        }
        if (digits <= 18) {
            return BigDecimal.valueOf(negative ? -unscaled : unscaled, scale);
        }
        char[] chars = new char[len];
        for (int i = 0; i < len; i++) {
            chars[i] = (char) b[off + i];
        }
        return new BigDecimal(chars, 0, len);
    }

    // ---------------------------------------------------------------- floating point

    /**
     * A float8 text form: {@code NaN}, {@code [-]Infinity} or a decimal with optional exponent.
     * A mantissa below 2^53 with |exponent| <= 22 is computed exactly with one multiplication or
     * division of two exact doubles, so the result is correctly rounded (Clinger's fast path);
     * that covers most of what PostgreSQL prints. Longer mantissas go through
     * {@link Double#parseDouble} after this method has checked the syntax.
     */
    static double parseDouble(byte[] b, int off, int len, int oid) {
        return parseDecimal(b, off, len, oid, false);
    }

    /** A float4 text form; as {@link #parseDouble}, with float's fast path (mantissa below 2^24, |exponent| <= 10). */
    static float parseFloat(byte[] b, int off, int len, int oid) {
        return (float) parseDecimal(b, off, len, oid, true);
    }

    /**
     * The shared scanner. With {@code asFloat} the result is a correctly rounded float, widened
     * (exactly) to double: rounding to double first and then to float could round twice.
     */
    private static double parseDecimal(byte[] b, int off, int len, int oid, boolean asFloat) {
        int end = off + len;
        int p = off;
        boolean negative = false;
        if (p < end && (b[p] == '-' || b[p] == '+')) {
            negative = b[p] == '-';
            p++;
        }
        if (end - p == 8 && equalsAscii(b, p, 8, "Infinity")) {
            return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (p == off && equalsAscii(b, off, len, "NaN")) {
            return Double.NaN;
        }
        long mantissa = 0;
        int significant = 0;
        int droppedIntegerDigits = 0;
        int fractionDigits = 0;
        boolean seenDot = false;
        boolean anyDigit = false;
        for (; p < end; p++) {
            byte c = b[p];
            if (c >= '0' && c <= '9') {
                anyDigit = true;
                if (mantissa == 0 && c == '0') {
                    if (seenDot) {
                        fractionDigits++;
                    }
                    continue; // leading zeros are not significant
                }
                if (significant < 19) {
                    mantissa = mantissa * 10 + (c - '0');
                    if (seenDot) {
                        fractionDigits++;
                    }
                } else if (!seenDot) {
                    droppedIntegerDigits++;
                }
                significant++;
            } else if (c == '.' && !seenDot) {
                seenDot = true;
            } else {
                break;
            }
        }
        if (!anyDigit) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "not a number");
        }
        int exponent = 0;
        if (p < end) {
            if (b[p] != 'e' && b[p] != 'E') {
                throw ConversionErrors.malformed(b, off, len, oid, false, "not a number");
            }
            p++;
            boolean negativeExponent = false;
            if (p < end && (b[p] == '-' || b[p] == '+')) {
                negativeExponent = b[p] == '-';
                p++;
            }
            if (p == end) {
                throw ConversionErrors.malformed(b, off, len, oid, false, "exponent without digits");
            }
            for (; p < end; p++) {
                int d = b[p] - '0';
                if (d < 0 || d > 9) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "not a number");
                }
                if (exponent < 100_000) {
                    exponent = exponent * 10 + d;
                }
            }
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        int exp10 = exponent - fractionDigits + droppedIntegerDigits;
        boolean exactMantissa = significant <= 19;
        if (asFloat) {
            if (exactMantissa && mantissa < (1L << 24) && exp10 >= -10 && exp10 <= 10) {
                float value = exp10 >= 0 ? mantissa * FPOW10[exp10] : mantissa / FPOW10[-exp10];
                return negative ? -value : value;
            }
            // Syntax already checked above, so Java's more lenient grammar cannot accept anything more.
            return Float.parseFloat(utf8(b, off, len));
        }
        if (exactMantissa && mantissa < (1L << 53) && exp10 >= -22 && exp10 <= 22) {
            double value = exp10 >= 0 ? mantissa * POW10[exp10] : mantissa / POW10[-exp10];
            return negative ? -value : value;
        }
        return Double.parseDouble(utf8(b, off, len));
    }

    // ---------------------------------------------------------------- bool

    static boolean parseBoolean(byte[] b, int off, int len, int oid) {
        if (len == 1) {
            if (b[off] == 't') {
                return true;
            }
            if (b[off] == 'f') {
                return false;
            }
        } else if (equalsAscii(b, off, len, "true")) {
            return true;
        } else if (equalsAscii(b, off, len, "false")) {
            return false;
        }
        throw ConversionErrors.malformed(b, off, len, oid, false, "expected t or f");
    }

    // ---------------------------------------------------------------- dates and times

    /** Sentinel epoch days / micros for {@code infinity} and {@code -infinity}. */
    static final long POS_INFINITE = Long.MAX_VALUE;

    static final long NEG_INFINITE = Long.MIN_VALUE;

    /** {@code YYYY-MM-DD[ BC]} (four or more year digits), {@code infinity} or {@code -infinity}, as days since 1970-01-01. */
    static long parseDateEpochDay(byte[] b, int off, int len, int oid) {
        long special = infinity(b, off, len);
        if (special != 0) {
            return special;
        }
        int end = off + len;
        boolean bc = endsWithBc(b, off, end);
        if (bc) {
            end -= 3;
        }
        int p = dateEnd(b, off, end, oid);
        if (p != end) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "unexpected characters after the date");
        }
        return dateDays(b, off, p, bc, oid, len, off);
    }

    /**
     * {@code YYYY-MM-DD HH:MM:SS[.ffffff][+HH[:MM[:SS]]][ BC]} as microseconds since 2000-01-01
     * 00:00 (PostgreSQL's epoch, so that its whole range fits a long): UTC when an offset is
     * present (it is subtracted), local otherwise. {@code infinity}
     * is {@link #POS_INFINITE}, {@code -infinity} {@link #NEG_INFINITE}.
     */
    static long parseTimestampMicros(byte[] b, int off, int len, int oid) {
        return timestampMicros(b, off, len, oid, true);
    }

    /**
     * The wall clock of a timestamptz text form, {@code YYYY-MM-DD HH:MM:SS[.ffffff]} as written,
     * as local microseconds since 2000-01-01 (the offset is checked and ignored); infinities as in
     * {@link #parseTimestampMicros}. PostgreSQL shows a timestamptz in the session's time zone, so
     * this is the local date-time there, also where java.time does not know that zone.
     */
    static long parseTimestamptzLocalMicros(byte[] b, int off, int len, int oid) {
        return timestampMicros(b, off, len, oid, false);
    }

    private static long timestampMicros(byte[] b, int off, int len, int oid, boolean subtractOffset) {
        long special = infinity(b, off, len);
        if (special != 0) {
            return special;
        }
        int end = off + len;
        boolean bc = endsWithBc(b, off, end);
        if (bc) {
            end -= 3;
        }
        int dateEnd = dateEnd(b, off, end, oid);
        long days = dateDays(b, off, dateEnd, bc, oid, len, off) - PgEpoch.PG_EPOCH_DAYS;
        if (dateEnd == end) {
            return days * PgEpoch.MICROS_PER_DAY;
        }
        if (b[dateEnd] != ' ') {
            throw ConversionErrors.malformed(b, off, len, oid, false, "expected a space after the date");
        }
        int timeStart = dateEnd + 1;
        int timeEnd = timeEnd(b, timeStart, end);
        long micros = days * PgEpoch.MICROS_PER_DAY + timeMicros(b, timeStart, timeEnd, oid, off, len);
        if (timeEnd < end) {
            long offset = offsetSeconds(b, timeEnd, end, oid, off, len);
            if (subtractOffset) {
                micros -= offset * PgEpoch.MICROS_PER_SECOND;
            }
        }
        return micros;
    }

    /** The UTC offset in seconds (east positive) of a timestamptz text form; 0 for infinities or none. */
    static int parseTimestampOffsetSeconds(byte[] b, int off, int len, int oid) {
        if (infinity(b, off, len) != 0) {
            return 0;
        }
        int end = off + len;
        if (endsWithBc(b, off, end)) {
            end -= 3;
        }
        int dateEnd = dateEnd(b, off, end, oid);
        if (dateEnd == end) {
            return 0;
        }
        int timeEnd = timeEnd(b, dateEnd + 1, end);
        return timeEnd < end ? offsetSeconds(b, timeEnd, end, oid, off, len) : 0;
    }

    /** {@code HH:MM:SS[.ffffff]} as microseconds since midnight; {@code 24:00:00} is allowed. */
    static long parseTimeMicros(byte[] b, int off, int len, int oid) {
        int end = off + len;
        int timeEnd = timeEnd(b, off, end);
        if (timeEnd != end) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "unexpected characters after the time");
        }
        return timeMicros(b, off, end, oid, off, len);
    }

    /** The time part of a timetz text form ({@code HH:MM:SS[.ffffff]+HH[:MM[:SS]]}) in microseconds. */
    static long parseTimetzMicros(byte[] b, int off, int len, int oid) {
        return timeMicros(b, off, timeEnd(b, off, off + len), oid, off, len);
    }

    /** The offset of a timetz text form in seconds, east positive. */
    static int parseTimetzOffsetSeconds(byte[] b, int off, int len, int oid) {
        int end = off + len;
        int timeEnd = timeEnd(b, off, end);
        if (timeEnd == end) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "missing UTC offset");
        }
        return offsetSeconds(b, timeEnd, end, oid, off, len);
    }

    static long infinity(byte[] b, int off, int len) {
        if (len == 8 && equalsAscii(b, off, len, "infinity")) {
            return POS_INFINITE;
        }
        if (len == 9 && equalsAscii(b, off, len, "-infinity")) {
            return NEG_INFINITE;
        }
        return 0;
    }

    private static boolean endsWithBc(byte[] b, int off, int end) {
        return end - off >= 3 && b[end - 3] == ' ' && b[end - 2] == 'B' && b[end - 1] == 'C';
    }

    /** The index just after {@code YYYY-MM-DD} starting at {@code off}, checking the punctuation. */
    private static int dateEnd(byte[] b, int off, int end, int oid) {
        int p = off;
        while (p < end && b[p] >= '0' && b[p] <= '9') {
            p++;
        }
        if (p - off < 4 || p - off > 9 || p + 6 > end || b[p] != '-' || b[p + 3] != '-') {
            throw ConversionErrors.malformed(b, off, end - off, oid, false, "expected YYYY-MM-DD");
        }
        return p + 6;
    }

    private static long dateDays(byte[] b, int off, int dateEnd, boolean bc, int oid, int cellLen, int cellOff) {
        int yearEnd = dateEnd - 6;
        long year = 0;
        for (int p = off; p < yearEnd; p++) {
            year = year * 10 + (b[p] - '0');
        }
        int month = twoDigits(b, yearEnd + 1, oid, cellOff, cellLen);
        int day = twoDigits(b, yearEnd + 4, oid, cellOff, cellLen);
        if (bc) {
            year = 1 - year; // 1 BC is astronomical year 0
        }
        if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || (bc && year > 0)) {
            throw ConversionErrors.malformed(b, cellOff, cellLen, oid, false, "no such date");
        }
        return epochDay(year, month, day);
    }

    /** The index just after {@code HH:MM:SS[.fff...]} starting at {@code off}. */
    static int timeEnd(byte[] b, int off, int end) {
        int p = off + 8;
        if (p < end && b[p] == '.') {
            p++;
            while (p < end && b[p] >= '0' && b[p] <= '9') {
                p++;
            }
        }
        return Math.min(p, end);
    }

    static long timeMicros(byte[] b, int off, int end, int oid, int cellOff, int cellLen) {
        if (end - off < 8 || b[off + 2] != ':' || b[off + 5] != ':') {
            throw ConversionErrors.malformed(b, cellOff, cellLen, oid, false, "expected HH:MM:SS");
        }
        int hour = twoDigits(b, off, oid, cellOff, cellLen);
        int minute = twoDigits(b, off + 3, oid, cellOff, cellLen);
        int second = twoDigits(b, off + 6, oid, cellOff, cellLen);
        long fraction = 0;
        int p = off + 8;
        if (p < end) {
            // timeEnd guarantees b[p] == '.' followed by digits only.
            int digits = end - p - 1;
            if (digits < 1 || digits > 6) {
                throw ConversionErrors.malformed(b, cellOff, cellLen, oid, false, "expected 1 to 6 fractional digits");
            }
            for (int i = p + 1; i < end; i++) {
                fraction = fraction * 10 + (b[i] - '0');
            }
            for (int i = digits; i < 6; i++) {
                fraction *= 10;
            }
        }
        long micros = ((hour * 60L + minute) * 60 + second) * PgEpoch.MICROS_PER_SECOND + fraction;
        if (minute > 59 || second > 59 || micros > PgEpoch.MICROS_PER_DAY) {
            throw ConversionErrors.malformed(b, cellOff, cellLen, oid, false, "no such time of day");
        }
        return micros;
    }

    /** {@code +HH}, {@code +HH:MM} or {@code +HH:MM:SS} (or {@code -}) spanning exactly [off, end). */
    private static int offsetSeconds(byte[] b, int off, int end, int oid, int cellOff, int cellLen) {
        int n = end - off;
        if ((n != 3 && n != 6 && n != 9)
                || (b[off] != '+' && b[off] != '-')
                || (n >= 6 && b[off + 3] != ':')
                || (n == 9 && b[off + 6] != ':')) {
            throw ConversionErrors.malformed(b, cellOff, cellLen, oid, false, "expected a UTC offset like +05:30");
        }
        int seconds = twoDigits(b, off + 1, oid, cellOff, cellLen) * 3600;
        if (n >= 6) {
            seconds += twoDigits(b, off + 4, oid, cellOff, cellLen) * 60;
        }
        if (n == 9) {
            seconds += twoDigits(b, off + 7, oid, cellOff, cellLen);
        }
        return b[off] == '-' ? -seconds : seconds;
    }

    static int twoDigits(byte[] b, int p, int oid, int cellOff, int cellLen) {
        int hi = b[p] - '0';
        int lo = b[p + 1] - '0';
        if (hi < 0 || hi > 9 || lo < 0 || lo > 9) {
            throw ConversionErrors.malformed(
                    b, cellOff, cellLen, oid, false, "not a digit at position " + (p - cellOff));
        }
        return hi * 10 + lo;
    }

    static boolean isLeapYear(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    static int daysInMonth(long year, int month) {
        switch (month) {
            case 2:
                return isLeapYear(year) ? 29 : 28;
            case 4:
            case 6:
            case 9:
            case 11:
                return 30;
            default:
                return 31;
        }
    }

    /** Days since 1970-01-01 of a proleptic Gregorian date (astronomical year: 0 is 1 BC). */
    static long epochDay(long year, int month, int day) {
        long y = month <= 2 ? year - 1 : year;
        long era = Math.floorDiv(y, 400);
        long yearOfEra = y - era * 400;
        long dayOfYear = (153L * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
        long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
        return era * 146097 + dayOfEra - DAYS_0000_03_01_TO_EPOCH;
    }

    // ---------------------------------------------------------------- uuid, bytea

    static UUID parseUuid(byte[] b, int off, int len, int oid) {
        if (len != 36 || b[off + 8] != '-' || b[off + 13] != '-' || b[off + 18] != '-' || b[off + 23] != '-') {
            throw ConversionErrors.malformed(b, off, len, oid, false, "expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx");
        }
        long msb = 0;
        long lsb = 0;
        int nibbles = 0;
        for (int i = 0; i < 36; i++) {
            if (i == 8 || i == 13 || i == 18 || i == 23) {
                continue;
            }
            int v = hexValue(b[off + i]);
            if (v < 0) {
                throw ConversionErrors.malformed(b, off, len, oid, false, "not a hex digit at position " + i);
            }
            if (nibbles++ < 16) {
                msb = (msb << 4) | v;
            } else {
                lsb = (lsb << 4) | v;
            }
        }
        return new UUID(msb, lsb);
    }

    static int hexValue(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /** bytea text output: hex format {@code \x0a0b} or the older escape format ({@code \\}, {@code \ooo}). */
    static byte[] parseBytea(byte[] b, int off, int len, int oid) {
        if (len >= 2 && b[off] == '\\' && b[off + 1] == 'x') {
            if ((len & 1) != 0) {
                throw ConversionErrors.malformed(b, off, len, oid, false, "odd number of hex digits");
            }
            byte[] out = new byte[(len - 2) / 2];
            for (int i = 0, p = off + 2; i < out.length; i++, p += 2) {
                int hi = hexValue(b[p]);
                int lo = hexValue(b[p + 1]);
                if (hi < 0 || lo < 0) {
                    throw ConversionErrors.malformed(
                            b, off, len, oid, false, "not a hex digit at position " + (p - off));
                }
                out[i] = (byte) (hi << 4 | lo);
            }
            return out;
        }
        byte[] out = new byte[len];
        int n = 0;
        int end = off + len;
        for (int p = off; p < end; ) {
            if (b[p] != '\\') {
                out[n++] = b[p++];
            } else if (p + 1 < end && b[p + 1] == '\\') {
                out[n++] = '\\';
                p += 2;
            } else if (p + 3 < end && isOctal(b[p + 1]) && isOctal(b[p + 2]) && isOctal(b[p + 3])) {
                out[n++] = (byte) ((b[p + 1] - '0') << 6 | (b[p + 2] - '0') << 3 | (b[p + 3] - '0'));
                p += 4;
            } else {
                throw ConversionErrors.malformed(b, off, len, oid, false, "bad escape at position " + (p - off));
            }
        }
        return n == len ? out : java.util.Arrays.copyOf(out, n);
    }

    private static boolean isOctal(byte c) {
        return c >= '0' && c <= '7';
    }
}
