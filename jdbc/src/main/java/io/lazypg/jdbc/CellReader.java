package io.lazypg.jdbc;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.jspecify.annotations.Nullable;

/**
 * A cell of a lazy row read as a {@link LazyRowResultSet} getter types it, with pgjdbc's
 * conversions: numeric getters on text columns parse the text; integer getters truncate floats and
 * fractional numerics toward zero (NaN, infinities and values out of range are errors, out of range
 * with SQLSTATE 22003); booleans read pgjdbc's words and numbers; character and binary values are
 * cut to the statement's {@code setMaxFieldSize}; dates and times follow pgjdbc's zone rules
 * ({@link JdbcTimeReads}), {@code infinity} its stand-ins ({@link JdbcTimes}). A failure is an
 * {@link SQLDataException} naming the column (SQLSTATE 22018).
 *
 * <p>The ResultSet keeps where it is and whether the last cell was NULL: it hands the reader the
 * current row and a checked 0-based index. The primitive and number reads take a cell the ResultSet
 * found not NULL; the reference reads return null for NULL. Immutable.
 */
final class CellReader {

    private final List<Column> columns;
    /** The statement's setMaxFieldSize (0: none): character and binary values are cut to it, as pgjdbc cuts them. */
    private final int maxFieldSize;

    CellReader(List<Column> columns, int maxFieldSize) {
        this.columns = columns;
        this.maxFieldSize = maxFieldSize;
    }

    int oid(int index) {
        return columns.get(index).typeOid();
    }

    /** The column's row in the type table, or null for a type not in it. */
    @Nullable
    PgType type(int index) {
        return PgType.of(oid(index));
    }

    /** Column {@code index} cannot be read as {@code target}; the cause's message, prefixed with the column unless it names it. */
    SQLDataException conversion(int index, String target, Exception cause) {
        Column c = columns.get(index);
        String detail = cause.getMessage();
        String prefix = "Column '" + c.name() + "'";
        return new SQLDataException(
                (detail != null && detail.startsWith(prefix)
                        ? detail
                        : prefix + " (" + c.typeName() + ") cannot be read as " + target + ": " + detail),
                "22018",
                cause);
    }

    /** A number out of the integer getter's range (SQLSTATE 22003, as pgjdbc says it). */
    private SQLDataException outOfRange(int index, String target, ArithmeticException cause) {
        Column c = columns.get(index);
        return new SQLDataException(
                "Column '" + c.name() + "' (" + c.typeName() + ") holds a value outside the range" + " of " + target
                        + " (" + cause.getMessage() + "); read it with getLong, getBigDecimal or getDouble.",
                "22003",
                cause);
    }

    private static boolean numericType(@Nullable PgType type) {
        return type == PgType.INT2
                || type == PgType.INT4
                || type == PgType.INT8
                || type == PgType.OID
                || type == PgType.NUMERIC
                || type == PgType.FLOAT4
                || type == PgType.FLOAT8;
    }

    /**
     * An integer getter's value where the client's exact decoder refused the cell (a fraction, a
     * float, a value out of range, or a non-numeric column's text): the number truncated toward
     * zero, as pgjdbc's getInt/getLong do ({@code BigDecimal.toBigInteger}, or a cast for binary
     * floats), then checked against [{@code min}, {@code max}]. NaN, the infinities and values out
     * of range are conversion errors.
     */
    private long truncated(LazyRow r, int index, String target, long min, long max, PgConversionException cause)
            throws SQLException {
        BigDecimal d;
        if (type(index) == PgType.NUMERIC || type(index) == PgType.FLOAT4 || type(index) == PgType.FLOAT8) {
            try {
                d = r.getBigDecimal(index); // floats by their shortest decimal, as pgjdbc reads their text
            } catch (PgConversionException notFinite) {
                throw conversion(index, target, cause);
            }
            if (d == null) { // not reached: the integer getters read non-NULL cells alone
                throw conversion(index, target, cause);
            }
        } else {
            d = parsed(r, index, target, cause);
        }
        BigInteger whole = d.toBigInteger();
        if (whole.bitLength() > 63 || whole.longValue() < min || whole.longValue() > max) {
            throw outOfRange(
                    index,
                    target,
                    new ArithmeticException(d.toPlainString() + " is out of range [" + min + ", " + max + "]"));
        }
        return whole.longValue();
    }

