package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
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
 * Issue #26 (9) through JDBC: a server-prepared statement whose result columns changed (DDL by
 * another connection) runs again in auto-commit as pgjdbc's does; in a transaction it fails with
 * SQLSTATE 0A000 and a message saying what to do, and the next transaction works.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StalePlansJdbcIT {

    private static void ddl(TestPostgres server, String sql) throws SQLException {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Runs the prepared statement and returns its row as text, column by column. */
    private static List<String> row(PreparedStatement ps) throws SQLException {
        ps.setInt(1, 1);
        try (ResultSet rs = ps.executeQuery()) {
            List<String> cells = new ArrayList<>();
            assertThat(rs.next()).isTrue();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                cells.add(rs.getString(i));
            }
            return cells;
        }
    }

    /** Runs a statement six times (pgjdbc prepares on the server from its fifth), alters the table, then once more. */
    private static List<List<String>> aroundDdl(TestPostgres server, Connection c, String table) throws SQLException {
        List<List<String>> seen = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("select * from " + table + " where id = ?")) {
            for (int i = 0; i < 6; i++) {
                seen.add(row(ps));
            }
            ddl(server, "alter table " + table + " add column b int default 7");
            seen.add(row(ps));
            ddl(server, "alter table " + table + " alter column b type text");
            seen.add(row(ps));
        }
        return seen;
    }

    @Test
    void inAutoCommitAStatementWhoseColumnsChangedRunsAgainAsWithPgjdbc(TestPostgres server) throws SQLException {
        ddl(
                server,
                "drop table if exists stale_jdbc_a, stale_jdbc_b;"
                        + " create table stale_jdbc_a (id int primary key, a text); insert into stale_jdbc_a values (1, 'one');"
                        + " create table stale_jdbc_b (id int primary key, a text); insert into stale_jdbc_b values (1, 'one')");
        List<List<String>> lazypg;
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server))) {
            lazypg = aroundDdl(server, c, "stale_jdbc_a");
        }
        List<List<String>> pgjdbc;
        try (Connection c = server.openJdbc()) {
            pgjdbc = aroundDdl(server, c, "stale_jdbc_b");
        }
        assertThat(lazypg).isEqualTo(pgjdbc);
        assertThat(lazypg.get(lazypg.size() - 1)).containsExactly("1", "one", "7");
    }

    @Test
    void inATransactionTheErrorSaysWhatToDoAndTheNextTransactionWorks(TestPostgres server) throws SQLException {
        ddl(
                server,
                "drop table if exists stale_jdbc_tx; create table stale_jdbc_tx (id int); insert into stale_jdbc_tx values (1)");
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server));
                PreparedStatement ps = c.prepareStatement("select * from stale_jdbc_tx where id = ?")) {
            assertThat(row(ps)).containsExactly("1");
            ddl(server, "alter table stale_jdbc_tx add column extra int default 2");
            c.setAutoCommit(false);
            Throwable failed = catchThrowable(() -> row(ps));
            assertThat(failed).isInstanceOf(SQLException.class);
            assertThat(((SQLException) failed).getSQLState()).isEqualTo("0A000");
            assertThat(failed.getMessage())
                    .contains("cached plan must not change result type")
                    .contains("roll it back and run the transaction again");
            c.rollback();
            assertThat(row(ps)).containsExactly("1", "2");
            c.commit();
        }
    }

    /** The load: 4 connections, 5 prepared statements each, columns added and retyped in between. */
    @Test
    void underLoadNoAutoCommitStatementFails(TestPostgres server) throws Exception {
        ddl(
                server,
                "drop table if exists stale_jdbc_load; create table stale_jdbc_load (id int primary key, v text);"
                        + " insert into stale_jdbc_load select g, 'v' || g from generate_series(1, 100) g");
        String[] statements = {
            "select * from stale_jdbc_load where id = ?",
            "select l.* from stale_jdbc_load l where l.id <= ? order by l.id limit 3",
            "select *, 1 as one from stale_jdbc_load where id = ?",
            "update stale_jdbc_load set v = v where id = ? returning *",
            "select s.* from stale_jdbc_load s join stale_jdbc_load t using (id) where s.id = ?"
        };
        AtomicBoolean done = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try {
            List<Future<List<String>>> workers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                workers.add(pool.submit(() -> {
                    List<String> failures = new ArrayList<>();
                    try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server))) {
                        List<PreparedStatement> prepared = new ArrayList<>();
                        for (String sql : statements) {
                            prepared.add(c.prepareStatement(sql));
                        }
                        for (int i = 0; i < 250; i++) {
                            PreparedStatement ps = prepared.get(i % statements.length);
                            ps.setInt(1, 1 + i % 100);
                            try (ResultSet rs = ps.executeQuery()) {
                                assertThat(rs.next()).isTrue();
                            } catch (SQLException e) {
                                failures.add(e.getSQLState() + " " + e.getMessage());
                            }
                        }
                    }
                    return failures;
                }));
            }
            Future<Integer> changes = pool.submit(() -> {
                int n = 0;
                try (Connection c = server.openJdbc();
                        Statement s = c.createStatement()) {
                    while (!done.get() && n < 20) {
                        Thread.sleep(10);
                        n++;
                        s.execute("alter table stale_jdbc_load add column c" + n + " int default " + n);
                        if (n % 2 == 0) {
                            s.execute("alter table stale_jdbc_load alter column c" + n + " type text");
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
            assertThat(changes.get(30, TimeUnit.SECONDS)).isPositive();
            assertThat(failures).as("statements of 1000 that failed").isEmpty();
        } finally {
            pool.shutdownNow();
        }
    }
}
