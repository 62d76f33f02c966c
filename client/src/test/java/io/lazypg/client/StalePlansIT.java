package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue #26 (9): DDL and a new search_path make the cached statements of every pooled connection
 * fail once with SQLSTATE 0A000 "cached plan must not change result type". In auto-commit the
 * statement is prepared anew and rerun; in a transaction the error says what to do and the next
 * transaction works; DDL the session runs itself never trips it. The DDL comes from another client
 * (another connection) unless the test is about the session's own. Issue #28: the same in a
 * thread's pipeline, where the stale statements are rerun after the pipeline's answers.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StalePlansIT {

    private static LazyPgClient poolOf(TestPostgres server, int size) {
        return LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(size)
                .statementCacheSize(64)
                .build());
    }

    private static void ddl(TestPostgres server, String sql) {
        try (LazyPgClient other = poolOf(server, 1)) {
            other.withConnection(c -> {
                c.executeScript(sql);
                return null;
            });
        }
    }

    @Test
    void inAutoCommitAStatementWhoseResultColumnsChangedIsPreparedAgainAndRerun(TestPostgres server) {
        ddl(
                server,
                "drop table if exists stale_add; create table stale_add (id int primary key, a text);"
                        + " insert into stale_add values (1, 'one')");
        try (LazyPgClient client = poolOf(server, 1)) {
            assertThat(client.query("select * from stale_add where id = $1", 1).columns())
                    .hasSize(2);
            ddl(server, "alter table stale_add add column b int default 7");
            LazyResult afterAdd = client.query("select * from stale_add where id = $1", 1);
            assertThat(afterAdd.columns()).hasSize(3);
            assertThat(afterAdd.get(0).getInt(2)).isEqualTo(7);
            ddl(server, "alter table stale_add alter column b type text");
            LazyResult afterType = client.query("select * from stale_add where id = $1", 1);
            assertThat(afterType.get(0).getString(2)).isEqualTo("7");
            // the callback form and execute go the same way
            List<String> seen = new ArrayList<>();
            ddl(server, "alter table stale_add add column c text default 'c'");
            client.query("select * from stale_add where id = $1", row -> seen.add(row.getString(3)), 1);
            assertThat(seen).containsExactly("c");
        }
    }

    @Test
    void inAutoCommitABatchReturningRowsIsRerunAfterItsResultColumnsChanged(TestPostgres server) {
        ddl(server, "drop table if exists stale_batch; create table stale_batch (id int primary key, a text)");
        String insert = "insert into stale_batch values ($1, $2) returning *";
        try (LazyPgClient client = poolOf(server, 1)) {
            assertThat(client.queryBatch(insert, List.of(new Object[] {1, "one"}, new Object[] {2, "two"})))
                    .extracting(r -> r.columns().size())
                    .containsExactly(2, 2);
            ddl(server, "alter table stale_batch add column b int default 7");
            // RETURNING * now has three columns: the cached statement's plan is stale (0A000)
            List<LazyResult> after =
                    client.queryBatch(insert, List.of(new Object[] {3, "three"}, new Object[] {4, "four"}));
            assertThat(after).extracting(r -> r.get(0).getInt(2)).containsExactly(7, 7);
            assertThat(client.executeBatch(
                            "update stale_batch set a = $2 where id = $1", List.<Object[]>of(new Object[] {3, "drei"})))
                    .containsExactly(1);
            assertThat(client.query("select count(*) from stale_batch").get(0).getLong(0))
                    .isEqualTo(4);
        }
    }

    @Test
    void inAutoCommitAStatementIsRerunAfterTheSearchPathChanged(TestPostgres server) {
        ddl(
                server,
                "drop schema if exists stale_a cascade; drop schema if exists stale_b cascade;"
                        + " create schema stale_a; create schema stale_b;"
                        + " create table stale_a.t (x int); insert into stale_a.t values (1);"
                        + " create table stale_b.t (x text, y text); insert into stale_b.t values ('b', 'y')");
        try (LazyPgClient client = poolOf(server, 1)) {
            client.withConnection(c -> {
                c.executeScript("set search_path = stale_a");
                assertThat(c.query("select * from t").get(0).getInt(0)).isEqualTo(1);
                c.executeScript("set search_path = stale_b");
                LazyResult b = c.query("select * from t");
                assertThat(b.columns()).hasSize(2);
                assertThat(b.get(0).getString(1)).isEqualTo("y");
                c.executeScript("set search_path = public");
                return null;
            });
        }
    }

    @Test
    void inATransactionTheErrorSaysWhatHappenedAndTheNextTransactionWorks(TestPostgres server) {
        ddl(server, "drop table if exists stale_tx; create table stale_tx (id int); insert into stale_tx values (1)");
        try (LazyPgClient client = poolOf(server, 1)) {
            assertThat(client.query("select * from stale_tx").columns()).hasSize(1);
            ddl(server, "alter table stale_tx add column extra int");
            try (LazyPgSession session = client.acquire()) {
                session.begin();
                session.execute("select 1");
                Throwable failed = catchThrowable(() -> session.query("select * from stale_tx"));
                assertThat(failed).isInstanceOf(PgServerException.class);
                assertThat(((PgServerException) failed).sqlState()).isEqualTo("0A000");
                assertThat(failed.getMessage())
                        .contains("cached plan must not change result type")
                        .contains("result columns changed")
                        .contains("roll it back and run the transaction again");
                assertThat(session.inTransaction())
                        .as("still in the aborted transaction")
                        .isTrue();
                session.executeScript("rollback");
                session.begin();
                assertThat(session.query("select * from stale_tx").columns()).hasSize(2);
                session.executeScript("commit");
            }
        }
    }

    private static final String PIPE_STAR = "select * from stale_pipe where id = $1";
    private static final String PIPE_COUNT = "select count(*) from stale_pipe";

    /** A pool of one connection through {@code relay}, which counts its round trips. */
    private static LazyPgClient relayed(TestPostgres server, TcpRelay relay) {
        return LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .host(relay.host())
                .port(relay.port())
                .poolMaxSize(1)
                .statementCacheSize(64)
                .build());
    }

    /** stale_pipe (id, a) with rows 1 and 2, and {@link #PIPE_STAR} and {@link #PIPE_COUNT} cached by a pipeline on {@code s}. */
    private static void pipeTableCachedOn(TestPostgres server, LazyPgSession s) {
        ddl(
                server,
                "drop table if exists stale_pipe; create table stale_pipe (id int primary key, a text);"
                        + " insert into stale_pipe values (1, 'one'), (2, 'two')");
        List<LazyResult> first = s.pipeline(p -> {
            p.query(PIPE_STAR, 1);
            p.query(PIPE_COUNT);
        });
        assertThat(first.get(0).columns()).hasSize(2);
        assertThat(s.pipeline(p -> p.query(PIPE_STAR, 2))
                        .get(0)
                        .columns()
                        .get(0)
                        .binary())
                .as("bound by name from the cache, with binary results")
                .isTrue();
    }

    /**
     * Outside a transaction: another connection adds a column between two pipelines; the cached
     * {@code select *} statements of the second are refused (0A000) and rerun after its answers, in
     * one more round trip, and every statement's result is what it would have been in order. The
     * pipeline after it prepares the statement afresh: one round trip, no failure.
     */
    @Test
    void outsideATransactionAPipelinesStaleStatementsAreRerunAndTheirResultsComeBackInOrder(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = relayed(server, relay);
                LazyPgSession s = client.acquire()) {
            pipeTableCachedOn(server, s);
            ddl(server, "alter table stale_pipe add column b int default 7");
            List<PipelineResult<?>> h = new ArrayList<>();
            long before = relay.roundTrips();
            List<LazyResult> results = s.pipeline(p -> {
                h.add(p.execute("insert into stale_pipe (id, a) values ($1, $2)", 3, "three")); // before: no reorder
                h.add(p.query(PIPE_STAR, 3)); // stale
                h.add(p.query(PIPE_COUNT)); // cached, its result type unchanged: not stale
                h.add(p.query(PIPE_STAR, 1)); // stale
                h.add(p.query("select a from stale_pipe where id = $1", 2));
            });
            assertThat(relay.roundTrips() - before)
                    .as("the pipeline, then one write of the reruns")
                    .isEqualTo(2);
            assertThat(results).hasSize(5);
            assertThat(results.get(0).rowsAffected()).isEqualTo(1);
            assertThat(h.get(0).get()).isEqualTo(1);
            for (int i : new int[] {1, 3}) {
                LazyResult r = results.get(i);
                assertThat(h.get(i).get()).isSameAs(r);
                assertThat(r.columns()).extracting(Column::name).containsExactly("id", "a", "b");
                assertThat(r.size()).isEqualTo(1);
                assertThat(r.get(0).getInt("b")).isEqualTo(7);
            }
            assertThat(results.get(1).get(0).getString("a")).isEqualTo("three");
            assertThat(results.get(3).get(0).getInt("id")).isEqualTo(1);
            assertThat(results.get(3).get(0).getString("a")).isEqualTo("one");
            assertThat(results.get(2).get(0).getLong(0)).isEqualTo(3);
            assertThat(results.get(4).get(0).getString(0)).isEqualTo("two");

            before = relay.roundTrips();
            List<LazyResult> next = s.pipeline(p -> {
                p.query(PIPE_STAR, 2);
                p.query(PIPE_STAR, 3);
            });
            assertThat(relay.roundTrips() - before)
                    .as("parsed afresh in the pipeline's own write: nothing stale is bound again")
                    .isEqualTo(1);
            assertThat(next.get(0).columns()).hasSize(3);
            assertThat(next.get(1).get(0).getString("a")).isEqualTo("three");
            assertThat(s.pipeline(p -> p.query(PIPE_STAR, 1))
                            .get(0)
                            .columns()
                            .get(2)
                            .binary())
                    .as("cached again, bound with binary results")
                    .isTrue();
        }
    }

    /**
     * A stale read is not rerun behind a statement that may have changed what it reads: running it
     * there would show the update queued after it. It fails with its error explained, did not run,
     * and the update's result stays; running it again works.
     */
    @Test
    void outsideATransactionAStaleReadIsNotRerunBehindAWriteQueuedAfterIt(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = relayed(server, relay);
                LazyPgSession s = client.acquire()) {
            pipeTableCachedOn(server, s);
            ddl(server, "alter table stale_pipe add column b int default 7");
            List<PipelineResult<?>> h = new ArrayList<>();
            Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                h.add(p.query(PIPE_STAR, 1));
                h.add(p.execute("update stale_pipe set a = $1 where id = $2", "changed", 1));
            }));
            assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("0A000");
                assertThat(e.statementIndex()).isZero();
                assertThat(e.transactionAborted()).isFalse();
                assertThat(e.getMessage())
                        .contains("Pipeline statement 0 of 2")
                        .contains("result columns changed")
                        .contains("it did not run")
                        .contains("statement 1, queued after it, had already run")
                        .contains("run it again");
            });
            assertThatThrownBy(() -> h.get(0).get()).isSameAs(failure);
            assertThat(h.get(1).get()).isEqualTo(1);
            LazyResult again = s.pipeline(p -> p.query(PIPE_STAR, 1)).get(0);
            assertThat(again.columns()).hasSize(3);
            assertThat(again.get(0).getString("a")).isEqualTo("changed");
        }
    }

    /**
     * Inside a transaction: the stale statement's failure says the transaction is aborted and to
     * retry, the statements after it are skipped; after a rollback the retried transaction works.
     */
    @Test
    void insideATransactionAPipelinesStaleStatementFailsExplainedAndTheRetryWorks(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = relayed(server, relay);
                LazyPgSession s = client.acquire()) {
            pipeTableCachedOn(server, s);
            ddl(server, "alter table stale_pipe alter column a type varchar(20)");
            ddl(server, "alter table stale_pipe add column b int default 7");
            s.begin();
            List<PipelineResult<?>> h = new ArrayList<>();
            Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                h.add(p.query(PIPE_COUNT));
                h.add(p.query(PIPE_STAR, 1));
                h.add(p.query(PIPE_STAR, 2));
            }));
            assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                assertThat(e.sqlState()).isEqualTo("0A000");
                assertThat(e.statementIndex()).isEqualTo(1);
                assertThat(e.transactionAborted()).isTrue();
                assertThat(e.skippedStatements()).containsExactly(2);
                assertThat(e.getMessage())
                        .contains("the transaction is aborted")
                        .contains("cached plan must not change result type")
                        .contains("result columns changed")
                        .contains("roll it back and run the transaction again");
            });
            assertThat(s.inTransaction()).as("still in the aborted transaction").isTrue();
            assertThatThrownBy(() -> h.get(2).get()).isSameAs(failure);
            s.executeScript("rollback");

            s.begin();
            List<LazyResult> retried = s.pipeline(p -> {
                p.query(PIPE_COUNT);
                p.query(PIPE_STAR, 1);
                p.query(PIPE_STAR, 2);
            });
            s.executeScript("commit");
            assertThat(retried.get(0).get(0).getLong(0)).isEqualTo(2);
            assertThat(retried.get(1).columns()).extracting(Column::name).containsExactly("id", "a", "b");
            assertThat(retried.get(2).get(0).getString("a")).isEqualTo("two");
            assertThat(retried.get(2).get(0).getInt("b")).isEqualTo(7);
        }
    }

    @Test
    void ddlTheSessionRunsItselfClosesItsCachedStatementsEvenInATransaction(TestPostgres server) {
        ddl(
                server,
                "drop table if exists stale_own; create table stale_own (id int); insert into stale_own values (1)");
        try (LazyPgClient client = poolOf(server, 1)) {
            try (LazyPgSession session = client.acquire()) {
                assertThat(session.query("select * from stale_own").columns()).hasSize(1);
                session.begin();
                session.execute("alter table stale_own add column extra int default 5");
                LazyResult after = session.query("select * from stale_own");
                assertThat(after.columns()).hasSize(2);
                assertThat(after.get(0).getInt(1)).isEqualTo(5);
                session.executeScript("commit");
            }
        }
    }

    @Test
    void anyOther0A000IsAnOrdinaryError(TestPostgres server) {
        ddl(server, "drop table if exists stale_other; create table stale_other (id int)");
        try (LazyPgClient client = poolOf(server, 1)) {
            // 0A000 from parse analysis, not from the plan cache: not a stale plan, nothing to explain
            Throwable failed = catchThrowable(() -> client.query("select count(*) from stale_other for update"));
            assertThat(failed).isInstanceOf(PgServerException.class);
            assertThat(((PgServerException) failed).sqlState()).isEqualTo("0A000");
            assertThat(failed.getMessage()).doesNotContain("result columns changed");
        }
    }

    /**
     * The load: 4 pooled connections running 5 cached statements from 4 threads while
     * columns are added and retyped in between; not one statement may fail.
     */
    @Test
    void underLoadNoStatementFailsWhileDdlRunsInBetween(TestPostgres server) throws Exception {
        ddl(
                server,
                "drop table if exists stale_load; create table stale_load (id int primary key, v text);"
                        + " insert into stale_load select g, 'v' || g from generate_series(1, 100) g");
        String[] statements = {
            "select * from stale_load where id = $1",
            "select l.* from stale_load l where l.id <= $1 order by l.id limit 3",
            "select *, 1 as one from stale_load where id = $1",
            "update stale_load set v = v where id = $1 returning *",
            "select s.* from stale_load s join stale_load t using (id) where s.id = $1"
        };
        int threads = 4;
        int perThread = 250;
        try (LazyPgClient client = poolOf(server, 4)) {
            AtomicBoolean done = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
            try {
                List<Future<List<String>>> workers = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    workers.add(pool.submit(() -> {
                        List<String> failures = new ArrayList<>();
                        for (int i = 0; i < perThread; i++) {
                            String sql = statements[i % statements.length];
                            try {
                                client.query(sql, 1 + i % 100);
                            } catch (PgException e) {
                                failures.add(e.getMessage());
                            }
                        }
                        return failures;
                    }));
                }
                Future<Integer> changes = pool.submit(() -> {
                    int n = 0;
                    try (LazyPgClient other = poolOf(server, 1)) {
                        while (!done.get() && n < 40) {
                            Thread.sleep(5);
                            n++;
                            String column = "c" + n;
                            other.execute("alter table stale_load add column " + column + " int default " + n);
                            if (n % 2 == 0) {
                                other.execute("alter table stale_load alter column " + column + " type text");
                            }
                        }
                    }
                    return n;
                });
                List<String> failures = new ArrayList<>();
                for (Future<List<String>> w : workers) {
                    failures.addAll(w.get(90, TimeUnit.SECONDS));
                }
                done.set(true);
                assertThat(changes.get(30, TimeUnit.SECONDS))
                        .as("DDL statements run in between")
                        .isPositive();
                assertThat(failures)
                        .as("statements of %d that failed", threads * perThread)
                        .isEmpty();
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
