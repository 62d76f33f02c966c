package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One thread's pipelines from many threads on a pool smaller than the threads, with failures among
 * them (#28, Correctness): pipelines outside transactions (each statement its own implicit
 * transaction) and inside them (the first failure aborts, the rest are skipped), mixed with
 * {@code executeAtCommit} and batches; failures injected: constraint violations, statements the
 * server rejects at run time (division by zero, a bad cast, a constant division the planner folds)
 * and at parse (an undefined column, a syntax error), a backend killed while it runs a pipeline's
 * statement ({@code pg_terminate_backend} from another connection), an interrupt while a pipeline's
 * answers are read, and the query timeout firing in a pipeline.
 *
 * <p>Every statement's result is checked against what its own call queued: a read selects back a
 * token unique to the statement (thread, unit, position), and each thread bumps only its own
 * counter, so a result handed to the wrong statement or the wrong caller shows as a wrong token or
 * a wrong count. Afterwards the table holds exactly what the threads know committed (a transaction
 * whole or not at all), the pool has every connection back and each answers, and no session of the
 * client is left in a transaction or running on the server ({@code pg_stat_activity}).
 *
 * <p>Deterministic choices: {@code -Dlazypg.load.seed=N} (default 28); size {@code
 * -Dlazypg.load.pipelineUnitsPerThread=N} (default 100, about 10 s on the loaded 2-core machine).
 */
@LazyPgTest
class PipelineLoadIT {

    private static final int THREADS = 12;
    private static final int POOL = 3;
    private static final String APP = "lazypg-pipeline-load";

    private static final String READ = "select $1::int8 as token, n from pl_load where id = $2";
    private static final String BUMP = "update pl_load set n = n + 1 where id = $1 returning n, $2::int8 as token";
    private static final String LOG = "insert into pl_load_log (thread, seq) values ($1, $2)";

    /** One queued statement and what it must answer. */
    private enum Kind {
        READ,
        BUMP,
        LOG,
        DUPLICATE("23505"),
        DIVISION_BY_ZERO("22012"),
        CONSTANT_DIVISION("22012"),
        BAD_CAST("22P02"),
        UNDEFINED_COLUMN("42703"),
        SYNTAX_ERROR("42601");

        final String sqlState;

        Kind() {
            this(null);
        }

        Kind(String sqlState) {
            this.sqlState = sqlState;
        }

        boolean fails() {
            return sqlState != null;
        }
    }

    private record Planned(Kind kind, long token, long seq) {}

