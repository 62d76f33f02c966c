package io.lazypg.benchmarks.micro;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyRow;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Both receive strategies must frame the same rows, or comparing their cost means nothing. */
class ReceiveStrategyBenchmarkTest {

    @Test
    void bothStrategiesYieldTheSameRows() throws Exception {
        ReceiveStrategyBenchmark benchmark = new ReceiveStrategyBenchmark();
        benchmark.rows = 3000;
        benchmark.setup();
        List<LazyRow> recycled = benchmark.recycledBufferCopyOut();
        List<LazyRow> fresh = benchmark.freshChunkPerRead();
        assertThat(fresh).hasSize(3000).hasSameSizeAs(recycled);
        for (int r = 0; r < recycled.size(); r += 7) {
            for (int c = 0; c < recycled.get(r).size(); c++) {
                assertThat(fresh.get(r).getString(c))
                        .as("row %d cell %d", r, c)
                        .isEqualTo(recycled.get(r).getString(c));
            }
        }
    }
}
