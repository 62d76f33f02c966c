package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Pipelining ({@code pipelining_limit}): more threads than connections, so statements share busy
 * connections. Every thread sends values of its own and checks it gets exactly them back; failing
 * statements sit between succeeding ones; a transaction keeps its connection; a backend killed
 * mid-pipeline fails only what was in flight on it. Each test also checks that statements really
 * were pipelined ({@link LazyPgClient#pipelinedStatements()}), so none passes by running alone.
 */
@LazyPgTest
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PipeliningIT {

    private static final int THREADS = 12;

    private static LazyPgClient client(TestPostgres server, int poolSize, int limit) {
        return LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(poolSize)
                .poolAcquireTimeout(Duration.ofSeconds(60))
                .pipeliningLimit(limit)
                .build());
    }

    /** Runs {@code work(thread, iteration)} on THREADS threads at once; returns what they threw. */
    private static List<Throwable> onThreads(int iterations, ThreadWork work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        CountDownLatch start = new CountDownLatch(1);
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                start.await();
                for (int i = 0; i < iterations; i++) {
                    try {
                        work.run(thread, i);
                    } catch (RuntimeException | AssertionError e) {
                        failures.add(e);
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : futures) {
            f.get(150, TimeUnit.SECONDS);
        }
        pool.shutdown();
        return new ArrayList<>(failures);
    }

    @FunctionalInterface
    private interface ThreadWork {
        void run(int thread, int iteration);
    }

    @Test
    void everyThreadGetsItsOwnAnswerFromSharedConnections(TestPostgres server) throws Exception {
        try (LazyPgClient client = client(server, 2, 8)) {
            List<Throwable> failures = onThreads(400, (thread, i) -> {
                long sent = thread * 1_000_000L + i;
                LazyResult r = client.query("select $1::int8 as v, repeat('x', ($1 % 50)::int) as pad", sent);
                assertThat(r.size()).isEqualTo(1);
                assertThat(r.get(0).getLong("v")).isEqualTo(sent);
                assertThat(r.get(0).getString("pad")).hasSize((int) (sent % 50));
            });

            assertThat(failures).isEmpty();
            assertThat(client.pipelinedStatements()).isPositive();
            PoolStats stats = client.poolStats();
            assertThat(stats.active()).as("connections still handed out").isZero();
            assertThat(stats.totalCreated()).isLessThanOrEqualTo(2);
            assertThat(stats.totalClosed()).as("connections that broke").isZero();
        }
    }

    @Test
    void aFailingStatementFailsAloneAndItsNeighboursRunAsIfItWereNotThere(TestPostgres server) throws Exception {
        try (LazyPgClient client = client(server, 2, 8)) {
            client.execute("drop table if exists pipelined_writes");
            client.execute("create table pipelined_writes (thread int, i int, primary key (thread, i))");
            AtomicLong divisionErrors = new AtomicLong();
            AtomicLong duplicateErrors = new AtomicLong();
            AtomicLong inserted = new AtomicLong();
            List<Throwable> failures = onThreads(300, (thread, i) -> {
                int divisor = i % 7 == 0 ? 0 : i; // every 7th statement divides by zero
                try {
                    long q = client.query("select 840 / $1::int4 as q", divisor)
                            .get(0)
                            .getLong(0);
                    assertThat(divisor).isNotZero();
                    assertThat(q).isEqualTo(840 / divisor);
                } catch (PgServerException e) {
                    assertThat(divisor).isZero();
                    assertThat(e.sqlState()).isEqualTo("22012");
                    divisionErrors.incrementAndGet();
                }
                int key = i % 5 == 4 ? i - 1 : i; // every 5th insert repeats the previous key
                try {
                    assertThat(client.execute("insert into pipelined_writes values ($1, $2)", thread, key))
                            .isEqualTo(1);
                    inserted.incrementAndGet();
                } catch (PgServerException e) {
                    assertThat(e.sqlState()).isEqualTo("23505");
                    duplicateErrors.incrementAndGet();
                }
            });

            assertThat(failures).isEmpty();
            assertThat(divisionErrors.get()).isEqualTo(THREADS * ((300 + 6) / 7L));
            assertThat(duplicateErrors.get()).isEqualTo(THREADS * (300 / 5L));
            // each insert that succeeded committed on its own; none was rolled back by a neighbour's error
            assertThat(client.query("select count(*) from pipelined_writes")
                            .get(0)
                            .getLong(0))
                    .isEqualTo(inserted.get())
                    .isEqualTo(THREADS * 300L - duplicateErrors.get());
            assertThat(client.pipelinedStatements()).isPositive();
            assertThat(client.poolStats().totalClosed())
                    .as("server errors break nothing")
                    .isZero();
        }
    }

    @Test
    void aTransactionKeepsItsConnectionToItself(TestPostgres server) throws Exception {
        try (LazyPgClient client = client(server, 3, 8)) {
            Set<Integer> pipelinedBackends = ConcurrentHashMap.newKeySet();
            AtomicBoolean stop = new AtomicBoolean();
            int transactionBackend;
            List<Throwable> failures;
            try (LazyPgSession tx = client.acquire()) {
                tx.executeScript("begin");
                transactionBackend = tx.query("select pg_backend_pid()").get(0).getInt(0);
                Thread inTransaction = new Thread(() -> {
                    for (int i = 0; !stop.get(); i++) {
                        tx.execute("select $1::int", i);
                    }
                });
                inTransaction.start();
                failures = onThreads(
                        200,
                        (thread, i) -> pipelinedBackends.add(client.query("select pg_backend_pid(), $1::int", i)
                                .get(0)
                                .getInt(0)));
                stop.set(true);
                inTransaction.join();
                assertThat(tx.inTransaction()).isTrue();
                tx.executeScript("commit");
            }

            assertThat(failures).isEmpty();
            assertThat(pipelinedBackends).isNotEmpty().doesNotContain(transactionBackend);
            assertThat(client.pipelinedStatements()).isPositive();
        }
    }

    @Test
    void aBackendKilledMidPipelineFailsWhatWasInFlightOnItAndThePoolRecovers(TestPostgres server) throws Exception {
        int behind = 6;
        try (LazyPgClient client = client(server, 1, 16);
                LazyPgClient watcher = LazyPgClient.connect(server.url())) {
            String sql = "select pg_sleep($1), $2::int";
            client.query(sql, 0.0, 0); // prepared on the one connection, so it can be pipelined
            int victim = client.query("select pg_backend_pid()").get(0).getInt(0);
            ExecutorService threads = Executors.newFixedThreadPool(behind + 1);
            Future<?> sleeper = threads.submit(() -> client.query(sql, 30.0, 0));
            // the sleep runs on the one connection; then the others are sent behind it
            awaitTrue(() ->
                    watcher.query("select count(*) from pg_stat_activity where pid = $1 and state = 'active'", victim)
                                    .get(0)
                                    .getLong(0)
                            == 1);
            List<Future<?>> queued = new ArrayList<>();
            for (int i = 0; i < behind; i++) {
                int value = i;
                queued.add(threads.submit(() -> client.query(sql, 0.0, value)));
            }
            awaitTrue(() -> client.pipelinedStatements() == behind);

            watcher.query("select pg_terminate_backend($1)", victim);

            assertThat(failureOf(sleeper))
                    .isInstanceOf(PgConnectionClosedException.class)
                    .hasMessageContaining("Lost the connection");
            for (Future<?> f : queued) {
                assertThat(failureOf(f))
                        .isInstanceOf(PgConnectionClosedException.class)
                        .hasMessageContaining("pipelining_limit")
                        .hasMessageContaining("may or may not have run");
            }
            threads.shutdown();
            // the pool discarded the broken connection and serves on a new one
            assertThat(client.query("select 42").get(0).getInt(0)).isEqualTo(42);
            assertThat(client.poolStats().active()).isZero();
            assertThat(client.poolStats().totalClosed()).isEqualTo(1);
        }
    }

    private static Throwable failureOf(Future<?> f) throws InterruptedException, TimeoutException {
        try {
            f.get(60, TimeUnit.SECONDS);
            throw new AssertionError("expected the statement to fail");
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    private static void awaitTrue(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 60 s");
            }
            Thread.sleep(5);
        }
    }

    @Test
    void aStatementSessionHoldsNoConnectionUntilACallNeedsOneThenKeepsIt(TestPostgres server) {
        try (LazyPgClient client = client(server, 2, 8);
                LazyPgSession session = client.acquireForStatement()) {
            assertThat(session.query("select $1::int", 7).get(0).getInt(0)).isEqualTo(7);
            assertThat(client.poolStats().active())
                    .as("nothing held between statements")
                    .isZero();

            session.executeScript("set application_name = 'statement-session'"); // session state: binds
            assertThat(client.poolStats().active()).isEqualTo(1);
            assertThat(session.query("select current_setting('application_name')")
                            .get(0)
                            .getString(0))
                    .isEqualTo("statement-session");
            session.executeScript("begin");
            assertThat(session.inTransaction()).isTrue();
            session.executeScript("rollback");
        }
    }

    @Test
    void withoutALimitAboveOneNothingIsPipelined(TestPostgres server) throws Exception {
        try (LazyPgClient client = client(server, 2, 1)) {
            List<Throwable> failures = onThreads(
                    50, (thread, i) -> client.query("select $1::int", i).get(0));
            assertThat(failures).isEmpty();
            assertThat(client.pipelinedStatements()).isZero();
        }
    }

    @Test
    void aQueryTimeoutTurnsPipeliningOff(TestPostgres server) throws Exception {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(2)
                .pipeliningLimit(8)
                .queryTimeout(Duration.ofSeconds(30))
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            List<Throwable> failures = onThreads(
                    50, (thread, i) -> client.query("select $1::int", i).get(0));
            assertThat(failures).isEmpty();
            assertThat(client.pipelinedStatements()).isZero();
        }
    }
}
