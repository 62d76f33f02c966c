package io.lazypg.benchmarks.micro;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.benchmarks.e2e.Sink;
import io.lazypg.benchmarks.e2e.WideEntity;
import io.lazypg.benchmarks.e2e.WideMappers;
import org.junit.jupiter.api.Test;

/**
 * The repeated getters must return what the first call returned (equal values), on the rows the
 * benchmark claims: 16 proxies in id order, so the round robin visits each in turn.
 */
class RepeatedGetterBenchmarkIT {

    @Test
    void repeatedGettersReturnWhatTheFirstCallReturned() throws Exception {
        RepeatedGetterBenchmark benchmark = new RepeatedGetterBenchmark();
        benchmark.rows = 16;
        benchmark.setup();
        try {
            for (int i = 0; i < 16; i++) {
                WideEntity proxy = benchmark.proxy(i);
                assertThat(proxy.id()).isEqualTo(i + 1L);
                String t1 = proxy.t1();
                assertThat(t1).hasSizeBetween(8, 40);
                assertThat(benchmark.string()).as("row %d", i).isEqualTo(t1);
            }
            assertThat(benchmark.bigDecimal()).isEqualTo(benchmark.proxy(0).n1());
            assertThat(benchmark.timestamp()).isEqualTo(benchmark.proxy(1).ts1());
            assertThat(benchmark.primitive()).isEqualTo(benchmark.proxy(2).i1());
            Sink expected = new Sink();
            WideMappers.readAll(benchmark.proxy(3), expected);
            long before = benchmark.all40();
            assertThat(benchmark.all40() - before)
                    .as("cells counted by one more all-40 read")
                    .isEqualTo(expected.count());
        } finally {
            benchmark.tearDown();
        }
    }
}
