package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue #26, item 2: the same batches, failing and not, through pgjdbc and lazypg-jdbc against the
 * same server; the rows left, the update counts (of the result or of the BatchUpdateException),
 * the SQLSTATE and the generated keys must be the same. In auto-commit a failing batch leaves
 * nothing, and the connection runs the next statement.
 */
@LazyPgTest
class JdbcBatchAtomicityIT extends AgainstPgjdbc {

    private static final String INSERT = "insert into %s (id, label) values (?, ?)";

    /** What a batch did: its counts, the SQLSTATE it failed with (null if none), the rows left, its keys. */
    record Outcome(List<Integer> counts, String sqlState, long rowsLeft, List<List<String>> keys) {}

    @FunctionalInterface
    interface Batch {
        /** Runs the batch on {@code c} against {@code table} and returns its counts. */
        int[] run(Connection c, String table, List<List<String>> keys) throws SQLException;
    }

    /**
     * Fixed-width columns: pgjdbc sends a batch that returns rows of unbounded width (a text
     * column) with a Sync after each set, which commits part of it (see the last test).
     */
    private static void recreate(Connection c, String table) throws SQLException {
        recreate(c, table, "bigint");
    }

    private static void recreate(Connection c, String table, String labelType) throws SQLException {
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("drop table if exists " + table);
            s.execute("create table " + table + " (id bigint primary key, label " + labelType + ", created serial)");
        }
    }

    private static long rows(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<List<String>> read(ResultSet rs) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        int width = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= width; i++) {
                row.add(rs.getString(i));
            }
            rows.add(row);
        }
        return rows;
    }

    /** Runs {@code batch} in auto-commit (or in a transaction, rolled back after), on a fresh table. */
    private static Outcome outcome(Connection c, String table, boolean autoCommit, Batch batch) throws SQLException {
        recreate(c, table);
        c.setAutoCommit(autoCommit);
        List<List<String>> keys = new ArrayList<>();
        int[] counts;
        String state = null;
        try {
            counts = batch.run(c, table, keys);
        } catch (BatchUpdateException e) {
            counts = e.getUpdateCounts();
            state = e.getSQLState();
        }
        if (!autoCommit) {
            if (state != null) {
                try (Statement s = c.createStatement()) {
                    s.executeQuery("select 1");
                    state += " then none";
                } catch (SQLException e) {
                    state += " then " + e.getSQLState(); // the transaction is aborted
                }
            }
            c.rollback();
            c.setAutoCommit(true);
        }
        return new Outcome(Arrays.stream(counts).boxed().toList(), state, rows(c, table), keys);
    }

    private static void assertSameAsPgjdbc(boolean autoCommit, Batch batch, String expectedState) throws SQLException {
        Outcome expected = outcome(pgjdbc, "batch_pgjdbc", autoCommit, batch);
        Outcome actual = outcome(lazypg, "batch_lazypg", autoCommit, batch);
        assertThat(expected.sqlState()).isEqualTo(expectedState);
        assertThat(actual).isEqualTo(expected);
    }

    /** Ten sets; the one at {@code duplicateAt} (if any) repeats the id of the first. */
    private static void addTen(PreparedStatement ps, int duplicateAt) throws SQLException {
        for (int i = 0; i < 10; i++) {
            ps.setLong(1, i == duplicateAt ? 0 : i);
            ps.setLong(2, 100 + i);
            ps.addBatch();
        }
    }

    private static Batch prepared(int duplicateAt) {
        return (c, table, keys) -> {
            try (PreparedStatement ps = c.prepareStatement(String.format(INSERT, table))) {
                addTen(ps, duplicateAt);
                return ps.executeBatch();
            }
        };
    }

    private static Batch preparedWithKeys(int duplicateAt, String... columns) {
        return (c, table, keys) -> {
            try (PreparedStatement ps = columns.length == 0
                    ? c.prepareStatement(String.format(INSERT, table), Statement.RETURN_GENERATED_KEYS)
                    : c.prepareStatement(String.format(INSERT, table), columns)) {
                // pgjdbc runs the first set of a statement it has not described yet with a Sync of
                // its own (committing it): describe it with one set first, as a warm cache has it
                ps.setLong(1, 1000);
                ps.setLong(2, 0);
                ps.addBatch();
                ps.executeBatch();
                try (Statement s = c.createStatement()) {
                    s.execute("delete from " + table + " where id = 1000");
                }
                addTen(ps, duplicateAt);
                try {
                    return ps.executeBatch();
                } finally {
                    keys.addAll(read(ps.getGeneratedKeys()));
                }
            }
        };
    }

    private static Batch statements(int duplicateAt) {
        return (c, table, keys) -> {
            try (Statement s = c.createStatement()) {
                for (int i = 0; i < 10; i++) {
                    s.addBatch("insert into " + table + " (id, label) values (" + (i == duplicateAt ? 0 : i) + ", 7)");
                }
                return s.executeBatch();
            }
        };
    }

    @Test
    void aFailingPreparedBatchLeavesNothingInAutoCommit() throws SQLException {
        assertSameAsPgjdbc(true, prepared(4), "23505");
        assertThat(rows(lazypg, "batch_lazypg")).isZero();
    }

    @Test
    void aFailingBatchWithGeneratedKeysLeavesNothingInAutoCommit() throws SQLException {
        assertSameAsPgjdbc(true, preparedWithKeys(4), "23505");
        assertSameAsPgjdbc(true, preparedWithKeys(4, "id"), "23505");
        assertThat(rows(lazypg, "batch_lazypg")).isZero();
    }

    @Test
    void aFailingStatementBatchLeavesNothingInAutoCommit() throws SQLException {
        assertSameAsPgjdbc(true, statements(4), "23505");
        assertThat(rows(lazypg, "batch_lazypg")).isZero();
    }

    @Test
    void inATransactionAFailingBatchAbortsIt() throws SQLException {
        assertSameAsPgjdbc(false, prepared(4), "23505 then 25P02");
        assertSameAsPgjdbc(false, preparedWithKeys(4), "23505 then 25P02");
        assertSameAsPgjdbc(false, statements(4), "23505 then 25P02");
    }

    @Test
    void successfulBatchesGiveTheSameCountsAndKeys() throws SQLException {
        assertSameAsPgjdbc(true, prepared(-1), null);
        assertSameAsPgjdbc(true, preparedWithKeys(-1), null);
        assertSameAsPgjdbc(true, preparedWithKeys(-1, "id", "created"), null);
        assertSameAsPgjdbc(true, statements(-1), null);
        assertSameAsPgjdbc(false, preparedWithKeys(-1), null);
        Batch mixed = (c, table, keys) -> {
            try (Statement s = c.createStatement()) {
                s.addBatch("insert into " + table + " (id, label) select i, i from generate_series(1, 5) i");
                s.addBatch("update " + table + " set label = 2 where id > 2 -- a trailing comment");
                s.addBatch("delete from " + table + " where id = 5;");
                s.addBatch("/* only a comment first */ update " + table + " set label = length(';') where id = 99");
                return s.executeBatch();
            }
        };
        assertSameAsPgjdbc(true, mixed, null);
        assertThat(outcome(lazypg, "batch_lazypg", true, mixed).counts()).containsExactly(5, 3, 1, 0);
    }

    @Test
    void aLargeFailingBatchLeavesNothingAndTheConnectionGoesOn() throws SQLException {
        for (boolean keys : new boolean[] {false, true}) {
            recreate(lazypg, "batch_lazypg", "text");
            try (PreparedStatement ps = keys
                    ? lazypg.prepareStatement(String.format(INSERT, "batch_lazypg"), Statement.RETURN_GENERATED_KEYS)
                    : lazypg.prepareStatement(String.format(INSERT, "batch_lazypg"))) {
                for (int i = 0; i < 10_000; i++) {
                    ps.setLong(1, i == 9_000 ? 0 : i);
                    ps.setString(2, "label " + i);
                    ps.addBatch();
                }
                BatchUpdateException e =
                        org.junit.jupiter.api.Assertions.assertThrows(BatchUpdateException.class, ps::executeBatch);
                assertThat(e.getSQLState()).isEqualTo("23505");
                assertThat(e.getUpdateCounts()).hasSize(10_000).containsOnly(Statement.EXECUTE_FAILED);
                assertThat(rows(lazypg, "batch_lazypg"))
                        .as("rows left, keys " + keys)
                        .isZero();
                for (int i = 0; i < 10_000; i++) {
                    ps.setLong(1, i);
                    ps.setString(2, "label " + i);
                    ps.addBatch();
                }
                assertThat(ps.executeBatch()).hasSize(10_000).containsOnly(1);
                if (keys) {
                    assertThat(read(ps.getGeneratedKeys())).hasSize(10_000);
                }
            }
            assertThat(rows(lazypg, "batch_lazypg")).isEqualTo(10_000);
        }
    }

    @Test
    void springsBatchOfSqlStringsIsAtomicInAutoCommit(TestPostgres server) throws SQLException {
        PGSimpleDataSource pgjdbcSource = new PGSimpleDataSource();
        pgjdbcSource.setURL(server.jdbcUrl());
        pgjdbcSource.setUser(server.username());
        pgjdbcSource.setPassword(server.password());
        List<Long> left = new ArrayList<>();
        for (var source : List.of(pgjdbcSource, new LazyPgDataSource(server.url()))) {
            JdbcTemplate jdbc = new JdbcTemplate(source);
            jdbc.execute("drop table if exists batch_spring");
            jdbc.execute("create table batch_spring (id bigint primary key)");
            String[] sqls = new String[10];
            for (int i = 0; i < 10; i++) {
                sqls[i] = "insert into batch_spring values (" + (i == 4 ? 0 : i) + ")";
            }
            try {
                jdbc.batchUpdate(sqls);
            } catch (DataAccessException e) {
                left.add(Objects.requireNonNull(jdbc.queryForObject("select count(*) from batch_spring", Long.class)));
            }
            if (source instanceof LazyPgDataSource lazy) {
                lazy.close();
            }
        }
        assertThat(left).containsExactly(0L, 0L);
    }

    /**
     * Where lazypg is deliberately stricter than pgjdbc: pgjdbc cannot bound the answer of a batch
     * that returns text columns, so it syncs after each set and commits the sets before the failing
     * one; lazypg reads each slice's answers before sending the next, keeps its one Sync at the end,
     * and commits nothing, as the rule "in auto-commit a batch is all or nothing" asks.
     */
    @Test
    void aBatchReturningTextColumnsIsAtomicWherePgjdbcCommitsPartOfIt() throws SQLException {
        List<Long> left = new ArrayList<>();
        List<List<Integer>> counts = new ArrayList<>();
        for (Connection c : List.of(pgjdbc, lazypg)) {
            String table = c == pgjdbc ? "batch_pgjdbc" : "batch_lazypg";
            recreate(c, table, "text");
            try (PreparedStatement ps =
                    c.prepareStatement(String.format(INSERT, table), Statement.RETURN_GENERATED_KEYS)) {
                for (int i = 0; i < 10; i++) {
                    ps.setLong(1, i == 4 ? 0 : i);
                    ps.setString(2, "label " + i);
                    ps.addBatch();
                }
                BatchUpdateException e =
                        org.junit.jupiter.api.Assertions.assertThrows(BatchUpdateException.class, ps::executeBatch);
                counts.add(Arrays.stream(e.getUpdateCounts()).boxed().toList());
            }
            left.add(rows(c, table));
        }
        assertThat(left).containsExactly(4L, 0L);
        assertThat(counts.get(0)).containsExactly(1, 1, 1, 1, -3, -3, -3, -3, -3, -3);
        assertThat(counts.get(1)).hasSize(10).containsOnly(Statement.EXECUTE_FAILED);
    }
}
