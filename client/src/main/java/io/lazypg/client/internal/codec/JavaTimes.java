package io.lazypg.client.internal.codec;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;

/**
 * java.time values from the codec's day counts (since 1970-01-01) and microsecond counts (since
 * PostgreSQL's epoch 2000-01-01). PostgreSQL's
 * {@code infinity} and {@code -infinity} become the MAX and MIN constants, as pgjdbc does.
 */
final class JavaTimes {

    /**
     * The offset made last. {@code ZoneOffset.ofTotalSeconds} boxes its argument and looks it up
     * in a concurrent map on every call, about a tenth of decoding a timestamptz; a column's values
     * nearly always share one offset. Racy on purpose: ZoneOffset is immutable, so any thread may
     * see any recent one, and a miss only makes another.
     */
    private static volatile ZoneOffset lastOffset = ZoneOffset.UTC;

    private JavaTimes() {}

    /** {@code ZoneOffset.ofTotalSeconds(seconds)}, without its map lookup when it matches the last one. */
    static ZoneOffset offset(int seconds) {
        ZoneOffset last = lastOffset;
        if (last.getTotalSeconds() == seconds) {
            return last;
        }
        ZoneOffset made = ZoneOffset.ofTotalSeconds(seconds);
        lastOffset = made;
        return made;
    }

    static LocalDate localDate(long epochDay) {
        if (epochDay == TextParsing.POS_INFINITE) {
            return LocalDate.MAX;
        }
        if (epochDay == TextParsing.NEG_INFINITE) {
            return LocalDate.MIN;
        }
        return LocalDate.ofEpochDay(epochDay);
    }

    /** 24:00:00, which PostgreSQL allows, becomes {@link LocalTime#MAX}. */
    static LocalTime localTime(long microsOfDay) {
        if (microsOfDay >= PgEpoch.MICROS_PER_DAY) {
            return LocalTime.MAX;
        }
        return LocalTime.ofNanoOfDay(microsOfDay * 1000);
    }

    static OffsetTime offsetTime(long microsOfDay, int offsetSeconds) {
        return OffsetTime.of(localTime(microsOfDay), offset(offsetSeconds));
    }

    static LocalDateTime localDateTime(long micros) {
        if (micros == TextParsing.POS_INFINITE) {
            return LocalDateTime.MAX;
        }
        if (micros == TextParsing.NEG_INFINITE) {
            return LocalDateTime.MIN;
        }
        return LocalDateTime.ofEpochSecond(
                Math.floorDiv(micros, PgEpoch.MICROS_PER_SECOND) + PgEpoch.PG_EPOCH_SECONDS,
                (int) Math.floorMod(micros, PgEpoch.MICROS_PER_SECOND) * 1000,
                ZoneOffset.UTC);
    }

    /** A UTC instant shown at {@code offsetSeconds}. */
    static OffsetDateTime offsetDateTime(long utcMicros, int offsetSeconds) {
        if (utcMicros == TextParsing.POS_INFINITE) {
            return OffsetDateTime.MAX;
        }
        if (utcMicros == TextParsing.NEG_INFINITE) {
            return OffsetDateTime.MIN;
        }
        return OffsetDateTime.of(
                localDateTime(utcMicros + offsetSeconds * PgEpoch.MICROS_PER_SECOND), offset(offsetSeconds));
    }

    static Instant instant(long utcMicros) {
        if (utcMicros == TextParsing.POS_INFINITE) {
            return Instant.MAX;
        }
        if (utcMicros == TextParsing.NEG_INFINITE) {
            return Instant.MIN;
        }
        return Instant.ofEpochSecond(
                Math.floorDiv(utcMicros, PgEpoch.MICROS_PER_SECOND) + PgEpoch.PG_EPOCH_SECONDS,
                Math.floorMod(utcMicros, PgEpoch.MICROS_PER_SECOND) * 1000);
    }
}
