package io.lazypg.client;

import io.lazypg.client.internal.codec.CellDecoder;
import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.Bytes;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One row of a result, kept as a view over the DataRow bytes it arrived in. Nothing is decoded
 * until a getter asks: the cell offsets are found on first access (walking only as far as the
 * requested cell), and each cell is decoded on demand. A row keeps (memoizes) only the values that
 * cost more to make again than to keep: immutable values parsed from a text cell (numbers, dates,
 * times, UUIDs, ranges; not Strings, not arrays) and a {@link TextConverter}'s result; a second read
 * of such a cell returns the same object. Strings, arrays (mutable: a caller's change must not show
 * in the next read), and every value decoded from a binary cell, are decoded again on each read:
 * equal values, not the same object. Decoding them is about as cheap as copying their bytes, while keeping them would make each
 * one live as long as the row (a read of every column of a large result would make the collector
 * copy them all).
 *
 * <pre>
 *   DataRow payload:  | int16 n | int32 len0 | len0 bytes | int32 len1 | len1 bytes | ... |
 *                                 ^ start      (len = -1: NULL, no bytes follow)
 * </pre>
 *
 * <p>Columns are 0-based. Primitive getters throw {@link PgConversionException} naming the column
 * when the cell is NULL (check {@link #isNull(int)} first, or read a boxed type with
 * {@link #get(int, Class)}, which returns null). By-name getters match the column label exactly,
 * then case-insensitively.
 *
 * <p>Lifetime: a row from a {@link LazyResult} stays valid forever; the array it views is never
 * written again (it keeps that array alive; {@link #detach()} makes a compact copy). A row handed
 * to a {@link LazyRowCallback} is valid only during the call: the same view is reused for every
 * row, and once the result ends, reading it throws a {@link PgUsageException} (keep
 * {@link #detach()} instead).
 *
 * <p>Thread safety: not thread-safe; one thread at a time (memoization is not synchronized).
 * Publish a result to other threads safely (e.g. through a concurrent collection) before they read it.
 */
public final class LazyRow {

    private ResultShape shape;
    private byte[] data;
    private int start;
    /** End (exclusive) of this row's cells in {@link #data}: no cell may reach past it. */
    private int end;
    /**
     * The walk cursor: the last cell located going forward (-1 before the first access) and the
     * position of its length word. Reading cells in increasing order (the usual case: a few columns,
     * or all of them as a serializer does) needs nothing else, so a row allocates nothing to find its cells.
     * Column indexes are shorts: a result has at most 32767 columns (the protocol's int16 counts;
     * PostgreSQL itself allows 1664), and three shorts take the room of two ints, so a held row is
     * 56 bytes (compressed references).
     */
    private short cursorIndex = -1;

    /** The cells memoized inline (-1: none), so that reading a couple of reference columns allocates no array. */
    private short memoIndex0 = -1;

    private short memoIndex1 = -1;

    /**
     * A backward access has already restarted the walk from the first cell. The first backward
     * access only does that (reading a column, then the key before it, allocates nothing); the
     * second builds {@link #cellPositions}. A boolean fits the padding after the three shorts.
     */
    private boolean rewound;

    private int cursorPosition;
    /** Every cell's length-word position, built on the second backward access only (null until then). */
    private int @Nullable [] cellPositions;

    private @Nullable Object memoValue0;
    private @Nullable Object memoValue1;
    /** Memoized values of the other cells, allocated on the third memoized cell. */
    private @Nullable Object @Nullable [] memo;

    static {
        // The protocol layer builds and repoints rows through RowViews; nothing else can.
        RowViews.install(new RowViews.Access() {
            @Override
            public LazyRow view(ResultShape shape, byte[] data, int start, int end) {
                return new LazyRow(shape, data, start, end);
            }

            @Override
            public void reset(LazyRow row, ResultShape shape, byte[] data, int start, int end) {
                row.reset(shape, data, start, end);
            }

            @Override
            public void expire(LazyRow row) {
                row.expire();
            }

            @Override
            public int payloadSize(LazyRow row) {
                return row.payloadSize();
            }

            @Override
            public int cellLength(LazyRow row, int index) {
                return row.cellLength(index);
            }

            @Override
            public int locatedCells(LazyRow row) {
                return row.locatedCells();
            }
        });
    }

    /**
     * A view over a DataRow. For the protocol layer ({@link RowViews}); applications receive rows from results.
     *
     * @param data  the array the row's bytes are in; must never be written again while the row lives
     * @param start position of the first cell's length word (just after the int16 column count)
     */
    LazyRow(ResultShape shape, byte[] data, int start) {
        this(shape, data, start, data == null ? 0 : data.length);
    }

    /**
     * A view over a DataRow whose cells end at {@code end} (exclusive): a cell length reaching past
     * it is a {@link PgProtocolException}, never a read of the next message's bytes.
     */
    LazyRow(ResultShape shape, byte[] data, int start, int end) {
        this.shape = shape;
        this.data = data;
        this.start = start;
        this.end = end;
    }

    /**
     * Points this (callback-path) row at the next DataRow, reusing its arrays. For the protocol layer.
     */
    void reset(ResultShape shape, byte[] data, int start) {
        reset(shape, data, start, data.length);
    }

    /** Points this (callback-path) row at the next DataRow, whose cells end at {@code end}. For the protocol layer. */
    void reset(ResultShape shape, byte[] data, int start, int end) {
        if (this.shape != shape) {
            this.shape = shape;
            memo = null;
        } else if (memo != null) {
            Arrays.fill(memo, null);
        }
        cellPositions = null;
        memoIndex0 = -1;
        memoValue0 = null;
        memoIndex1 = -1;
        memoValue1 = null;
        cursorIndex = -1;
        rewound = false;
        this.data = data;
        this.start = start;
        this.end = end;
    }

    /**
     * Ends a callback-path row's life: from now on every read throws a {@link PgUsageException}
     * that says the row was kept past its callback, instead of showing whichever row the view saw
     * last. For the protocol layer, which calls it when a streamed result ends.
     */
    @SuppressWarnings("NullAway") // an expired row's data is null: cellPosition fails before any read of it
    void expire() {
        reset(shape, null, 0, 0);
    }

    /** Number of columns. */
    public int size() {
        return shape.size();
    }

    public List<Column> columns() {
        return shape.columns();
    }

    /** Index of the column with this label (exact, then case-insensitive match), or -1. */
    public int indexOf(String name) {
        return shape.indexOf(name);
    }

    public boolean isNull(int index) {
        return Bytes.readInt(data, cellPosition(index)) < 0;
    }

    public boolean isNull(String column) {
        return isNull(shape.requireIndex(column));
    }

    public short getShort(int index) {
        int p = cellPosition(index);
        int len = nonNullLength(p, index, "short");
        shape.decoded(index);
        try {
            return CellDecoder.decodeShort(data, p + 4, len, shape.typeOid(index), shape.binary(index));
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    public int getInt(int index) {
        int p = cellPosition(index);
        int len = nonNullLength(p, index, "int");
        shape.decoded(index);
        if (len == 4 && shape.binary(index) && shape.typeOid(index) == Oids.INT4) {
            return Bytes.readInt(data, p + 4);
        }
        try {
            return CellDecoder.decodeInt(data, p + 4, len, shape.typeOid(index), shape.binary(index));
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    public long getLong(int index) {
        int p = cellPosition(index);
        int len = nonNullLength(p, index, "long");
        shape.decoded(index);
        if (len == 8 && shape.binary(index) && shape.typeOid(index) == Oids.INT8) {
            return Bytes.readLong(data, p + 4);
        }
        try {
            return CellDecoder.decodeLong(data, p + 4, len, shape.typeOid(index), shape.binary(index));
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    public float getFloat(int index) {
        int p = cellPosition(index);
        int len = nonNullLength(p, index, "float");
        shape.decoded(index);
        try {
            return CellDecoder.decodeFloat(data, p + 4, len, shape.typeOid(index), shape.binary(index));
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    public double getDouble(int index) {
        int p = cellPosition(index);
        int len = nonNullLength(p, index, "double");
        shape.decoded(index);
        try {
            return CellDecoder.decodeDouble(data, p + 4, len, shape.typeOid(index), shape.binary(index));
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    public boolean getBoolean(int index) {
        int p = cellPosition(index);
        int len = nonNullLength(p, index, "boolean");
        shape.decoded(index);
        try {
            return CellDecoder.decodeBoolean(data, p + 4, len, shape.typeOid(index), shape.binary(index));
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    /** The cell as PostgreSQL's text output shows it (for every type, in either format), or null. */
    public @Nullable String getString(int index) {
        int p = cellPosition(index);
        int len = Bytes.readInt(data, p);
        if (len < 0) {
            return null;
        }
        try {
            shape.decoded(index);
            return CellDecoder.decodeString(
                    data, p + 4, len, shape.typeOid(index), shape.binary(index), shape.settings());
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    public @Nullable BigDecimal getBigDecimal(int index) {
        return get(index, BigDecimal.class);
    }

    /** The cell's bytes (bytea as its bytes; other types as their text form), a fresh array each call; or null. */
    public byte @Nullable [] getBytes(int index) {
        int p = cellPosition(index);
        int len = Bytes.readInt(data, p);
        if (len < 0) {
            return null;
        }
        try {
            shape.decoded(index);
            return CellDecoder.decodeBytes(
                    data, p + 4, len, shape.typeOid(index), shape.binary(index), shape.settings());
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    /** The cell as its natural Java type (see the type mapping in the docs), or null; memoized as {@link #get(int, Class)} says. */
    public @Nullable Object getObject(int index) {
        return get(index, Object.class);
    }

    /**
     * The cell converted to {@code type}: a boxed primitive, String, BigDecimal, BigInteger, byte[],
     * LocalDate, LocalTime, LocalDateTime, OffsetDateTime, OffsetTime, Instant, UUID, arrays such as
     * Integer[], int[] or String[] (also multi-dimensional), or Object for the natural type. Returns
     * null for NULL. An immutable value parsed from a text cell (not a String, not an array) is
     * memoized per cell; Strings, arrays and values of binary cells are decoded again on each call,
     * so an array returned is the caller's to change (see the class comment).
     */
    @SuppressWarnings("unchecked")
    public <T> @Nullable T get(int index, Class<T> type) {
        int p = cellPosition(index);
        // Only values parsed from a text cell are kept (see memoize): a binary cell's memo is never looked at.
        boolean kept = !shape.binary(index);
        Object m = kept ? memoized(index) : null;
        if (m != null
                && (type == Object.class
                        ? m.getClass() == CellDecoder.naturalClass(shape.typeOid(index))
                        : type.isInstance(m))) {
            return (T) m;
        }
        int len = Bytes.readInt(data, p);
        if (len < 0) {
            return null;
        }
        try {
            shape.decoded(index);
            T value = CellDecoder.decode(
                    data, p + 4, len, shape.typeOid(index), shape.binary(index), type, shape.settings());
            if (kept) {
                memoize(index, m, value);
            }
            return value;
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    /**
     * The cell converted by {@code converter} from its text (see {@link #getString(int)}), or null for
     * NULL. The result is memoized per cell and converter instance: a second call with the same
     * converter returns the same object without converting again. What the converter throws is
     * reported as a {@link PgConversionException} naming the column.
     */
    @SuppressWarnings("unchecked")
    public <T> @Nullable T get(int index, TextConverter<T> converter) {
        int p = cellPosition(index);
        Object m = memoized(index);
        if (m instanceof Converted c && c.converter == converter) {
            return (T) c.value;
        }
        int len = Bytes.readInt(data, p);
        if (len < 0) {
            return null;
        }
        try {
            shape.decoded(index);
            String text = CellDecoder.decodeString(
                    data, p + 4, len, shape.typeOid(index), shape.binary(index), shape.settings());
            T value = converter.fromText(text);
            store(index, new Converted(converter, value));
            return value;
        } catch (RuntimeException e) {
            throw conversionFailed(index, e);
        }
    }

    /** A {@link TextConverter}'s result in the memo: found again only by the same converter, never replaced by other reads. */
    private record Converted(TextConverter<?> converter, Object value) {}

    public short getShort(String column) {
        return getShort(shape.requireIndex(column));
    }

    public int getInt(String column) {
        return getInt(shape.requireIndex(column));
    }

    public long getLong(String column) {
        return getLong(shape.requireIndex(column));
    }

    public float getFloat(String column) {
        return getFloat(shape.requireIndex(column));
    }

    public double getDouble(String column) {
        return getDouble(shape.requireIndex(column));
    }

    public boolean getBoolean(String column) {
        return getBoolean(shape.requireIndex(column));
    }

    public @Nullable String getString(String column) {
        return getString(shape.requireIndex(column));
    }

    public @Nullable BigDecimal getBigDecimal(String column) {
        return getBigDecimal(shape.requireIndex(column));
    }

    public byte @Nullable [] getBytes(String column) {
        return getBytes(shape.requireIndex(column));
    }

    public @Nullable Object getObject(String column) {
        return getObject(shape.requireIndex(column));
    }

    public <T> @Nullable T get(String column, Class<T> type) {
        return get(shape.requireIndex(column), type);
    }

    /**
     * A copy of this row in an exact-size array of its own, which pins nothing else: keep this when
     * keeping a few rows of a large result, or a row beyond a callback.
     */
    public LazyRow detach() {
        return new LazyRow(shape, Arrays.copyOfRange(data, start, endOfRow()), 0);
    }

    /** Bytes of cell data this row views (length words included): {@link RowViews#payloadSize}. */
    private int payloadSize() {
        return endOfRow() - start;
    }

    /** Encoded length of the cell in bytes, -1 for NULL: {@link RowViews#cellLength}. */
    private int cellLength(int index) {
        return Bytes.readInt(data, cellPosition(index));
    }

    /** Number of cells the row's walk has located: {@link RowViews#locatedCells}. */
    private int locatedCells() {
        return cellPositions != null ? shape.size() : cursorIndex + 1;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("LazyRow[");
        for (int i = 0; i < size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            String v = getString(i);
            sb.append(shape.column(i).name()).append('=');
            sb.append(v == null ? "NULL" : v.length() > 64 ? v.substring(0, 61) + "..." : v);
        }
        return sb.append(']').toString();
    }

    private int endOfRow() {
        int n = shape.size();
        if (n == 0) {
            return start;
        }
        int last = cellPosition(n - 1);
        return last + 4 + Math.max(0, Bytes.readInt(data, last));
    }

    /**
     * Position of cell {@code index}'s length word. Forward accesses walk on from the cursor, only as
     * far as needed; the first backward access walks again from the first cell, and the second
     * walks the whole row once into a table.
     */
    private int cellPosition(int index) {
        int[] table = cellPositions;
        if (table != null) {
            if (index < 0 || index >= table.length) {
                throw outOfRange(index);
            }
            return table[index];
        }
        if (index > cursorIndex) {
            return walkForward(index);
        }
        if (index == cursorIndex && index >= 0) {
            return cursorPosition;
        }
        if (!rewound && index >= 0) {
            rewound = true;
            cursorIndex = -1;
            return walkForward(index);
        }
        return fillTable(index); // backward again (or negative: fillTable reports it)
    }

    private int walkForward(int index) {
        byte[] d = data;
        if (d == null) {
            throw keptPastCallback();
        }
        int n = shape.size();
        if (index >= n) {
            throw outOfRange(index);
        }
        int i = cursorIndex;
        int p;
        if (i < 0) {
            i = 0;
            p = start;
        } else {
            p = cursorPosition;
        }
        for (; i < index; i++) {
            p = nextCell(d, p, i);
        }
        checkCell(d, p, index);
        cursorIndex = (short) index;
        cursorPosition = p;
        return p;
    }

    private static PgUsageException keptPastCallback() {
        return new PgUsageException("This row was read after its row callback returned. A row handed to a"
                + " LazyRowCallback is a view the connection reuses for the next row, so it is valid only during the"
                + " call: keep row.detach(), or the values you read, instead of the row.");
    }

    private int fillTable(int index) {
        if (data == null) {
            throw keptPastCallback();
        }
        int n = shape.size();
        if (index < 0 || index >= n) {
            throw outOfRange(index);
        }
        int[] positions = new int[n];
        byte[] d = data;
        int p = start;
        for (int i = 0; i < n; i++) {
            positions[i] = p;
            p = nextCell(d, p, i);
        }
        cellPositions = positions;
        return positions[index];
    }

    /** Position after cell {@code i} at {@code p}, checking that the cell lies within the row. */
    private int nextCell(byte[] d, int p, int i) {
        return p + 4 + Math.max(0, checkCell(d, p, i));
    }

    /** The length of the cell at {@code p}, after checking that its length word and bytes lie within the row. */
    private int checkCell(byte[] d, int p, int i) {
        if (p + 4 > end) {
            throw corruptRow(i, "its length word lies past the end of the row");
        }
        int len = Bytes.readInt(d, p);
        if (len < -1 || (len > 0 && len > end - p - 4)) {
            throw corruptRow(i, "it declares " + len + " bytes but the row has " + Math.max(0, end - p - 4) + " left");
        }
        return len;
    }

    private PgProtocolException corruptRow(int i, String what) {
        return new PgProtocolException("Corrupt DataRow from the server: cell " + i + " of " + shape.size() + " ("
                + shape.column(Math.min(i, shape.size() - 1)).name() + "): " + what + ". The stream is corrupt;"
                + " discard this result and retry on a new connection.");
    }

    private PgUsageException outOfRange(int index) {
        int n = shape.size();
        return new PgUsageException("Column index " + index + " is out of range: the result has " + n + " columns (0.."
                + (n - 1) + "). LazyRow indexes are 0-based.");
    }

    private int nonNullLength(int position, int index, String javaType) {
        int len = Bytes.readInt(data, position);
        if (len < 0) {
            Column c = shape.column(index);
            throw new PgConversionException("Column '" + c.name() + "' (index " + index + ", " + c.typeName()
                    + ") is NULL and cannot be read as " + javaType + ". Check isNull(" + index
                    + ") first, read it as a boxed type with get(" + index
                    + ", Type.class), or use coalesce() in the SQL.");
        }
        return len;
    }

    /**
     * Names the column in a decoder's failure. Decoders report what they reject as
     * PgConversionException; any other exception (java.time's, an index out of bounds) can only come
     * from a malformed cell (PostgreSQL never sends one), and is reported as such rather than escaping raw.
     */
    private PgConversionException conversionFailed(int index, RuntimeException cause) {
        Column c = shape.column(index);
        String reason = cause instanceof PgConversionException
                ? cause.getMessage()
                : "malformed " + (shape.binary(index) ? "binary" : "text") + " value (" + cause + ")";
        return new PgConversionException(
                "Column '" + c.name() + "' (index " + index + ", " + c.typeName() + "): " + reason, cause);
    }

    private @Nullable Object memoized(int index) {
        if (memoIndex0 == index) {
            return memoValue0;
        }
        if (memoIndex1 == index) {
            return memoValue1;
        }
        return memo == null ? null : memo[index];
    }

    /**
     * The one place that decides what a row keeps. Keeps one value parsed from a text cell
     * ({@link #get(int, Class)} calls it for those only): the first one, replaced only by the
     * column's natural type (what getObject returns), so typed reads of the natural type always hit
     * the memo. Never kept: Strings and values of binary cells (making them again is about a copy
     * of their bytes, a binary numeric of up to 16 digits a few multiplications, while keeping them
     * would make each live as long as the row, and a read of every column of a large result would
     * make the collector copy them all; docs/benchmarks/memo.md has the figures), and mutable
     * values: arrays of any kind ({@code byte[]}, {@code int[]}, {@code Integer[]}, ...), which a
     * caller may change and must not find changed on the next read. What is kept is immutable:
     * numbers, Boolean, java.time values, UUID, enum constants and PgRange of those.
     */
    private void memoize(int index, @Nullable Object current, Object value) {
        if (current instanceof Converted) {
            return; // a converter's result costs more to make again than the client's own decoding
        }
        if (value instanceof String || value.getClass().isArray()) {
            return;
        }
        if (current != null) {
            Class<?> natural = CellDecoder.naturalClass(shape.typeOid(index));
            if (natural == null || current.getClass() == natural || value.getClass() != natural) {
                return;
            }
        }
        store(index, value);
    }

    private void store(int index, Object value) {
        if (memoIndex0 == index || memoIndex0 < 0) {
            memoIndex0 = (short) index;
            memoValue0 = value;
        } else if (memoIndex1 == index || memoIndex1 < 0) {
            memoIndex1 = (short) index;
            memoValue1 = value;
        } else {
            if (memo == null) {
                memo = new Object[shape.size()];
            }
            memo[index] = value;
        }
    }
}
