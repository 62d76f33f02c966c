package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.internal.wire.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The text form of one scalar value (not null, not an array, not byte[]) as the type's PostgreSQL
 * input function reads it. Strings go out as they are (after {@link TextScan#check}); array
 * literals add their own quoting around these forms.
 */
final class ScalarText {

    /** timestamptz_in accepts UTC offsets up to 15:59:59 either way. */
    private static final int MAX_PG_OFFSET_SECONDS = 16 * 3600;

    private ScalarText() {}

    /**
     * A range literal: {@code empty}, or {@code [} / {@code (}, each bound quoted in its own text form
     * (empty for unbounded), {@code ]} / {@code )}. The bounds' forms (numbers, dates, times) hold no
     * quote or backslash, so quoting needs no escapes; a String bound is checked and escaped.
     */
    private static void writeRange(WriteBuffer out, io.lazypg.client.PgRange<?> range, int parameterIndex) {
        if (range.isEmpty()) {
            out.writeUtf8("empty");
            return;
        }
        out.writeByte(range.lowerInclusive() ? '[' : '(');
        writeBound(out, range.lower(), parameterIndex);
        out.writeByte(',');
        writeBound(out, range.upper(), parameterIndex);
        out.writeByte(range.upperInclusive() ? ']' : ')');
    }

    private static void writeBound(WriteBuffer out, @Nullable Object bound, int parameterIndex) {
        if (bound == null) {
            return;
        }
        out.writeByte('"');
        if (bound instanceof String s) {
            TextScan.check(s, parameterIndex, true);
            out.writeUtf8(s.replace("\\", "\\\\").replace("\"", "\\\""));
        } else {
            write(out, bound, parameterIndex, true);
        }
        out.writeByte('"');
    }

    /**
     * Writes the text form of {@code v}.
     *
     * @throws io.lazypg.client.PgUsageException for an unsupported type or a string PostgreSQL cannot hold
     */
    static void write(WriteBuffer out, Object v, int parameterIndex, boolean element) {
        if (v instanceof io.lazypg.client.PgRange<?> range) {
            writeRange(out, range, parameterIndex);
        } else if (v instanceof String) {
            String s = (String) v;
            TextScan.check(s, parameterIndex, element);
            out.writeUtf8(s);
        } else if (v instanceof Integer) {
            Digits.writeLong(out, (Integer) v);
        } else if (v instanceof Long) {
            Digits.writeLong(out, (Long) v);
        } else if (v instanceof Short) {
            Digits.writeLong(out, (Short) v);
        } else if (v instanceof Boolean) {
            out.writeByte((Boolean) v ? 't' : 'f');
        } else if (v instanceof BigDecimal) {
            // toString may use exponent notation (1E+3); numeric_in accepts it, and it stays short
            // where toPlainString would spell out every zero of a large exponent.
            out.writeUtf8(v.toString());
        } else if (v instanceof BigInteger) {
            out.writeUtf8(v.toString());
        } else if (v instanceof Double) {
            // Shortest round-tripping form; NaN, Infinity and -Infinity are spelled as float8in reads them.
            out.writeUtf8(Double.toString((Double) v));
        } else if (v instanceof Float) {
            out.writeUtf8(Float.toString((Float) v));
        } else if (v instanceof UUID) {
            out.writeUtf8(v.toString());
        } else if (v instanceof LocalDate) {
            TemporalText.writeDate(out, (LocalDate) v);
        } else if (v instanceof LocalDateTime) {
            TemporalText.writeTimestamp(out, (LocalDateTime) v);
        } else if (v instanceof OffsetDateTime) {
            writeOffsetDateTime(out, (OffsetDateTime) v, parameterIndex, element);
        } else if (v instanceof Instant) {
            writeInstant(out, (Instant) v, parameterIndex, element);
        } else if (v instanceof ZonedDateTime) {
            ZonedDateTime z = (ZonedDateTime) v;
            writeWithOffset(out, z.toLocalDateTime(), z.getOffset().getTotalSeconds(), z, parameterIndex, element);
        } else if (v instanceof LocalTime) {
            TemporalText.writeTime(out, (LocalTime) v);
        } else if (v instanceof OffsetTime) {
            TemporalText.writeTimeTz(out, (OffsetTime) v);
        } else if (v instanceof Character) {
            char c = (Character) v;
            if (c == 0) {
                throw ParameterErrors.nul(parameterIndex, element, 0);
            } else if (Character.isSurrogate(c)) {
                throw ParameterErrors.unpairedSurrogate(parameterIndex, element, 0, c);
            }
            out.writeUtf8(String.valueOf(c));
        } else if (v instanceof Enum) {
            out.writeUtf8(((Enum<?>) v).name());
        } else {
            throw ParameterErrors.unsupported(v, parameterIndex, element);
        }
    }

    /** Whether {@link #write} produces a date/time form, which may contain spaces (quoted in arrays). */
    static boolean isTemporal(Object v) {
        return v instanceof LocalDate
                || v instanceof LocalDateTime
                || v instanceof OffsetDateTime
                || v instanceof Instant
                || v instanceof ZonedDateTime
                || v instanceof LocalTime
                || v instanceof OffsetTime;
    }

    private static void writeOffsetDateTime(WriteBuffer out, OffsetDateTime t, int parameterIndex, boolean element) {
        if (t.equals(OffsetDateTime.MAX)) {
            TemporalText.writeInfinity(out, true);
        } else if (t.equals(OffsetDateTime.MIN)) {
            TemporalText.writeInfinity(out, false);
        } else {
            writeWithOffset(out, t.toLocalDateTime(), t.getOffset().getTotalSeconds(), t, parameterIndex, element);
        }
    }

    /**
     * Java offsets reach +-18:00 but timestamptz_in rejects displacements past +-15:59:59, so such a
     * value is written as the same instant in UTC (timestamptz keeps the instant, not the offset).
     */
    private static void writeWithOffset(
            WriteBuffer out,
            LocalDateTime local,
            int offsetSeconds,
            Object value,
            int parameterIndex,
            boolean element) {
        if (Math.abs(offsetSeconds) >= MAX_PG_OFFSET_SECONDS) {
            try {
                local = local.minusSeconds(offsetSeconds);
            } catch (DateTimeException e) {
                throw ParameterErrors.outOfRange(value, parameterIndex, element);
            }
            offsetSeconds = 0;
        }
        TemporalText.writeTimestampTz(out, local, offsetSeconds);
    }

    private static void writeInstant(WriteBuffer out, Instant t, int parameterIndex, boolean element) {
        if (t.equals(Instant.MAX)) {
            TemporalText.writeInfinity(out, true);
        } else if (t.equals(Instant.MIN)) {
            TemporalText.writeInfinity(out, false);
        } else {
            LocalDateTime utc;
            try {
                utc = LocalDateTime.ofEpochSecond(t.getEpochSecond(), t.getNano(), ZoneOffset.UTC);
            } catch (DateTimeException e) {
                // Instant reaches a year further than LocalDateTime; both ends are far outside PostgreSQL's range.
                throw ParameterErrors.outOfRange(t, parameterIndex, element);
            }
            TemporalText.writeTimestampTz(out, utc, 0);
        }
    }
}
