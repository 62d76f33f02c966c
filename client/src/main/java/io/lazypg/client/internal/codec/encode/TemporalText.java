package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.internal.wire.WriteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetTime;

/**
 * Text forms of dates and times as PostgreSQL's {@code date_in}, {@code time_in}, {@code timestamp_in}
 * and {@code timestamptz_in} read them, written digit by digit into the buffer.
 *
 * <p>Forms: {@code 2024-01-02}, {@code 03:04:05.123456}, {@code 2024-01-02 03:04:05.123456},
 * {@code 2024-01-02 03:04:05.123456+05:30}, {@code 03:04:05.123456+05:30} (timetz). Years before
 * 1 AD use PostgreSQL's era suffix ({@code 0044-03-15 BC}; Java's proleptic year 0 is 1 BC), years
 * past 9999 keep all their digits. Fractions are rounded to microseconds, PostgreSQL's resolution,
 * half up as pgjdbc rounds ({@code .1234565} is {@code .123457}, {@code 23:59:59.9999995} on a
 * timestamp is the next midnight); the fraction is omitted when it is zero. A time of day that
 * rounds to the end of the day, {@link LocalTime#MAX} among them, is {@code 24:00:00}, which
 * PostgreSQL's time and timetz hold and which the client decodes as {@link LocalTime#MAX}: the
 * value survives a round trip. The MAX/MIN constants of the other Java types map to
 * {@code infinity} and {@code -infinity}, as pgjdbc does. Values outside PostgreSQL's range are
 * left for the server to reject ("date out of range").
 */
final class TemporalText {

    private static final byte[] INFINITY = "infinity".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MINUS_INFINITY = "-infinity".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BC = " BC".getBytes(StandardCharsets.US_ASCII);

    private TemporalText() {}

    static void writeDate(WriteBuffer out, LocalDate d) {
        if (d.equals(LocalDate.MAX)) {
            out.writeBytes(INFINITY);
        } else if (d.equals(LocalDate.MIN)) {
            out.writeBytes(MINUS_INFINITY);
        } else {
            boolean bc = writeDatePart(out, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
            if (bc) {
                out.writeBytes(BC);
            }
        }
    }

    static void writeTime(WriteBuffer out, LocalTime t) {
        writeMicroOfDay(out, (t.toNanoOfDay() + 500) / 1000);
    }

    /** {@code 03:04:05.123456+05:30}: the time of day rounded as {@link #writeTime}, then the offset. */
    static void writeTimeTz(WriteBuffer out, OffsetTime t) {
        writeMicroOfDay(out, (t.toLocalTime().toNanoOfDay() + 500) / 1000);
        writeOffset(out, t.getOffset().getTotalSeconds());
    }

    /** A time of day in microseconds; a whole day (what rounding up from 23:59:59.9999995 gives) is 24:00:00. */
    private static void writeMicroOfDay(WriteBuffer out, long micros) {
        long seconds = micros / 1_000_000;
        writeTimePart(out, (int) (seconds / 3600), (int) (seconds / 60 % 60), (int) (seconds % 60), (int)
                (micros % 1_000_000));
    }

    static void writeTimestamp(WriteBuffer out, LocalDateTime t) {
        if (t.equals(LocalDateTime.MAX)) {
            out.writeBytes(INFINITY);
        } else if (t.equals(LocalDateTime.MIN)) {
            out.writeBytes(MINUS_INFINITY);
        } else {
            writeTimestampTz(out, t, Integer.MIN_VALUE);
        }
    }

    /**
     * Writes {@code local} followed by the UTC offset {@code offsetSeconds} ({@code +05:30},
     * {@code -03}, {@code +05:53:28}); {@link Integer#MIN_VALUE} writes no offset. The era suffix
     * comes last ({@code 0044-03-15 12:00:00+00 BC}), where {@code timestamptz_in} accepts it.
     */
    static void writeTimestampTz(WriteBuffer out, LocalDateTime local, int offsetSeconds) {
        int belowMicros = local.getNano() % 1000;
        if (belowMicros >= 500) {
            local = local.plusNanos(1000 - belowMicros); // half up, carrying into the date if need be
        }
        boolean bc = writeDatePart(out, local.getYear(), local.getMonthValue(), local.getDayOfMonth());
        out.writeByte(' ');
        writeTimePart(out, local.getHour(), local.getMinute(), local.getSecond(), local.getNano() / 1000);
        if (offsetSeconds != Integer.MIN_VALUE) {
            writeOffset(out, offsetSeconds);
        }
        if (bc) {
            out.writeBytes(BC);
        }
    }

    static void writeInfinity(WriteBuffer out, boolean positive) {
        out.writeBytes(positive ? INFINITY : MINUS_INFINITY);
    }

    /** Writes {@code yyyy-mm-dd} with the year in PostgreSQL's era numbering; returns whether it is BC. */
    private static boolean writeDatePart(WriteBuffer out, int year, int month, int day) {
        boolean bc = year <= 0;
        Digits.writeFixed(out, bc ? 1L - year : year, 4);
        out.writeByte('-');
        Digits.writeFixed(out, month, 2);
        out.writeByte('-');
        Digits.writeFixed(out, day, 2);
        return bc;
    }

    private static void writeTimePart(WriteBuffer out, int hour, int minute, int second, int micros) {
        Digits.writeFixed(out, hour, 2);
        out.writeByte(':');
        Digits.writeFixed(out, minute, 2);
        out.writeByte(':');
        Digits.writeFixed(out, second, 2);
        if (micros != 0) {
            out.writeByte('.');
            Digits.writeFixed(out, micros, 6);
        }
    }

    private static void writeOffset(WriteBuffer out, int offsetSeconds) {
        int abs = Math.abs(offsetSeconds);
        out.writeByte(offsetSeconds < 0 ? '-' : '+');
        Digits.writeFixed(out, abs / 3600, 2);
        int minutes = abs / 60 % 60;
        int seconds = abs % 60;
        if (minutes != 0 || seconds != 0) {
            out.writeByte(':');
            Digits.writeFixed(out, minutes, 2);
            if (seconds != 0) {
                out.writeByte(':');
                Digits.writeFixed(out, seconds, 2);
            }
        }
    }
}
