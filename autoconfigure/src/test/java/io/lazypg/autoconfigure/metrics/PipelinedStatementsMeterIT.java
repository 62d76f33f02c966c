package io.lazypg.autoconfigure.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code lazypg.statements.pipelined} reads the client's count, and exists only with pipelining on. */
@LazyPgTest
class PipelinedStatementsMeterIT {

    @Test
    void theMeterCountsWhatThePipelinesSent(TestPostgres server) throws Exception {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(1)
                .pipeliningLimit(8)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            new LazyPgClientMetrics(client).bindTo(meters);
            ExecutorService threads = Executors.newFixedThreadPool(6);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                futures.add(threads.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        assertThat(client.query("select $1::int", i).get(0).getInt(0))
                                .isEqualTo(i);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
            threads.shutdown();

            FunctionCounter counter = meters.get("lazypg.statements.pipelined").functionCounter();
            assertThat(counter.count()).isPositive().isEqualTo((double) client.pipelinedStatements());
        }
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            SimpleMeterRegistry meters = new SimpleMeterRegistry();
            new LazyPgClientMetrics(client).bindTo(meters);
            assertThat(meters.find("lazypg.statements.pipelined").meter()).isNull();
        }
    }
}
