package io.lazypg.client.internal.codec;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * date, timestamp and timestamptz text in the DateStyles other than ISO (a session may {@code SET
 * DateStyle} at any time, and text results, ranges and the elements of text arrays then come in
 * that style):
 * <pre>
 *   date      SQL 02/29/2024 (DMY 29/02/2024)   German 29.02.2024   Postgres 02-29-2024 (DMY 29-02-2024)
 *   SQL       02/29/2024 13:14:15.5 CET        (DMY: 29/02/2024 ...)
 *   German    29.02.2024 13:14:15.5 CET
 *   Postgres  Thu Feb 29 13:14:15.5 2024 CET   (DMY: Thu 29 Feb ...)
 * </pre>
 * with {@code BC} appended for years BC; a timestamp without time zone shows no zone. The YMD
 * order prints as MDY in the SQL and Postgres styles, so only DMY changes the order. The wall clock
 * is exact; a timestamptz's zone is shown only as its
 * abbreviation, which is not an offset: the offset comes from the session zone's rules where they
 * give exactly one for that wall clock, or from a numeric abbreviation ({@code +05}, {@code -0330})
 * that is one of those candidates, and is otherwise a conversion error rather than a guess.
 *
 * <p>Invariants: parsing allocates nothing and validates as {@link TextParsing} does; only
 * resolving the offset in a zone with rules allocates.
 */
final class StyledTimestamps {

    /** Returned by {@link #numericAbbreviation} when the abbreviation is not an offset. */
    static final int NOT_NUMERIC = Integer.MIN_VALUE;

    private StyledTimestamps() {}

    /** Whether a date, timestamp or timestamptz text form is in one of the DateStyles this class reads (not ISO, not an infinity). */
    static boolean isStyled(byte[] b, int off, int len) {
        // ISO starts with a year of four or more digits; the days of the week are capitalized, "infinity" is not.
        return len > 3
                && ((b[off] >= 'A' && b[off] <= 'Z') || b[off + 2] == '/' || b[off + 2] == '.' || b[off + 2] == '-');
    }

    /**
     * A date in the SQL, German or Postgres style ({@code MM/DD/YYYY}, {@code DD.MM.YYYY},
     * {@code MM-DD-YYYY}, DMY swapping day and month but for German, which is always day first),
     * with an optional {@code BC}, as days since 1970-01-01.
     */
    static long epochDay(byte[] b, int off, int len, int oid, boolean dayFirst) {
        int end = off + len;
        byte separator = b[off + 2];
        if (separator != '/' && separator != '.' && separator != '-') {
            throw malformed(b, off, len, oid);
        }
        int first = TextParsing.twoDigits(b, off, oid, off, len);
        expect(b, off + 2, end, separator, off, len, oid);
        int second = TextParsing.twoDigits(b, off + 3, oid, off, len);
        int yearStart = expect(b, off + 5, end, separator, off, len, oid);
        int yearEnd = digitsEnd(b, yearStart, end);
        if (yearEnd != end && !(yearEnd == end - 3 && endsWithBc(b, off, end))) {
            throw malformed(b, off, len, oid);
        }
        boolean dmy = separator == '.' || dayFirst;
        return days(b, off, len, oid, yearStart, yearEnd, dmy ? second : first, dmy ? first : second);
    }

