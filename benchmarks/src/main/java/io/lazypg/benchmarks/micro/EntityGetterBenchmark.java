package io.lazypg.benchmarks.micro;

import io.lazypg.benchmarks.e2e.Sink;
import io.lazypg.benchmarks.e2e.WideBean;
import io.lazypg.benchmarks.e2e.WideEntity;
import io.lazypg.benchmarks.e2e.WideMappers;
import io.lazypg.benchmarks.e2e.WideTable;
import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.spring.LazyRowMapper;
import io.lazypg.spring.entity.EntityMappers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
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
 * An entity-proxy getter against a plain field read. {@code rows} DataRows shaped like {@code wide}
 * (the cells of {@link SyntheticDataRows}, the column names of {@link WideTable}) are built in
 * memory and framed by lazypg's {@link MessageReader} in retaining mode, as in
 * {@link FrameParsingBenchmark}; each row becomes a {@link WideEntity} proxy through
 * {@link EntityMappers} (the generated class the template uses) and, separately, a {@link WideBean}
 * POJO filled by the hand mapper. Every invocation reads the next row's proxy or POJO (round robin
 * over {@code rows}, so the data is not one cache line).
 *
 * <p>{@code format=binary}: the 9 integer columns (id, i1..i5, b1..b3) arrive in binary, as they do
 * from the e2e statement cache; the others stay text (values parsed from them are read from the
 * row's memo after the first call; Strings are decoded on every call). {@code format=text}: every
 * cell text, as the simple query protocol sends. {@link RepeatedGetterBenchmark} has rows from a
 * real server, every cell binary.
 *
 * <p>Score: ns per operation; with {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes per
 * operation (0 for the primitive getters; the String for {@code proxyString}; one proxy for
 * {@code proxyMapRow}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class EntityGetterBenchmark {

    /** Rows (and proxies and POJOs); a power of two. */
    @Param("1024")
    public int rows;

    @Param({"binary", "text"})
    public String format;

    private LazyRowMapper<WideEntity> mapper;
    private LazyRow[] lazyRows;
    private WideEntity[] proxies;
    private WideBean[] beans;
    private final Sink sink = new Sink();
    private int next;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        if (Integer.bitCount(rows) != 1) {
            throw new IllegalArgumentException("rows must be a power of two: " + rows);
        }
        boolean binary = format.equals("binary");
        mapper = EntityMappers.forType(WideEntity.class);
        lazyRows = parse(rows, binary);
        proxies = new WideEntity[rows];
        for (int i = 0; i < rows; i++) {
            proxies[i] = mapper.mapRow(lazyRows[i]);
        }
        LazyRow[] forBeans = parse(rows, binary);
        beans = new WideBean[rows];
        for (int i = 0; i < rows; i++) {
            beans[i] = WideMappers.fromLazy(forBeans[i]);
        }
    }

    private int index() {
        int i = next;
        next = (i + 1) & (rows - 1);
        return i;
    }

    @Benchmark
    public long proxyLong() {
        return proxies[index()].id();
    }

    @Benchmark
    public long pojoLong() {
        return beans[index()].getId();
    }

    @Benchmark
    public int proxyInt() {
        return proxies[index()].i1();
    }

    @Benchmark
    public int pojoInt() {
        return beans[index()].getI1();
    }

    /** A String accessor: decoded from the cell's bytes on every call (rows do not keep Strings). */
    @Benchmark
    public String proxyString() {
        return proxies[index()].t1();
    }

    @Benchmark
    public String pojoString() {
        return beans[index()].getT1();
    }

    /** All 40 accessors of one proxy (Strings and primitives decoded per call, values parsed from text from the memo). */
    @Benchmark
    public long proxyAll40() {
        WideMappers.readAll(proxies[index()], sink);
        return sink.count();
    }

    @Benchmark
    public long pojoAll40() {
        WideMappers.readAll(beans[index()], sink);
        return sink.count();
    }

    /** Mapping one row to a proxy (what the template does per row): one small object, nothing decoded. */
    @Benchmark
    public WideEntity proxyMapRow() {
        int i = index();
        return mapper.mapRow(lazyRows[i]);
    }

    // ---- the rows ---------------------------------------------------------------------------------

    /** The columns of {@code wide} with SyntheticDataRows' types; the integer columns binary when asked. */
    static ResultShape shape(boolean binaryIntegers) {
        Column[] columns = new Column[SyntheticDataRows.COLUMNS];
        for (int i = 0; i < columns.length; i++) {
            int oid = SyntheticDataRows.oid(i);
            boolean binary = binaryIntegers && isInteger(oid);
            columns[i] = new Column(WideTable.COLUMNS.get(i).name(), 0, i + 1, oid, -1, -1, binary);
        }
        return new ResultShape(columns, ZoneOffset.UTC);
    }

    private static boolean isInteger(int oid) {
        return oid == Oids.INT8 || oid == Oids.INT4;
    }

    /** {@code rows} DataRows (then ReadyForQuery) framed by a retaining MessageReader in 64 KiB reads. */
    static LazyRow[] parse(int rows, boolean binaryIntegers) throws IOException {
        ResultShape shape = shape(binaryIntegers);
        ChunkedInputStream input = new ChunkedInputStream(stream(rows, shape), FrameParsingBenchmark.CHUNK);
        MessageReader reader = new MessageReader(input, FrameParsingBenchmark.CHUNK, 1 << 30);
        reader.retainViews(true);
        List<LazyRow> kept = new ArrayList<>(rows);
        while (reader.next() == 'D') {
            kept.add(RowViews.view(shape, reader.buffer(), reader.payloadOffset() + 2));
        }
        return kept.toArray(new LazyRow[0]);
    }

    /** The synthetic rows with the integer columns binary, as the statement cache requests them. */
    static byte[] stream(int rows, ResultShape shape) {
        return SyntheticDataRows.stream(rows, (g, c) -> {
            String text = SyntheticDataRows.cell(g, c);
            if (!shape.binary(c)) {
                return text.getBytes(StandardCharsets.UTF_8);
            }
            long v = Long.parseLong(text);
            return shape.typeOid(c) == Oids.INT8 ? bigEndian(v, 8) : bigEndian(v, 4);
        });
    }

    private static byte[] bigEndian(long v, int bytes) {
        byte[] b = new byte[bytes];
        for (int i = bytes - 1; i >= 0; i--) {
            b[i] = (byte) v;
            v >>>= 8;
        }
        return b;
    }

    /** For the test: the proxy and the POJO of row {@code i}. */
    WideEntity proxy(int i) {
        return proxies[i];
    }

    WideBean bean(int i) {
        return beans[i];
    }
}
