package io.lazypg.client;

import io.lazypg.client.internal.codec.encode.BinaryValues;
import io.lazypg.client.internal.codec.encode.JsonEncoders;
import io.lazypg.client.internal.codec.encode.JsonParameters;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.InputStream;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The input of a {@code COPY t (columns) FROM STDIN (FORMAT binary)}, written from rows of Java
 * values as {@link LazyPgQueries#copyIn} reads it: rows are encoded only when the copy asks for
 * more bytes, about 64 KiB at a time, so memory stays bounded whatever the number of rows.
 *
 * <pre>
 *   header:  "PGCOPY\n\377\r\n\0" | int32 flags (0) | int32 extension length (0)
 *   row:     int16 field count | per field: int32 length | bytes  (int32 -1: NULL)
 *   trailer: int16 -1
 * </pre>
 *
 * <p>Each value is written in its column's binary format (the column types come from a Describe of
 * the target columns; the writers follow the {@link PgType} table): int2/int4/int8/oid from integral
 * numbers (range-checked), float4/float8 from numbers, numeric from BigDecimal, BigInteger or numbers,
 * bool, text types and enums from String (enums also from Java enums), json and jsonb from String
 * (the JSON text) or any other value the {@link JsonEncoder} writes (a Map, a List, a record, a JSON
 * tree), as parameters take them, bytea from byte[], uuid, date, time, timestamp, timestamptz from
 * their java.time types, and arrays of any of these from Java arrays or Lists (nested for more
 * dimensions, NULL elements allowed). A value that does not fit
 * throws {@link PgUsageException} naming the row and the column; {@code copyIn} then sends CopyFail,
 * so the server keeps none of the copy.
 *
 * <p>Not thread-safe: read by the one copy it is given to.
 */
public final class BinaryCopyInput extends InputStream {

    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};
    /** Encode rows until this many bytes are ready: about one CopyData message, within the buffer WriteBuffer keeps. */
    private static final int BATCH_BYTES = 60 * 1024;

    private final List<Column> columns;
    private final int[] types;
    private final @Nullable JsonEncoder jsonEncoder;
    private final Iterator<? extends Object[]> rows;
    private final WriteBuffer buffer = new WriteBuffer(64 * 1024);
    private int readPosition;
    private long rowNumber;
    private boolean finished;

    /**
     * @param columns the target columns, in COPY order, with their types (a Describe of
     *                {@code select cols from t}): the names are for messages, the types choose the writers
     * @throws PgUsageException when a column's type has no binary writer, naming it
     */
    public BinaryCopyInput(List<Column> columns, Iterator<? extends Object[]> rows) {
        this(columns, rows, JsonEncoders.choose(null));
    }

    /**
     * As {@link #BinaryCopyInput(List, Iterator)}, writing non-String values of json/jsonb columns
     * with {@code jsonEncoder} (a client's own: {@link LazyPgClient#jsonEncoder()}); null for none.
     */
    public BinaryCopyInput(List<Column> columns, Iterator<? extends Object[]> rows, @Nullable JsonEncoder jsonEncoder) {
        this.jsonEncoder = jsonEncoder;
        this.columns = List.copyOf(columns);
        this.rows = Objects.requireNonNull(rows, "rows");
        this.types = new int[this.columns.size()];
        for (int i = 0; i < types.length; i++) {
            Column c = this.columns.get(i);
            if (!BinaryValues.writes(c.typeOid())) {
                throw new PgUsageException("Column '" + c.name() + "' is " + PgType.shortNameOf(c.typeOid())
                        + ", which lazypg cannot write in binary COPY (it writes numbers, bool, text types, json,"
                        + " jsonb, enums, bytea, uuid, date, time, timestamp and timestamptz, and arrays of these)."
                        + " Load it with copyIn in CSV, or with batchUpdate.");
            }
            types[i] = c.typeOid();
        }
        buffer.writeBytes(SIGNATURE);
        buffer.writeInt(0);
        buffer.writeInt(0);
    }

    /** Rows encoded so far. */
    public long rowsWritten() {
        return rowNumber;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] into, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, into.length);
        if (length == 0) {
            return 0;
        }
        if (readPosition == buffer.position()) {
            if (finished) {
                return -1;
            }
            refill();
        }
        int n = Math.min(length, buffer.position() - readPosition);
        System.arraycopy(buffer.array(), readPosition, into, offset, n);
        readPosition += n;
        return n;
    }

    private void refill() {
        buffer.reset();
        readPosition = 0;
        while (buffer.position() < BATCH_BYTES) {
            if (!rows.hasNext()) {
                buffer.writeShort(-1);
                finished = true;
                return;
            }
            writeRow(rows.next());
        }
    }

    private void writeRow(Object[] values) {
        rowNumber++;
        if (values == null || values.length != types.length) {
            throw new PgUsageException("Row " + rowNumber + " has " + (values == null ? "no" : values.length)
                    + " values but " + types.length + " columns are copied into; give one value per column.");
        }
        buffer.writeShort(types.length);
        for (int i = 0; i < types.length; i++) {
            try {
                Object value = values[i];
                if (value != null && !(value instanceof String) && JsonParameters.isJson(types[i])) {
                    value = JsonParameters.jsonText(jsonEncoder, value);
                }
                BinaryValues.write(buffer, value, types[i]);
            } catch (IllegalArgumentException | ArithmeticException e) {
                Column c = columns.get(i);
                throw new PgUsageException(
                        "Row " + rowNumber + ", column '" + c.name() + "' (" + PgType.shortNameOf(c.typeOid()) + "): "
                                + e.getMessage() + ". Nothing of the copy is kept.",
                        e);
            }
        }
    }
}
