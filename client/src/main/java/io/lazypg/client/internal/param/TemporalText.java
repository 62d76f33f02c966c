package io.lazypg.client.internal.param;

import io.lazypg.client.internal.wire.WriteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Text forms of dates and times as PostgreSQL's {@code date_in}, {@code time_in}, {@code timestamp_in}
 * and {@code timestamptz_in} read them, written digit by digit into the buffer.
 *
 * <p>Forms: {@code 2024-01-02}, {@code 03:04:05.123456}, {@code 2024-01-02 03:04:05.123456},
 * {@code 2024-01-02 03:04:05.123456+05:30}. Years before 1 AD use PostgreSQL's era suffix
 * ({@code 0044-03-15 BC}; Java's proleptic year 0 is 1 BC), years past 9999 keep all their
 * digits. Fractions are truncated to microseconds, PostgreSQL's resolution; the fraction is
 * omitted when it is zero. The MAX/MIN constants of the Java types map to {@code infinity} and
 * {@code -infinity}, as pgjdbc does. Values outside PostgreSQL's range are left for the server to
 * reject ("date out of range").
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
        writeTimePart(out, t.getHour(), t.getMinute(), t.getSecond(), t.getNano());
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
        boolean bc = writeDatePart(out, local.getYear(), local.getMonthValue(), local.getDayOfMonth());
        out.writeByte(' ');
        writeTimePart(out, local.getHour(), local.getMinute(), local.getSecond(), local.getNano());
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

    private static void writeTimePart(WriteBuffer out, int hour, int minute, int second, int nano) {
        Digits.writeFixed(out, hour, 2);
        out.writeByte(':');
        Digits.writeFixed(out, minute, 2);
        out.writeByte(':');
        Digits.writeFixed(out, second, 2);
        int micros = nano / 1000; // truncated: PostgreSQL keeps microseconds
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
