package io.lazypg.client.internal.codec;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.jspecify.annotations.Nullable;

/**
 * Renders binary cells exactly as PostgreSQL's text output shows them (DateStyle ISO, and date
 * and timestamp in every DateStyle; IntervalStyle postgres; extra_float_digits 1), so that a value
 * reads the same whichever format it came in. Each method names the PostgreSQL output function it
 * mirrors. Types whose output depends on a setting rendered here in one form only are requested in
 * text under the other settings (see {@link OutputSettings#rendersBinary}).
 */
final class TextRendering {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private TextRendering() {}

    // ---------------------------------------------------------------- floating point

    /** float8out: the shortest decimal that reads back as {@code v}, fixed notation for exponents -4..14. */
    static String renderDouble(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        double abs = Math.abs(v);
        if (abs < 0x1p53 && abs == Math.rint(abs)) {
            // An integer below 2^53: its rounding interval is narrower than +-0.5, so no other
            // decimal with as few significant digits lies in it. Cheap and common (counts, ids).
            return formatShortest(v < 0, BigDecimal.valueOf((long) abs), 15);
        }
        BigDecimal exact = new BigDecimal(abs);
        // The decimals that read back as v lie strictly between the midpoints to its neighbours.
        // PostgreSQL's Ryu never picks a midpoint itself, even where ties-to-even would make it
        // read back correctly (2e23 prints as 1.9999999999999998e+23), so neither do we.
        BigDecimal low = exact.add(new BigDecimal(Math.nextDown(abs))).divide(BigDecimal.valueOf(2));
        BigDecimal high = exact.add(new BigDecimal(Math.ulp(abs)).divide(BigDecimal.valueOf(2)));
        return formatShortest(v < 0, shortest(exact, low, high, false, 17), 15);
    }

