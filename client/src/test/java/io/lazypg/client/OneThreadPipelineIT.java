package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.internal.session.ConnectionSession;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link LazyPgQueries#pipeline}: statements sent together and answered in order, counted at a
 * relay in round trips; failures outside and inside a transaction; a large pipeline that must not
 * deadlock; a backend killed, a query timeout and an interrupt while the answers are read.
 */
@LazyPgTest
class OneThreadPipelineIT {

    private static final String LOOKUP = "select id, name, id * 10 as tenfold from pipeline_items where id = $1";
    private static final String INSERT = "insert into pipeline_writes (id, note) values ($1, $2)";

    private TcpRelay relay;
    private LazyPgClient client;

    @BeforeEach
    void setUp(TestPostgres server) {
        relay = TcpRelay.to(server.host(), server.port());
        client = LazyPgClient.create(LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(2)
                .build());
        client.withConnection(c -> {
            c.executeScript("drop table if exists pipeline_items; drop table if exists pipeline_writes;"
                    + " create table pipeline_items (id int primary key, name text not null);"
                    + " insert into pipeline_items select g, 'item ' || g from generate_series(1, 100) g;"
                    + " create table pipeline_writes (id int primary key, note text)");
            return null;
        });
    }

    @AfterEach
    void tearDown() {
        client.close();
        relay.close();
    }

    /** Ten lookups of a statement the connection has never prepared: one round trip, then again one from the cache. */
    @Test
    void tenLookupsAreOneRoundTripTheFirstTimeAndTheNext() {
        try (LazyPgSession s = client.acquire()) {
            for (int round = 0; round < 2; round++) {
                List<PipelineResult<LazyResult>> handles = new ArrayList<>();
                long before = relay.roundTrips();
                List<LazyResult> results = s.pipeline(p -> {
                    for (int id = 1; id <= 10; id++) {
                        handles.add(p.query(LOOKUP, id * 7));
                    }
                });
                assertThat(relay.roundTrips() - before).as("round %d", round).isEqualTo(1);
                assertThat(results).hasSize(10);
                for (int i = 0; i < 10; i++) {
                    int id = (i + 1) * 7;
                    LazyResult r = handles.get(i).get();
                    assertThat(r).isSameAs(results.get(i));
                    assertThat(r.size()).isEqualTo(1);
                    assertThat(r.get(0).getInt("id")).isEqualTo(id);
                    assertThat(r.get(0).getString("name")).isEqualTo("item " + id);
                    assertThat(r.get(0).getInt("tenfold")).isEqualTo(id * 10);
                    assertThat(r.columns().get(0).binary())
                            .as("the first run asks for text (no description yet), the cached one for binary")
                            .isEqualTo(round == 1);
                }
            }
            // the pipeline cached the statement: a plain query of it is one round trip (no Parse/Describe)
            long before = relay.roundTrips();
            assertThat(s.query(LOOKUP, 3).get(0).getString(1)).isEqualTo("item 3");
            assertThat(relay.roundTrips() - before).isEqualTo(1);
        }
    }

    @Test
    void queriesMappersAndUpdatesComeBackInOrder() {
        try (LazyPgSession s = client.acquire()) {
            AtomicReference<PipelineResult<List<String>>> names = new AtomicReference<>();
            AtomicReference<PipelineResult<Integer>> inserted = new AtomicReference<>();
            AtomicReference<PipelineResult<Integer>> updated = new AtomicReference<>();
            AtomicReference<PipelineResult<LazyResult>> count = new AtomicReference<>();
            long before = relay.roundTrips();
            s.pipeline(p -> {
                names.set(p.query(
                        "select name from pipeline_items where id = any($1) order by id", r -> r.getString(0), (Object)
                                new int[] {3, 1, 2}));
                inserted.set(p.execute(INSERT, 1, "one"));
                updated.set(p.execute("update pipeline_writes set note = $1 where id = $2", "uno", 1));
                count.set(p.query("select count(*), max(note) from pipeline_writes"));
                assertThatThrownBy(() -> names.get().get()).isInstanceOf(PgUsageException.class);
            });
            assertThat(relay.roundTrips() - before).isEqualTo(1);
            assertThat(names.get().get()).containsExactly("item 1", "item 2", "item 3");
            assertThat(inserted.get().get()).isEqualTo(1);
            assertThat(updated.get().get()).isEqualTo(1);
            assertThat(count.get().get().get(0).getLong(0)).isEqualTo(1);
            assertThat(count.get().get().get(0).getString(1)).isEqualTo("uno");
            assertThat(names.get().index()).isZero();
            assertThat(count.get().index()).isEqualTo(3);
        }
    }

