package io.lazypg.jdbc;

import java.sql.Date;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.jspecify.annotations.Nullable;

/**
 * The java.sql.Timestamp, Date and Time a date/time cell reads as, as pgjdbc reads it.
 *
 * <p>A value without a zone ({@code timestamp}, {@code date}, {@code time}) is read as wall-clock
 * fields in a zone: the Calendar's where a getter is given one, else the JVM's default zone (read
 * at each call). A value with one ({@code timestamptz}, {@code timetz}) is an instant, and the
 * Calendar is used only to cut it to a date ({@code getDate}). PostgreSQL's fields are proleptic
 * Gregorian; java.sql's are {@link GregorianCalendar}'s, Julian before October 1582 and with an
 * era: the fields are carried over, so {@code 1000-06-01} reads as a java.sql value that prints
 * {@code 1000-06-01} (not the same instant, six days earlier) and {@code 0044-03-15 BC} keeps its
 * era, as with pgjdbc. A time of day reads at 1970-01-01 ({@code 24:00} is 1970-01-02 00:00), a date
 * at its midnight; a timestamp read as a Time keeps its time of day in the zone at 1970-01-01
 * (pgjdbc keeps the date of a timestamp in 1970).
 *
 * <p>Stateless and thread-safe. The reads without a Calendar of values after 1582 take java.sql's
 * own factories, which make no Calendar.
 */
final class JdbcTimeReads {

    /** 1583-01-01T00:00Z, in seconds: from here on java.time's fields are java.sql's. */
    private static final long GREGORIAN_FROM_SECONDS = -12212553600L;

    private static final TimeZone UTC = TimeZone.getTimeZone(ZoneOffset.UTC);

    /** More than any zone's offset: a margin around {@link #GREGORIAN_FROM_SECONDS} for local dates. */
    private static final long MAX_OFFSET_MILLIS = 24 * 3600 * 1000L;

    private JdbcTimeReads() {}

    /** A time of day as the wall clock java.sql puts it at: 1970-01-01, and 24:00 the next midnight. */
    static LocalDateTime onEpochDay(LocalTime t) {
        return t.equals(LocalTime.MAX) ? JdbcTimes.END_OF_DAY : t.atDate(LocalDate.EPOCH);
    }

    /** The wall clock {@code wall} in {@code zone} (null: the JVM's), nanoseconds kept. */
    static Timestamp timestamp(LocalDateTime wall, @Nullable TimeZone zone) {
        if (zone == null && wall.getYear() > 1582) {
            return Timestamp.valueOf(wall);
        }
        Timestamp t = new Timestamp(fields(wall, zone).getTimeInMillis());
        t.setNanos(wall.getNano());
        return t;
    }

    /** The instant, with the fields it has in UTC carried over to java.sql's calendar before 1583. */
    static Timestamp instant(Instant t) {
        if (t.getEpochSecond() >= GREGORIAN_FROM_SECONDS) {
            return Timestamp.from(t);
        }
        return timestamp(LocalDateTime.ofInstant(t, ZoneOffset.UTC), UTC);
    }

    /** A timetz's time of day at its offset on 1970-01-01, nanoseconds kept. */
    static Timestamp timestamp(OffsetTime t) {
        LocalDateTime wall = onEpochDay(t.toLocalTime());
        Timestamp ts = new Timestamp(wall.toInstant(t.getOffset()).toEpochMilli());
        ts.setNanos(wall.getNano());
        return ts;
    }

    /** The midnight that starts the day in {@code zone} (null: the JVM's). */
    static Date date(LocalDate day, @Nullable TimeZone zone) {
        if (zone == null && day.getYear() > 1582) {
            return Date.valueOf(day);
        }
        return startOfDay(fields(day.atStartOfDay(), zone));
    }

