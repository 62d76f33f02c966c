package io.lazypg.jdbc;

import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import org.jspecify.annotations.Nullable;

/**
 * The java.sql values pgjdbc gives where java.sql has no counterpart of PostgreSQL's value.
 *
 * <p>{@code infinity} and {@code -infinity} become pgjdbc's stand-ins,
 * {@code org.postgresql.PGStatement.DATE_POSITIVE_INFINITY} and {@code DATE_NEGATIVE_INFINITY},
 * as Date and Timestamp milliseconds, so code written against pgjdbc recognises them (java.time
 * reads give MAX and MIN, as lazypg's rows do). The client decodes the infinities, and only them,
 * to {@link LocalDate#MAX}/{@link LocalDate#MIN}, {@link LocalDateTime#MAX}/{@link LocalDateTime#MIN}
 * and {@link Instant#MAX}/{@link Instant#MIN}: PostgreSQL's finite range ends long before those.
 *
 * <p>{@code 24:00:00}, which PostgreSQL's time allows, is 1970-01-02 00:00 as a java.sql.Time or
 * Timestamp (pgjdbc's lenient calendar rolls hour 24 over to the next day); the client decodes
 * it, and only it, to {@link LocalTime#MAX}, which as a Time would be 23:59:59.999.
 */
final class JdbcTimes {

    /** pgjdbc's {@code PGStatement.DATE_POSITIVE_INFINITY}. */
    static final long POSITIVE_INFINITY = 9223372036825200000L;
    /** pgjdbc's {@code PGStatement.DATE_NEGATIVE_INFINITY}. */
    static final long NEGATIVE_INFINITY = -9223372036832400000L;

    /** What 24:00:00 is as a java.sql.Time or Timestamp: the midnight after 1970-01-01. */
    static final LocalDateTime END_OF_DAY = LocalDate.EPOCH.plusDays(1).atStartOfDay();

    private JdbcTimes() {}

    /** Whether {@code d} is one of the two stand-ins. */
    static boolean isInfinity(java.util.Date d) {
        return d.getTime() == POSITIVE_INFINITY || d.getTime() == NEGATIVE_INFINITY;
    }

    /** The stand-in for a date, timestamp or timestamptz decoded as one of the MAX/MIN constants, else null. */
    static @Nullable Timestamp infiniteTimestamp(Object decoded) {
        int sign = infinitySign(decoded);
        return sign == 0 ? null : new Timestamp(sign > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY);
    }

    /** As {@link #infiniteTimestamp}, as a java.sql.Date. */
    static @Nullable Date infiniteDate(Object decoded) {
        int sign = infinitySign(decoded);
        return sign == 0 ? null : new Date(sign > 0 ? POSITIVE_INFINITY : NEGATIVE_INFINITY);
    }

    /** 1 for a value decoded from {@code infinity}, -1 from {@code -infinity}, else 0. */
    static int infinitySign(Object decoded) {
        if (decoded.equals(LocalDate.MAX) || decoded.equals(LocalDateTime.MAX) || decoded.equals(Instant.MAX)) {
            return 1;
        }
        if (decoded.equals(LocalDate.MIN) || decoded.equals(LocalDateTime.MIN) || decoded.equals(Instant.MIN)) {
            return -1;
        }
        return 0;
    }
}
