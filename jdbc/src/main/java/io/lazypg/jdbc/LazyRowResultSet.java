package io.lazypg.jdbc;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import io.lazypg.client.PgType;
import io.lazypg.client.RowCursor;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Array;
import java.sql.Date;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.Calendar;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import org.jspecify.annotations.Nullable;

/**
 * A read-only, forward-only java.sql.ResultSet view over lazy rows, so that Spring's
 * {@code BeanPropertyRowMapper}, {@code DataClassRowMapper} and users' {@code RowMapper}s work
 * unchanged on lazypg results. The template {@link #position positions} it on each row before
 * calling {@code mapRow}; constructed with an iterator, {@link #next()} walks the rows itself
 * (for {@code ResultSetExtractor}s).
 *
 * <p>Getters are 1-based and decode only the cell they read. Values follow pgjdbc: SQL NULL reads
 * as 0/false from primitive getters (check {@link #wasNull()}); {@code getObject} gives Integer for
 * int2/int4, Long for int8, BigDecimal for numeric, java.sql.Date/Time/Timestamp for date and
 * time types, UUID for uuid, byte[] for bytea, a java.sql.Array for arrays, and the text for
 * everything else (json, jsonb, interval, enums: pgjdbc would give a PGobject for some of these).
 * Numeric getters on text columns parse the text, as pgjdbc does; integer getters truncate floats
 * and fractional numerics toward zero, as pgjdbc does (NaN, infinities and values out of range are
 * errors). {@code infinity} and {@code -infinity} read as pgjdbc's stand-ins in java.sql.Date and
 * Timestamp and as MAX/MIN in java.time; {@code 24:00} is the next midnight as a java.sql.Time and
 * {@code LocalTime.MAX} (see {@link JdbcTimes}). Conversion failures are
 * {@link SQLDataException}s naming the column. How a cell converts is {@link CellReader}'s; this
 * class keeps the current row, wasNull, the labels and what needs the statement (LOBs, arrays of
 * user-defined types, refcursors). Where the cursor is and how it moves is
 * {@link RowNavigation}'s (scrolling over a buffered result included). Updates, streams of unsupported kinds,
 * LOBs and refs throw {@link SQLFeatureNotSupportedException} saying so.
 *
 * <p>Thread safety: none; one view per mapping loop. Lifetime: it holds the current row only.
 */
public final class LazyRowResultSet extends RowNavigation {

    private final List<Column> columns;
    /** The statement that produced the rows (JDBC's getStatement), or null for the template's view. */
    private final @Nullable Statement statement;
    /** The portal the rows are read through, closed with the view; null when the rows are in memory. */
    private final @Nullable RowCursor cursor;

    private boolean closed;
    private int fetchSize;
    /** Reads the cells, with pgjdbc's conversions and the statement's setMaxFieldSize. */
    private final CellReader cells;

    private @Nullable ResultSetMetaData metaData;
    /** Lower-cased labels to 1-based indexes, built on the first {@link #findColumn}. */
    private @Nullable Map<String, Integer> labels;

    /** A view the caller positions with {@link #position}; {@link #next()} returns false. */
    public LazyRowResultSet(List<Column> columns) {
        this(columns, null, null, null);
    }

    /** A view that {@link #next()} moves through {@code rows} (which must all have {@code columns}). */
    public LazyRowResultSet(List<Column> columns, Iterator<LazyRow> rows) {
        this(columns, rows, null, null);
    }