    /** float4out: as {@link #renderDouble} for floats, fixed notation for exponents -4..5. */
    static String renderFloat(float v) {
        if (Float.isNaN(v)) {
            return "NaN";
        }
        if (Float.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        float abs = Math.abs(v);
        BigDecimal exact = new BigDecimal(abs);
        BigDecimal low = exact.add(new BigDecimal(Math.nextDown(abs))).divide(BigDecimal.valueOf(2));
        BigDecimal high = exact.add(new BigDecimal(Math.ulp(abs)).divide(BigDecimal.valueOf(2)));
        return formatShortest(v < 0, shortest(exact, low, high, false, 9), 6);
    }

    /**
     * The decimal with the fewest significant digits in the rounding interval (low, high) of a
     * positive binary value (bounds included when {@code acceptBounds}), the one nearest the exact
     * value when two qualify. Exact arithmetic: the JDK's decimal-to-binary conversion is not
     * trusted here (Java 17 misrounds some halfway cases).
     */
    private static BigDecimal shortest(
            BigDecimal exact, BigDecimal low, BigDecimal high, boolean acceptBounds, int maxDigits) {
        // "Some p-digit decimal lies in the interval" holds for every p from the shortest on, so
        // binary search finds the shortest length in about four probes instead of up to seventeen.
        int lo = 1;
        int hi = maxDigits;
        @Nullable BigDecimal found = null;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            BigDecimal candidate = candidate(exact, low, high, acceptBounds, mid);
            if (candidate != null) {
                found = candidate;
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if (found != null && found.precision() <= lo) {
            return found;
        }
        BigDecimal candidate = candidate(exact, low, high, acceptBounds, lo);
        return candidate != null ? candidate : exact.round(new MathContext(maxDigits, RoundingMode.HALF_EVEN));
    }

    /** The {@code precision}-digit decimal in the interval nearest the exact value, or null if none. */
    private static @Nullable BigDecimal candidate(
            BigDecimal exact, BigDecimal low, BigDecimal high, boolean acceptBounds, int precision) {
        BigDecimal nearest = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
        if (inside(nearest, low, high, acceptBounds)) {
            return nearest;
        }
        // At a power of two the interval is lopsided: the farther neighbour may still fit.
        BigDecimal other = exact.round(
                new MathContext(precision, nearest.compareTo(exact) < 0 ? RoundingMode.CEILING : RoundingMode.FLOOR));
        return inside(other, low, high, acceptBounds) ? other : null;
    }

    private static boolean inside(BigDecimal candidate, BigDecimal low, BigDecimal high, boolean acceptBounds) {
        int lo = candidate.compareTo(low);
        int hi = candidate.compareTo(high);
        return acceptBounds ? lo >= 0 && hi <= 0 : lo > 0 && hi < 0;
    }

    /** Ryu's output layout as PostgreSQL uses it: {@code 123.45}, {@code 0.0001}, {@code 1e+20}, {@code 1.5e-05}. */
    private static String formatShortest(boolean negative, BigDecimal value, int fixedLimit) {
        BigDecimal stripped = value.stripTrailingZeros();
        String digits = stripped.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - stripped.scale();
        StringBuilder sb = new StringBuilder(digits.length() + 8);
        if (negative) {
            sb.append('-');
        }
        if (exponent >= -4 && exponent < fixedLimit) {
            if (exponent < 0) {
                sb.append("0.");
                for (int i = -1; i > exponent; i--) {
                    sb.append('0');
                }
                sb.append(digits);
            } else if (digits.length() <= exponent + 1) {
                sb.append(digits);
                for (int i = digits.length(); i <= exponent; i++) {
                    sb.append('0');
                }
            } else {
                sb.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
            }
        } else {
            sb.append(digits.charAt(0));
            if (digits.length() > 1) {
                sb.append('.').append(digits, 1, digits.length());
            }
            sb.append('e').append(exponent < 0 ? '-' : '+');
            int abs = Math.abs(exponent);
            if (abs < 10) {
                sb.append('0');
            }
            sb.append(abs);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- numeric

    /** numeric_out (get_str_from_var) over a binary numeric: exactly {@code dscale} fraction digits. */
    static String renderNumeric(byte[] b, int off, int len, int oid) {
        int sign = BinaryParsing.numericSign(b, off, len, oid);
        switch (sign) {
            case BinaryParsing.NUMERIC_NAN:
                return "NaN";
            case BinaryParsing.NUMERIC_PINF:
                return "Infinity";
            case BinaryParsing.NUMERIC_NINF:
                return "-Infinity";
            default:
                break;
        }
        int ndigits = BinaryParsing.int16(b, off);
        int weight = BinaryParsing.int16(b, off + 2);
        int dscale = BinaryParsing.int16(b, off + 6) & 0x3FFF;
        StringBuilder sb = new StringBuilder(Math.max(weight + 1, 1) * 4 + dscale + 3);
        if (sign == BinaryParsing.NUMERIC_NEG) {
            sb.append('-');
        }
        if (weight < 0) {
            sb.append('0');
        } else {
            for (int d = 0; d <= weight; d++) {
                int digit = d < ndigits ? BinaryParsing.int16(b, off + 8 + 2 * d) : 0;
                if (d == 0) {
                    sb.append(digit);
                } else {
                    appendPadded(sb, digit, 4);
                }
            }
        }
        if (dscale > 0) {
            sb.append('.');
            int fractionEnd = sb.length() + dscale;
            for (int d = weight + 1; sb.length() < fractionEnd; d++) {
                int digit = d >= 0 && d < ndigits ? BinaryParsing.int16(b, off + 8 + 2 * d) : 0;
                appendPadded(sb, digit, 4);
            }
            sb.setLength(fractionEnd);
        }
        return sb.toString();
    }

    private static void appendPadded(StringBuilder sb, long value, int width) {
        for (long limit = 10; width > 1; width--, limit *= 10) {
            if (value < limit) {
                sb.append('0');
            }
        }
        sb.append(value);
    }

    // ---------------------------------------------------------------- dates and times

    /** date_out: {@code YYYY-MM-DD}, {@code 0044-03-15 BC}, {@code infinity}. */
    static String renderDate(long epochDay) {
        if (epochDay == TextParsing.POS_INFINITE) {
            return "infinity";
        }
        if (epochDay == TextParsing.NEG_INFINITE) {
            return "-infinity";
        }
        StringBuilder sb = new StringBuilder(16);
        boolean bc = appendDate(sb, epochDay);
        if (bc) {
            sb.append(" BC");
        }
        return sb.toString();
    }

    /**
     * date_out in any DateStyle: ISO {@code 2024-02-29}, SQL {@code 02/29/2024} (DMY
     * {@code 29/02/2024}), German {@code 29.02.2024}, Postgres {@code 02-29-2024} (DMY
     * {@code 29-02-2024}); {@code BC} appended as in ISO; YMD order shows as MDY outside ISO.
     */
    static String renderDate(long epochDay, OutputSettings settings) {
        OutputSettings.DateOutput style = settings.dateOutput();
        if (style == OutputSettings.DateOutput.ISO
                || epochDay == TextParsing.POS_INFINITE
                || epochDay == TextParsing.NEG_INFINITE) {
            return renderDate(epochDay);
        }
        long ymd = civil(epochDay);
        long year = Math.floorDiv(ymd, 10_000);
        int month = (int) (Math.floorMod(ymd, 10_000) / 100);
        int day = (int) Math.floorMod(ymd, 100);
        StringBuilder sb = new StringBuilder(16);
        char separator =
                style == OutputSettings.DateOutput.SQL ? '/' : style == OutputSettings.DateOutput.GERMAN ? '.' : '-';
        appendDayAndMonth(sb, day, month, style == OutputSettings.DateOutput.GERMAN || settings.dayFirst(), separator);
        sb.append(separator);
        appendYear(sb, year);
        return sb.toString();
    }

    /**
     * timestamp_out (EncodeDateTime without a zone) in any DateStyle: SQL
     * {@code 02/29/2024 13:14:15.5}, German {@code 29.02.2024 13:14:15.5}, Postgres
     * {@code Thu Feb 29 13:14:15.5 2024} (DMY {@code Thu 29 Feb ...}); ISO as {@link #renderTimestamp(long)}.
     */
    static String renderTimestamp(long micros, OutputSettings settings) {
        OutputSettings.DateOutput style = settings.dateOutput();
        if (style == OutputSettings.DateOutput.ISO
                || micros == TextParsing.POS_INFINITE
                || micros == TextParsing.NEG_INFINITE) {
            return renderTimestamp(micros);
        }
        long epochDay = Math.floorDiv(micros, PgEpoch.MICROS_PER_DAY) + PgEpoch.PG_EPOCH_DAYS;
        long time = Math.floorMod(micros, PgEpoch.MICROS_PER_DAY);
        long ymd = civil(epochDay);
        long year = Math.floorDiv(ymd, 10_000);
        int month = (int) (Math.floorMod(ymd, 10_000) / 100);
        int day = (int) Math.floorMod(ymd, 100);
        StringBuilder sb = new StringBuilder(40);
        if (style == OutputSettings.DateOutput.POSTGRES) {
            sb.append(DAYS[(int) Math.floorMod(epochDay + 4, 7)]).append(' '); // 1970-01-01 was a Thursday
            if (settings.dayFirst()) {
                appendPadded(sb, day, 2);
                sb.append(' ').append(MONTHS[month - 1]);
            } else {
                sb.append(MONTHS[month - 1]).append(' ');
                appendPadded(sb, day, 2);
            }
            sb.append(' ');
            appendTime(sb, time);
            sb.append(' ');
            appendYear(sb, year);
        } else {
            char separator = style == OutputSettings.DateOutput.SQL ? '/' : '.';
            appendDayAndMonth(
                    sb, day, month, style == OutputSettings.DateOutput.GERMAN || settings.dayFirst(), separator);
            sb.append(separator);
            appendPadded(sb, year > 0 ? year : 1 - year, 4);
            sb.append(' ');
            appendTime(sb, time);
            if (year <= 0) {
                sb.append(" BC");
            }
        }
        return sb.toString();
    }

    private static final String[] DAYS = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
    static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

    private static void appendDayAndMonth(StringBuilder sb, int day, int month, boolean dayFirst, char separator) {
        appendPadded(sb, dayFirst ? day : month, 2);
        sb.append(separator);
        appendPadded(sb, dayFirst ? month : day, 2);
    }

    /** The year as shown (years BC counted from 1, zero-padded to 4), then {@code  BC} where it is one. */
    private static void appendYear(StringBuilder sb, long year) {
        appendPadded(sb, year > 0 ? year : 1 - year, 4);
        if (year <= 0) {
            sb.append(" BC");
        }
    }

    /** time_out: {@code HH:MM:SS[.ffffff]} without trailing zeros; 24:00:00 stays. */
    static String renderTime(long micros) {
        StringBuilder sb = new StringBuilder(15);
        appendTime(sb, micros);
        return sb.toString();
    }

    /** timetz_out: the time and the offset, {@code 04:05:06+05:30}. */
    static String renderTimetz(long micros, int offsetSeconds) {
        StringBuilder sb = new StringBuilder(24);
        appendTime(sb, micros);
        appendOffset(sb, offsetSeconds);
        return sb.toString();
    }

    /** timestamp_out: local microseconds since 2000-01-01 as {@code YYYY-MM-DD HH:MM:SS[.ffffff][ BC]}. */
    static String renderTimestamp(long micros) {
        if (micros == TextParsing.POS_INFINITE) {
            return "infinity";
        }
        if (micros == TextParsing.NEG_INFINITE) {
            return "-infinity";
        }
        StringBuilder sb = new StringBuilder(30);
        boolean bc = appendDate(sb, Math.floorDiv(micros, PgEpoch.MICROS_PER_DAY) + PgEpoch.PG_EPOCH_DAYS);
        sb.append(' ');
        appendTime(sb, Math.floorMod(micros, PgEpoch.MICROS_PER_DAY));
        if (bc) {
            sb.append(" BC");
        }
        return sb.toString();
    }

    /** timestamptz_out: UTC microseconds since 2000-01-01 shown in {@code zone}, with its offset at that instant. */
    static String renderTimestamptz(long micros, ZoneId zone) {
        if (micros == TextParsing.POS_INFINITE) {
            return "infinity";
        }
        if (micros == TextParsing.NEG_INFINITE) {
            return "-infinity";
        }
        int offset = offsetAt(zone, micros);
        long local = micros + offset * PgEpoch.MICROS_PER_SECOND;
        StringBuilder sb = new StringBuilder(36);
        boolean bc = appendDate(sb, Math.floorDiv(local, PgEpoch.MICROS_PER_DAY) + PgEpoch.PG_EPOCH_DAYS);
        sb.append(' ');
        appendTime(sb, Math.floorMod(local, PgEpoch.MICROS_PER_DAY));
        appendOffset(sb, offset);
        if (bc) {
            sb.append(" BC");
        }
        return sb.toString();
    }

    /** The UTC offset in seconds of {@code zone} at an instant given in microseconds since 2000-01-01. */
    static int offsetAt(ZoneId zone, long utcMicros) {
        if (zone instanceof ZoneOffset fixed) {
            // UTC and other fixed zones (the connection normalizes them to ZoneOffset): no rules, no Instant.
            return fixed.getTotalSeconds();
        }
        long epochSecond = Math.floorDiv(utcMicros, PgEpoch.MICROS_PER_SECOND) + PgEpoch.PG_EPOCH_SECONDS;
        return zone.getRules().getOffset(Instant.ofEpochSecond(epochSecond)).getTotalSeconds();
    }

    /**
     * The proleptic Gregorian date of a day count since 1970-01-01, packed as
     * {@code year * 10000 + month * 100 + day} (astronomical year: 0 is 1 BC; unpack with floorDiv/floorMod).
     */
    static long civil(long epochDay) {
        // Civil-from-days (H. Hinnant): proleptic Gregorian, astronomical years.
        long z = epochDay + 719468;
        long era = Math.floorDiv(z, 146097);
        long dayOfEra = z - era * 146097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long mp = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
        int month = (int) (mp < 10 ? mp + 3 : mp - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        return year * 10_000 + month * 100L + day;
    }

    /** Appends {@code YYYY-MM-DD} (years BC counted from 1, zero-padded to 4) and returns whether the date is BC. */
    static boolean appendDate(StringBuilder sb, long epochDay) {
        long ymd = civil(epochDay);
        long year = Math.floorDiv(ymd, 10_000);
        int month = (int) (Math.floorMod(ymd, 10_000) / 100);
        int day = (int) Math.floorMod(ymd, 100);
        boolean bc = year <= 0;
        appendPadded(sb, bc ? 1 - year : year, 4);
        sb.append('-');
        appendPadded(sb, month, 2);
        sb.append('-');
        appendPadded(sb, day, 2);
        return bc;
    }

    static void appendTime(StringBuilder sb, long micros) {
        long seconds = micros / PgEpoch.MICROS_PER_SECOND;
        appendPadded(sb, seconds / 3600, 2);
        sb.append(':');
        appendPadded(sb, seconds / 60 % 60, 2);
        sb.append(':');
        appendSeconds(sb, seconds % 60, micros % PgEpoch.MICROS_PER_SECOND);
    }

    /** AppendSeconds: two-digit seconds, then up to six fraction digits without trailing zeros. */
    private static void appendSeconds(StringBuilder sb, long seconds, long fraction) {
        appendPadded(sb, Math.abs(seconds), 2);
        fraction = Math.abs(fraction);
        if (fraction != 0) {
            sb.append('.');
            int digits = 6;
            while (fraction % 10 == 0) {
                fraction /= 10;
                digits--;
            }
            appendPadded(sb, fraction, digits);
        }
    }

    /** EncodeTimezone without forced minutes: {@code +05:30}, {@code -08}, {@code +00}, {@code +00:19:32}. */
    static void appendOffset(StringBuilder sb, int offsetSeconds) {
        sb.append(offsetSeconds >= 0 ? '+' : '-');
        int abs = Math.abs(offsetSeconds);
        appendPadded(sb, abs / 3600, 2);
        int minutes = abs / 60 % 60;
        int seconds = abs % 60;
        if (seconds != 0) {
            sb.append(':');
            appendPadded(sb, minutes, 2);
            sb.append(':');
            appendPadded(sb, seconds, 2);
        } else if (minutes != 0) {
            sb.append(':');
            appendPadded(sb, minutes, 2);
        }
    }

    /** interval_out with IntervalStyle postgres: {@code 1 year 2 mons -3 days +04:05:06.789}. */
    static String renderInterval(long micros, int days, int months) {
        if (micros == Long.MAX_VALUE && days == Integer.MAX_VALUE && months == Integer.MAX_VALUE) {
            return "infinity";
        }
        if (micros == Long.MIN_VALUE && days == Integer.MIN_VALUE && months == Integer.MIN_VALUE) {
            return "-infinity";
        }
        StringBuilder sb = new StringBuilder(40);
        // State of EncodeInterval: whether anything was written yet, and whether the last part was negative.
        boolean[] state = {true, false}; // {isZero, isBefore}
        addIntervalPart(sb, months / 12, "year", state);
        addIntervalPart(sb, months % 12, "mon", state);
        addIntervalPart(sb, days, "day", state);
        long hour = micros / 3_600_000_000L;
        long rest = micros % 3_600_000_000L;
        long minute = rest / 60_000_000L;
        rest %= 60_000_000L;
        long second = rest / PgEpoch.MICROS_PER_SECOND;
        long fraction = rest % PgEpoch.MICROS_PER_SECOND;
        if (state[0] || hour != 0 || minute != 0 || second != 0 || fraction != 0) {
            boolean minus = hour < 0 || minute < 0 || second < 0 || fraction < 0;
            if (!state[0]) {
                sb.append(' ');
            }
            sb.append(minus ? "-" : state[1] ? "+" : "");
            appendPadded(sb, Math.abs(hour), 2);
            sb.append(':');
            appendPadded(sb, Math.abs(minute), 2);
            sb.append(':');
            appendSeconds(sb, second, fraction);
        }
        return sb.toString();
    }

    private static void addIntervalPart(StringBuilder sb, long value, String unit, boolean[] state) {
        if (value == 0) {
            return;
        }
        if (!state[0]) {
            sb.append(' ');
        }
        if (state[1] && value > 0) {
            sb.append('+');
        }
        sb.append(value).append(' ').append(unit);
        if (value != 1) {
            sb.append('s');
        }
        state[1] = value < 0;
        state[0] = false;
    }

    // ---------------------------------------------------------------- inet, uuid, bytea, "char"

    /**
     * inet_out / cidr_out over the send format {@code family(2=IPv4, 3=IPv6), bits, is_cidr, nb,
     * address[nb]}: inet hides a full-length mask, cidr always shows it; IPv6 compresses the
     * longest run of two or more zero groups and shows embedded IPv4 like PostgreSQL does.
     */
    static String renderInet(byte[] b, int off, int len, int oid) {
        if (len < 4) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "inet shorter than its 4-byte header");
        }
        int family = b[off];
        int bits = b[off + 1] & 0xFF;
        boolean cidr = b[off + 2] != 0;
        int nb = b[off + 3] & 0xFF;
        int a = off + 4;
        StringBuilder sb = new StringBuilder(48);
        int maxBits;
        if (family == 2 && nb == 4 && len == 8) {
            maxBits = 32;
            appendIpv4(sb, b, a);
        } else if (family == 3 && nb == 16 && len == 20) {
            maxBits = 128;
            appendIpv6(sb, b, a);
        } else {
            throw ConversionErrors.malformed(b, off, len, oid, true, "unknown address family or length");
        }
        if (cidr || bits != maxBits) {
            sb.append('/').append(bits);
        }
        return sb.toString();
    }

    private static void appendIpv4(StringBuilder sb, byte[] b, int a) {
        sb.append(b[a] & 0xFF)
                .append('.')
                .append(b[a + 1] & 0xFF)
                .append('.')
                .append(b[a + 2] & 0xFF)
                .append('.')
                .append(b[a + 3] & 0xFF);
    }

    private static void appendIpv6(StringBuilder sb, byte[] b, int a) {
        int[] words = new int[8];
        for (int i = 0; i < 8; i++) {
            words[i] = ((b[a + 2 * i] & 0xFF) << 8) | (b[a + 2 * i + 1] & 0xFF);
        }
        int bestBase = -1;
        int bestLen = 0;
        int curBase = -1;
        int curLen = 0;
        for (int i = 0; i < 8; i++) {
            if (words[i] == 0) {
                if (curBase == -1) {
                    curBase = i;
                    curLen = 1;
                } else {
                    curLen++;
                }
            } else if (curBase != -1) {
                if (bestBase == -1 || curLen > bestLen) {
                    bestBase = curBase;
                    bestLen = curLen;
                }
                curBase = -1;
            }
        }
        if (curBase != -1 && (bestBase == -1 || curLen > bestLen)) {
            bestBase = curBase;
            bestLen = curLen;
        }
        if (bestBase != -1 && bestLen < 2) {
            bestBase = -1;
        }
        for (int i = 0; i < 8; i++) {
            if (bestBase != -1 && i >= bestBase && i < bestBase + bestLen) {
                if (i == bestBase) {
                    sb.append(':');
                }
                continue;
            }
            if (i != 0) {
                sb.append(':');
            }
            // An IPv4-compatible (::a.b.c.d) or IPv4-mapped (::ffff:a.b.c.d) address.
            if (i == 6
                    && bestBase == 0
                    && (bestLen == 6 || (bestLen == 7 && words[7] != 0x0001) || (bestLen == 5 && words[5] == 0xffff))) {
                appendIpv4(sb, b, a + 12);
                return;
            }
            sb.append(Integer.toHexString(words[i]));
        }
        if (bestBase != -1 && bestBase + bestLen == 8) {
            sb.append(':');
        }
    }

    /** uuid_out: lower-case hex in 8-4-4-4-12 groups. */
    static String renderUuid(byte[] b, int off) {
        char[] out = new char[36];
        int p = 0;
        for (int i = 0; i < 16; i++) {
            if (i == 4 || i == 6 || i == 8 || i == 10) {
                out[p++] = '-';
            }
            out[p++] = HEX[(b[off + i] >> 4) & 0xF];
            out[p++] = HEX[b[off + i] & 0xF];
        }
        return new String(out);
    }

    /** byteaout with bytea_output hex: {@code \x} and two lower-case hex digits per byte. */
    static String renderByteaHex(byte[] b, int off, int len) {
        char[] out = new char[2 + 2 * len];
        out[0] = '\\';
        out[1] = 'x';
        for (int i = 0; i < len; i++) {
            out[2 + 2 * i] = HEX[(b[off + i] >> 4) & 0xF];
            out[3 + 2 * i] = HEX[b[off + i] & 0xF];
        }
        return new String(out);
    }

    /** charout: the byte itself, {@code \ooo} for a byte with the high bit set, empty for a zero byte. */
    static String renderChar(byte c) {
        if (c == 0) {
            return "";
        }
        if (c < 0) {
            int v = c & 0xFF;
            return new String(
                    new char[] {'\\', (char) ('0' + (v >> 6)), (char) ('0' + ((v >> 3) & 7)), (char) ('0' + (v & 7))});
        }
        return String.valueOf((char) c);
    }
}
