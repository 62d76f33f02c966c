package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.OnThreads;
import io.lazypg.testing.PgBouncer;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue #12: lazypg-jdbc through a real PgBouncer in transaction mode, eight threads on two server
 * connections. With pgjdbc's {@code prepareThreshold=0} prepared statements, batches, fetch-size
 * cursors and transactions all work; with the defaults an error names the remedy and the
 * connection stays usable. Skipped, naming {@code apt-get install pgbouncer}, without PgBouncer.
 */
@LazyPgTest
class PgBouncerJdbcIT {

    private static final int THREADS = 8;

    /** Per test, so that each is reported skipped with the reason (a class skipped in @BeforeAll shows none). */
    @BeforeEach
    void needsPgBouncer() {
        PgBouncer.assumeInstalled();
    }

    private static String url(PgBouncer bouncer, String parameters) {
        return JdbcUrlsForTests.lazypgUrlWithCredentials(bouncer.server()) + parameters;
    }

    @Test
    void prepareThresholdZeroRunsStatementsBatchesCursorsAndTransactions(TestPostgres server) throws Exception {
        AtomicInteger threadNumbers = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, 2)) {
            String url = url(bouncer, "&prepareThreshold=0");
            try (Connection c = DriverManager.getConnection(url);
                    Statement s = c.createStatement()) {
                s.execute("drop table if exists bouncer_jdbc;"
                        + " create table bouncer_jdbc (thread int4, n int4, label text, primary key (thread, n))");
            }
            List<Integer> rows = OnThreads.run(THREADS, () -> {
                int thread = threadNumbers.incrementAndGet();
                try (Connection c = DriverManager.getConnection(url)) {
                    try (PreparedStatement insert =
                            c.prepareStatement("insert into bouncer_jdbc (thread, n, label) values (?, ?, ?)")) {
                        for (int n = 1; n <= 300; n++) {
                            insert.setInt(1, thread);
                            insert.setInt(2, n);
                            insert.setString(3, "row " + n);
                            insert.addBatch();
                        }
                        assertThat(insert.executeBatch()).hasSize(300).containsOnly(1);
                    }
                    try (PreparedStatement select = c.prepareStatement(
                            "select label, ?::int4 * n from bouncer_jdbc where thread = ? and n = ?")) {
                        for (int n = 1; n <= 100; n++) {
                            select.setInt(1, thread);
                            select.setInt(2, thread);
                            select.setInt(3, n);
                            try (ResultSet rs = select.executeQuery()) {
                                assertThat(rs.next()).isTrue();
                                assertThat(rs.getString(1)).isEqualTo("row " + n);
                                assertThat(rs.getInt(2)).isEqualTo(thread * n);
                            }
                        }
                    }
                    int read = 0;
                    try (PreparedStatement all =
                            c.prepareStatement("select n from bouncer_jdbc where thread = ? order by n")) {
                        all.setFetchSize(25); // a cursor, outside a transaction block
                        all.setInt(1, thread);
                        try (ResultSet rs = all.executeQuery()) {
                            while (rs.next()) {
                                assertThat(rs.getInt(1)).isEqualTo(++read);
                            }
                        }
                    }
                    c.setAutoCommit(false);
                    try (PreparedStatement delete =
                                    c.prepareStatement("delete from bouncer_jdbc where thread = ? and n > 200");
                            PreparedStatement count =
                                    c.prepareStatement("select count(*) from bouncer_jdbc where thread = ?")) {
                        delete.setInt(1, thread);
                        assertThat(delete.executeUpdate()).isEqualTo(100);
                        count.setInt(1, thread);
                        try (ResultSet rs = count.executeQuery()) {
                            rs.next();
                            assertThat(rs.getLong(1)).isEqualTo(200);
                        }
                        c.rollback();
                    }
                    return read;
                }
            });
            assertThat(rows).containsOnly(300).hasSize(THREADS);
            try (Connection c = DriverManager.getConnection(url);
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select count(*) from bouncer_jdbc")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(300L * THREADS);
                s.execute("drop table bouncer_jdbc");
            }
        }
    }

    @Test
    void defaultsGiveAnErrorNamingTheRemedyAndTheConnectionStaysUsable(TestPostgres server) throws Exception {
        AtomicInteger threadNumbers = new AtomicInteger();
        AtomicInteger explained = new AtomicInteger();
        AtomicInteger correct = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, 2)) {
            String url = url(bouncer, "");
            OnThreads.run(THREADS, () -> {
                int thread = threadNumbers.incrementAndGet();
                try (Connection c = DriverManager.getConnection(url)) {
                    for (int i = 1; i <= 60; i++) {
                        try (PreparedStatement p = c.prepareStatement("select ?::int8 * " + thread + " + " + (i % 4))) {
                            p.setLong(1, i);
                            try (ResultSet rs = p.executeQuery()) {
                                rs.next();
                                assertThat(rs.getLong(1)).isEqualTo((long) i * thread + i % 4);
                            }
                            correct.incrementAndGet();
                        } catch (SQLException e) {
                            assertThat(e.getSQLState()).isIn("26000", "42P05");
                            assertThat(e.getMessage()).contains("statement_cache_size=0", "prepareThreshold=0");
                            explained.incrementAndGet();
                            // the same connection goes on: validated now, and the next statements run on it
                            assertThat(c.isValid(5)).isTrue();
                        }
                    }
                }
                return null;
            });
            assertThat(explained.get())
                    .as("statements refused through the pooler")
                    .isPositive();
            assertThat(correct.get()).as("statements answered (never wrongly)").isPositive();
        }
    }
}
