package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Array;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@LazyPgTest
class StatementIT {

    private Connection c;

    @BeforeEach
    void open(TestPostgres server) throws SQLException {
        c = DriverManager.getConnection(lazypgUrlWithCredentials(server));
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private List<Integer> ints(ResultSet rs) throws SQLException {
        List<Integer> values = new ArrayList<>();
        while (rs.next()) {
            values.add(rs.getInt(1));
        }
        return values;
    }

    private static String sqlState(Throwable e) {
        return ((SQLException) e).getSQLState();
    }

    @Test
    void aScriptGivesEachOfItsResultsInTurn() throws SQLException {
        try (Statement s = c.createStatement()) {
            boolean rows = s.execute("create temp table script_t (a int); -- a comment with ? in it\n"
                    + "insert into script_t values (1), (2); select a from script_t order by a; /* done? */");
            assertThat(rows).isFalse();
            assertThat(s.getUpdateCount()).isZero();
            assertThat(s.getMoreResults()).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(2);
            assertThat(s.getMoreResults()).isTrue();
            assertThat(ints(s.getResultSet())).containsExactly(1, 2);
            assertThat(s.getMoreResults()).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(-1);
        }
    }

    @Test
    void oneStatementReportsItsUpdateCountOrRows() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create temp table counted (a int)");
            assertThat(s.executeUpdate("insert into counted select generate_series(1, 3)"))
                    .isEqualTo(3);
            assertThat(s.executeLargeUpdate("update counted set a = a + 1 where a > 1"))
                    .isEqualTo(2L);
            assertThat(s.execute("select a from counted order by a")).isTrue();
            assertThat(ints(s.getResultSet())).containsExactly(1, 3, 4);
            assertThat(s.getMoreResults()).isFalse();
            assertThat(s.getUpdateCount()).isEqualTo(-1);
            assertThatThrownBy(() -> s.executeQuery("delete from counted"))
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("02000");
        }
    }

    @Test
    void maxRowsLimitsWhatTheServerSends() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select generate_series(1, ?)")) {
            ps.setMaxRows(5);
            ps.setInt(1, 1000);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(ints(rs)).containsExactly(1, 2, 3, 4, 5);
            }
        }
    }

    @Test
    void aQueryTimeoutCancelsTheStatementAndLeavesTheConnectionUsable() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(1);
            assertThatThrownBy(() -> s.execute("select pg_sleep(30)"))
                    .isInstanceOf(SQLTimeoutException.class)
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("57014");
            s.setQueryTimeout(0);
            try (ResultSet rs = s.executeQuery("select 1")) {
                assertThat(ints(rs)).containsExactly(1);
            }
        }
    }

    @Test
    void aFetchSizeStreamsThroughAPortalInAutoCommit() throws SQLException {
        assertThat(c.getAutoCommit()).isTrue();
        try (PreparedStatement ps = c.prepareStatement("select generate_series(1, ?)")) {
            ps.setFetchSize(100);
            ps.setInt(1, 10_000);
            long sum = 0;
            int count = 0;
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                // the portal holds the session: nothing else may run on it until the stream ends
                assertThatThrownBy(() -> c.createStatement().executeQuery("select 1"))
                        .extracting(StatementIT::sqlState)
                        .isEqualTo("24000");
                do {
                    sum += rs.getInt(1);
                    count++;
                } while (rs.next());
            }
            assertThat(count).isEqualTo(10_000);
            assertThat(sum).isEqualTo(10_000L * 10_001 / 2);
        }
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select 2")) {
            assertThat(ints(rs)).containsExactly(2);
        }
    }

    @Test
    void closingAStreamEarlyFreesTheSession() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setFetchSize(10);
            ResultSet rs = s.executeQuery("select generate_series(1, 1000000)");
            assertThat(rs.next()).isTrue();
            rs.close();
            try (ResultSet again = s.executeQuery("select 3")) {
                assertThat(ints(again)).containsExactly(3);
            }
        }
    }

    @Test
    void generatedKeysComeFromAnAppendedReturningClause() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create temp table keyed (id serial primary key, name text)");
        }
        try (PreparedStatement ps =
                c.prepareStatement("insert into keyed (name) values (?)", Statement.RETURN_GENERATED_KEYS)) {
            ps.setString(1, "a");
            assertThat(ps.executeUpdate()).isEqualTo(1);
            try (ResultSet keys = ps.getGeneratedKeys()) {
                assertThat(keys.next()).isTrue();
                assertThat(keys.getInt("id")).isEqualTo(1);
                assertThat(keys.getString("name")).isEqualTo("a");
            }
        }
        try (PreparedStatement ps = c.prepareStatement("insert into keyed (name) values (?)", new String[] {"id"})) {
            ps.setString(1, "b");
            ps.addBatch();
            ps.setString(1, "c");
            ps.addBatch();
            assertThat(ps.executeBatch()).containsExactly(1, 1);
            try (ResultSet keys = ps.getGeneratedKeys()) {
                assertThat(keys.getMetaData().getColumnCount()).isEqualTo(1);
                assertThat(ints(keys)).containsExactly(2, 3);
            }
        }
    }

    @Test
    void aBatchRunsPipelinedAndFailsAsAWhole() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create temp table batched (id int primary key)");
        }
        try (PreparedStatement ps = c.prepareStatement("insert into batched values (?)")) {
            for (int i = 1; i <= 1000; i++) {
                ps.setInt(1, i);
                ps.addBatch();
            }
            int[] counts = ps.executeBatch();
            assertThat(counts).hasSize(1000).containsOnly(1);
            ps.setInt(1, 2000);
            ps.addBatch();
            ps.setInt(1, 1); // duplicate
            ps.addBatch();
            assertThatThrownBy(ps::executeBatch)
                    .isInstanceOf(BatchUpdateException.class)
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("23505");
        }
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select count(*) from batched")) {
            assertThat(ints(rs)).containsExactly(1000); // the failed batch was one implicit transaction
        }
    }

    @Test
    void transactionsBeginLazilyAndRollBackToSavepoints() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create temp table tx (v int)");
        }
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.executeUpdate("insert into tx values (1)");
            Savepoint sp = c.setSavepoint();
            s.executeUpdate("insert into tx values (2)");
            c.rollback(sp);
            Savepoint named = c.setSavepoint("keep");
            s.executeUpdate("insert into tx values (3)");
            c.releaseSavepoint(named);
            c.commit();
            s.executeUpdate("insert into tx values (4)");
            c.rollback();
            try (ResultSet rs = s.executeQuery("select v from tx order by v")) {
                assertThat(ints(rs)).containsExactly(1, 3);
            }
            assertThatThrownBy(() -> s.execute("select 1 / 0"))
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("22012");
            assertThatThrownBy(c::commit).extracting(StatementIT::sqlState).isEqualTo("25P02");
        }
        c.setAutoCommit(true);
        assertThatThrownBy(c::commit).extracting(StatementIT::sqlState).isEqualTo("2D000");
    }

    @Test
    void isolationAndReadOnlyGoIntoBegin() throws SQLException {
        c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
        c.setReadOnly(true);
        c.setAutoCommit(false);
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select current_setting('transaction_isolation'),"
                        + " current_setting('transaction_read_only')")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("serializable");
            assertThat(rs.getString(2)).isEqualTo("on");
            assertThatThrownBy(() -> c.setReadOnly(false))
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("25001");
        }
        assertThat(c.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_SERIALIZABLE);
        c.rollback();
    }

    @Test
    void schemaIsTheSearchPath() throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create schema if not exists \"Other Schema\"");
        }
        c.setSchema("Other Schema");
        assertThat(c.getSchema()).isEqualTo("Other Schema");
        c.setSchema("public");
        assertThat(c.getSchema()).isEqualTo("public");
    }

    @Test
    void arraysGoInAndComeOut() throws SQLException {
        Array array = c.createArrayOf("integer", new Integer[] {3, 1, 2});
        try (PreparedStatement ps = c.prepareStatement("select ?::int[], array_length(?::int[], 1)")) {
            ps.setArray(1, array);
            ps.setObject(2, array);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat((Object[]) rs.getArray(1).getArray()).containsExactly(3, 1, 2);
                assertThat(rs.getInt(2)).isEqualTo(3);
            }
        }
    }

    @Test
    void doubledQuestionMarksAreJsonbOperators() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select '{\"a\": 1}'::jsonb ?? ?, '{\"a\": 1}'::jsonb ??| ?")) {
            ps.setString(1, "a");
            ps.setArray(2, c.createArrayOf("text", new String[] {"b", "c"}));
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBoolean(1)).isTrue();
                assertThat(rs.getBoolean(2)).isFalse();
            }
        }
    }

    @Test
    void usageErrorsCarryASqlState() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("select ?, ?")) {
            ps.setInt(1, 1);
            assertThatThrownBy(ps::executeQuery)
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("07001");
            assertThatThrownBy(() -> ps.setInt(3, 1))
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("22023");
        }
        assertThatThrownBy(() -> c.prepareStatement("{? = call upper(?)}"))
                .isInstanceOf(java.sql.SQLFeatureNotSupportedException.class)
                .hasMessageContaining("OUT parameter");
        assertThatThrownBy(() -> c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE))
                .isInstanceOf(java.sql.SQLFeatureNotSupportedException.class);
        try (Statement s = c.createStatement()) {
            assertThatThrownBy(() -> s.executeQuery("select nope from nowhere"))
                    .extracting(StatementIT::sqlState)
                    .isEqualTo("42P01");
        }
    }
}
