package io.lazypg.jdbc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.Calendar;

/**
 * Turns what JDBC callers bind into the values the lazypg client sends typed: java.sql.Date,
 * Time and Timestamp become LocalDate, LocalTime and LocalDateTime (wall-clock values, as JDBC
 * defines them); java.util.Date becomes an instant; a java.sql.Array its Java array; Byte a
 * Short; Character a String. Everything else goes to the client as it is, which refuses what it
 * cannot send with a message that lists what it can.
 *
 * <p>Stateless and thread-safe.
 */
final class JdbcValues {

    private JdbcValues() {}

    static Object toClient(Object x) throws SQLException {
        if (x == null || x instanceof String || x instanceof Integer || x instanceof Long) {
            return x; // the common ones first
        }
        if (x instanceof Timestamp t) {
            return t.toLocalDateTime();
        }
        if (x instanceof Date d) {
            return d.toLocalDate();
        }
        if (x instanceof Time t) {
            return toLocalTime(t);
        }
        if (x instanceof java.util.Date d) {
            return d.toInstant();
        }
        if (x instanceof Array a) {
            return a.getArray();
        }
        if (x instanceof Byte b) {
            return (short) b;
        }
        if (x instanceof Character c) {
            return c.toString();
        }
        return x;
    }

    /** Time.toLocalTime drops the milliseconds; JDBC's Time carries them. */
    private static LocalTime toLocalTime(Time t) {
        LocalTime time = t.toLocalTime();
        long millis = Math.floorMod(t.getTime(), 1000L);
        return time.withNano((int) millis * 1_000_000);
    }

    /** {@code setObject(i, x, targetSqlType)}: converts to the target type, typed, where JDBC asks for a conversion. */
    static Object toClient(Object x, int sqlType) throws SQLException {
        Object v = toClient(x);
        if (v == null) {
            return null;
        }
        try {
            switch (sqlType) {
                case Types.VARCHAR:
                case Types.CHAR:
                case Types.LONGVARCHAR:
                case Types.NVARCHAR:
                case Types.NCHAR:
                case Types.LONGNVARCHAR:
                    return v instanceof String ? v : v.toString();
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

    static Object date(Date x, Calendar cal) {
        if (x == null || cal == null) {
            return x == null ? null : x.toLocalDate();
        }
        return Instant.ofEpochMilli(x.getTime()).atZone(zone(cal)).toLocalDate();
    }

    static Object time(Time x, Calendar cal) {
        if (x == null || cal == null) {
            return x == null ? null : toLocalTime(x);
        }
        return Instant.ofEpochMilli(x.getTime()).atZone(zone(cal)).toLocalTime();
    }

    /** The instant's wall-clock time in the calendar's zone: what a timestamp without time zone stores. */
    static Object timestamp(Timestamp x, Calendar cal) {
        if (x == null || cal == null) {
            return x == null ? null : x.toLocalDateTime();
        }
        return LocalDateTime.ofInstant(x.toInstant(), zone(cal));
    }

    private static ZoneId zone(Calendar cal) {
        return cal.getTimeZone().toZoneId();
    }

    static String read(Reader reader, long length) throws SQLException {
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
            return b.toString();
        } catch (IOException e) {
            throw new SQLException("Could not read the character stream parameter: " + e.getMessage(), "22000", e);
        }
    }

    static byte[] read(InputStream in, long length) throws SQLException {
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
            return out.toByteArray();
        } catch (IOException e) {
            throw new SQLException("Could not read the binary stream parameter: " + e.getMessage(), "22000", e);
        }
    }

    static String ascii(InputStream in, long length) throws SQLException {
        byte[] b = read(in, length);
        return b == null ? null : new String(b, StandardCharsets.US_ASCII);
    }
}
