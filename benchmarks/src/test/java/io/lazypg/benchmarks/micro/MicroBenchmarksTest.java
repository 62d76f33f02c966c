package io.lazypg.benchmarks.micro;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyRow;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs every {@code @Benchmark} method once, directly (not through the JMH runner), on small inputs,
 * and checks what it returns, so a benchmark that measures a broken path fails the build instead of
 * reporting a fast number. A new benchmark method is picked up by reflection; one whose class is not
 * listed here fails {@link #everyBenchmarkClassIsCovered()}.
 */
class MicroBenchmarksTest {

    private static final Blackhole BLACKHOLE = new Blackhole(
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");

    private static final List<Class<?>> COVERED = List.of(
            FrameParsingBenchmark.class,
            TimestampTextBenchmark.class,
            CellCodecBenchmark.class,
            EntityGetterBenchmark.class,
            ReceiveStrategyBenchmark.class, // run by ReceiveStrategyBenchmarkTest
            RepeatedGetterBenchmark.class); // run by RepeatedGetterBenchmarkIT (it needs a server)

    @Test
    void everyBenchmarkClassIsCovered() throws Exception {
        // The annotation processor lists every benchmark method in META-INF/BenchmarkList.
        List<String> listed = new ArrayList<>();
        try (var in = getClass().getClassLoader().getResourceAsStream("META-INF/BenchmarkList")) {
            assertThat(in)
                    .as("META-INF/BenchmarkList from the JMH annotation processor")
                    .isNotNull();
            for (String line : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                for (Class<?> c : COVERED) {
                    if (line.contains(" " + c.getName() + " ")) {
                        listed.add(c.getName());
                    }
                }
                assertThat(line.isBlank() || COVERED.stream().anyMatch(c -> line.contains(" " + c.getName() + " ")))
                        .as("benchmark not covered by this test: %s", line)
                        .isTrue();
            }
        }
        assertThat(listed).containsAll(COVERED.stream().map(Class::getName).toList());
    }

    @Test
    void frameParsingMethodsParseEveryRowAndAgreeWithTheEagerBaseline() throws Exception {
        FrameParsingBenchmark b = new FrameParsingBenchmark();
        b.rows = 300;
        b.setup();
        List<String[]> eager = b.eagerStrings();
        assertThat(eager).hasSize(300);
        assertThat(eager.get(0)).hasSize(40).doesNotContainNull();
        assertThat(eager.get(0)[0]).isEqualTo("1");
        assertThat(eager.get(299)[0]).isEqualTo("300");
        assertThat(b.streamingNoCell()).isEqualTo(300);
        assertThat(b.streamingTwoCells(BLACKHOLE)).isEqualTo(300);
        assertThat(b.streamingAllCells(BLACKHOLE)).isEqualTo(300);
        assertThat(b.retainingNoCell()).hasSize(300);
        assertThat(b.retainingTwoCells(BLACKHOLE)).hasSize(300);
        List<LazyRow> all = b.retainingAllCells(BLACKHOLE);
        assertThat(all).hasSize(300);
        // Retained views stay valid after the stream is consumed and equal the eager strings.
        for (int r = 0; r < 300; r += 37) {
            for (int c = 0; c < 40; c++) {
                assertThat(all.get(r).getString(c)).isEqualTo(eager.get(r)[c]);
            }
            assertThat(all.get(r).getLong(0)).isEqualTo(r + 1L);
        }
        assertThat(invokedBenchmarks(FrameParsingBenchmark.class)).hasSize(7);
    }

    @Test
    void syntheticStreamHasTheAdvertisedSize() {
        // ~730 bytes a row, so 100k rows are ~70 MiB as in seed 001.
        int perRow = SyntheticDataRows.stream(1000).length / 1000;
        assertThat(perRow).isBetween(650, 800);
    }

    @Test
    void timestampDecodersAgree() {
        // Three instances walk the same 64 values in the same order.
        TimestampTextBenchmark lazy = new TimestampTextBenchmark();
        TimestampTextBenchmark jdkBytes = new TimestampTextBenchmark();
        TimestampTextBenchmark jdkString = new TimestampTextBenchmark();
        lazy.setup();
        jdkBytes.setup();
        jdkString.setup();
        for (int i = 0; i < 64; i++) {
            var expected = jdkString.jdkParseFromString();
            assertThat(jdkBytes.jdkParseFromBytes()).isEqualTo(expected);
            assertThat(lazy.lazypgFromBytes()).isEqualTo(expected);
        }
        assertThat(invokedBenchmarks(TimestampTextBenchmark.class)).hasSize(3);
    }

    @Test
    void cellCodecBinaryAndTextDecodeTheSameValueForEveryType() throws Exception {
        String[] types = CellCodecBenchmark.class
                .getField("type")
                .getAnnotation(org.openjdk.jmh.annotations.Param.class)
                .value();
        assertThat(types).contains("int4", "int8", "float8", "numeric", "timestamptz", "uuid", "text");
        for (String type : types) {
            CellCodecBenchmark b = new CellCodecBenchmark();
            b.type = type;
            b.setup(); // throws when the two encodings decode to different values
            b.binary(BLACKHOLE);
            b.text(BLACKHOLE);
        }
        assertThat(invokedBenchmarks(CellCodecBenchmark.class)).hasSize(2);
    }

    /** Proxies and POJOs over the same synthetic rows agree, in both formats, and every method runs. */
    @Test
    void entityGetterMethodsReadTheSameValuesFromProxiesAndPojos() throws Exception {
        for (String format : List.of("binary", "text")) {
            EntityGetterBenchmark b = new EntityGetterBenchmark();
            b.rows = 8;
            b.format = format;
            b.setup();
            for (int i = 0; i < 8; i++) {
                io.lazypg.benchmarks.e2e.WideEntity p = b.proxy(i);
                io.lazypg.benchmarks.e2e.WideBean bean = b.bean(i);
                assertThat(p.id()).as(format).isEqualTo(i + 1L).isEqualTo(bean.getId());
                assertThat(p.i1()).isEqualTo(bean.getI1());
                assertThat(p.b3()).isEqualTo(bean.getB3());
                assertThat(p.t4()).isEqualTo(bean.getT4());
                assertThat(p.ts2()).isEqualTo(bean.getTs2());
                assertThat(p.n1()).isEqualTo(bean.getN1());
                assertThat(p.u()).isEqualTo(bean.getU());
                assertThat(p.d()).isEqualTo(bean.getD());
            }
            // Round robin from row 0: proxy and POJO of the same row give the same value.
            assertThat(b.proxyLong()).isEqualTo(1L);
            assertThat(b.pojoLong()).isEqualTo(2L);
            long proxyInt = b.proxyInt();
            assertThat(proxyInt).isEqualTo(b.proxy(2).i1());
            assertThat(b.pojoInt()).isEqualTo(b.bean(3).getI1());
            assertThat(b.proxyString()).isEqualTo(b.bean(4).getT1());
            assertThat(b.pojoString()).isEqualTo(b.bean(5).getT1());
            assertThat(b.proxyAll40()).isEqualTo(40);
            assertThat(b.pojoAll40()).isEqualTo(80);
            io.lazypg.benchmarks.e2e.WideEntity mapped = b.proxyMapRow();
            assertThat(mapped.id()).isEqualTo(1L); // index wrapped from 7 to 0
            assertThat(mapped).isNotSameAs(b.proxy(0)).isEqualTo(b.proxy(0));
        }
        assertThat(invokedBenchmarks(EntityGetterBenchmark.class)).hasSize(9);
    }

    private static List<String> invokedBenchmarks(Class<?> type) {
        return Arrays.stream(type.getMethods())
                .filter(m -> m.isAnnotationPresent(Benchmark.class))
                .map(Method::getName)
                .toList();
    }
}
