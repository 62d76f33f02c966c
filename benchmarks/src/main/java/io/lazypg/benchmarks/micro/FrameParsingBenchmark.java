package io.lazypg.benchmarks.micro;

import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Seed 001's parser benchmark on the JVM: {@code rows} DataRow messages of 40 text cells (~70 MiB
 * at 100k rows) delivered in 64 KiB reads, framed by lazypg's {@link MessageReader} and consumed
 * three ways (no cell, 2 cells, every cell) in its two modes: retaining (rows kept in a list, as
 * {@code LazyResult} keeps them) and streaming (one reused row, as the callback path). Beside them
 * the eager baseline: a String per cell at parse time, kept per row, which is what a parser that
 * recycles its buffer must do before it can move on.
 *
 * <p>One invocation parses the whole stream; read the score as ms per 100k rows and, with
 * {@code -prof gc}, {@code gc.alloc.rate.norm} as bytes per 100k rows.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class FrameParsingBenchmark {

    static final int CHUNK = 64 * 1024;

    @Param("100000")
    public int rows;

    private byte[] stream;
    private ResultShape shape;
    private ChunkedInputStream input;

    @Setup(Level.Trial)
    public void setup() {
        stream = SyntheticDataRows.stream(rows);
        shape = SyntheticDataRows.shape();
        input = new ChunkedInputStream(stream, CHUNK);
    }

    private MessageReader reader(boolean retain) {
        input.rewind();
        MessageReader reader = new MessageReader(input, CHUNK, 1 << 30);
        reader.retainViews(retain);
        return reader;
    }

    @Benchmark
    public List<LazyRow> retainingNoCell() throws IOException {
        MessageReader reader = reader(true);
        List<LazyRow> kept = new ArrayList<>();
        while (reader.next() == 'D') {
            kept.add(RowViews.view(shape, reader.buffer(), reader.payloadOffset() + 2));
        }
        return kept;
    }

    @Benchmark
    public List<LazyRow> retainingTwoCells(Blackhole bh) throws IOException {
        MessageReader reader = reader(true);
        List<LazyRow> kept = new ArrayList<>();
        while (reader.next() == 'D') {
            LazyRow row = RowViews.view(shape, reader.buffer(), reader.payloadOffset() + 2);
            bh.consume(row.getLong(0));
            bh.consume(row.getInt(1));
            kept.add(row);
        }
        return kept;
    }

    @Benchmark
    public List<LazyRow> retainingAllCells(Blackhole bh) throws IOException {
        MessageReader reader = reader(true);
        List<LazyRow> kept = new ArrayList<>();
        while (reader.next() == 'D') {
            LazyRow row = RowViews.view(shape, reader.buffer(), reader.payloadOffset() + 2);
            for (int c = 0; c < SyntheticDataRows.COLUMNS; c++) {
                bh.consume(row.getString(c));
            }
            kept.add(row);
        }
        return kept;
    }

    @Benchmark
    public long streamingNoCell() throws IOException {
        MessageReader reader = reader(false);
        long n = 0;
        while (reader.next() == 'D') {
            n++;
        }
        return n;
    }

    @Benchmark
    public long streamingTwoCells(Blackhole bh) throws IOException {
        MessageReader reader = reader(false);
        LazyRow row = RowViews.reusable();
        long n = 0;
        while (reader.next() == 'D') {
            RowViews.reset(
                    row,
                    shape,
                    reader.buffer(),
                    reader.payloadOffset() + 2,
                    reader.payloadOffset() + reader.payloadLength());
            bh.consume(row.getLong(0));
            bh.consume(row.getInt(1));
            n++;
        }
        return n;
    }

    @Benchmark
    public long streamingAllCells(Blackhole bh) throws IOException {
        MessageReader reader = reader(false);
        LazyRow row = RowViews.reusable();
        long n = 0;
        while (reader.next() == 'D') {
            RowViews.reset(
                    row,
                    shape,
                    reader.buffer(),
                    reader.payloadOffset() + 2,
                    reader.payloadOffset() + reader.payloadLength());
            for (int c = 0; c < SyntheticDataRows.COLUMNS; c++) {
                bh.consume(row.getString(c));
            }
            n++;
        }
        return n;
    }

    /** The eager baseline: every cell becomes a String while the frame is parsed; rows kept as String[]. */
    @Benchmark
    public List<String[]> eagerStrings() throws IOException {
        MessageReader reader = reader(false);
        List<String[]> kept = new ArrayList<>();
        while (reader.next() == 'D') {
            byte[] b = reader.buffer();
            int p = reader.payloadOffset();
            int n = (b[p] & 0xff) << 8 | (b[p + 1] & 0xff);
            p += 2;
            String[] cells = new String[n];
            for (int c = 0; c < n; c++) {
                int len = (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
                p += 4;
                if (len >= 0) {
                    cells[c] = new String(b, p, len, StandardCharsets.UTF_8);
                    p += len;
                }
            }
            kept.add(cells);
        }
        return kept;
    }
}