    /** A number from a non-numeric column's text, as pgjdbc parses it. */
    private BigDecimal parsed(LazyRow r, int index, String target, PgConversionException cause) throws SQLException {
        PgType type = type(index);
        if (type == PgType.BOOL) {
            throw conversion(index, target, cause);
        }
        BigDecimal d;
        try {
            if (type == PgType.NUMERIC) {
                d = r.getBigDecimal(index); // for an exact conversion (or a 22003 saying why not)
            } else if (type == PgType.FLOAT4 || type == PgType.FLOAT8) {
                d = BigDecimal.valueOf(r.getDouble(index));
            } else if (numericType(type)) {
                d = BigDecimal.valueOf(r.getLong(index));
            } else {
                String text = r.getString(index);
                d = text == null ? null : new BigDecimal(text.trim());
            }
        } catch (NumberFormatException | PgConversionException e) {
            throw conversion(index, target, cause);
        }
        if (d == null) { // not reached: the numeric getters read non-NULL cells alone
            throw conversion(index, target, cause);
        }
        return d;
    }

    /** getString: the cell's text (null for NULL), cut to the max field size. */
    @Nullable
    String text(LazyRow r, int i) throws SQLException {
        try {
            String s = r.getString(i);
            return maxFieldSize > 0 && s != null && s.length() > maxFieldSize && cutToMaxFieldSize(i)
                    ? s.substring(0, maxFieldSize)
                    : s;
        } catch (PgConversionException e) {
            throw conversion(i, "String", e);
        }
    }

    /** getBoolean of a non-NULL cell: a bool, or pgjdbc's words and numbers for true and false. */
    boolean bool(LazyRow r, int i) throws SQLException {
        if (type(i) == PgType.BOOL) {
            return r.getBoolean(i);
        }
        String text = r.getString(i);
        if (text == null) { // not reached: the cell is not NULL
            throw conversion(i, "boolean", new IllegalArgumentException("NULL is not a boolean"));
        }
        String s = text.trim().toLowerCase(Locale.ROOT);
        switch (s) {
            case "t":
            case "true":
            case "y":
            case "yes":
            case "on":
            case "1":
                return true;
            case "f":
            case "false":
            case "n":
            case "no":
            case "off":
            case "0":
                return false;
            default:
                try {
                    BigDecimal d = new BigDecimal(s);
                    if (d.compareTo(BigDecimal.ONE) == 0) {
                        return true;
                    }
                    if (d.signum() == 0) {
                        return false;
                    }
                } catch (NumberFormatException e) {
                    // fall through to the error
                }
                throw conversion(i, "boolean", new IllegalArgumentException("'" + s + "' is not a boolean"));
        }
    }

    /** getShort of a non-NULL cell. */
    short int2(LazyRow r, int i) throws SQLException {
        try {
            return r.getShort(i);
        } catch (PgConversionException e) {
            return (short) truncated(r, i, "short", Short.MIN_VALUE, Short.MAX_VALUE, e);
        }
    }

    /** getInt of a non-NULL cell. */
    int int4(LazyRow r, int i) throws SQLException {
        try {
            return r.getInt(i);
        } catch (PgConversionException e) {
            return (int) truncated(r, i, "int", Integer.MIN_VALUE, Integer.MAX_VALUE, e);
        }
    }