    /** The driver's result: rows in memory, or read through {@code cursor}, which closing the view closes. */
    LazyRowResultSet(
            List<Column> columns,
            @Nullable Iterator<LazyRow> rows,
            @Nullable Statement statement,
            @Nullable RowCursor cursor) {
        super(rows);
        this.columns = List.copyOf(columns);
        this.fetchSize = statement instanceof LazyPgStatement s ? s.fetchSizeHint() : 0; // JDBC: the statement's
        this.cells = new CellReader(this.columns, statement instanceof LazyPgStatement s ? s.maxFieldSizeLimit() : 0);
        this.statement = statement;
        this.cursor = cursor;
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        row = null;
        try {
            if (cursor != null) {
                cursor.close(); // tells the server to drop the rest of the portal
            }
        } catch (PgException e) {
            throw JdbcErrors.of(e);
        } finally {
            if (statement instanceof LazyPgStatement s) {
                s.resultSetClosed(); // closeOnCompletion
            }
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public boolean wasNull() {
        return wasNull;
    }

    @Override
    public int findColumn(String columnLabel) throws SQLException {
        Map<String, Integer> map = labels;
        if (map == null) {
            // JDBC: the first column whose label matches case-insensitively, even where a later
            // one matches exactly (pgjdbc's map of lower-cased labels, first one kept)
            map = new HashMap<>(columns.size() * 2);
            for (int i = 0; i < columns.size(); i++) {
                map.putIfAbsent(columns.get(i).name().toLowerCase(Locale.ROOT), i + 1);
            }
            labels = map;
        }
        Integer i = map.get(columnLabel); // a lower-case label needs no lower-casing
        if (i == null) {
            i = map.get(columnLabel.toLowerCase(Locale.ROOT));
        }
        if (i == null) {
            throw new SQLException(
                    "The result has no column labelled '" + columnLabel + "'; its columns are "
                            + columns.stream().map(Column::name).toList() + ".",
                    "42703");
        }
        return i;
    }

    @Override
    public ResultSetMetaData getMetaData() {
        if (metaData == null) {
            metaData = statement instanceof LazyPgStatement s
                    ? new LazyRowResultSetMetaData(columns, s.connection::userType, s.connection::columnOrigins)
                    : new LazyRowResultSetMetaData(columns, null);
        }
        return metaData;
    }

    // ------------------------------------------------------------------ cell access

    private LazyRow current() throws SQLException {
        checkOpen();
        if (row == null) {
            throw new SQLException("The ResultSet is not on a row: call next() first (or position it).", "24000");
        }
        return row;
    }

    /** The 0-based index of a 1-based JDBC column index, after checking it. */
    private int index(int columnIndex) throws SQLException {
        if (columnIndex < 1 || columnIndex > columns.size()) {
            throw new SQLException(
                    "Column index " + columnIndex + " is out of range: the result has " + columns.size()
                            + " columns (1.." + columns.size() + "); JDBC indexes are 1-based.",
                    "22023");
        }
        return columnIndex - 1;
    }

    private int oid(int index) {
        return cells.oid(index);
    }

    private @Nullable PgType type(int index) {
        return cells.type(index);
    }

    /** True (and wasNull set) when the cell is NULL. */
    private boolean nullCell(LazyRow r, int index) {
        wasNull = r.isNull(index);
        return wasNull;
    }

    private SQLDataException conversion(int index, String target, Exception cause) {
        return cells.conversion(index, target, cause);
    }

    @Override
    void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("The ResultSet is closed.", "24000");
        }
    }

    @Override
    public @Nullable String getString(int columnIndex) throws SQLException {
        LazyRow r = current();
        String s = cells.text(r, index(columnIndex));
        wasNull = s == null;
        return s;
    }

    @Override
    public boolean getBoolean(int columnIndex) throws SQLException {
        LazyRow r = current();
        int i = index(columnIndex);
        return !nullCell(r, i) && cells.bool(r, i);
    }