    @Test
    void outsideATransactionAFailingStatementFailsAloneAndTheOthersResultsStay() {
        try (LazyPgSession s = client.acquire()) {
            List<PipelineResult<?>> h = new ArrayList<>();
            Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                h.add(p.execute(INSERT, 1, "a"));
                h.add(p.execute(INSERT, 1, "duplicate"));
                h.add(p.execute(INSERT, 2, "b"));
                h.add(p.query("select count(*) from pipeline_writes"));
            }));
            assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("23505");
                assertThat(e.statementIndex()).isEqualTo(1);
                assertThat(e.statementCount()).isEqualTo(4);
                assertThat(e.statementSql()).isEqualTo(INSERT);
                assertThat(e.transactionAborted()).isFalse();
                assertThat(e.skippedStatements()).isEmpty();
                assertThat(e.getMessage())
                        .contains("Pipeline statement 1 of 4")
                        .contains("insert into pipeline_writes")
                        .contains("each in its own implicit transaction");
            });
            assertThat(h.get(0).get()).isEqualTo(1);
            assertThat(h.get(1).succeeded()).isFalse();
            assertThatThrownBy(() -> h.get(1).get()).isSameAs(failure);
            assertThat(h.get(2).get()).isEqualTo(1);
            assertThat(((LazyResult) h.get(3).get()).get(0).getLong(0)).isEqualTo(2);
            assertThat(s.query("select count(*) from pipeline_writes").get(0).getLong(0))
                    .isEqualTo(2);
        }
    }

    /**
     * The same SQL queued twice is parsed once; when that Parse fails, the server answers the
     * second statement's Bind with "prepared statement ... does not exist" (26000). Each must
     * report the Parse's own error (PipelineLoadIT found the 26000).
     */
    @Test
    void outsideATransactionASqlThatFailsToParseFailsWithItsOwnErrorEachTimeItIsQueued() {
        String bad = "select no_such_column from pipeline_items where id = $1";
        try (LazyPgSession s = client.acquire()) {
            List<PipelineResult<?>> h = new ArrayList<>();
            Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                h.add(p.query(bad, 1));
                h.add(p.query(LOOKUP, 2));
                h.add(p.query(bad, 3));
                h.add(p.query("selec 1"));
                h.add(p.query("selec 1"));
            }));
            assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("42703");
                assertThat(e.failedStatements()).containsExactly(0, 2, 3, 4);
            });
            for (int i : new int[] {0, 2}) {
                assertThatThrownBy(() -> h.get(i).get()).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                    assertThat(e.sqlState()).isEqualTo("42703");
                    assertThat(e.statementIndex()).isEqualTo(i);
                    assertThat(e.getMessage()).contains("no_such_column");
                });
            }
            for (int i : new int[] {3, 4}) {
                assertThatThrownBy(() -> h.get(i).get()).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                    assertThat(e.sqlState()).isEqualTo("42601");
                    assertThat(e.statementIndex()).isEqualTo(i);
                });
            }
            assertThat(((LazyResult) h.get(1).get()).get(0).getString("name")).isEqualTo("item 2");
        }
    }

    @Test
    void insideATransactionTheBeginRidesWithTheFirstStatementAndAFailureSkipsTheRest() {
        try (LazyPgSession s = client.acquire()) {
            s.executeScript("select 1"); // connected and idle
            long begins = ((ConnectionSession) s).connection().beginsWithStatement();
            s.begin();
            List<PipelineResult<?>> h = new ArrayList<>();
            long before = relay.roundTrips();
            Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                h.add(p.execute(INSERT, 10, "a"));
                h.add(p.execute(INSERT, 10, "duplicate"));
                h.add(p.execute(INSERT, 11, "b"));
                h.add(p.query("select count(*) from pipeline_writes"));
            }));
            assertThat(relay.roundTrips() - before)
                    .as("BEGIN and the statements in one write")
                    .isEqualTo(1);
            assertThat(((ConnectionSession) s).connection().beginsWithStatement())
                    .isEqualTo(begins + 1);
            assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("23505");
                assertThat(e.statementIndex()).isEqualTo(1);
                assertThat(e.transactionAborted()).isTrue();
                assertThat(e.skippedStatements()).containsExactly(2, 3);
                assertThat(e.getMessage()).contains("transaction is aborted").contains("statements 2..3 were skipped");
            });
            assertThat(h.get(0).get()).isEqualTo(1);
            assertThat(h.get(2).succeeded()).isFalse();
            assertThatThrownBy(() -> h.get(2).get()).isSameAs(failure);
            assertThat(s.inTransaction()).isTrue();
            s.executeScript("ROLLBACK");
        }
        assertThat(client.query("select count(*) from pipeline_writes").get(0).getLong(0))
                .isZero();
    }

    @Test
    void insideATransactionTheStatementsShareItAndCommitTogether() {
        try (LazyPgSession s = client.acquire()) {
            s.begin();
            List<LazyResult> results = s.pipeline(p -> {
                p.execute(INSERT, 20, "a");
                p.execute(INSERT, 21, "b");
                p.query("select count(*) from pipeline_writes");
            });
            assertThat(results.get(2).get(0).getLong(0)).isEqualTo(2);
            assertThat(client.query("select count(*) from pipeline_writes")
                            .get(0)
                            .getLong(0))
                    .as("another session does not see them before COMMIT")
                    .isZero();
            s.executeScript("COMMIT");
        }
        assertThat(client.query("select count(*) from pipeline_writes").get(0).getLong(0))
                .isEqualTo(2);
    }

    /**
     * 3,000 statements whose answers are 8 KiB each (24 MB in all), and one statement whose value is
     * 1 MB: written all before reading, the server would block sending while we block writing. The
     * writes are bounded, each one's answers read before the next: a known number of round trips.
     */
    @Test
    void aLargePipelineWithLargeResultsDoesNotDeadlock() {
        int n = 3000;
        String big = "y".repeat(1 << 20);
        try (LazyPgSession s = client.acquire()) {
            long before = relay.roundTrips();
            List<LazyResult> results = s.pipeline(p -> {
                for (int i = 0; i < n; i++) {
                    if (i == 1500) {
                        p.query("select length($1::text)", big);
                    }
                    p.query("select $1::int as i, repeat('x', 8192) as pad", i);
                }
            });
            long roundTrips = relay.roundTrips() - before;
            assertThat(results).hasSize(n + 1);
            for (int i = 0; i < n; i++) {
                LazyResult r = results.get(i < 1500 ? i : i + 1);
                assertThat(r.get(0).getInt(0)).isEqualTo(i);
                assertThat(r.get(0).getString(1)).hasSize(8192);
            }
            assertThat(results.get(1500).get(0).getInt(0)).isEqualTo(1 << 20);
            // 256 statements per write, and the 1 MB statement alone in a write of its own
            int writes = (1500 + 255) / 256 + 1 + (1500 + 255) / 256;
            assertThat(roundTrips).isEqualTo(writes);
            assertThat(s.query("select 1").get(0).getInt(0)).isEqualTo(1);
        }
    }

    @Test
    void aValueThatCannotBeEncodedFailsThePipelineWithNothingSent() {
        try (LazyPgSession s = client.acquire()) {
            s.executeScript("select 1");
            long before = relay.roundTrips();
            assertThatThrownBy(() -> s.pipeline(p -> {
                        p.execute(INSERT, 30, "a");
                        p.execute(INSERT, 31, "nul \u0000 inside");
                    }))
                    .isInstanceOf(PgUsageException.class)
                    .hasMessageContaining("Statement 1 of the pipeline")
                    .hasMessageContaining("Nothing was sent");
            assertThat(relay.roundTrips()).isEqualTo(before);
            assertThat(s.query("select count(*) from pipeline_writes").get(0).getLong(0))
                    .isZero();
        }
    }

    @Test
    void aBackendKilledMidPipelineFailsTheRestAndThePoolReplacesTheConnection() throws Exception {
        LazyPgSession s = client.acquire();
        int pid = s.query("select pg_backend_pid()").get(0).getInt(0);
        List<PipelineResult<?>> h = new ArrayList<>();
        CompletableFuture<Throwable> run = CompletableFuture.supplyAsync(() -> catchThrowable(() -> s.pipeline(p -> {
            h.add(p.query("select 'before'"));
            h.add(p.query("select pg_sleep(30)"));
            h.add(p.query("select 'after'"));
        })));
        awaitSleeping(pid);
        assertThat(client.query("select pg_terminate_backend($1)", pid).get(0).getBoolean(0))
                .isTrue();
        Throwable failure = run.get(20, TimeUnit.SECONDS);
        assertThat(failure)
                .isInstanceOf(PgConnectionClosedException.class)
                .hasMessageContaining("Pipeline statement 1 of 3")
                .hasMessageContaining("pg_sleep")
                .hasMessageContaining("Statement 1 and the 1 after it may or may not have run");
        assertThat(((LazyResult) h.get(0).get()).get(0).getString(0)).isEqualTo("before");
        assertThatThrownBy(() -> h.get(2).get()).isSameAs(failure);
        assertThat(s.isBroken()).isTrue();
        s.close();
        assertThat(client.query("select 'healthy'").get(0).getString(0)).isEqualTo("healthy");
        assertThat(client.poolStats().active()).isZero();
    }

    @Test
    void aQueryTimeoutCancelsOneStatementAndTheOthersRun() {
        try (LazyPgSession s = client.acquire()) {
            s.queryTimeout(Duration.ofMillis(300));
            List<PipelineResult<?>> h = new ArrayList<>();
            Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                h.add(p.query("select 1"));
                h.add(p.query("select pg_sleep(20)"));
                h.add(p.query("select 3"));
            }));
            assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("57014");
                assertThat(e.statementIndex()).isEqualTo(1);
            });
            assertThat(((LazyResult) h.get(0).get()).get(0).getInt(0)).isEqualTo(1);
            assertThat(((LazyResult) h.get(2).get()).get(0).getInt(0)).isEqualTo(3);
            s.queryTimeout(null);
            assertThat(s.query("select 'usable'").get(0).getString(0)).isEqualTo("usable");
        }
    }

    /** The answers to what was sent are read whatever the interrupt; the writes after it are not sent. */
    @Test
    void anInterruptWhileTheAnswersAreReadStopsBeforeTheNextWrite() throws Exception {
        try (LazyPgSession s = client.acquire()) {
            List<PipelineResult<?>> h = new ArrayList<>();
            AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
            Thread runner = Thread.currentThread();
            Thread interrupter = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    return;
                }
                runner.interrupt();
            });
            interrupter.start();
            Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                h.add(p.query("select pg_sleep(1.5), 'slept'"));
                for (int i = 1; i < 600; i++) {
                    h.add(p.execute(INSERT, i, "n"));
                }
            }));
            stillInterrupted.set(Thread.interrupted());
            interrupter.join();
            assertThat(stillInterrupted.get()).isTrue();
            assertThat(failure)
                    .isInstanceOf(PgException.class)
                    .hasMessageContaining("Pipeline statements 256..599 of 600")
                    .hasMessageContaining("interrupted");
            assertThat(((LazyResult) h.get(0).get()).get(0).getString(1)).isEqualTo("slept");
            for (int i = 1; i < 256; i++) {
                assertThat(h.get(i).get()).isEqualTo(1);
            }
            assertThat(h.get(256).succeeded()).isFalse();
            assertThat(s.query("select count(*) from pipeline_writes").get(0).getLong(0))
                    .isEqualTo(255);
        }
    }

    private void awaitSleeping(int pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            LazyResult r = client.query(
                    "select count(*) from pg_stat_activity where pid = $1 and state = 'active'"
                            + " and query like '%pg_sleep(30)%'",
                    pid);
            if (r.get(0).getLong(0) == 1) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("backend " + pid + " never ran the pipeline's pg_sleep");
    }
}
