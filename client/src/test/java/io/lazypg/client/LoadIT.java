package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * 16 threads share one client whose pool has 4 connections (without and with pipelining), each running a fixed number of mixed
 * operations: point reads, autocommit writes to its own counter and to one shared (contended)
 * counter, committed transactions (BEGIN, two writes, COMMIT on one connection), rolled-back
 * transactions, and streamed reads. Afterwards every counter must equal the number of increments
 * each thread made, no operation may have failed, and no connection may be left handed out.
 *
 * <p>Size: {@code -Dlazypg.load.queriesPerThread=N} (default 500, so the normal build stays fast;
 * the full size is 20000). A safety bound {@code -Dlazypg.load.maxSeconds} (default 300)
 * stops the threads early instead of hanging the build; the correctness checks hold for whatever
 * ran, and a run cut short says so. Throughput and latency percentiles are printed, not asserted.
 *
 * <pre>
 * mvn -B -q -pl client -am verify -Dtest=none -Dit.test=LoadIT -Dlazypg.load.queriesPerThread=20000 \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false
 * </pre>
 */
@LazyPgTest
class LoadIT {

    private static final int THREADS = 16;
    private static final int POOL = 4;

    /** What one thread did, to check against the database afterwards. */
    private static final class Tally {
        long ownIncrements;
        long sharedIncrements;
        long committedTransactions;
        long operations;
        long[] latencies;
    }