    /** The midnight that starts the wall clock's day in {@code zone} (null: the JVM's). */
    static Date date(LocalDateTime wall, @Nullable TimeZone zone) {
        if (zone == null && wall.getYear() > 1582) {
            return Date.valueOf(wall.toLocalDate());
        }
        GregorianCalendar c = fields(wall, zone);
        c.setTimeInMillis(c.getTimeInMillis()); // normalised: a wall clock in a DST gap moves on, as in pgjdbc
        return startOfDay(c);
    }

    /** The midnight that starts, in {@code zone} (null: the JVM's), the day the instant falls on. */
    static Date date(long epochMillis, @Nullable TimeZone zone) {
        if (zone == null && epochMillis >= GREGORIAN_FROM_SECONDS * 1000 + MAX_OFFSET_MILLIS) {
            return Date.valueOf(LocalDate.ofInstant(Instant.ofEpochMilli(epochMillis), ZoneId.systemDefault()));
        }
        GregorianCalendar c = new GregorianCalendar(zone == null ? TimeZone.getDefault() : zone);
        c.setTimeInMillis(epochMillis);
        return startOfDay(c);
    }

    /**
     * The wall clock's time of day in {@code zone} (null: the JVM's) on 1970-01-01, milliseconds
     * kept; a wall clock in 1970 keeps its date, as pgjdbc leaves it.
     */
    static Time time(LocalDateTime wall, @Nullable TimeZone zone) {
        if (zone == null && (wall.getYear() != 1970 || wall.toLocalDate().equals(LocalDate.EPOCH))) {
            // the time of day the wall clock has once placed in the zone (a DST gap moves it on)
            LocalTime placed = wall.getYear() == 1970
                    ? wall.toLocalTime()
                    : wall.atZone(ZoneId.systemDefault()).toLocalTime();
            Time t = Time.valueOf(placed);
            t.setTime(t.getTime() + wall.getNano() / 1_000_000);
            return t;
        }
        GregorianCalendar c = fields(wall, zone);
        long millis = c.getTimeInMillis() + wall.getNano() / 1_000_000;
        if (wall.getYear() == 1970) {
            return new Time(millis);
        }
        c.setTimeInMillis(millis);
        c.set(Calendar.ERA, GregorianCalendar.AD);
        c.set(Calendar.YEAR, 1970);
        c.set(Calendar.MONTH, Calendar.JANUARY);
        c.set(Calendar.DAY_OF_MONTH, 1);
        return new Time(c.getTimeInMillis());
    }

    /** A time of day at an offset on 1970-01-01 (timetz, and timestamptz as the session shows it). */
    static Time time(LocalTime wall, ZoneOffset offset) {
        return new Time(onEpochDay(wall).toInstant(offset).toEpochMilli());
    }

    private static Date startOfDay(GregorianCalendar c) {
        c.set(Calendar.HOUR_OF_DAY, 0);
        c.set(Calendar.MINUTE, 0);
        c.set(Calendar.SECOND, 0);
        c.set(Calendar.MILLISECOND, 0);
        return new Date(c.getTimeInMillis());
    }

    /** A calendar in {@code zone} (null: the JVM's) set to the wall clock's fields, to the second, era included. */
    private static GregorianCalendar fields(LocalDateTime wall, @Nullable TimeZone zone) {
        GregorianCalendar c = new GregorianCalendar(zone == null ? TimeZone.getDefault() : zone);
        c.clear();
        int year = wall.getYear();
        c.set(Calendar.ERA, year <= 0 ? GregorianCalendar.BC : GregorianCalendar.AD);
        c.set(Calendar.YEAR, year <= 0 ? 1 - year : year);
        c.set(Calendar.MONTH, wall.getMonthValue() - 1);
        c.set(Calendar.DAY_OF_MONTH, wall.getDayOfMonth());
        c.set(Calendar.HOUR_OF_DAY, wall.getHour());
        c.set(Calendar.MINUTE, wall.getMinute());
        c.set(Calendar.SECOND, wall.getSecond());
        return c;
    }
}
