package io.lazypg.benchmarks.micro;

import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
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

/**
 * The two ways DESIGN.md names to keep retained row views safe, on the same 100k-row stream in
 * 64 KiB reads, each keeping every row (as a LazyResult does):
 * <ul>
 *   <li>{@code freshChunkPerRead}: (a) a new 64 KiB array per socket read, frames parsed in place,
 *       only the message straddling two reads copied into an array of its own;</li>
 *   <li>{@code recycledBufferCopyOut}: (b) lazypg's {@link MessageReader} in retaining mode: one
 *       recycled receive buffer, the complete messages of each read copied out into one exact-size
 *       array.</li>
 * </ul>
 * Read the score as ms per 100k rows and {@code gc.alloc.rate.norm} as bytes per 100k rows.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ReceiveStrategyBenchmark {

    static final int CHUNK = 64 * 1024;

    @Param("100000")
    public int rows;

    private ResultShape shape;
    private ChunkedInputStream input;

    @Setup(Level.Trial)
    public void setup() {
        shape = SyntheticDataRows.shape();
        input = new ChunkedInputStream(SyntheticDataRows.stream(rows), CHUNK);
    }

    @Benchmark
    public List<LazyRow> recycledBufferCopyOut() throws IOException {
        input.rewind();
        MessageReader reader = new MessageReader(input, CHUNK, 1 << 30);
        reader.retainViews(true);
        List<LazyRow> kept = new ArrayList<>();
        while (reader.next() == 'D') {
            kept.add(RowViews.view(shape, reader.buffer(), reader.payloadOffset() + 2));
        }
        return kept;
    }

    @Benchmark
    public List<LazyRow> freshChunkPerRead() throws IOException {
        input.rewind();
        List<LazyRow> kept = new ArrayList<>();
        byte[] partial = null; // the straddling message being completed, in an array of its own
        int partialFill = 0;
        while (true) {
            byte[] chunk = new byte[CHUNK]; // zeroed by the JVM, then filled by the read
            int n = input.read(chunk, 0, CHUNK);
            if (n < 0) {
                return kept;
            }
            int p = 0;
            if (partial != null) {
                if (partialFill < 5) {
                    int header = Math.min(5 - partialFill, n);
                    System.arraycopy(chunk, 0, partial, partialFill, header);
                    partialFill += header;
                    p += header;
                    if (partialFill < 5) {
                        continue;
                    }
                    partial = java.util.Arrays.copyOf(partial, 1 + Bytes.readInt(partial, 1));
                }
                int take = Math.min(partial.length - partialFill, n - p);
                System.arraycopy(chunk, p, partial, partialFill, take);
                partialFill += take;
                p += take;
                if (partialFill < partial.length) {
                    continue;
                }
                if (partial[0] != 'D') {
                    return kept;
                }
                kept.add(RowViews.view(shape, partial, 7));
                partial = null;
            }
            while (p < n) {
                if (n - p < 5) {
                    partial = new byte[5];
                    partialFill = n - p;
                    System.arraycopy(chunk, p, partial, 0, partialFill);
                    break;
                }
                int total = 1 + Bytes.readInt(chunk, p + 1);
                if (n - p < total) {
                    partial = new byte[total];
                    partialFill = n - p;
                    System.arraycopy(chunk, p, partial, 0, partialFill);
                    break;
                }
                if (chunk[p] != 'D') {
                    return kept;
                }
                kept.add(RowViews.view(shape, chunk, p + 7));
                p += total;
            }
        }
    }
}