    /**
     * Once with each statement on a connection of its own, once with pipelining: then the
     * one-statement calls (reads, autocommit writes, the contended counter) share busy connections
     * with up to 8 in flight on each, beside transactions and streams that keep theirs. A third run
     * polls for answers before sleeping ({@code receive_spin}), so reads of every kind, streams
     * included, go through the spinning input while threads crowd it.
     */
    @ParameterizedTest(name = "pipelining_limit={0}, receive_spin={1}us")
    @CsvSource({"1, 0", "8, 0", "1, 50"})
    void sixteenThreadsOnFourConnectionsLoseNothingAndLeakNothing(
            int pipeliningLimit, long receiveSpinMicros, TestPostgres server) throws Exception {
        int perThread = Integer.getInteger("lazypg.load.queriesPerThread", 500);
        long maxNanos = TimeUnit.SECONDS.toNanos(Long.getLong("lazypg.load.maxSeconds", 300));
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .applicationName("lazypg-load")
                .poolMaxSize(POOL)
                .poolAcquireTimeout(Duration.ofSeconds(60))
                .pipeliningLimit(pipeliningLimit)
                .receiveSpin(Duration.ofNanos(receiveSpinMicros * 1000))
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            client.withConnection(c -> {
                c.executeScript("drop table if exists load_counters, load_shared, load_log;"
                        + " create table load_counters (id int primary key, n bigint not null);"
                        + " create table load_shared (id int primary key, n bigint not null);"
                        + " create table load_log (thread int not null, seq bigint not null, primary key (thread, seq));"
                        + " insert into load_counters select i, 0 from generate_series(0, " + (THREADS - 1) + ") i;"
                        + " insert into load_shared values (1, 0)");
                return null;
            });

            ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
            CountDownLatch start = new CountDownLatch(1);
            long deadline = System.nanoTime() + maxNanos;
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<Tally>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    return work(client, thread, perThread, deadline, errors);
                }));
            }
            long began = System.nanoTime();
            start.countDown();
            List<Tally> tallies = new ArrayList<>();
            for (Future<Tally> f : futures) {
                tallies.add(f.get(maxNanos + TimeUnit.SECONDS.toNanos(60), TimeUnit.NANOSECONDS));
            }
            long elapsed = System.nanoTime() - began;
            pool.shutdown();

            assertThat(errors).as("failed operations").isEmpty();
            long operations = tallies.stream().mapToLong(x -> x.operations).sum();
            long shared = tallies.stream().mapToLong(x -> x.sharedIncrements).sum();
            long committed =
                    tallies.stream().mapToLong(x -> x.committedTransactions).sum();
            if (operations < (long) THREADS * perThread) {
                System.out.printf(
                        "LoadIT: stopped by the %d s bound after %d of %d operations%n",
                        TimeUnit.NANOSECONDS.toSeconds(maxNanos), operations, (long) THREADS * perThread);
            }
            assertThat(operations).isPositive();

            // Every result is correct: each counter was incremented exactly as often as its thread did.
            LazyResult counters = client.query("select id, n from load_counters order by id");
            for (int t = 0; t < THREADS; t++) {
                assertThat(counters.get(t).getLong("n"))
                        .as("counter of thread %d", t)
                        .isEqualTo(tallies.get(t).ownIncrements);
            }
            assertThat(client.query("select n from load_shared where id = 1")
                            .get(0)
                            .getLong(0))
                    .as("the shared counter")
                    .isEqualTo(shared);
            assertThat(client.query("select count(*) from load_log").get(0).getLong(0))
                    .as("rows written by committed transactions")
                    .isEqualTo(committed);

            if (pipeliningLimit > 1) {
                assertThat(client.pipelinedStatements())
                        .as("statements sent behind another on a shared connection")
                        .isPositive();
            } else {
                assertThat(client.pipelinedStatements()).isZero();
            }

            PoolStats stats = client.poolStats();
            assertThat(stats.active()).as("connections still handed out").isZero();
            assertThat(stats.pending()).isZero();
            assertThat(stats.idle()).isBetween(1, POOL);
            assertThat(stats.totalCreated())
                    .as("connections opened (none broke)")
                    .isLessThanOrEqualTo(POOL);

            long[] all = tallies.stream()
                    .flatMapToLong(x -> Arrays.stream(x.latencies, 0, (int) x.operations))
                    .sorted()
                    .toArray();
            double seconds = elapsed / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "LoadIT (PostgreSQL %d): %d threads x %d operations on a pool of %d, pipelining_limit %d,"
                            + " receive_spin %d us: %d"
                            + " operations in %.2f s, %.0f ops/s; latency p50 %.2f ms, p99 %.2f ms, max %.2f ms;"
                            + " connections opened %d; statements pipelined %d%n",
                    server.majorVersion(),
                    THREADS,
                    perThread,
                    POOL,
                    pipeliningLimit,
                    receiveSpinMicros,
                    operations,
                    seconds,
                    operations / seconds,
                    percentile(all, 0.50),
                    percentile(all, 0.99),
                    all[all.length - 1] / 1e6,
                    stats.totalCreated(),
                    client.pipelinedStatements());
        }
    }

    private static double percentile(long[] sorted, double p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }

    private static Tally work(
            LazyPgClient client, int thread, int operations, long deadline, ConcurrentLinkedQueue<String> errors) {
        Tally tally = new Tally();
        tally.latencies = new long[operations];
        for (int i = 0; i < operations && System.nanoTime() < deadline; i++) {
            long t0 = System.nanoTime();
            try {
                operation(client, thread, i, tally);
            } catch (RuntimeException | AssertionError e) {
                errors.add("thread " + thread + " operation " + i + ": " + e);
            }
            tally.latencies[i] = System.nanoTime() - t0;
            tally.operations++;
        }
        return tally;
    }

    private static void operation(LazyPgClient client, int thread, int i, Tally tally) {
        switch (i % 6) {
            case 0 -> { // point read of its own counter: sees exactly its own committed increments
                long n = client.query("select n from load_counters where id = $1", thread)
                        .get(0)
                        .getLong(0);
                check(n == tally.ownIncrements, "read " + n + ", expected " + tally.ownIncrements);
            }
            case 1 -> { // autocommit write
                check(client.execute("update load_counters set n = n + 1 where id = $1", thread) == 1, "update count");
                tally.ownIncrements++;
            }
            case 2 -> { // a committed transaction: two writes on one connection
                client.withConnection(c -> {
                    c.executeScript("begin");
                    c.execute("update load_counters set n = n + 1 where id = $1", thread);
                    c.execute("insert into load_log (thread, seq) values ($1, $2)", thread, (long) i);
                    c.executeScript("commit");
                    return null;
                });
                tally.ownIncrements++;
                tally.committedTransactions++;
            }
            case 3 -> { // the shared, contended counter
                check(client.execute("update load_shared set n = n + 1 where id = 1") == 1, "shared update count");
                tally.sharedIncrements++;
            }
            case 4 -> { // a rolled-back transaction leaves nothing behind
                client.withConnection(c -> {
                    c.executeScript("begin");
                    c.execute("update load_counters set n = n + 1000000 where id = $1", thread);
                    c.execute("insert into load_log (thread, seq) values ($1, $2)", thread, (long) i);
                    c.executeScript("rollback");
                    return null;
                });
            }
            default -> { // a streamed read, row by row
                long[] sum = new long[1];
                client.query("select i from generate_series(1, $1::int) i", row -> sum[0] += row.getInt(0), 100);
                check(sum[0] == 5050, "streamed sum " + sum[0]);
            }
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
