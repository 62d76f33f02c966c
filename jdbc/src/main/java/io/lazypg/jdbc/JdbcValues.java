package io.lazypg.jdbc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.temporal.ChronoUnit;
import org.jspecify.annotations.Nullable;

/**
 * Turns what JDBC callers bind into the values the lazypg client sends: java.sql.Date, Time and
 * Timestamp become pgjdbc's text with the zone's offset, sent untyped so the column decides
 * ({@link JdbcTimeParameters}); java.util.Date becomes an instant; a java.sql.Array its Java
 * array; Byte a Short; Character a String. java.time values go typed (date, time, timetz,
 * timestamp, timestamptz), as pgjdbc sends them. Everything else goes to the client as it is,
 * which refuses what it cannot send with a message that lists what it can.
 *
 * <p>Stateless and thread-safe.
 */
final class JdbcValues {

    /** The last time of day that does not round to 24:00:00. */
    private static final LocalTime LAST_TRUNCATED_TIME = LocalTime.MAX.minusNanos(500);

    private JdbcValues() {}

    /** A JDBC parameter value as the client binds it; null (SQL NULL) for null. */
    static @Nullable Object toClient(@Nullable Object x) throws SQLException {
        if (x == null || x instanceof String || x instanceof Integer || x instanceof Long) {
            return x; // the common ones first
        }
        if (x instanceof Timestamp t) {
            return JdbcTimeParameters.timestamp(t, null);
        }
        if (x instanceof Date d) {
            return JdbcTimeParameters.date(d, null);
        }
        if (x instanceof Time t) {
            return JdbcTimeParameters.time(t, null);
        }
        if (x instanceof OffsetTime t) {
            // pgjdbc truncates an OffsetTime's nanoseconds where it rounds every other value's, but
            // sends 24:00:00 from 23:59:59.9999995 on, as the client does
            return t.toLocalTime().isAfter(LAST_TRUNCATED_TIME) ? t : t.truncatedTo(ChronoUnit.MICROS);
        }
        if (x instanceof java.util.Date d) {
            return d.toInstant();
        }
        if (x instanceof Array a) {
            return a instanceof LazyRowArray own ? own.forBinding() : a.getArray();
        }
        if (x instanceof Byte b) {
            return (short) b;
        }
        if (x instanceof Character c) {
            return c.toString();
        }
        return x;
    }

    /**
     * {@code setObject(i, x, targetSqlType, scale)}: as {@link #toClient(Object, int)}, and a NUMERIC
     * or DECIMAL value rounded to {@code scale} digits after the point, half up as pgjdbc rounds.
     */
    static @Nullable Object toClient(@Nullable Object x, int sqlType, int scale) throws SQLException {
        Object v = toClient(x, sqlType);
        if (v instanceof BigDecimal d && scale >= 0 && (sqlType == Types.NUMERIC || sqlType == Types.DECIMAL)) {
            return d.setScale(scale, RoundingMode.HALF_UP);
        }
        return v;
    }

    /** {@code setObject(i, x, targetSqlType)}: converts to the target type, typed, where JDBC asks for a conversion. */
    static @Nullable Object toClient(@Nullable Object x, int sqlType) throws SQLException {
        if (x == null) {
            return null; // SQL NULL, whatever the target type
        }
        if (x instanceof java.util.Date d) {
            Object sent = javaSqlTo(d, sqlType);
            if (sent != null) {
                return sent;
            }
        }
        Object v = toClient(x);
        if (v == null) {
            return null;
        }
        if (characterType(sqlType)) {
            return v instanceof String ? v : v.toString();
        }
        try {
            switch (sqlType) {
                case Types.INTEGER:
                    return v instanceof Integer ? v : number(v).intValueExact();
                case Types.BIGINT:
                    return v instanceof Long ? v : number(v).longValueExact();
                case Types.SMALLINT:
                case Types.TINYINT:
                    return v instanceof Short ? v : number(v).shortValueExact();
                case Types.NUMERIC:
                case Types.DECIMAL:
                    return v instanceof BigDecimal ? v : number(v);
                case Types.DOUBLE:
                case Types.FLOAT:
                    return v instanceof Double ? v : number(v).doubleValue();
                case Types.REAL:
                    return v instanceof Float ? v : number(v).floatValue();
                case Types.BOOLEAN:
                case Types.BIT:
                    return v instanceof Boolean ? v : bool(v);
                case Types.DATE:
                    return v instanceof String s ? LocalDate.parse(s.trim()) : v;
                case Types.TIME:
                    return v instanceof String s ? LocalTime.parse(s.trim()) : v;
                case Types.TIMESTAMP:
                    return v instanceof String s ? Timestamp.valueOf(s.trim()).toLocalDateTime() : v;
                case Types.TIMESTAMP_WITH_TIMEZONE:
                    return v instanceof String s ? OffsetDateTime.parse(s.trim()) : v;
                default:
                    return v;
            }
        } catch (ArithmeticException | IllegalArgumentException | java.time.DateTimeException e) {
            throw JdbcErrors.usage(
                    "Cannot convert " + x.getClass().getSimpleName() + " '" + x + "' to SQL type " + sqlType + ": "
                            + e.getMessage(),
                    "22018");
        }
    }

