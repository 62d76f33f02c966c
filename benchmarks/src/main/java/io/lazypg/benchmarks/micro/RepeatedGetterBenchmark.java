package io.lazypg.benchmarks.micro;

import io.lazypg.benchmarks.e2e.Fixtures;
import io.lazypg.benchmarks.e2e.Sink;
import io.lazypg.benchmarks.e2e.WideEntity;
import io.lazypg.benchmarks.e2e.WideMappers;
import io.lazypg.benchmarks.e2e.WideTable;
import io.lazypg.client.LazyPgClient;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.Servers;
import java.math.BigDecimal;
import java.sql.Connection;
import java.time.OffsetDateTime;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a getter costs when it is called again on a proxy that already read it: the price of not
 * memoizing Strings and binary values (docs/benchmarks/memo.md). Unlike {@link
 * EntityGetterBenchmark}'s synthetic text cells, the rows here come from a real PostgreSQL (the
 * embedded one the tests use), through {@link LazyPgTemplate#query(String, Class)}, so every cell
 * is binary as in the end-to-end run. {@code rows} proxies of {@code wide} are read once in setup;
 * every invocation calls one getter on the next proxy (round robin), so each call is a repeat.
 *
 * <p>Score: ns per call; with {@code -prof gc}, {@code gc.alloc.rate.norm} is bytes per call (what
 * a repeated call makes again: 0 where the row keeps the value).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class RepeatedGetterBenchmark {

    /** Rows (and proxies); a power of two. */
    @Param("1024")
    public int rows;

    private Servers.Started server;
    private LazyPgClient client;
    private List<WideEntity> proxies;
    private final Sink sink = new Sink();
    private int next;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        if (Integer.bitCount(rows) != 1) {
            throw new IllegalArgumentException("rows must be a power of two: " + rows);
        }
        server = Servers.start();
        try (Connection c = Fixtures.jdbc(server.server(), false)) {
            WideTable.create(c, rows);
        }
        client = LazyPgClient.create(Fixtures.lazyConfig(server.server(), 1));
        LazyPgTemplate template = new LazyPgTemplate(client);
        template.query(WideTable.SELECT_ALL, WideEntity.class); // prepares the statement: binary cells from here on
        proxies = template.query(WideTable.SELECT_ALL + " order by id", WideEntity.class);
        for (WideEntity e : proxies) {
            WideMappers.readAll(e, sink); // every getter called once: what follows is a repeat
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        client.close();
        server.close();
    }

    private WideEntity nextProxy() {
        int i = next;
        next = (i + 1) & (rows - 1);
        return proxies.get(i);
    }

    /** {@code t1()}: a text column of 8 to 40 characters. */
    @Benchmark
    public String string() {
        return nextProxy().t1();
    }

    /** {@code n1()}: a {@code numeric(12,2)}. */
    @Benchmark
    public BigDecimal bigDecimal() {
        return nextProxy().n1();
    }

    /** {@code ts1()}: a {@code timestamptz} (not memoized before this change either). */
    @Benchmark
    public OffsetDateTime timestamp() {
        return nextProxy().ts1();
    }

    /** {@code i1()}: an {@code int}, for scale (primitives were never memoized). */
    @Benchmark
    public int primitive() {
        return nextProxy().i1();
    }

    /** All 40 getters of one proxy, again. */
    @Benchmark
    public long all40() {
        WideMappers.readAll(nextProxy(), sink);
        return sink.count();
    }

    /** For the test: proxy {@code i}. */
    WideEntity proxy(int i) {
        return proxies.get(i);
    }
}
