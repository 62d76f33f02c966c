package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.result.ResultShape;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.Random;
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
        assertThat(row.locatedCells()).isZero();
        assertThat(row.getString(3)).isEqualTo("v3");
        assertThat(row.locatedCells()).isEqualTo(4);
        assertThat(row.getString(1)).isEqualTo("v1");
        assertThat(row.locatedCells()).isEqualTo(COLUMNS);
        assertThat(row.getString(38)).isEqualTo("v38");
        assertThat(row.getString(39)).isNull();
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
    void referenceValuesAreMemoizedBeyondTheInlineSlots() {
        LazyRow row = new LazyRow(shape(), payload(0), 0);
        for (int i = 0; i < COLUMNS; i++) {
            if (expected(i) != null) {
                assertThat(row.getString(i)).isSameAs(row.getString(i));
            }
        }
    }

    @Test
    void readingTwoTextColumnsForwardAllocatesOnlyTheirStrings() {
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
            chars += row.getString(2).length() + row.getString(30).length();
        }
        long perRow = (threads.getCurrentThreadAllocatedBytes() - before) / rows.length;
        assertThat(chars).isEqualTo(rows.length * 5L);
        // Two short Strings (object + byte[] each, about 48 bytes a String); no offset table, no memo array.
        assertThat(perRow)
                .as("bytes allocated per row reading 2 of 40 text cells")
                .isLessThan(120);
    }
}