    /**
     * The wall clock of a timestamp or timestamptz (by {@code oid}: only a timestamptz shows a
     * zone), as local microseconds since 2000-01-01; {@code dayFirst} for DateStyle's DMY order.
     */
    static long localMicros(byte[] b, int off, int len, int oid, boolean dayFirst) {
        int end = off + len;
        int day;
        int month;
        int timeStart;
        int timeEnd;
        int yearStart;
        int yearEnd;
        if (b[off] >= 'A' && b[off] <= 'Z') {
            // Postgres: "Dow Mon DD HH:MM:SS[.f] YYYY" or "Dow DD Mon HH:MM:SS[.f] YYYY"; both parts take 6 bytes.
            int p = expect(b, off + 3, end, ' ', off, len, oid);
            if (p + 7 > end) {
                throw malformed(b, off, len, oid);
            }
            if (isDigit(b[p])) {
                day = TextParsing.twoDigits(b, p, oid, off, len);
                expect(b, p + 2, end, ' ', off, len, oid);
                month = monthNamed(b, p + 3, off, len, oid);
            } else {
                month = monthNamed(b, p, off, len, oid);
                expect(b, p + 3, end, ' ', off, len, oid);
                day = TextParsing.twoDigits(b, p + 4, oid, off, len);
            }
            timeStart = expect(b, p + 6, end, ' ', off, len, oid);
            timeEnd = TextParsing.timeEnd(b, timeStart, end);
            yearStart = expect(b, timeEnd, end, ' ', off, len, oid);
            yearEnd = digitsEnd(b, yearStart, end);
            checkSuffix(b, yearEnd, end, off, len, oid);
        } else {
            // SQL "MM/DD/YYYY HH:MM:SS[.f]" (DMY: "DD/MM/YYYY ..."); German "DD.MM.YYYY HH:MM:SS[.f]".
            byte separator = b[off + 2];
            if (separator != '/' && separator != '.') {
                throw malformed(b, off, len, oid);
            }
            int first = TextParsing.twoDigits(b, off, oid, off, len);
            expect(b, off + 2, end, separator, off, len, oid);
            int second = TextParsing.twoDigits(b, off + 3, oid, off, len);
            yearStart = expect(b, off + 5, end, separator, off, len, oid);
            boolean dmy = separator == '.' || dayFirst;
            day = dmy ? first : second;
            month = dmy ? second : first;
            yearEnd = digitsEnd(b, yearStart, end);
            timeStart = expect(b, yearEnd, end, ' ', off, len, oid);
            timeEnd = TextParsing.timeEnd(b, timeStart, end);
            checkSuffix(b, timeEnd, end, off, len, oid);
        }
        long days = days(b, off, len, oid, yearStart, yearEnd, month, day) - PgEpoch.PG_EPOCH_DAYS;
        return days * PgEpoch.MICROS_PER_DAY + TextParsing.timeMicros(b, timeStart, timeEnd, oid, off, len);
    }

    /** Days since 1970-01-01 of the year in digits at {@code yearStart..yearEnd} (BC if the text ends so), month and day. */
    private static long days(byte[] b, int off, int len, int oid, int yearStart, int yearEnd, int month, int day) {
        if (yearEnd - yearStart < 4 || yearEnd - yearStart > 9) {
            throw malformed(b, off, len, oid);
        }
        long year = 0;
        for (int p = yearStart; p < yearEnd; p++) {
            year = year * 10 + (b[p] - '0');
        }
        if (endsWithBc(b, off, off + len)) {
            year = 1 - year; // 1 BC is astronomical year 0
        }
        if (month < 1 || month > 12 || day < 1 || day > TextParsing.daysInMonth(year, month)) {
            throw malformed(b, off, len, oid);
        }
        return TextParsing.epochDay(year, month, day);
    }

    /** From {@code p} to the end: a timestamptz's zone suffix; for a timestamp or date nothing but an optional " BC". */
    private static void checkSuffix(byte[] b, int p, int end, int off, int len, int oid) {
        if (oid == Oids.TIMESTAMPTZ) {
            checkZoneSuffix(b, p, end, off, len, oid);
        } else if (p != end && !(p == end - 3 && endsWithBc(b, off, end))) {
            throw malformed(b, off, len, oid);
        }
    }

    private static int digitsEnd(byte[] b, int p, int end) {
        while (p < end && isDigit(b[p])) {
            p++;
        }
        return p;
    }

    /** From {@code p} to the end: a space, the zone's abbreviation (no spaces; PostgreSQL may print it empty), an optional " BC". */
    private static void checkZoneSuffix(byte[] b, int p, int end, int off, int len, int oid) {
        int q = expect(b, p, end, ' ', off, len, oid);
        while (q < end && b[q] != ' ') {
            q++;
        }
        if (q != end && !(q == end - 3 && endsWithBc(b, off, end))) {
            throw malformed(b, off, len, oid);
        }
    }

