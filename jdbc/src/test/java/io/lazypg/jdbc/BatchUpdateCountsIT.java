package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue #29, item 5: what a batch reports, beside pgjdbc: the update counts of a failed batch
 * ({@link BatchUpdateException#getUpdateCounts()}) in auto-commit and in a transaction, prepared
 * and plain; the counts of a rewritten batch ({@code reWriteBatchedInserts}: pgjdbc's {@code
 * SUCCESS_NO_INFO}, lazypg's 1 per entry where a multi-row INSERT inserted all its rows);
 * a query in a batch (the exception, its SQLSTATE and counts).
 */
@LazyPgTest
class BatchUpdateCountsIT extends AgainstPgjdbc {

    private static final String INSERT = "insert into batch_counts (id) values (?)";

    @BeforeEach
    void freshTable() throws SQLException {
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table if exists batch_counts; create table batch_counts (id int primary key)");
        }
        pgjdbc.setAutoCommit(true);
        lazypg.setAutoCommit(true);
    }

    /** Ids 1..5, the fourth a duplicate of the first. */
    private static BatchUpdateException failingPrepared(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (int id : new int[] {1, 2, 3, 1, 5}) {
                ps.setInt(1, id);
                ps.addBatch();
            }
            return catchThrowableOfType(BatchUpdateException.class, ps::executeBatch);
        }
    }

    private static BatchUpdateException failingPlain(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (int id : new int[] {1, 2, 3, 1, 5}) {
                s.addBatch("insert into batch_counts (id) values (" + id + ")");
            }
            return catchThrowableOfType(BatchUpdateException.class, s::executeBatch);
        }
    }

    private static long rows(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                var rs = s.executeQuery("select count(*) from batch_counts")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void compare(BatchUpdateException theirs, BatchUpdateException ours) {
        assertThat((Throwable) ours).as("lazypg throws a BatchUpdateException").isNotNull();
        assertThat((Throwable) theirs)
                .as("pgjdbc throws a BatchUpdateException")
                .isNotNull();
        assertThat(ours.getSQLState()).isEqualTo(theirs.getSQLState());
        assertThat(ours.getUpdateCounts()).containsExactly(theirs.getUpdateCounts());
        assertThat(ours.getLargeUpdateCounts()).containsExactly(theirs.getLargeUpdateCounts());
        assertThat((Throwable) ours.getNextException()).isNotNull();
    }

    /**
     * In auto-commit pgjdbc keeps the counts of the entries an earlier Sync of its own committed
     * (it may sync inside a batch); lazypg's one Sync commits none, so past pgjdbc's committed
     * entries the counts are the same, and before them lazypg's say the entries do not hold.
     */
    private static void compareInAutoCommit(
            BatchUpdateException theirs, long committedByPgjdbc, BatchUpdateException ours) {
        assertThat((Throwable) ours).as("lazypg throws a BatchUpdateException").isNotNull();
        assertThat((Throwable) theirs)
                .as("pgjdbc throws a BatchUpdateException")
                .isNotNull();
        assertThat(ours.getSQLState()).isEqualTo(theirs.getSQLState()).isEqualTo("23505");
        int[] their = theirs.getUpdateCounts();
        int[] our = ours.getUpdateCounts();
        assertThat(our).hasSameSizeAs(their).containsOnly(Statement.EXECUTE_FAILED);
        for (int i = (int) committedByPgjdbc; i < their.length; i++) {
            assertThat(our[i]).as("entry " + i).isEqualTo(their[i]);
        }
        assertThat((Throwable) ours.getNextException()).isNotNull();
    }

    @Test
    void aFailedBatchInAutoCommitReportsTheCountsPgjdbcReports() throws SQLException {
        for (boolean prepared : new boolean[] {true, false}) {
            BatchUpdateException theirs = prepared ? failingPrepared(pgjdbc) : failingPlain(pgjdbc);
            long committed = rows(pgjdbc);
            truncate();
            BatchUpdateException ours = prepared ? failingPrepared(lazypg) : failingPlain(lazypg);
            compareInAutoCommit(theirs, committed, ours);
            assertThat(rows(lazypg)).as("lazypg's batch is all or nothing").isZero();
            truncate();
        }
    }

    private static void truncate() throws SQLException {
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("truncate batch_counts");
        }
    }

    @Test
    void aFailedBatchInATransactionReportsTheCountsPgjdbcReports() throws SQLException {
        for (boolean prepared : new boolean[] {true, false}) {
            pgjdbc.setAutoCommit(false);
            lazypg.setAutoCommit(false);
            BatchUpdateException theirs = prepared ? failingPrepared(pgjdbc) : failingPlain(pgjdbc);
            pgjdbc.rollback();
            BatchUpdateException ours = prepared ? failingPrepared(lazypg) : failingPlain(lazypg);
            lazypg.rollback();
            compare(theirs, ours);
        }
    }

    private static Connection rewritingPgjdbc(TestPostgres server) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", server.username());
        p.setProperty("password", server.password());
        p.setProperty("reWriteBatchedInserts", "true");
        return DriverManager.getConnection(server.jdbcUrl(), p);
    }

    private static Connection rewritingLazypg(TestPostgres server) throws SQLException {
        return DriverManager.getConnection(
                JdbcUrlsForTests.lazypgUrlWithCredentials(server) + "&reWriteBatchedInserts=true");
    }

    private static int[] batch(Connection c, String sql, int... ids) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int id : ids) {
                ps.setInt(1, id);
                ps.addBatch();
            }
            return ps.executeBatch();
        }
    }

    /** Statements this connection prepared whose text holds more than one VALUES tuple: rewritten ones. */
    private static long multiRowStatements(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                var rs = s.executeQuery(
                        "select count(*) from pg_prepared_statements where statement like 'insert%), (%'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Both drivers rewrite with {@code reWriteBatchedInserts=true}. pgjdbc says {@code
     * SUCCESS_NO_INFO} for every entry; lazypg says 1 for the entries of a multi-row INSERT that
     * inserted all its rows, and {@code SUCCESS_NO_INFO} only where one inserted fewer (ON CONFLICT
     * DO NOTHING skipped a row), so code written for pgjdbc's rewritten batch accepts lazypg's counts.
     */
    @Test
    void aRewrittenBatchCountsOneWherePgjdbcSaysSuccessNoInfo(TestPostgres server) throws SQLException {
        int[] theirs;
        int[] ours;
        try (Connection rewriting = rewritingPgjdbc(server)) {
            theirs = batch(rewriting, INSERT, 1, 2, 3, 4);
        }
        try (Connection c = rewritingLazypg(server)) {
            ours = batch(c, INSERT, 11, 12, 13, 14);
            assertThat(multiRowStatements(c)).as("lazypg rewrote the batch").isEqualTo(1);
        }
        assertThat(theirs)
                .containsExactly(
                        Statement.SUCCESS_NO_INFO,
                        Statement.SUCCESS_NO_INFO,
                        Statement.SUCCESS_NO_INFO,
                        Statement.SUCCESS_NO_INFO);
        assertThat(ours).as("one multi-row INSERT of 4 rows that inserted 4").containsExactly(1, 1, 1, 1);
        assertThat(batch(pgjdbc, INSERT, 21, 22))
                .as("pgjdbc without the rewrite")
                .containsExactly(ours[0], ours[1]);

        String upsert = INSERT + " on conflict (id) do nothing";
        try (Connection rewriting = rewritingPgjdbc(server)) {
            theirs = batch(rewriting, upsert, 1, 31, 32, 33, 34, 35); // 1 exists
        }
        try (Connection c = rewritingLazypg(server)) {
            ours = batch(c, upsert, 11, 41, 42, 43, 44, 45); // 11 exists
        }
        assertThat(theirs).containsOnly(Statement.SUCCESS_NO_INFO).hasSize(6);
        assertThat(ours)
                .as("chunks of 4 (one row skipped) and 2")
                .containsExactly(
                        Statement.SUCCESS_NO_INFO,
                        Statement.SUCCESS_NO_INFO,
                        Statement.SUCCESS_NO_INFO,
                        Statement.SUCCESS_NO_INFO,
                        1,
                        1);
        assertThat(rows(pgjdbc)).isEqualTo(4 + 4 + 2 + 5 + 5);
    }

    @Test
    void aFailedRewrittenBatchReportsLikePgjdbcAndNamesTheChunksEntries(TestPostgres server) throws SQLException {
        BatchUpdateException theirs;
        BatchUpdateException ours;
        int[] ids = {1, 2, 3, 4, 5, 6, 2}; // chunks of 4, 2 and 1: the last repeats entry 1's id
        try (Connection rewriting = rewritingPgjdbc(server)) {
            theirs = catchThrowableOfType(BatchUpdateException.class, () -> batch(rewriting, INSERT, ids));
        }
        long committedByPgjdbc = rows(pgjdbc);
        truncate();
        try (Connection c = rewritingLazypg(server)) {
            ours = catchThrowableOfType(BatchUpdateException.class, () -> batch(c, INSERT, ids));
        }
        assertThat((Throwable) theirs).isNotNull();
        assertThat((Throwable) ours).isNotNull();
        assertThat(ours.getSQLState()).isEqualTo(theirs.getSQLState()).isEqualTo("23505");
        assertThat(ours.getUpdateCounts())
                .hasSameSizeAs(theirs.getUpdateCounts())
                .containsOnly(Statement.EXECUTE_FAILED);
        assertThat(ours.getMessage())
                .contains("Batch entries 6 to 6 (of 7, counted from 0), sent as one multi-row INSERT of 1 row")
                .contains("rewrite_batched_inserts");
        assertThat(rows(lazypg))
                .as("lazypg's rewritten batch is all or nothing too")
                .isZero();
        assertThat(committedByPgjdbc)
                .as("pgjdbc's rewritten batch in auto-commit, for the record")
                .isBetween(0L, 6L);
    }

    /**
     * A query in a batch runs: in a {@code Statement} batch it counts 0, as pgjdbc counts it; in a
     * prepared batch lazypg gives its tag's count (the client's executeBatch count).
     */
    @Test
    void aQueryInABatchRunsAndCountsAsDocumented() throws SQLException {
        int[] theirs;
        int[] ours;
        try (Statement s = pgjdbc.createStatement()) {
            s.addBatch("insert into batch_counts (id) values (1)");
            s.addBatch("select 1 union all select 2");
            theirs = s.executeBatch();
        }
        try (Statement s = lazypg.createStatement()) {
            s.addBatch("insert into batch_counts (id) values (2)");
            s.addBatch("select 1 union all select 2");
            ours = s.executeBatch();
        }
        assertThat(ours).containsExactly(theirs);

        try (PreparedStatement ps = pgjdbc.prepareStatement("select generate_series(1, ?::int)")) {
            ps.setInt(1, 3);
            ps.addBatch();
            theirs = ps.executeBatch();
        }
        try (PreparedStatement ps = lazypg.prepareStatement("select generate_series(1, ?::int)")) {
            ps.setInt(1, 3);
            ps.addBatch();
            ours = ps.executeBatch();
        }
        assertThat(theirs).as("pgjdbc runs it too").hasSize(1);
        assertThat(ours)
                .as("lazypg: the query's own count (SELECT 3), see docs/jdbc.md")
                .containsExactly(3);
    }
}