    @Test
    void pipelinesOfManyThreadsWithFailuresGetTheirOwnAnswersAndCommitWhole(TestPostgres server) throws Exception {
        int perThread = Integer.getInteger("lazypg.load.pipelineUnitsPerThread", 100);
        long seed = Long.getLong("lazypg.load.seed", 28);
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .applicationName(APP)
                .poolMaxSize(POOL)
                .poolAcquireTimeout(Duration.ofSeconds(60))
                .build();
        try (LazyPgClient client = LazyPgClient.create(config);
                LazyPgClient admin = LazyPgClient.connect(server.url())) {
            admin.withConnection(c -> {
                c.executeScript("drop table if exists pl_load_log, pl_load;"
                        + " create table pl_load (id int primary key, n bigint not null);"
                        + " create table pl_load_log (thread int not null, seq bigint not null,"
                        + " primary key (thread, seq));"
                        + " insert into pl_load select i, 0 from generate_series(0, " + (THREADS - 1) + ") i;"
                        + " insert into pl_load_log select i, -1 from generate_series(0, " + (THREADS - 1) + ") i");
                return null;
            });
            ScheduledExecutorService helpers = Executors.newScheduledThreadPool(2);
            ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService threads = Executors.newFixedThreadPool(THREADS);
            List<Future<Units>> futures = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                futures.add(threads.submit(() -> {
                    start.await();
                    Units units = new Units(client, admin, helpers, thread, new Random(seed * 1_000 + thread));
                    for (int i = 0; i < perThread; i++) {
                        try {
                            units.run();
                        } catch (RuntimeException | AssertionError e) {
                            errors.add("thread " + thread + " unit " + i + " (" + units.current + "): " + e);
                            units.resync(); // reported: later units are checked against what the table holds
                        } finally {
                            Thread.interrupted(); // an interrupt unit's flag ends with it
                        }
                    }
                    return units;
                }));
            }
            start.countDown();
            List<Units> all = new ArrayList<>();
            for (Future<Units> f : futures) {
                all.add(f.get(5, TimeUnit.MINUTES));
            }
            threads.shutdown();
            helpers.shutdownNow();

            assertThat(errors)
                    .as("units whose outcome was not the expected one")
                    .isEmpty();
            long killed = 0;
            long timedOut = 0;
            long interrupted = 0;
            long failures = 0;
            for (Units u : all) {
                assertThat(admin.query("select n from pl_load where id = $1", u.thread)
                                .get(0)
                                .getLong(0))
                        .as("counter of thread %d", u.thread)
                        .isEqualTo(u.committedN);
                TreeSet<Long> logged = new TreeSet<>();
                for (LazyRow row :
                        admin.query("select seq from pl_load_log where thread = $1 and seq >= 0", u.thread)) {
                    logged.add(row.getLong(0));
                }
                assertThat(logged).as("rows logged by thread %d", u.thread).isEqualTo(u.committedSeqs);
                killed += u.killed;
                timedOut += u.timedOut;
                interrupted += u.interruptedPipelines;
                failures += u.serverFailures;
            }
            assertThat(killed).as("backends killed mid-pipeline").isPositive();
            assertThat(timedOut).as("pipelines timed out").isPositive();
            assertThat(failures).as("statements failed on the server").isPositive();

            // The pool is healthy: nothing handed out, every connection answers, none in a transaction.
            PoolStats stats = client.poolStats();
            assertThat(stats.active()).as("connections still handed out").isZero();
            assertThat(stats.pending()).isZero();
            List<LazyPgSession> sessions = new ArrayList<>();
            try {
                for (int i = 0; i < POOL; i++) {
                    LazyPgSession s = client.acquire();
                    sessions.add(s);
                    List<LazyResult> r = s.pipeline(p -> {
                        p.query(READ, 7L, 0);
                        p.query(READ, 8L, 1);
                    });
                    assertThat(r.get(0).get(0).getLong("token")).isEqualTo(7L);
                    assertThat(r.get(1).get(0).getLong("token")).isEqualTo(8L);
                    assertThat(s.inTransaction()).isFalse();
                }
            } finally {
                sessions.forEach(LazyPgSession::close);
            }
            assertThat(serverSessionsNotIdle(admin))
                    .as("sessions of the client in a transaction or still running on the server")
                    .isEmpty();
            System.out.printf(
                    "PipelineLoadIT: %d threads x %d units on %d connections (seed %d): %d statements failed on"
                            + " the server, %d backends killed, %d timeouts, %d pipelines cut short by an interrupt,"
                            + " %d connections opened%n",
                    THREADS,
                    perThread,
                    POOL,
                    seed,
                    failures,
                    killed,
                    timedOut,
                    interrupted,
                    client.poolStats().totalCreated());
        }
    }

    /** The client's server sessions whose state is not idle, polled for up to 5 s (a pending answer is read within 5 ms). */
    private static List<String> serverSessionsNotIdle(LazyPgClient admin) throws InterruptedException {
        List<String> busy = new ArrayList<>();
        for (int attempt = 0; attempt < 50; attempt++) {
            busy.clear();
            for (LazyRow row : admin.query(
                    "select pid, state, query from pg_stat_activity where application_name = $1 and state <> 'idle'",
                    APP)) {
                busy.add(row.getInt(0) + " " + row.getString(1) + ": " + row.getString(2));
            }
            if (busy.isEmpty()) {
                return busy;
            }
            Thread.sleep(100);
        }
        return busy;
    }

    /** The units of one thread: each checks its own outcome and keeps what committed. */
    private static final class Units {
        private final LazyPgClient client;
        private final LazyPgClient admin;
        private final ScheduledExecutorService helpers;
        final int thread;
        private final Random random;

        /** The thread's counter as committed, and the log rows committed. */
        long committedN;

        final TreeSet<Long> committedSeqs = new TreeSet<>();
        private long nextSeq;
        private long nextToken;
        String current = "";
        long killed;
        long timedOut;
        long interruptedPipelines;
        long serverFailures;

        Units(LazyPgClient client, LazyPgClient admin, ScheduledExecutorService helpers, int thread, Random random) {
            this.client = client;
            this.admin = admin;
            this.helpers = helpers;
            this.thread = thread;
            this.random = random;
        }

        /** After a unit that failed its checks: what committed, as the table says. */
        void resync() {
            Thread.interrupted();
            committedN = admin.query("select n from pl_load where id = $1", thread)
                    .get(0)
                    .getLong(0);
            committedSeqs.clear();
            for (LazyRow row : admin.query("select seq from pl_load_log where thread = $1 and seq >= 0", thread)) {
                committedSeqs.add(row.getLong(0));
            }
        }

        void run() throws Exception {
            int dice = random.nextInt(100);
            if (dice < 30) {
                current = "autocommit pipeline";
                autocommitPipeline();
            } else if (dice < 50) {
                current = "transaction pipeline";
                transactionPipeline(false);
            } else if (dice < 58) {
                current = "transaction pipeline + executeAtCommit";
                transactionPipeline(true);
            } else if (dice < 66) {
                current = "batch";
                batch();
            } else if (dice < 74) {
                current = "killed backend";
                killed(random.nextBoolean());
            } else if (dice < 84) {
                current = "interrupt";
                interrupted(random.nextBoolean());
            } else if (dice < 94) {
                current = "query timeout";
                timedOut(random.nextBoolean());
            } else {
                current = "withConnection pipeline";
                client.withConnection(c -> {
                    long token = token();
                    List<LazyResult> r = c.pipeline(p -> p.query(READ, token, thread));
                    checkRead(r.get(0), token, committedN, "withConnection read");
                    return null;
                });
            }
        }

        private long token() {
            return ((long) thread << 40) | ++nextToken;
        }

        private Planned plan(boolean failuresToo) {
            int dice = random.nextInt(failuresToo ? 100 : 60);
            if (dice < 25) {
                return new Planned(Kind.READ, token(), 0);
            } else if (dice < 40) {
                return new Planned(Kind.BUMP, token(), 0);
            } else if (dice < 60) {
                return new Planned(Kind.LOG, 0, ++nextSeq);
            }
            Kind[] failing = {
                Kind.DUPLICATE,
                Kind.DIVISION_BY_ZERO,
                Kind.CONSTANT_DIVISION,
                Kind.BAD_CAST,
                Kind.UNDEFINED_COLUMN,
                Kind.SYNTAX_ERROR
            };
            return new Planned(failing[random.nextInt(failing.length)], token(), 0);
        }

        private PipelineResult<LazyResult> queue(LazyPgPipeline p, Planned s) {
            return switch (s.kind) {
                case READ -> p.query(READ, s.token, thread);
                case BUMP -> p.query(BUMP, thread, s.token);
                case LOG -> p.query(LOG, thread, s.seq);
                case DUPLICATE -> p.query(LOG, thread, -1L);
                case DIVISION_BY_ZERO -> p.query("select $1::int8 / $2::int4 as token", s.token, 0);
                case CONSTANT_DIVISION -> p.query("select 1 / 0 as token, $1::int8", s.token);
                case BAD_CAST -> p.query("select $1::text::int8 as token", "x" + s.token);
                case UNDEFINED_COLUMN -> p.query("select no_such_column from pl_load where id = $1", thread);
                case SYNTAX_ERROR -> p.query("selec $1::int8 as token", s.token);
            };
        }

        /**
         * Checks statement {@code s}'s answer as run in order after those before it, with {@code n}
         * the thread's counter before it; returns the counter after it.
         */
        private long checkAnswer(Planned s, PipelineResult<LazyResult> handle, long n, String what) {
            switch (s.kind) {
                case READ -> checkRead(handle.get(), s.token, n, what);
                case BUMP -> {
                    LazyResult r = handle.get();
                    check(r.size() == 1, what + ": bump rows " + r.size());
                    check(
                            r.get(0).getLong("token") == s.token,
                            what + ": bump token " + r.get(0).getLong("token"));
                    check(
                            r.get(0).getLong("n") == n + 1,
                            what + ": bumped to " + r.get(0).getLong("n") + ", not " + (n + 1));
                    return n + 1;
                }
                case LOG -> check(handle.get().rowsAffected() == 1, what + ": log row");
                default -> throw new AssertionError(s.kind + " is no success");
            }
            return n;
        }

        private void checkRead(LazyResult r, long token, long n, String what) {
            check(r.size() == 1, what + ": " + r.size() + " rows");
            check(
                    r.get(0).getLong("token") == token,
                    what + ": token " + r.get(0).getLong("token") + ", not " + token);
            check(r.get(0).getLong("n") == n, what + ": counter " + r.get(0).getLong("n") + ", not " + n);
        }

        private void checkFailure(Planned s, PipelineResult<LazyResult> handle, int index, String what) {
            check(handle.isDone() && !handle.succeeded(), what + ": statement " + index + " succeeded");
            try {
                handle.get();
                throw new AssertionError(what + ": statement " + index + " gave a result");
            } catch (PgPipelineException e) {
                check(
                        e.statementIndex() == index,
                        what + ": failure of statement " + e.statementIndex() + " in " + index);
                check(
                        s.kind.sqlState.equals(e.sqlState()),
                        what + ": " + s.kind + " failed with " + e.sqlState() + ": " + e);
            }
        }

        /** Statements each in its own implicit transaction: the failing ones fail alone. */
        private void autocommitPipeline() {
            int k = 2 + random.nextInt(7);
            List<Planned> plan = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                plan.add(plan(true));
            }
            List<PipelineResult<LazyResult>> handles = new ArrayList<>();
            List<Integer> failing = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                if (plan.get(i).kind.fails()) {
                    failing.add(i);
                }
            }
            try (LazyPgSession s = client.acquire()) {
                try {
                    s.pipeline(p -> plan.forEach(x -> handles.add(queue(p, x))));
                    check(failing.isEmpty(), "no failure reported, " + failing + " expected");
                } catch (PgPipelineException e) {
                    check(!failing.isEmpty(), "failure reported, none expected: " + e);
                    check(e.statementIndex() == failing.get(0), "call's failure at " + e.statementIndex() + ": " + e);
                    check(e.failedStatements().equals(failing), "failed " + e.failedStatements() + ", not " + failing);
                    check(!e.transactionAborted() && e.skippedStatements().isEmpty(), "skipped outside a transaction");
                }
                serverFailures += failing.size();
                long n = committedN;
                for (int i = 0; i < k; i++) {
                    Planned x = plan.get(i);
                    if (x.kind.fails()) {
                        checkFailure(x, handles.get(i), i, "autocommit");
                    } else {
                        n = checkAnswer(x, handles.get(i), n, "autocommit statement " + i);
                        if (x.kind == Kind.LOG) {
                            committedSeqs.add(x.seq);
                        }
                    }
                }
                committedN = n;
            }
        }

        /** Statements sharing a transaction: all of it commits, or none of it. */
        private void transactionPipeline(boolean atCommit) {
            int k = 2 + random.nextInt(7);
            List<Planned> plan = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                plan.add(plan(false));
            }
            int fail = random.nextInt(3) == 0 ? random.nextInt(k) : -1;
            if (fail >= 0) {
                Planned failing;
                do {
                    failing = plan(true);
                } while (!failing.kind.fails());
                plan.set(fail, failing);
            }
            List<PipelineResult<LazyResult>> handles = new ArrayList<>();
            try (LazyPgSession s = client.acquire()) {
                if (random.nextBoolean()) {
                    s.begin();
                } else {
                    s.begin("ISOLATION LEVEL REPEATABLE READ");
                }
                boolean failed = false;
                try {
                    s.pipeline(p -> plan.forEach(x -> handles.add(queue(p, x))));
                } catch (PgPipelineException e) {
                    failed = true;
                    check(
                            e.statementIndex() == fail,
                            "call's failure at " + e.statementIndex() + ", not " + fail + ": " + e);
                    check(e.transactionAborted(), "not aborted: " + e);
                    List<Integer> skipped = new ArrayList<>();
                    for (int i = fail + 1; i < k; i++) {
                        skipped.add(i);
                    }
                    check(
                            e.skippedStatements().equals(skipped),
                            "skipped " + e.skippedStatements() + ", not " + skipped);
                    for (int i = fail + 1; i < k; i++) {
                        try {
                            handles.get(i).get();
                            throw new AssertionError("skipped statement " + i + " has a result");
                        } catch (PgPipelineException skippedFailure) {
                            check(skippedFailure == e, "skipped statement " + i + " throws another exception");
                        }
                    }
                }
                check(failed == (fail >= 0), "failure reported: " + failed + ", planned at " + fail);
                long n = committedN;
                List<Long> seqs = new ArrayList<>();
                for (int i = 0; i < (fail >= 0 ? fail : k); i++) {
                    Planned x = plan.get(i);
                    n = checkAnswer(x, handles.get(i), n, "transaction statement " + i);
                    if (x.kind == Kind.LOG) {
                        seqs.add(x.seq);
                    }
                }
                if (fail >= 0) {
                    serverFailures++;
                    checkFailure(plan.get(fail), handles.get(fail), fail, "transaction");
                    if (random.nextBoolean()) {
                        s.rollback();
                    } else {
                        check("ROLLBACK".equals(s.commit()), "the aborted transaction's commit");
                    }
                    checkRead(s.query(READ, 1L, thread), 1L, committedN, "read after the aborted transaction");
                    return;
                }
                PendingUpdate bump = null;
                PendingUpdate log = null;
                long seq = 0;
                if (atCommit) {
                    bump = s.executeAtCommit("update pl_load set n = n + 1 where id = $1", thread);
                    seq = ++nextSeq;
                    log = s.executeAtCommit(LOG, thread, seq);
                }
                if (random.nextInt(5) == 0) {
                    s.rollback();
                    check(bump == null || !bump.isDone(), "rolled-back write done");
                    return;
                }
                check("COMMIT".equals(s.commit()), "commit");
                if (atCommit) {
                    check(bump.rowCount() == 1 && log.rowCount() == 1, "writes at commit");
                    n++;
                    seqs.add(seq);
                }
                committedN = n;
                committedSeqs.addAll(seqs);
            }
        }

        /** A batch of log rows, atomic: a duplicate among them rolls every one back. */
        private void batch() {
            int k = 2 + random.nextInt(20);
            List<Object[]> entries = new ArrayList<>();
            List<Long> seqs = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                long seq = ++nextSeq;
                seqs.add(seq);
                entries.add(new Object[] {thread, seq});
            }
            boolean duplicate = random.nextInt(3) == 0;
            if (duplicate) {
                entries.set(random.nextInt(k), new Object[] {thread, -1L});
            }
            boolean inTransaction = random.nextBoolean();
            try (LazyPgSession s = client.acquire()) {
                long token = token();
                if (inTransaction) {
                    s.begin();
                    List<LazyResult> r = s.pipeline(p -> p.query(BUMP, thread, token));
                    check(r.get(0).get(0).getLong("n") == committedN + 1, "bump before the batch");
                }
                try {
                    int[] counts = s.executeBatch(LOG, entries);
                    check(!duplicate, "a batch with a duplicate ran");
                    for (int c : counts) {
                        check(c == 1, "batch count " + c);
                    }
                } catch (PgServerException e) {
                    check(duplicate && "23505".equals(e.sqlState()), "batch failed: " + e);
                    serverFailures++;
                    if (inTransaction) {
                        s.rollback();
                    }
                    return;
                }
                if (inTransaction) {
                    check("COMMIT".equals(s.commit()), "batch commit");
                    committedN++;
                }
                committedSeqs.addAll(seqs);
            }
        }

        /**
         * A backend killed from another connection while it sleeps in statement 1 of a pipeline:
         * statement 0 was answered (outside a transaction: committed), the rest fail with the lost
         * connection.
         */
        private void killed(boolean inTransaction) throws Exception {
            long token = token();
            long seq = ++nextSeq;
            LazyPgSession s = client.acquire();
            List<PipelineResult<LazyResult>> handles = new ArrayList<>();
            try {
                if (inTransaction) {
                    s.begin();
                }
                int pid = s.query("select pg_backend_pid()").get(0).getInt(0);
                Future<Boolean> kill = helpers.submit(() -> killWhenSleeping(pid));
                try {
                    s.pipeline(p -> {
                        handles.add(p.query(BUMP, thread, token));
                        handles.add(p.query("select pg_sleep(10)"));
                        handles.add(p.query(LOG, thread, seq));
                        handles.add(p.query(READ, token, thread));
                    });
                    throw new AssertionError("a killed pipeline succeeded");
                } catch (PgConnectionClosedException e) {
                    killed++;
                }
                check(kill.get(30, TimeUnit.SECONDS), "the backend was found sleeping and killed");
                if (!inTransaction) {
                    committedN = checkAnswer(new Planned(Kind.BUMP, token, 0), handles.get(0), committedN, "killed 0");
                }
                for (int i = 1; i < 4; i++) {
                    try {
                        handles.get(i).get();
                        throw new AssertionError("statement " + i + " behind the killed one has a result");
                    } catch (PgConnectionClosedException expected) {
                        // may or may not have run, says the exception; here we know it did not
                    }
                }
            } finally {
                s.close();
            }
        }

        private boolean killWhenSleeping(int pid) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline) {
                long sleeping = admin.query(
                                "select count(*) from pg_stat_activity where pid = $1 and wait_event = 'PgSleep'", pid)
                        .get(0)
                        .getLong(0);
                if (sleeping > 0) {
                    return admin.query("select pg_terminate_backend($1, 10000)", pid)
                            .get(0)
                            .getBoolean(0);
                }
                Thread.sleep(2);
            }
            return false;
        }

        /**
         * The thread interrupted while a pipeline of two writes' worth of statements is answered:
         * what was sent is answered and read, the rest is not sent, and the session stays usable.
         */
        private void interrupted(boolean inTransaction) {
            int k = 300; // two writes: 256 statements, then 44
            long[] tokens = new long[k];
            for (int i = 1; i < k; i++) {
                tokens[i] = token();
            }
            List<PipelineResult<LazyResult>> handles = new ArrayList<>();
            Thread me = Thread.currentThread();
            ScheduledFuture<?> interrupt =
                    helpers.schedule(me::interrupt, 5 + random.nextInt(20), TimeUnit.MILLISECONDS);
            try (LazyPgSession s = client.acquire()) {
                if (inTransaction) {
                    s.begin();
                }
                PgException failure = null;
                try {
                    s.pipeline(p -> {
                        handles.add(p.query("select pg_sleep(0.03)"));
                        for (int i = 1; i < k; i++) {
                            handles.add(p.query(READ, tokens[i], thread));
                        }
                    });
                } catch (PgException e) {
                    failure = e;
                    check(e.getMessage().toLowerCase(Locale.ROOT).contains("interrupt"), "failure: " + e);
                    interruptedPipelines++;
                }
                awaitDelivered(interrupt);
                Thread.interrupted();
                boolean cut = false;
                for (int i = 1; i < k; i++) {
                    PipelineResult<LazyResult> h = handles.get(i);
                    if (h.succeeded()) {
                        check(!cut, "statement " + i + " ran after one that was not sent");
                        checkRead(h.get(), tokens[i], committedN, "interrupted pipeline statement " + i);
                    } else {
                        cut = true;
                        check(failure != null, "statement " + i + " failed, the call did not");
                        check(i >= 256, "statement " + i + " of the first write not answered");
                        try {
                            h.get();
                        } catch (PgException e) {
                            check(e == failure, "statement " + i + ": " + e);
                        }
                    }
                }
                if (inTransaction) {
                    s.rollback();
                }
                checkRead(s.query(READ, 2L, thread), 2L, committedN, "read after the interrupt");
            } catch (PgException e) {
                // the interrupt stopped the wait for a connection, or the pending answer's read before the pipeline
                awaitDelivered(interrupt);
                check(handles.isEmpty() || !handles.get(0).isDone(), "pipeline ran, then: " + e);
                check(String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("interrupt"), e.toString());
            } finally {
                awaitDelivered(interrupt);
            }
        }

        private static void awaitDelivered(ScheduledFuture<?> interrupt) {
            while (true) {
                try {
                    interrupt.get();
                    return;
                } catch (InterruptedException e) {
                    // the flag it set: cleared by throwing; wait again
                } catch (ExecutionException e) {
                    throw new AssertionError(e);
                }
            }
        }

        /**
         * The query timeout firing while statement 1 of a pipeline sleeps: its cancel request
         * cancels that statement; outside a transaction those after it run, inside one they are skipped.
         */
        private void timedOut(boolean inTransaction) {
            long token = token();
            long readToken = token();
            List<PipelineResult<LazyResult>> handles = new ArrayList<>();
            try (LazyPgSession s = client.acquire()) {
                if (inTransaction) {
                    s.begin();
                }
                s.queryTimeout(Duration.ofMillis(100));
                try {
                    s.pipeline(p -> {
                        handles.add(p.query(READ, readToken, thread));
                        handles.add(p.query("select pg_sleep(10)"));
                        handles.add(p.query(BUMP, thread, token));
                    });
                    throw new AssertionError("not timed out");
                } catch (PgPipelineException e) {
                    timedOut++;
                    check("57014".equals(e.sqlState()) && e.statementIndex() == 1, "timeout: " + e);
                    check(e.transactionAborted() == inTransaction, "aborted: " + e);
                }
                checkRead(handles.get(0).get(), readToken, committedN, "read before the timeout");
                if (inTransaction) {
                    check(!handles.get(2).succeeded(), "bump after the timeout ran in the aborted transaction");
                    s.rollback();
                } else {
                    committedN =
                            checkAnswer(new Planned(Kind.BUMP, token, 0), handles.get(2), committedN, "bump after");
                }
                s.queryTimeout(null);
                checkRead(s.query(READ, 3L, thread), 3L, committedN, "read after the timeout");
            }
        }

        private static void check(boolean ok, String what) {
            if (!ok) {
                throw new AssertionError(what);
            }
        }
    }
}