    /**
     * A java.sql (or java.util) Date, Time or Timestamp converted to a date/time target type as
     * pgjdbc's setObject converts it (then sent as its setDate/setTime/setTimestamp sends it), or its
     * text for a character type; null for other target types.
     */
    private static @Nullable Object javaSqlTo(java.util.Date d, int sqlType) {
        if (characterType(sqlType)) {
            return d.toString(); // java.sql's own text ("2024-07-01 12:00:00.0"), as pgjdbc sends it
        }
        switch (sqlType) {
            case Types.DATE:
                return JdbcTimeParameters.date(d instanceof Date date ? date : new Date(d.getTime()), null);
            case Types.TIME:
                return JdbcTimeParameters.time(d instanceof Time time ? time : new Time(d.getTime()), null);
            case Types.TIMESTAMP:
            case Types.TIMESTAMP_WITH_TIMEZONE:
                return JdbcTimeParameters.timestamp(d instanceof Timestamp t ? t : new Timestamp(d.getTime()), null);
            default:
                return null;
        }
    }

    /** The character target types, whose value is sent as text. */
    private static boolean characterType(int sqlType) {
        return sqlType == Types.VARCHAR
                || sqlType == Types.CHAR
                || sqlType == Types.LONGVARCHAR
                || sqlType == Types.NVARCHAR
                || sqlType == Types.NCHAR
                || sqlType == Types.LONGNVARCHAR;
    }

    private static BigDecimal number(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (v instanceof Boolean b) {
            return b ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (v instanceof Number n) {
            return n instanceof Double || n instanceof Float
                    ? BigDecimal.valueOf(n.doubleValue())
                    : BigDecimal.valueOf(n.longValue());
        }
        return new BigDecimal(v.toString().trim());
    }

    private static Boolean bool(Object v) {
        if (v instanceof Number) {
            return number(v).signum() != 0;
        }
        String s = v.toString().trim().toLowerCase(java.util.Locale.ROOT);
        return switch (s) {
            case "t", "true", "y", "yes", "on", "1" -> Boolean.TRUE;
            case "f", "false", "n", "no", "off", "0" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("'" + v + "' is not a boolean");
        };
    }

    /**
     * The characters of a stream parameter: {@code length} of them (all when negative); a stream
     * that ends sooner is an error naming parameter {@code index}.
     */
    static @Nullable String read(@Nullable Reader reader, long length, int index) throws SQLException {
        if (reader == null) {
            return null;
        }
        try {
            StringBuilder b = new StringBuilder();
            char[] buffer = new char[8192];
            long left = length < 0 ? Long.MAX_VALUE : length;
            int n;
            while (left > 0 && (n = reader.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
                b.append(buffer, 0, n);
                left -= n;
            }
            if (length > 0 && left > 0) {
                throw Lobs.shortStream(index, length, length - left, "characters");
            }
            return b.toString();
        } catch (IOException e) {
            throw new SQLException("Could not read the character stream parameter: " + e.getMessage(), "22000", e);
        }
    }

    /** As {@link #read(Reader, long, int)}, for bytes. */
    static byte @Nullable [] read(@Nullable InputStream in, long length, int index) throws SQLException {
        if (in == null) {
            return null;
        }
        try {
            if (length < 0) {
                return in.readAllBytes();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            long left = length;
            int n;
            while (left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
                out.write(buffer, 0, n);
                left -= n;
            }
            if (left > 0) {
                throw Lobs.shortStream(index, length, length - left, "bytes");
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new SQLException("Could not read the binary stream parameter: " + e.getMessage(), "22000", e);
        }
    }

    static @Nullable String ascii(@Nullable InputStream in, long length, int index) throws SQLException {
        byte[] b = read(in, length, index);
        return b == null ? null : new String(b, StandardCharsets.US_ASCII);
    }
}
