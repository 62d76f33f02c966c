package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.LazyPgTest;
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
 * (another connection) unless the test is about the session's own.
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
