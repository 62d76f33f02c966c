package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;

/** Eight threads share one template (and one transaction manager) doing every kind of call at once. */
@LazyPgTest
class ConcurrentTemplateIT {

    private static final int THREADS = 8;
    private static final int ROUNDS = 15;

    @Test
    void eightThreadsShareOneTemplate(TestPostgres server) throws Exception {
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            eightThreadsShare(client);
            assertThat(client.pipelinedStatements()).isZero();
        }
    }

    /**
     * The same with pipelining on two connections: the template's auto-commit calls share busy
     * connections, and every transaction still keeps one to itself (its rolled-back inserts stay
     * rolled back, its reads see its own writes). The mixed work shares little (waiting
     * transactions stop statements from joining), so a burst of auto-commit reads follows, each
     * checked, which shares for certain.
     */
    @Test
    void eightThreadsShareOneTemplateWithPipelining(TestPostgres server) throws Exception {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(2)
                .pipeliningLimit(8)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            eightThreadsShare(client);

            LazyPgTemplate template = new LazyPgTemplate(client);
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<?>> reads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int owner = t;
                reads.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        int sent = owner * 1000 + i;
                        assertThat(template.queryForObject("select ?::int", Integer.class, sent))
                                .isEqualTo(sent);
                    }
                    return null;
                }));
            }
            for (Future<?> f : reads) {
                f.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertThat(client.pipelinedStatements()).isPositive();
            assertThat(client.poolStats().active()).isZero();
        }
    }

    private static void eightThreadsShare(LazyPgClient client) throws Exception {
        {
            LazyPgTemplate template = new LazyPgTemplate(client);
            TransactionTemplate tx = new TransactionTemplate(new LazyPgTransactionManager(client));
            template.execute(
                    "drop table if exists conc_items; create table conc_items (id int primary key, owner int, v text)");
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            CountDownLatch start = new CountDownLatch(1);
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int owner = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    try {
                        work(template, tx, owner);
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                    return null;
                }));
            }
            start.countDown();
            pool.shutdown();
            assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
            for (Future<?> f : futures) {
                f.get();
            }
            assertThat(failures).isEmpty();
            // per round: 1 update + 2 batch + 2 in a committed transaction (+0 rolled back)
            assertThat(template.queryForObject("select count(*) from conc_items", Long.class))
                    .isEqualTo((long) THREADS * ROUNDS * 5);
            for (int t = 0; t < THREADS; t++) {
                assertThat(template.sql("select count(*) from conc_items where owner = :o")
                                .param("o", t)
                                .query(Long.class)
                                .single())
                        .isEqualTo(ROUNDS * 5L);
            }
            assertThat(client.poolStats().active()).isZero();
        }
    }

    private static void work(LazyPgTemplate template, TransactionTemplate tx, int owner) {
        for (int r = 0; r < ROUNDS; r++) {
            int base = (owner * ROUNDS + r) * 10;
            assertThat(template.update("insert into conc_items values (?, ?, ?)", base, owner, "u"))
                    .isEqualTo(1);
            assertThat(template.batchUpdate(
                            "insert into conc_items values (?, ?, ?)",
                            List.of(new Object[] {base + 1, owner, "b"}, new Object[] {base + 2, owner, "b"})))
                    .containsExactly(1, 1);
            tx.executeWithoutResult(s -> {
                template.update("insert into conc_items values (?, ?, ?)", base + 3, owner, "t");
                template.update("insert into conc_items values (?, ?, ?)", base + 4, owner, "t");
                assertThat(template.queryForObject(
                                "select count(*) from conc_items where id between ? and ?", Long.class, base, base + 9))
                        .isEqualTo(5L);
            });
            try {
                tx.executeWithoutResult(s -> {
                    template.update("insert into conc_items values (?, ?, ?)", base + 5, owner, "r");
                    template.update("insert into conc_items values (?, ?, ?)", base, owner, "dup");
                });
                throw new AssertionError("the duplicate went through");
            } catch (DuplicateKeyException expected) {
                // rolled back, base + 5 included
            }
            List<String> values = template.query(
                    "select v from conc_items where id between ? and ? order by id",
                    row -> row.getString(0),
                    base,
                    base + 9);
            assertThat(values).containsExactly("u", "b", "b", "t", "t");
            try (Stream<Integer> ids = template.queryForStream(
                    "select id from conc_items where owner = ? order by id", Integer.class, owner)) {
                assertThat(ids.count()).isEqualTo((r + 1) * 5L);
            }
            assertThat(template.sql("select v from conc_items where id = :id")
                            .param("id", base + 3)
                            .query(String.class)
                            .optional())
                    .contains("t");
        }
    }
}