    @Override
    public byte getByte(int columnIndex) throws SQLException {
        long v = getLong(columnIndex);
        if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
            throw conversion(index(columnIndex), "byte", new ArithmeticException(v + " is out of range"));
        }
        return (byte) v;
    }

    @Override
    public short getShort(int columnIndex) throws SQLException {
        LazyRow r = current();
        int i = index(columnIndex);
        return nullCell(r, i) ? 0 : cells.int2(r, i);
    }

    @Override
    public int getInt(int columnIndex) throws SQLException {
        LazyRow r = current();
        int i = index(columnIndex);
        return nullCell(r, i) ? 0 : cells.int4(r, i);
    }

    @Override
    public long getLong(int columnIndex) throws SQLException {
        LazyRow r = current();
        int i = index(columnIndex);
        return nullCell(r, i) ? 0 : cells.int8(r, i);
    }

    @Override
    public float getFloat(int columnIndex) throws SQLException {
        LazyRow r = current();
        int i = index(columnIndex);
        return nullCell(r, i) ? 0 : cells.float4(r, i);
    }

    @Override
    public double getDouble(int columnIndex) throws SQLException {
        LazyRow r = current();
        int i = index(columnIndex);
        return nullCell(r, i) ? 0 : cells.float8(r, i);
    }

    @Override
    public @Nullable BigDecimal getBigDecimal(int columnIndex) throws SQLException {
        LazyRow r = current();
        int i = index(columnIndex);
        return nullCell(r, i) ? null : cells.numeric(r, i);
    }

    @Override
    @Deprecated
    public @Nullable BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
        BigDecimal d = getBigDecimal(columnIndex);
        return d == null ? null : d.setScale(scale, RoundingMode.HALF_UP);
    }

    @Override
    public byte @Nullable [] getBytes(int columnIndex) throws SQLException {
        LazyRow r = current();
        byte[] b = cells.bytes(r, index(columnIndex));
        wasNull = b == null;
        return b;
    }

    /** A reference-typed read through the client's decoder; null (and wasNull) for NULL. */
    private <T> @Nullable T decoded(int columnIndex, Class<T> type) throws SQLException {
        LazyRow r = current();
        T v = cells.decoded(r, index(columnIndex), type);
        wasNull = v == null;
        return v;
    }

    @Override
    public @Nullable Date getDate(int columnIndex) throws SQLException {
        return getDate(columnIndex, (TimeZone) null);
    }

    @Override
    public @Nullable Date getDate(int columnIndex, @Nullable Calendar cal) throws SQLException {
        return getDate(columnIndex, cal == null ? null : cal.getTimeZone());
    }

    private @Nullable Date getDate(int columnIndex, @Nullable TimeZone zone) throws SQLException {
        int i = index(columnIndex);
        LazyRow r = current();
        Date v = cells.date(r, i, zone);
        wasNull = v == null;
        return v;
    }

    @Override
    public @Nullable Time getTime(int columnIndex) throws SQLException {
        return getTime(columnIndex, (TimeZone) null);
    }

    @Override
    public @Nullable Time getTime(int columnIndex, @Nullable Calendar cal) throws SQLException {
        return getTime(columnIndex, cal == null ? null : cal.getTimeZone());
    }

    private @Nullable Time getTime(int columnIndex, @Nullable TimeZone zone) throws SQLException {
        int i = index(columnIndex);
        LazyRow r = current();
        Time v = cells.time(r, i, zone);
        wasNull = v == null;
        return v;
    }

    @Override
    public @Nullable Timestamp getTimestamp(int columnIndex) throws SQLException {
        return getTimestamp(columnIndex, (TimeZone) null);
    }

    @Override
    public @Nullable Timestamp getTimestamp(int columnIndex, @Nullable Calendar cal) throws SQLException {
        return getTimestamp(columnIndex, cal == null ? null : cal.getTimeZone());
    }

    private @Nullable Timestamp getTimestamp(int columnIndex, @Nullable TimeZone zone) throws SQLException {
        int i = index(columnIndex);
        LazyRow r = current();
        Timestamp v = cells.timestamp(r, i, zone);
        wasNull = v == null;
        return v;
    }

    @Override
    public @Nullable Object getObject(int columnIndex) throws SQLException {
        int i = index(columnIndex);
        PgType type = type(i);
        if (type == null) {
            if (columns.get(i).typeOid() == RefCursors.REFCURSOR_OID && statement instanceof LazyPgStatement s) {
                return RefCursors.open(s.connection, getString(columnIndex));
            }
            // an array of a user-defined type (enum[]) is an Array, as pgjdbc gives it; other types their text
            return userArrayElement(i) != null ? getArray(columnIndex) : getString(columnIndex);
        }
        // The type table's natural class decides, mapped to what pgjdbc's getObject gives for it.
        Class<?> natural = type.javaClass();
        if (natural == Short.class || natural == Integer.class) {
            int v = getInt(columnIndex);
            return wasNull ? null : v;
        }
        if (natural == LocalDate.class) {
            return getDate(columnIndex);
        }
        if (natural == LocalTime.class || natural == OffsetTime.class) {
            return getTime(columnIndex);
        }
        if (natural == LocalDateTime.class || natural == OffsetDateTime.class) {
            return getTimestamp(columnIndex);
        }
        if (natural == byte[].class) {
            return getBytes(columnIndex);
        }
        if (natural == BigDecimal.class) {
            String text = getString(columnIndex);
            if (text == null) {
                return null;
            }
            // NaN and the infinities have no BigDecimal; pgjdbc gives a Double for them.
            return Character.isDigit(text.charAt(text.length() - 1))
                    ? decoded(columnIndex, BigDecimal.class)
                    : (Object) decoded(columnIndex, Double.class);
        }
        if (natural.isArray()) {
            return getArray(columnIndex);
        }
        // Boolean, Long, Float, Double, UUID: ask for the type itself, as get(i, Object.class) would
        // return whatever another getter memoized first; the rest (String) is the column's text.
        return natural == String.class ? getString(columnIndex) : decoded(columnIndex, natural);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> @Nullable T getObject(int columnIndex, @Nullable Class<T> type) throws SQLException {
        if (type == null) {
            throw new SQLException("getObject(int, Class) needs a type.", "22023");
        }
        Object v;
        if (type == String.class) {
            v = getString(columnIndex);
        } else if (type == Integer.class) {
            int x = getInt(columnIndex);
            v = wasNull ? null : x;
        } else if (type == Long.class) {
            long x = getLong(columnIndex);
            v = wasNull ? null : x;
        } else if (type == Short.class) {
            short x = getShort(columnIndex);
            v = wasNull ? null : x;
        } else if (type == Byte.class) {
            byte x = getByte(columnIndex);
            v = wasNull ? null : x;
        } else if (type == Double.class) {
            double x = getDouble(columnIndex);
            v = wasNull ? null : x;
        } else if (type == Float.class) {
            float x = getFloat(columnIndex);
            v = wasNull ? null : x;
        } else if (type == Boolean.class) {
            boolean x = getBoolean(columnIndex);
            v = wasNull ? null : x;
        } else if (type == BigDecimal.class) {
            v = getBigDecimal(columnIndex);
        } else if (type == BigInteger.class) {
            BigDecimal d = getBigDecimal(columnIndex);
            try {
                v = d == null ? null : d.toBigIntegerExact();
            } catch (ArithmeticException e) {
                throw conversion(index(columnIndex), "BigInteger", e);
            }
        } else if (type == Date.class) {
            v = getDate(columnIndex);
        } else if (type == Time.class) {
            v = getTime(columnIndex);
        } else if (type == Timestamp.class || type == java.util.Date.class) {
            v = getTimestamp(columnIndex);
        } else if (type == byte[].class) {
            v = getBytes(columnIndex);
        } else if (type == Array.class) {
            v = getArray(columnIndex);
        } else if (type == Object.class) {
            v = getObject(columnIndex);
        } else if (type == OffsetDateTime.class && type(index(columnIndex)) == PgType.TIMETZ) {
            // pgjdbc reads a timetz as that time at its offset on 1970-01-01
            OffsetTime t = decoded(columnIndex, OffsetTime.class);
            v = t == null ? null : OffsetDateTime.of(JdbcTimeReads.onEpochDay(t.toLocalTime()), t.getOffset());
        } else if (type == OffsetDateTime.class && type(index(columnIndex)) == PgType.TIMESTAMPTZ) {
            // pgjdbc gives timestamptz in UTC, whatever the session's zone; keep that for comparability.
            // The infinities stay OffsetDateTime.MAX and MIN (at +-18:00), which no offset can move.
            OffsetDateTime t = decoded(columnIndex, OffsetDateTime.class);
            v = t == null || t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN)
                    ? t
                    : t.withOffsetSameInstant(java.time.ZoneOffset.UTC);
        } else {
            // java.time, UUID, enums (by name), arrays such as Integer[] or String[]: the client's decoder.
            v = decoded(columnIndex, type);
        }
        return (T) v;
    }

    // ------------------------------------------------------------------ LOBs and xml (Lobs, JdbcSQLXML)

    private @Nullable JdbcConnection connection() {
        return statement instanceof LazyPgStatement s ? s.connection : null;
    }

    @Override
    public java.sql.@Nullable Blob getBlob(int columnIndex) throws SQLException {
        return Lobs.blob(this, columnIndex, oid(index(columnIndex)), connection());
    }

    @Override
    public java.sql.@Nullable Blob getBlob(String l) throws SQLException {
        return getBlob(findColumn(l));
    }

    @Override
    public java.sql.@Nullable Clob getClob(int columnIndex) throws SQLException {
        return Lobs.clob(this, columnIndex, oid(index(columnIndex)), connection());
    }

    @Override
    public java.sql.@Nullable Clob getClob(String l) throws SQLException {
        return getClob(findColumn(l));
    }

    @Override
    public java.sql.@Nullable NClob getNClob(int columnIndex) throws SQLException {
        java.sql.Clob c = getClob(columnIndex);
        if (c == null || c instanceof java.sql.NClob) {
            return (java.sql.NClob) c;
        }
        throw unsupported("getNClob of a text column (use getClob or getString)");
    }

    @Override
    public java.sql.@Nullable NClob getNClob(String l) throws SQLException {
        return getNClob(findColumn(l));
    }

    @Override
    public java.sql.@Nullable SQLXML getSQLXML(int columnIndex) throws SQLException {
        return JdbcSQLXML.of(getString(columnIndex));
    }

    @Override
    public java.sql.@Nullable SQLXML getSQLXML(String l) throws SQLException {
        return getSQLXML(findColumn(l));
    }

    @Override
    public @Nullable Object getObject(int columnIndex, @Nullable Map<String, Class<?>> map) throws SQLException {
        if (map == null || map.isEmpty()) {
            return getObject(columnIndex);
        }
        throw unsupported("getObject with a type map");
    }

    @Override
    public @Nullable Array getArray(int columnIndex) throws SQLException {
        int i = index(columnIndex);
        Object a = decoded(columnIndex, Object.class);
        if (a == null) {
            return null;
        }
        PgType type = type(i);
        if (!a.getClass().isArray() && type != null && type.isArray()) {
            // The natural value of an array column is an array; should it not be, ask for the array type itself.
            a = present(decoded(columnIndex, type.javaClass()), a);
        }
        UserTypes.UserType userElement = type == null ? userArrayElement(i) : null;
        if (userElement != null && !a.getClass().isArray()) {
            // enum[] and the like: their elements' text, in as many dimensions as the literal has
            a = present(decoded(columnIndex, textArrayClass(a.toString())), a);
        }
        if (!a.getClass().isArray()) {
            throw conversion(i, "java.sql.Array", new IllegalArgumentException("the column is not an array"));
        }
        JdbcConnection connection = statement instanceof LazyPgStatement s ? s.connection : null;
        if (userElement != null) {
            return new LazyRowArray(a, userElement.sqlType(), userElement.name(), connection);
        }
        int element = PgType.elementOidOf(oid(i));
        return new LazyRowArray(a, PgType.jdbcTypeOf(element), PgType.typnameOf(element), connection);
    }

    /**
     * A second read of a cell the first read found not NULL, which is not null either; should it be,
     * the first read's value stands (and fails the array check that follows with a clear message).
     */
    private static Object present(@Nullable Object again, Object first) {
        return again != null ? again : first;
    }

    /**
     * String[], String[][], ...: as many dimensions as the array literal {@code text} opens braces
     * at its start ({@code {{a,b},{c,d}}} is two), after any bounds decoration ({@code [0:1]=}).
     */
    private static Class<?> textArrayClass(String text) {
        int i = text.startsWith("[") ? text.indexOf('=') + 1 : 0;
        Class<?> c = String.class;
        do {
            c = c.arrayType();
            i++;
        } while (i < text.length() && text.charAt(i) == '{');
        return c;
    }

    /**
     * For a column of an array type the client's table does not list ({@code mood[]}), its element
     * type as the connection's pg_type lookup describes it (cached per client); null for any other
     * column, or when the type cannot be looked up now (a stream holds the connection).
     */
    private UserTypes.@Nullable UserType userArrayElement(int index) {
        if (!(statement instanceof LazyPgStatement s)) {
            return null;
        }
        UserTypes.UserType array = s.connection.userType(oid(index));
        if (array == null || array.elementOid() == 0) {
            return null;
        }
        return PgTypes.describe(array.elementOid(), s.connection::userType);
    }

    @Override
    public @Nullable Reader getCharacterStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new StringReader(s);
    }

    @Override
    public @Nullable InputStream getBinaryStream(int columnIndex) throws SQLException {
        byte[] b = getBytes(columnIndex);
        return b == null ? null : new ByteArrayInputStream(b);
    }

    @Override
    public @Nullable InputStream getAsciiStream(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        return s == null ? null : new ByteArrayInputStream(s.getBytes(StandardCharsets.US_ASCII));
    }

    @Override
    public @Nullable String getNString(int columnIndex) throws SQLException {
        return getString(columnIndex);
    }

    @Override
    public @Nullable Reader getNCharacterStream(int columnIndex) throws SQLException {
        return getCharacterStream(columnIndex);
    }

    @Override
    public @Nullable URL getURL(int columnIndex) throws SQLException {
        String s = getString(columnIndex);
        try {
            return s == null ? null : java.net.URI.create(s.trim()).toURL();
        } catch (RuntimeException | java.net.MalformedURLException e) {
            throw conversion(index(columnIndex), "URL", e);
        }
    }

    // ------------------------------------------------------------------ by label

    @Override
    public @Nullable String getString(String l) throws SQLException {
        return getString(findColumn(l));
    }

    @Override
    public boolean getBoolean(String l) throws SQLException {
        return getBoolean(findColumn(l));
    }

    @Override
    public byte getByte(String l) throws SQLException {
        return getByte(findColumn(l));
    }

    @Override
    public short getShort(String l) throws SQLException {
        return getShort(findColumn(l));
    }

    @Override
    public int getInt(String l) throws SQLException {
        return getInt(findColumn(l));
    }

    @Override
    public long getLong(String l) throws SQLException {
        return getLong(findColumn(l));
    }

    @Override
    public float getFloat(String l) throws SQLException {
        return getFloat(findColumn(l));
    }

    @Override
    public double getDouble(String l) throws SQLException {
        return getDouble(findColumn(l));
    }

    @Override
    public @Nullable BigDecimal getBigDecimal(String l) throws SQLException {
        return getBigDecimal(findColumn(l));
    }

    @Override
    @Deprecated
    public @Nullable BigDecimal getBigDecimal(String l, int scale) throws SQLException {
        return getBigDecimal(findColumn(l), scale);
    }

    @Override
    public byte @Nullable [] getBytes(String l) throws SQLException {
        return getBytes(findColumn(l));
    }

    @Override
    public @Nullable Date getDate(String l) throws SQLException {
        return getDate(findColumn(l));
    }

    @Override
    public @Nullable Time getTime(String l) throws SQLException {
        return getTime(findColumn(l));
    }

    @Override
    public @Nullable Timestamp getTimestamp(String l) throws SQLException {
        return getTimestamp(findColumn(l));
    }

    @Override
    public @Nullable Date getDate(String l, @Nullable Calendar cal) throws SQLException {
        return getDate(findColumn(l), cal);
    }

    @Override
    public @Nullable Time getTime(String l, @Nullable Calendar cal) throws SQLException {
        return getTime(findColumn(l), cal);
    }

    @Override
    public @Nullable Timestamp getTimestamp(String l, @Nullable Calendar cal) throws SQLException {
        return getTimestamp(findColumn(l), cal);
    }

    @Override
    public @Nullable Object getObject(String l) throws SQLException {
        return getObject(findColumn(l));
    }

    @Override
    public <T> @Nullable T getObject(String l, @Nullable Class<T> type) throws SQLException {
        return getObject(findColumn(l), type);
    }

    @Override
    public @Nullable Object getObject(String l, @Nullable Map<String, Class<?>> map) throws SQLException {
        return getObject(findColumn(l), map);
    }

    @Override
    public @Nullable Array getArray(String l) throws SQLException {
        return getArray(findColumn(l));
    }

    @Override
    public @Nullable Reader getCharacterStream(String l) throws SQLException {
        return getCharacterStream(findColumn(l));
    }

    @Override
    public @Nullable InputStream getBinaryStream(String l) throws SQLException {
        return getBinaryStream(findColumn(l));
    }

    @Override
    public @Nullable InputStream getAsciiStream(String l) throws SQLException {
        return getAsciiStream(findColumn(l));
    }

    @Override
    public @Nullable String getNString(String l) throws SQLException {
        return getNString(findColumn(l));
    }

    @Override
    public @Nullable Reader getNCharacterStream(String l) throws SQLException {
        return getNCharacterStream(findColumn(l));
    }

    @Override
    public @Nullable URL getURL(String l) throws SQLException {
        return getURL(findColumn(l));
    }

    // ------------------------------------------------------------------ properties

    @Override
    public int getConcurrency() {
        return CONCUR_READ_ONLY;
    }

    @Override
    public int getHoldability() {
        return HOLD_CURSORS_OVER_COMMIT; // the rows are already in memory and outlive the transaction
    }

    @Override
    public int getFetchSize() {
        return fetchSize;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        JdbcErrors.requireNonNegative(rows, "The fetch size");
        fetchSize = rows; // a hint only: the rows are already received
    }

    @Override
    public @Nullable SQLWarning getWarnings() {
        return null;
    }

    @Override
    public void clearWarnings() {}

    @Override
    public @Nullable Statement getStatement() {
        return statement;
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface == LazyRow.class && row != null) {
            return iface.cast(row);
        }
        throw new SQLException(
                "Not a wrapper for " + iface.getName() + " (unwrap(LazyRow.class) gives the current row).");
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this) || iface == LazyRow.class && row != null;
    }

    @Override
    public String toString() {
        return "LazyRowResultSet[row " + getRow() + ", columns="
                + columns.stream().map(Column::name).toList() + "]";
    }
}
