package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.Random;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;

/** LazyRow over hand-built DataRow payloads: locating cells in any order, memoization, bounds, allocation. */
class LazyRowTest {

    private static final int COLUMNS = 40;

    /** A row of text cells "v0".."v39" with every fifth cell NULL, preceded by some unrelated bytes. */
    private static byte[] payload(int padding) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[padding]);
        for (int i = 0; i < COLUMNS; i++) {
            byte[] cell = ("v" + i).getBytes(StandardCharsets.UTF_8);
            int len = i % 5 == 4 ? -1 : cell.length;
            out.write(len >>> 24);
            out.write(len >>> 16);
            out.write(len >>> 8);
            out.write(len);
            if (len >= 0) {
                out.writeBytes(cell);
            }
        }
        return out.toByteArray();
    }

    private static ResultShape shape() {
        Column[] columns = new Column[COLUMNS];
        for (int i = 0; i < COLUMNS; i++) {
            columns[i] = new Column("c" + i, 0, 0, Oids.TEXT, -1, -1, false);
        }
        return new ResultShape(columns, ZoneOffset.UTC);
    }

    private static String expected(int i) {
        return i % 5 == 4 ? null : "v" + i;
    }

    @Test
    void cellsReadInAnyOrderHoldTheRightValues() {
        ResultShape shape = shape();
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            LazyRow row = new LazyRow(shape, payload(7), 7);
            for (int k = 0; k < 60; k++) {
                int i = random.nextInt(COLUMNS);
                assertThat(row.getString(i)).as("round %d, column %d", round, i).isEqualTo(expected(i));
                assertThat(row.isNull(i)).isEqualTo(i % 5 == 4);
            }
        }
    }

    @Test
    void forwardReadsLocateOnlyAsFarAsNeededAndBackwardReadsStillWork() {
        LazyRow row = new LazyRow(shape(), payload(0), 0);
        assertThat(RowViews.locatedCells(row)).isZero();
        assertThat(row.getString(3)).isEqualTo("v3");
        assertThat(RowViews.locatedCells(row)).isEqualTo(4);
        // The first backward read walks again from the first cell, only as far as it needs.
        assertThat(row.getString(1)).isEqualTo("v1");
        assertThat(RowViews.locatedCells(row)).isEqualTo(2);
        assertThat(row.getString(6)).isEqualTo("v6");
        assertThat(RowViews.locatedCells(row)).isEqualTo(7);
        // The second locates every cell once.
        assertThat(row.getString(0)).isEqualTo("v0");
        assertThat(RowViews.locatedCells(row)).isEqualTo(COLUMNS);
        assertThat(row.getString(38)).isEqualTo("v38");
        assertThat(row.getString(39)).isNull();
        assertThat(row.getString(2)).isEqualTo("v2");
    }

    /** A point select's reads: a column, then the key before it. No offset table for one step back. */
    @Test
    void readingAColumnThenOneBeforeItAllocatesOnlyTheStrings() {
        long perRow = bytesPerRowReading(
                row -> row.getString(30).length() + row.getString(2).length());
        // As reading forward: two short Strings; a 40-cell offset table alone would add 176 bytes.
        assertThat(perRow)
                .as("bytes allocated per row reading cell 30, then cell 2")
                .isLessThan(120);
    }

    @Test
    void outOfRangeIndexesAreUsageErrors() {
        LazyRow row = new LazyRow(shape(), payload(0), 0);
        assertThatThrownBy(() -> row.getString(-1))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> row.getString(COLUMNS))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("0-based");
        row.getString(2);
        row.getString(0);
        assertThatThrownBy(() -> row.getString(COLUMNS)).isInstanceOf(PgUsageException.class);
    }

    @Test
    void convertedValuesAreMemoizedBeyondTheInlineSlotsAndStringsNever() {
        LazyRow row = new LazyRow(shape(), payload(0), 0);
        TextConverter<StringBuilder> converter = StringBuilder::new;
        for (int i = 0; i < COLUMNS; i++) {
            if (expected(i) != null) {
                StringBuilder converted = row.get(i, converter);
                assertThat(converted).hasToString(expected(i));
                assertThat(row.get(i, converter)).as("column %d", i).isSameAs(converted);
                assertThat(row.getString(i)).isEqualTo(expected(i)).isNotSameAs(row.getString(i));
            }
        }
    }

    /**
     * Bytes allocated per row by {@code read} over 10,000 fresh rows, after checking that it read
     * 5 characters from each (two of the 2- and 3-character cells).
     */
    private static long bytesPerRowReading(ToIntFunction<LazyRow> read) {
        ResultShape shape = shape();
        byte[] bytes = payload(0);
        LazyRow[] rows = new LazyRow[10_000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new LazyRow(shape, bytes, 0);
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        long chars = 0;
        for (LazyRow row : rows) {
            chars += read.applyAsInt(row);
        }
        long perRow = (threads.getCurrentThreadAllocatedBytes() - before) / rows.length;
        assertThat(chars).isEqualTo(rows.length * 5L);
        return perRow;
    }

    @Test
    void readingTwoTextColumnsForwardAllocatesOnlyTheirStrings() {
        long perRow = bytesPerRowReading(
                row -> row.getString(2).length() + row.getString(30).length());
        // Two short Strings (object + byte[] each, about 48 bytes a String); no offset table, no memo array.
        assertThat(perRow)
                .as("bytes allocated per row reading 2 of 40 text cells")
                .isLessThan(120);
    }

    /** One binary row: int8 7, timestamptz, uuid, date, numeric 12.5, text "héllo", int8 NULL. */
    private static LazyRow binaryRow() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cell(out, java.nio.ByteBuffer.allocate(8).putLong(7).array());
        cell(out, java.nio.ByteBuffer.allocate(8).putLong(789_000_000_123_456L).array()); // micros since 2000-01-01
        cell(
                out,
                java.nio.ByteBuffer.allocate(16)
                        .putLong(0x0123456789abcdefL)
                        .putLong(42)
                        .array());
        cell(out, java.nio.ByteBuffer.allocate(4).putInt(9000).array()); // days since 2000-01-01
        cell(
                out,
                java.nio.ByteBuffer.allocate(12) // ndigits 2, weight 0, sign +, dscale 1: 12 . 5000
                        .putShort((short) 2)
                        .putShort((short) 0)
                        .putShort((short) 0)
                        .putShort((short) 1)
                        .putShort((short) 12)
                        .putShort((short) 5000)
                        .array());
        cell(out, "h\u00e9llo".getBytes(StandardCharsets.UTF_8));
        cell(out, null);
        int[] oids = {Oids.INT8, Oids.TIMESTAMPTZ, Oids.UUID, Oids.DATE, Oids.NUMERIC, Oids.TEXT, Oids.INT8};
        Column[] columns = new Column[oids.length];
        for (int i = 0; i < oids.length; i++) {
            columns[i] = new Column("c" + i, 0, 0, oids[i], -1, -1, true);
        }
        return new LazyRow(new ResultShape(columns, ZoneOffset.UTC), out.toByteArray(), 0);
    }

    private static void cell(ByteArrayOutputStream out, byte[] bytes) {
        int len = bytes == null ? -1 : bytes.length;
        out.write(len >>> 24);
        out.write(len >>> 16);
        out.write(len >>> 8);
        out.write(len);
        if (bytes != null) {
            out.writeBytes(bytes);
        }
    }

    @Test
    void binaryValuesAndStringsAreDecodedAgainEqualAndNeverKept() {
        LazyRow row = binaryRow();
        // Binary cells: decoded on each read, to equal values, never kept by the row.
        java.time.OffsetDateTime at = row.get(1, java.time.OffsetDateTime.class);
        assertThat(at).isEqualTo(java.time.OffsetDateTime.parse("2024-12-31T22:40:00.123456Z"));
        assertThat(row.get(1, java.time.OffsetDateTime.class)).isEqualTo(at).isNotSameAs(at);
        java.util.UUID uuid = row.get(2, java.util.UUID.class);
        assertThat(uuid).isEqualTo(new java.util.UUID(0x0123456789abcdefL, 42));
        assertThat(row.get(2, java.util.UUID.class)).isEqualTo(uuid).isNotSameAs(uuid);
        assertThat(row.getObject(3))
                .isEqualTo(java.time.LocalDate.of(2024, 8, 22))
                .isEqualTo(row.getObject(3));
        assertThat(row.getObject(0)).isEqualTo(7L).isEqualTo(row.getObject(0));
        // Numeric (digit groups), text (UTF-8) and a cell rendered as text: equal again, not kept either.
        java.math.BigDecimal amount = row.getBigDecimal(4);
        assertThat(amount).isEqualByComparingTo("12.5");
        assertThat(row.getBigDecimal(4)).isEqualTo(amount).isNotSameAs(amount);
        assertThat(row.getString(5)).isEqualTo("h\u00e9llo").isNotSameAs(row.getString(5));
        String rendered = row.getString(1);
        assertThat(rendered).isEqualTo("2024-12-31 22:40:00.123456+00");
        assertThat(row.getString(1)).isEqualTo(rendered).isNotSameAs(rendered);
        assertThat(row.get(1, java.time.OffsetDateTime.class)).isEqualTo(at);
        assertThat(row.get(2, java.util.UUID.class)).isEqualTo(uuid);
    }

    @Test
    void valuesParsedFromTextAreKeptAndTheNaturalTypeReplacesAnotherOne() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cell(out, "12.50".getBytes(StandardCharsets.UTF_8));
        cell(out, "2024-08-22".getBytes(StandardCharsets.UTF_8));
        cell(out, "h\u00e9llo".getBytes(StandardCharsets.UTF_8));
        int[] oids = {Oids.NUMERIC, Oids.DATE, Oids.TEXT};
        Column[] columns = new Column[oids.length];
        for (int i = 0; i < oids.length; i++) {
            columns[i] = new Column("c" + i, 0, 0, oids[i], -1, -1, false);
        }
        LazyRow row = new LazyRow(new ResultShape(columns, ZoneOffset.UTC), out.toByteArray(), 0);
        // Parsing text costs more than keeping the value: the row keeps the first value it parsed ...
        Double asDouble = row.get(0, Double.class);
        assertThat(asDouble).isEqualTo(12.5);
        assertThat(row.get(0, Double.class)).isSameAs(asDouble);
        // ... until the natural type (what getObject returns) replaces it.
        java.math.BigDecimal amount = row.getBigDecimal(0);
        assertThat(amount).isEqualByComparingTo("12.5");
        assertThat(row.getBigDecimal(0)).isSameAs(amount);
        assertThat(row.getObject(0)).isSameAs(amount);
        java.time.LocalDate date = row.get(1, java.time.LocalDate.class);
        assertThat(row.getObject(1))
                .isEqualTo(java.time.LocalDate.of(2024, 8, 22))
                .isSameAs(date);
        // A String is a copy of the cell's bytes: made again on each read.
        assertThat(row.getString(2)).isEqualTo("h\u00e9llo").isNotSameAs(row.getString(2));
    }

    @Test
    void nullIntoAPrimitiveStillNamesTheColumn() {
        LazyRow row = binaryRow();
        assertThat(row.get(6, Long.class)).isNull();
        assertThat(row.get(6, Object.class)).isNull();
        assertThatThrownBy(() -> row.getLong(6))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("Column 'c6' (index 6, int8) is NULL and cannot be read as long");
    }

    @Test
    void aResultOfMoreColumnsThanRowsCanIndexIsRefused() {
        Column[] columns = new Column[Short.MAX_VALUE + 1];
        java.util.Arrays.fill(columns, new Column("c", 0, 0, Oids.TEXT, -1, -1, false));
        assertThatThrownBy(() -> new ResultShape(columns, ZoneOffset.UTC))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("32768 result columns");
    }
}