    /** getLong of a non-NULL cell. */
    long int8(LazyRow r, int i) throws SQLException {
        try {
            return r.getLong(i);
        } catch (PgConversionException e) {
            return truncated(r, i, "long", Long.MIN_VALUE, Long.MAX_VALUE, e);
        }
    }

    /** getFloat of a non-NULL cell. */
    float float4(LazyRow r, int i) throws SQLException {
        try {
            return r.getFloat(i);
        } catch (PgConversionException e) {
            return parsed(r, i, "float", e).floatValue();
        }
    }

    /** getDouble of a non-NULL cell. */
    double float8(LazyRow r, int i) throws SQLException {
        try {
            return r.getDouble(i);
        } catch (PgConversionException e) {
            return parsed(r, i, "double", e).doubleValue();
        }
    }

    /** getBigDecimal of a non-NULL cell (the client's null stands for NULL alone). */
    @Nullable
    BigDecimal numeric(LazyRow r, int i) throws SQLException {
        try {
            return r.getBigDecimal(i);
        } catch (PgConversionException e) {
            return parsed(r, i, "BigDecimal", e);
        }
    }

    /** getBytes: the cell's bytes (null for NULL), cut to the max field size. */
    byte @Nullable [] bytes(LazyRow r, int i) throws SQLException {
        try {
            byte[] b = r.getBytes(i);
            return maxFieldSize > 0 && b != null && b.length > maxFieldSize && cutToMaxFieldSize(i)
                    ? Arrays.copyOf(b, maxFieldSize)
                    : b;
        } catch (PgConversionException e) {
            throw conversion(i, "byte[]", e);
        }
    }

    /** Whether column {@code i} is one setMaxFieldSize applies to: character and binary types, as in pgjdbc. */
    private boolean cutToMaxFieldSize(int i) {
        switch (PgTypes.sqlType(oid(i))) {
            case java.sql.Types.CHAR:
            case java.sql.Types.VARCHAR:
            case java.sql.Types.LONGVARCHAR:
            case java.sql.Types.BINARY:
            case java.sql.Types.VARBINARY:
            case java.sql.Types.LONGVARBINARY:
                return true;
            default:
                return false;
        }
    }

    /** A reference-typed read through the client's decoder; null for NULL. */
    <T> @Nullable T decoded(LazyRow r, int i, Class<T> type) throws SQLException {
        try {
            return r.get(i, type);
        } catch (PgConversionException e) {
            throw conversion(i, type.getSimpleName(), e);
        }
    }

    /** pgjdbc's getDate: a date or timestamp's day at midnight in {@code zone}, an instant's day there ({@link JdbcTimeReads}). */
    @Nullable
    Date date(LazyRow r, int i, @Nullable TimeZone zone) throws SQLException {
        PgType type = type(i);
        if (type == PgType.TIMESTAMPTZ) {
            Timestamp t = timestamp(r, i, null);
            if (t == null) {
                return null;
            }
            return JdbcTimes.isInfinity(t) ? new Date(t.getTime()) : JdbcTimeReads.date(t.getTime(), zone);
        }
        if (type == PgType.DATE) {
            LocalDate d = decoded(r, i, LocalDate.class); // the natural value: no conversion per read
            if (d == null) {
                return null;
            }
            Date infinite = JdbcTimes.infiniteDate(d);
            return infinite != null ? infinite : JdbcTimeReads.date(d, zone);
        }
        if (type == PgType.TIMESTAMP) {
            LocalDateTime d = decoded(r, i, LocalDateTime.class);
            if (d == null) {
                return null;
            }
            Date infinite = JdbcTimes.infiniteDate(d);
            return infinite != null ? infinite : JdbcTimeReads.date(d, zone);
        }
        if (type == PgType.TIME) {
            LocalTime t = decoded(r, i, LocalTime.class);
            return t == null ? null : JdbcTimeReads.date(JdbcTimeReads.onEpochDay(t), zone);
        }
        if (type == PgType.TIMETZ) {
            OffsetTime t = decoded(r, i, OffsetTime.class);
            return t == null
                    ? null
                    : JdbcTimeReads.date(JdbcTimeReads.timestamp(t).getTime(), zone);
        }
        String s = text(r, i);
        try {
            return s == null ? null : Date.valueOf(s.trim());
        } catch (IllegalArgumentException e) {
            throw conversion(i, "java.sql.Date", e);
        }
    }

