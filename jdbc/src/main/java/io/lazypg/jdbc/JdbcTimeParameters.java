package io.lazypg.jdbc;

import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.jspecify.annotations.Nullable;

/**
 * What a java.sql.Timestamp, Date or Time parameter is sent as: pgjdbc's text, typed
 * "unspecified" (OID 0, which the client gives every String), so that the column decides.
 *
 * <p>The value's fields are read in the Calendar's zone (the JVM's default zone, read at each call,
 * without one) and written with that zone's UTC offset at that moment appended:
 * {@code 2024-07-01 12:00:00-04}. A {@code timestamptz} column applies the offset and stores the
 * instant the java.sql value holds; {@code timestamp}, {@code date} and {@code time} drop it and
 * keep the wall clock, {@code timetz} keeps both. This is what pgjdbc sends, so both drivers store
 * the same value whatever the JVM's zone and the session's TimeZone. Sending a typed
 * {@code timestamp} instead would have the server read the wall clock in the session's zone.
 *
 * <p>Fields come from {@link GregorianCalendar}, as java.sql defines them: Julian before October
 * 1582 and with an era, so {@code 1000-06-01} written through java.sql is stored as
 * {@code 1000-06-01} and {@code 0044-03-15 BC} keeps its era. Nanoseconds are rounded half up to
 * microseconds, PostgreSQL's resolution, as pgjdbc rounds ({@code .123456789} is {@code .123457};
 * {@code 23:59:59.9999995} is the next day). pgjdbc's infinity stand-ins are sent as
 * {@code infinity} and {@code -infinity}.
 *
 * <p>Stateless and thread-safe; a Calendar is made only for values before 1583, where java.time
 * (proleptic Gregorian) and java.sql disagree.
 */
final class JdbcTimeParameters {

    /** 1583-01-01T00:00Z: from here on java.time's fields are java.sql's, whatever the zone. */
    private static final long GREGORIAN_FROM_MILLIS = -12212553600000L;

    private JdbcTimeParameters() {}

    /** {@code 2024-07-01 12:00:00.123457-04} (pgjdbc's setTimestamp). */
    static @Nullable String timestamp(@Nullable Timestamp x, @Nullable Calendar cal) {
        if (x == null) {
            return null;
        }
        String infinity = infinity(x);
        if (infinity != null) {
            return infinity;
        }
        long seconds = Math.floorDiv(x.getTime(), 1000);
        int micros = (x.getNanos() + 500) / 1000;
        if (micros == 1_000_000) { // rounds over into the next second
            seconds++;
            micros = 0;
        }
        Fields f = fields(seconds * 1000, zone(cal));
        StringBuilder b = new StringBuilder(40);
        f.date(b).append(' ');
        f.time(b, micros);
        f.offset(b);
        return f.era(b).toString();
    }

    /** {@code 2024-07-01 -04} (pgjdbc's setDate: the era before the offset). */
    static @Nullable String date(@Nullable Date x, @Nullable Calendar cal) {
        if (x == null) {
            return null;
        }
        String infinity = infinity(x);
        if (infinity != null) {
            return infinity;
        }
        Fields f = fields(x.getTime(), zone(cal));
        StringBuilder b = new StringBuilder(24);
        f.era(f.date(b)).append(' ');
        f.offset(b);
        return b.toString();
    }

    /** {@code 12:00:00.123-05} (pgjdbc's setTime: milliseconds, the offset of the Time's own instant). */
    static @Nullable String time(@Nullable Time x, @Nullable Calendar cal) {
        if (x == null) {
            return null;
        }
        Fields f = fields(x.getTime(), zone(cal));
        StringBuilder b = new StringBuilder(24);
        f.time(b, (int) Math.floorMod(x.getTime(), 1000L) * 1000);
        f.offset(b);
        return b.toString();
    }

    private static @Nullable String infinity(java.util.Date x) {
        if (x.getTime() == JdbcTimes.POSITIVE_INFINITY) {
            return "infinity";
        }
        return x.getTime() == JdbcTimes.NEGATIVE_INFINITY ? "-infinity" : null;
    }

    private static TimeZone zone(@Nullable Calendar cal) {
        return cal == null ? TimeZone.getDefault() : cal.getTimeZone();
    }

    /** The calendar fields of an instant in a zone, as java.sql reads them. */
    private static Fields fields(long millis, TimeZone zone) {
        if (millis >= GREGORIAN_FROM_MILLIS) {
            ZonedDateTime z =
                    Instant.ofEpochMilli(millis).atZone(zone.toZoneId()).truncatedTo(ChronoUnit.SECONDS);
            return new Fields(
                    false,
                    z.getYear(),
                    z.getMonthValue(),
                    z.getDayOfMonth(),
                    z.getHour(),
                    z.getMinute(),
                    z.getSecond(),
                    z.getOffset().getTotalSeconds());
        }
        GregorianCalendar c = new GregorianCalendar(zone);
        c.setTimeInMillis(millis);
        return new Fields(
                c.get(Calendar.ERA) == GregorianCalendar.BC,
                c.get(Calendar.YEAR),
                c.get(Calendar.MONTH) + 1,
                c.get(Calendar.DAY_OF_MONTH),
                c.get(Calendar.HOUR_OF_DAY),
                c.get(Calendar.MINUTE),
                c.get(Calendar.SECOND),
                (c.get(Calendar.ZONE_OFFSET) + c.get(Calendar.DST_OFFSET)) / 1000);
    }

    /** A value's fields; {@code year} counts within its era (1 BC is year 1 with {@code bc}). */
    private record Fields(
            boolean bc, int year, int month, int day, int hour, int minute, int second, int offsetSeconds) {

        StringBuilder date(StringBuilder b) {
            pad(b, year, 4).append('-');
            pad(b, month, 2).append('-');
            return pad(b, day, 2);
        }

        StringBuilder time(StringBuilder b, int micros) {
            pad(b, hour, 2).append(':');
            pad(b, minute, 2).append(':');
            pad(b, second, 2);
            if (micros != 0) {
                b.append('.');
                pad(b, micros, 6);
            }
            return b;
        }

        /** {@code +05:30}, {@code -04}, {@code -04:56:02} (local mean time). */
        StringBuilder offset(StringBuilder b) {
            int abs = Math.abs(offsetSeconds);
            b.append(offsetSeconds < 0 ? '-' : '+');
            pad(b, abs / 3600, 2);
            int minutes = abs / 60 % 60;
            int seconds = abs % 60;
            if (minutes != 0 || seconds != 0) {
                pad(b.append(':'), minutes, 2);
                if (seconds != 0) {
                    pad(b.append(':'), seconds, 2);
                }
            }
            return b;
        }

        StringBuilder era(StringBuilder b) {
            return bc ? b.append(" BC") : b;
        }

        private static StringBuilder pad(StringBuilder b, int value, int width) {
            String digits = Integer.toString(value);
            for (int i = digits.length(); i < width; i++) {
                b.append('0');
            }
            return b.append(digits);
        }
    }
}