    /**
     * The UTC offset (seconds east) of a styled timestamptz text whose wall clock is
     * {@code localMicros}: the session zone's, where it has exactly one offset at that wall clock;
     * else the numeric abbreviation's, where it is one of the zone's candidates (or, without a zone,
     * never: a POSIX spec may give any abbreviation); else a conversion error naming {@code target}.
     */
    static int offsetSeconds(
            byte[] b, int off, int len, int oid, long localMicros, @Nullable ZoneId zone, Class<?> target) {
        if (zone instanceof ZoneOffset fixed) {
            return fixed.getTotalSeconds();
        }
        if (zone != null) {
            LocalDateTime local = JavaTimes.localDateTime(localMicros);
            List<ZoneOffset> valid = zone.getRules().getValidOffsets(local);
            if (valid.size() == 1) {
                return valid.get(0).getTotalSeconds();
            }
            int shown = numericAbbreviation(b, off, len);
            for (ZoneOffset candidate : valid) {
                if (candidate.getTotalSeconds() == shown) {
                    return shown;
                }
            }
        }
        throw ConversionErrors.cannotConvert(
                b,
                off,
                len,
                oid,
                false,
                target,
                "the session's DateStyle is not ISO, so the text shows a time zone abbreviation instead of the UTC offset,"
                        + " and the session's TimeZone does not settle it for this local time; read it as LocalDateTime"
                        + " or String, or SET DateStyle = ISO");
    }

    /**
     * The offset a numeric abbreviation shows ({@code +05}, {@code -0330}, {@code +05:30},
     * {@code +05:30:15}, seconds east), or {@link #NOT_NUMERIC}. The abbreviation is the word
     * after the time (and, in the Postgres style, the year), before an optional {@code BC}.
     */
    static int numericAbbreviation(byte[] b, int off, int len) {
        int end = off + len;
        if (endsWithBc(b, off, end)) {
            end -= 3;
        }
        int start = end;
        while (start > off && b[start - 1] != ' ') {
            start--;
        }
        int n = end - start;
        if (n < 3 || (b[start] != '+' && b[start] != '-')) {
            return NOT_NUMERIC;
        }
        int seconds = 0;
        int p = start + 1;
        for (int unit = 3600; unit >= 1 && p < end; unit /= 60) {
            if (unit < 3600 && b[p] == ':') {
                p++;
            }
            if (p + 2 > end || !isDigit(b[p]) || !isDigit(b[p + 1])) {
                return NOT_NUMERIC;
            }
            seconds += ((b[p] - '0') * 10 + (b[p + 1] - '0')) * unit;
            p += 2;
        }
        if (p != end) {
            return NOT_NUMERIC;
        }
        return b[start] == '-' ? -seconds : seconds;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private static boolean endsWithBc(byte[] b, int off, int end) {
        return end - off >= 3 && b[end - 3] == ' ' && b[end - 2] == 'B' && b[end - 1] == 'C';
    }

    /** The position after {@code c} at {@code p}, which must be there. */
    private static int expect(byte[] b, int p, int end, int c, int off, int len, int oid) {
        if (p >= end || b[p] != c) {
            throw malformed(b, off, len, oid);
        }
        return p + 1;
    }

    /** The month (1-12) whose three-letter English name is at {@code p}. */
    private static int monthNamed(byte[] b, int p, int off, int len, int oid) {
        for (int m = 0; m < 12; m++) {
            String name = TextRendering.MONTHS[m];
            if (b[p] == name.charAt(0) && b[p + 1] == name.charAt(1) && b[p + 2] == name.charAt(2)) {
                return m + 1;
            }
        }
        throw malformed(b, off, len, oid);
    }

    private static RuntimeException malformed(byte[] b, int off, int len, int oid) {
        return ConversionErrors.malformed(
                b,
                off,
                len,
                oid,
                false,
                "expected a " + (oid == Oids.DATE ? "date" : "timestamp") + " in DateStyle SQL, German or Postgres");
    }
}
