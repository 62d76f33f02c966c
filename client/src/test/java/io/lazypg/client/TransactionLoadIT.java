package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Units of work from many threads with failures among them, on a pool smaller than the threads, so
 * that every connection passes from thread to thread with answers left pending (#28): read-only
 * transactions whose COMMIT is not waited for, service transactions whose writes ride with COMMIT,
 * queued writes that violate a constraint at commit, ROLLBACKs (not waited for either), a statement
 * the server rejects, a backend killed in the middle of a transaction, an interrupt while answers
 * are read, a query timeout. Every answer is checked against what its own thread expects (each
 * thread reads only its own counter, so an answer handed to the wrong caller shows), the table's
 * final state against the tallies, and the pool is healthy afterwards.
 *
 * <p>Size: {@code -Dlazypg.load.unitsPerThread=N} (default 270).
 */
@LazyPgTest
class TransactionLoadIT {

    private static final int THREADS = 12;
    private static final int POOL = 4;
    private static final int UNITS = 10;

    private static final String READ = "select id, n from tx_load where id = $1";
    private static final String LOCK = "select id, n from tx_load where id = $1 for update";
    private static final String BUMP = "update tx_load set n = n + 1 where id = $1";
    private static final String LOG = "insert into tx_load_log (thread, seq) values ($1, $2)";

    /** What one thread did, to check against the database afterwards. */
    private static final class Tally {
        long increments;
        long logged;
        long killed;
        long timedOut;
        long units;
    }

    @org.junit.jupiter.api.Test
    void manyThreadsWithFailuresGetTheirOwnAnswersAndLoseNothing(TestPostgres server) throws Exception {
        int perThread = Integer.getInteger("lazypg.load.unitsPerThread", 27 * UNITS);
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .applicationName("lazypg-tx-load")
                .poolMaxSize(POOL)
                .poolAcquireTimeout(Duration.ofSeconds(60))
                .build();
        try (LazyPgClient client = LazyPgClient.create(config);
                LazyPgClient admin = LazyPgClient.connect(server.url())) {
            admin.withConnection(c -> {
                c.executeScript("drop table if exists tx_load_log, tx_load;"
                        + " create table tx_load (id int primary key, n bigint not null);"
                        + " create table tx_load_log (thread int not null, seq bigint not null,"
                        + " primary key (thread, seq));"
                        + " insert into tx_load select i, 0 from generate_series(0, " + (THREADS - 1) + ") i;"
                        + " insert into tx_load_log select i, -1 from generate_series(0, " + (THREADS - 1) + ") i");
                return null;
            });
            ScheduledExecutorService interrupter = Executors.newSingleThreadScheduledExecutor();
            ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(THREADS);
            List<Future<Tally>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(threads.submit(() -> {
                    start.await();
                    Tally tally = new Tally();
                    Units units = new Units(client, admin, interrupter, thread, tally, server.majorVersion());
                    for (int i = 0; i < perThread; i++) {
                        try {
                            units.run(i);
                        } catch (RuntimeException | AssertionError e) {
                            errors.add("thread " + thread + " unit " + i + " (" + i % UNITS + "): " + e);
                        }
                        tally.units++;
                    }
                    return tally;
                }));
            }
            start.countDown();
            List<Tally> tallies = new ArrayList<>();
            for (Future<Tally> f : futures) {
                tallies.add(f.get(10, TimeUnit.MINUTES));
            }
            threads.shutdown();
            interrupter.shutdownNow();

            assertThat(errors)
                    .as("units whose outcome was not the expected one")
                    .isEmpty();
            for (int t = 0; t < THREADS; t++) {
                Tally tally = tallies.get(t);
                assertThat(admin.query(READ, t).get(0).getLong("n"))
                        .as("counter of thread %d", t)
                        .isEqualTo(tally.increments);
                assertThat(admin.query("select count(*) from tx_load_log where thread = $1 and seq >= 0", t)
                                .get(0)
                                .getLong(0))
                        .as("rows logged by thread %d", t)
                        .isEqualTo(tally.logged);
                assertThat(tally.killed)
                        .as("backends killed under thread %d", t)
                        .isPositive();
                assertThat(tally.units).isEqualTo(perThread);
            }

            // The pool is healthy: nothing handed out, and every connection it has answers correctly.
            PoolStats stats = client.poolStats();
            assertThat(stats.active()).as("connections still handed out").isZero();
            assertThat(stats.pending()).isZero();
            List<LazyPgSession> all = new ArrayList<>();
            try {
                for (int i = 0; i < POOL; i++) {
                    LazyPgSession s = client.acquire();
                    all.add(s);
                    assertThat(s.query(READ, i).get(0).getInt("id")).isEqualTo(i);
                    assertThat(s.inTransaction()).isFalse();
                }
            } finally {
                all.forEach(LazyPgSession::close);
            }
            long killed = tallies.stream().mapToLong(x -> x.killed).sum();
            System.out.printf(
                    "TransactionLoadIT: %d threads x %d units on %d connections; %d backends killed, %d timeouts,"
                            + " %d connections opened%n",
                    THREADS,
                    perThread,
                    POOL,
                    killed,
                    tallies.stream().mapToLong(x -> x.timedOut).sum(),
                    client.poolStats().totalCreated());
            assertThat(client.poolStats().totalCreated())
                    .as("killed ones replaced")
                    .isGreaterThan(POOL);
        }
    }

    /** The units of one thread; each checks its own outcome and keeps the tally. */
    private static final class Units {
        private static final AtomicLong SEQUENCE = new AtomicLong();

        private final LazyPgClient client;
        private final LazyPgClient admin;
        private final ScheduledExecutorService interrupter;
        private final int thread;
        private final Tally tally;
        private final int serverVersion;

        Units(
                LazyPgClient client,
                LazyPgClient admin,
                ScheduledExecutorService interrupter,
                int thread,
                Tally tally,
                int serverVersion) {
            this.client = client;
            this.admin = admin;
            this.interrupter = interrupter;
            this.thread = thread;
            this.tally = tally;
            this.serverVersion = serverVersion;
        }

        void run(int i) {
            switch (i % UNITS) {
                case 0 -> readOnly();
                case 1 -> service();
                case 2 -> violationAtCommit();
                case 3 -> rollback();
                case 4 -> rejected();
                case 5 -> killed();
                case 6 -> interrupted();
                case 7 -> timedOut();
                case 8 -> service();
                default -> check(readOwn(client.query(READ, thread)), "autocommit read");
            }
        }

        /** The thread's own row, checked: its id, and the count this thread made. */
        private boolean readOwn(LazyResult result) {
            return result.size() == 1
                    && result.get(0).getInt("id") == thread
                    && result.get(0).getLong("n") == tally.increments;
        }

        private void readOnly() {
            try (LazyPgSession s = client.acquire()) {
                s.begin("READ ONLY");
                check(readOwn(s.query(READ, thread)), "read-only read");
                check("COMMIT".equals(s.commit()), "read-only commit");
            }
        }

        private void service() {
            try (LazyPgSession s = client.acquire()) {
                s.begin();
                check(readOwn(s.query(LOCK, thread)), "locking read");
                PendingUpdate bump = s.executeAtCommit(BUMP, thread);
                PendingUpdate log = s.executeAtCommit(LOG, thread, SEQUENCE.incrementAndGet());
                check("COMMIT".equals(s.commit()), "service commit");
                check(bump.rowCount() == 1 && log.rowCount() == 1, "row counts");
            }
            tally.increments++;
            tally.logged++;
        }

        private void violationAtCommit() {
            try (LazyPgSession s = client.acquire()) {
                s.begin();
                PendingUpdate bump = s.executeAtCommit(BUMP, thread);
                s.executeAtCommit(LOG, thread, -1L); // the row (thread, -1) exists
                try {
                    s.commit();
                    throw new AssertionError("the duplicate committed");
                } catch (PgCommitException e) {
                    PendingUpdate failed = e.write();
                    check("23505".equals(e.sqlState()) && failed != null && failed.position() == 2, e.toString());
                }
                check(!bump.isDone() && !s.inTransaction(), "rolled back");
                check(readOwn(s.query(READ, thread)), "read after the failed commit");
            }
        }

        private void rollback() {
            try (LazyPgSession s = client.acquire()) {
                s.begin();
                check(s.execute(BUMP, thread) == 1, "bump");
                s.execute(LOG, thread, SEQUENCE.incrementAndGet());
                s.rollback();
            }
        }

        private void rejected() {
            try (LazyPgSession s = client.acquire()) {
                s.begin("READ ONLY");
                try {
                    s.query("select no_such_column from tx_load where id = $1", thread);
                    throw new AssertionError("the server ran it");
                } catch (PgServerException e) {
                    check("42703".equals(e.sqlState()), e.toString());
                }
                check("ROLLBACK".equals(s.commit()), "the failed transaction rolls back");
                check(readOwn(s.query(READ, thread)), "read after");
            }
        }

        private void killed() {
            LazyPgSession s = client.acquire();
            try {
                s.begin();
                int pid = s.query("select pg_backend_pid()").get(0).getInt(0);
                s.execute(BUMP, thread);
                String kill = serverVersion >= 14
                        ? "select pg_terminate_backend($1, 10000)" // waits until the backend is gone
                        : "select pg_terminate_backend($1)";
                check(admin.query(kill, pid).get(0).getBoolean(0), "killed");
                try {
                    s.execute(LOG, thread, SEQUENCE.incrementAndGet());
                    s.commit();
                    throw new AssertionError("a killed backend committed");
                } catch (PgConnectionClosedException | PgServerException e) {
                    tally.killed++; // the transaction died with its backend
                }
            } finally {
                s.close();
            }
        }

        private void interrupted() {
            Thread me = Thread.currentThread();
            ScheduledFuture<?> interrupt = interrupter.schedule(me::interrupt, 5, TimeUnit.MILLISECONDS);
            try (LazyPgSession s = client.acquire()) {
                s.begin("READ ONLY");
                LazyResult r = s.query("select id, n, pg_sleep(0.02) from tx_load where id = $1", thread);
                check(readOwn(r), "read while interrupted");
                check("COMMIT".equals(s.commit()), "commit while interrupted");
            } catch (PgException e) {
                // an interrupt may stop the wait for a connection: nothing ran then
                String message = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
                check(message.contains("interrupt"), e.toString());
            } finally {
                while (true) { // wait for the interrupt to have been delivered, so it cannot hit a later unit
                    try {
                        interrupt.get();
                        break;
                    } catch (InterruptedException e) {
                        // the flag it set, still up: cleared by throwing; wait again
                    } catch (java.util.concurrent.ExecutionException e) {
                        throw new AssertionError(e);
                    }
                }
                Thread.interrupted(); // the unit is over: the flag does not reach the next one
            }
        }

        private void timedOut() {
            try (LazyPgSession s = client.acquire()) {
                s.begin();
                s.execute(BUMP, thread);
                s.queryTimeout(Duration.ofMillis(20));
                try {
                    s.query("select pg_sleep(5)");
                    throw new AssertionError("not timed out");
                } catch (PgTimeoutException | PgServerException e) {
                    tally.timedOut++;
                }
                s.rollback();
                s.queryTimeout(null);
                check(readOwn(s.query(READ, thread)), "read after the timeout");
            } catch (PgConnectionClosedException e) {
                tally.timedOut++; // a timeout that had to give up the socket: the transaction went with it
            }
        }

        private static void check(boolean ok, String what) {
            if (!ok) {
                throw new AssertionError(what);
            }
        }
    }
}