    /**
     * pgjdbc's getTime: a time or timestamp's time of day in {@code zone} on 1970-01-01 (a date's
     * midnight); a timetz
     * at its offset, a timestamptz at the offset the session's TimeZone gives it (as in its text).
     */
    @Nullable
    Time time(LazyRow r, int i, @Nullable TimeZone zone) throws SQLException {
        PgType type = type(i);
        if (type == PgType.TIMETZ) {
            OffsetTime t = decoded(r, i, OffsetTime.class);
            return t == null ? null : JdbcTimeReads.time(t.toLocalTime(), t.getOffset());
        }
        if (type == PgType.TIMESTAMPTZ) {
            OffsetDateTime t = decoded(r, i, OffsetDateTime.class);
            if (t != null && (t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN))) {
                throw conversion(i, "java.sql.Time", new IllegalArgumentException("infinity has no time of day"));
            }
            return t == null ? null : JdbcTimeReads.time(t.toLocalTime(), t.getOffset());
        }
        if (type == PgType.TIME) {
            LocalTime t = decoded(r, i, LocalTime.class);
            return t == null ? null : JdbcTimeReads.time(JdbcTimeReads.onEpochDay(t), zone);
        }
        if (type == PgType.TIMESTAMP || type == PgType.DATE) {
            LocalDateTime t = decoded(r, i, LocalDateTime.class);
            if (t != null && JdbcTimes.infinitySign(t) != 0) {
                throw conversion(i, "java.sql.Time", new IllegalArgumentException("infinity has no time of day"));
            }
            return t == null ? null : JdbcTimeReads.time(t, zone);
        }
        String s = text(r, i);
        try {
            return s == null ? null : JdbcTimeReads.time(JdbcTimeReads.onEpochDay(LocalTime.parse(s.trim())), zone);
        } catch (RuntimeException e) {
            throw conversion(i, "java.sql.Time", e);
        }
    }

    /** pgjdbc's getTimestamp: the wall clock of a timestamp, date or time in {@code zone}; an instant as it is. */
    @Nullable
    Timestamp timestamp(LazyRow r, int i, @Nullable TimeZone zone) throws SQLException {
        PgType type = type(i);
        if (type == PgType.TIMESTAMPTZ) {
            Instant t = decoded(r, i, Instant.class);
            if (t == null) {
                return null;
            }
            Timestamp infinite = JdbcTimes.infiniteTimestamp(t);
            return infinite != null ? infinite : JdbcTimeReads.instant(t);
        }
        if (type == PgType.TIMESTAMP || type == PgType.DATE) {
            LocalDateTime t = decoded(r, i, LocalDateTime.class);
            if (t == null) {
                return null;
            }
            Timestamp infinite = JdbcTimes.infiniteTimestamp(t);
            return infinite != null ? infinite : JdbcTimeReads.timestamp(t, zone);
        }
        if (type == PgType.TIME) {
            LocalTime t = decoded(r, i, LocalTime.class);
            return t == null ? null : JdbcTimeReads.timestamp(JdbcTimeReads.onEpochDay(t), zone);
        }
        if (type == PgType.TIMETZ) {
            OffsetTime t = decoded(r, i, OffsetTime.class);
            return t == null ? null : JdbcTimeReads.timestamp(t);
        }
        String s = text(r, i);
        try {
            return s == null ? null : Timestamp.valueOf(s.trim());
        } catch (IllegalArgumentException e) {
            throw conversion(i, "java.sql.Timestamp", e);
        }
    }
}
