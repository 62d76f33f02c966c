package io.lazypg.benchmarks.micro;

import io.lazypg.client.Column;
import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.result.ResultShape;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * A server byte stream built in memory: {@code rows} DataRow messages of 40 text-format cells shaped
 * like the {@code wide} table (bigint, ints, bigints, text with some multi-byte characters,
 * timestamptz with microseconds, bool, numeric, float8, uuid, date), about 730 bytes a row, so
 * 100k rows make ~70 MiB as in seed 001's benchmark; then one ReadyForQuery to end the stream.
 */
public final class SyntheticDataRows {

    public static final int COLUMNS = 40;

    private SyntheticDataRows() {}

    /** The columns' types, all text format (as the simple query protocol delivers them). */
    public static ResultShape shape() {
        Column[] columns = new Column[COLUMNS];
        for (int i = 0; i < COLUMNS; i++) {
            columns[i] = new Column("c" + i, 0, i + 1, oid(i), -1, -1, false);
        }
        return new ResultShape(columns, ZoneOffset.UTC);
    }

    static int oid(int column) {
        if (column == 0) {
            return Oids.INT8;
        } else if (column <= 5) {
            return Oids.INT4;
        } else if (column <= 8) {
            return Oids.INT8;
        } else if (column <= 24) {
            return Oids.TEXT;
        } else if (column <= 29) {
            return Oids.TIMESTAMPTZ;
        } else if (column <= 32) {
            return Oids.BOOL;
        } else if (column <= 35) {
            return Oids.NUMERIC;
        } else if (column <= 37) {
            return Oids.FLOAT8;
        } else if (column == 38) {
            return Oids.UUID;
        }
        return Oids.DATE;
    }

    /** The text of cell {@code column} of row {@code g} (1-based), deterministic. */
    static String cell(long g, int column) {
        int oid = oid(column);
        switch (oid) {
            case Oids.INT8:
                return Long.toString(column == 0 ? g : g * 1_000_003L * column);
            case Oids.INT4:
                return Long.toString((g * 7919 * column) % 2_000_000 - 1_000_000);
            case Oids.TEXT: {
                String base = (column % 4 == 0 ? "Grüße 日本 " : "") + Long.toHexString(g * 0x9E3779B97F4A7C15L)
                        + Long.toHexString(g * 31 + column) + "abcdefghijklmnopqrstuvwxyz0123456789";
                // 8..28 characters (the wide table has 8..40): keeps a row near seed 001's 737 bytes.
                int length = 8 + (int) ((g * (column + 3)) % 21);
                return base.substring(0, Math.min(length, base.length()));
            }
            case Oids.TIMESTAMPTZ:
                return String.format(
                        Locale.ROOT,
                        "2024-%02d-%02d %02d:%02d:%02d.%06d+00",
                        1 + g % 12,
                        1 + g % 28,
                        g % 24,
                        g % 60,
                        (g * column) % 60,
                        (g * 37 * column) % 1_000_000);
            case Oids.BOOL:
                return g % column == 0 ? "t" : "f";
            case Oids.NUMERIC:
                long cents = (g * 12345L * column) % 10_000_000_000L;
                return (cents / 100) + "." + String.format(Locale.ROOT, "%02d", cents % 100);
            case Oids.FLOAT8:
                return Double.toString(g * 1.25 + column / 3.0);
            case Oids.UUID:
                return new java.util.UUID(g * 0x9E3779B97F4A7C15L, g ^ 0x5DEECE66DL).toString();
            default:
                return java.time.LocalDate.of(2000, 1, 1).plusDays(g % 9000).toString();
        }
    }

    /** The whole stream: {@code rows} DataRows of text cells, then ReadyForQuery. */
    public static byte[] stream(int rows) {
        return stream(rows, (g, c) -> cell(g, c).getBytes(StandardCharsets.UTF_8));
    }

    /** Encodes cell {@code c} of row {@code g} as the bytes a DataRow carries for it. */
    @FunctionalInterface
    public interface CellEncoder {
        byte[] encode(long g, int c);
    }

    /** The whole stream with cells encoded by {@code encoder}: {@code rows} DataRows, then ReadyForQuery. */
    public static byte[] stream(int rows, CellEncoder encoder) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(rows * 740 + 16);
        byte[][] cells = new byte[COLUMNS][];
        for (long g = 1; g <= rows; g++) {
            int length = 4 + 2;
            for (int c = 0; c < COLUMNS; c++) {
                cells[c] = encoder.encode(g, c);
                length += 4 + cells[c].length;
            }
            out.write('D');
            writeInt(out, length);
            out.write(COLUMNS >>> 8);
            out.write(COLUMNS & 0xff);
            for (byte[] cell : cells) {
                writeInt(out, cell.length);
                out.write(cell, 0, cell.length);
            }
        }
        out.write('Z');
        writeInt(out, 5);
        out.write('I');
        return out.toByteArray();
    }

    private static void writeInt(ByteArrayOutputStream out, int v) {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }
}
