package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrl;
import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pgjdbc properties lazypg-jdbc applies itself (stringtype, readOnly, readOnlyMode, autosave,
 * cleanupSavepoints, defaultRowFetchSize, preferQueryMode) have the effect they have with pgjdbc:
 * the same Properties open a connection of each driver, the same JDBC calls run on both, and what
 * the server saw (read back in SQL) or the SQLSTATEs they failed with are compared.
 */
@LazyPgTest
class PgjdbcPropertyEffectsIT {

    private static TestPostgres server;

    @BeforeAll
    static void schema(TestPostgres s) throws SQLException {
        server = s;
        try (Connection c = s.openJdbc();
                Statement st = c.createStatement()) {
            st.execute("drop table if exists props_typed, props_rows, props_stale");
            st.execute("drop type if exists props_mood");
            st.execute("create type props_mood as enum ('happy', 'sad')");
            st.execute("create table props_typed (id int, u uuid, j jsonb, m props_mood, d date, n numeric)");
            st.execute("create table props_rows (id int primary key)");
            st.execute("create table props_stale (id int primary key, a text)");
            st.execute("insert into props_stale values (1, 'one')");
        }
    }

    /** A pgjdbc and a lazypg connection opened with the same properties; pgjdbc's first. */
    private static List<Connection> both(String... nameValues) throws SQLException {
        Properties info = new Properties();
        info.setProperty("user", server.username());
        info.setProperty("password", server.password());
        for (int i = 0; i < nameValues.length; i += 2) {
            info.setProperty(nameValues[i], nameValues[i + 1]);
        }
        return List.of(
                DriverManager.getConnection(server.jdbcUrl(), info),
                DriverManager.getConnection(lazypgUrl(server), info));
    }

    /** What {@code action} gives on each connection, pgjdbc's first; closes them. */
    private static List<Object> onBoth(List<Connection> connections, JdbcAction action) throws SQLException {
        List<Object> seen = new ArrayList<>();
        for (Connection c : connections) {
            try (c) {
                seen.add(action.run(c));
            }
        }
        return seen;
    }

    @FunctionalInterface
    interface JdbcAction {
        Object run(Connection c) throws SQLException;
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String sqlState(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
            return "ok";
        } catch (SQLException e) {
            return e.getSQLState();
        }
    }

    // ---------------------------------------------------------------- stringtype

    @Test
    void stringtypeUnspecifiedLetsTheServerTypeAStringAsPgjdbcDoes() throws SQLException {
        List<Object> seen = onBoth(both("stringtype", "unspecified"), c -> {
            int id = c.getMetaData().getDriverName().contains("lazypg") ? 2 : 1;
            try (PreparedStatement ps = c.prepareStatement("insert into props_typed values (?, ?, ?, ?, ?, ?)")) {
                ps.setInt(1, id);
                ps.setString(2, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11");
                ps.setString(3, "{\"k\": [1, 2]}");
                ps.setString(4, "sad");
                ps.setString(5, "2024-07-01");
                ps.setString(6, "12.50");
                ps.executeUpdate();
            }
            try (PreparedStatement ps =
                    c.prepareStatement("select u, j, m, d, n from props_typed where id = ? and m = ?")) {
                ps.setInt(1, id);
                ps.setString(2, "sad");
                try (ResultSet rs = ps.executeQuery()) {
                    List<String> row = new ArrayList<>();
                    assertThat(rs.next()).isTrue();
                    for (int i = 1; i <= 5; i++) {
                        row.add(rs.getString(i));
                    }
                    return row;
                }
            }
        });
        assertThat(seen.get(0))
                .isEqualTo(List.of(
                        "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "{\"k\": [1, 2]}", "sad", "2024-07-01", "12.50"));
        assertThat(seen.get(1)).isEqualTo(seen.get(0));
    }

    // ---------------------------------------------------------------- readOnly, readOnlyMode

    /** transaction_read_only in auto-commit and in a transaction, and whether an insert succeeds there. */
    private static List<String> readOnlyEffects(Connection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        seen.add("flag " + c.isReadOnly());
        seen.add("auto-commit " + one(c, "show transaction_read_only"));
        seen.add("auto-commit insert " + sqlState(c, "insert into props_rows values (-1) on conflict do nothing"));
        c.setAutoCommit(false);
        seen.add("transaction " + one(c, "show transaction_read_only"));
        c.rollback();
        seen.add("transaction insert " + sqlState(c, "insert into props_rows values (-1) on conflict do nothing"));
        c.rollback();
        c.setAutoCommit(true);
        seen.add("auto-commit again " + one(c, "show transaction_read_only"));
        c.setReadOnly(false);
        seen.add("read-write " + one(c, "show transaction_read_only"));
        return seen;
    }

    @Test
    void readOnlyModeDecidesWhatTheReadOnlyPropertySendsAsInPgjdbc() throws SQLException {
        for (String mode : List.of("ignore", "transaction", "always")) {
            List<Object> seen =
                    onBoth(both("readOnly", "true", "readOnlyMode", mode), PgjdbcPropertyEffectsIT::readOnlyEffects);
            assertThat(seen.get(1)).as(mode).isEqualTo(seen.get(0));
        }
    }

    @Test
    void setReadOnlyWithReadOnlyModeAlwaysMakesAutoCommitReadOnlyAndThePooledSessionForgetsIt() throws SQLException {
        List<Object> seen = onBoth(both("readOnlyMode", "always"), c -> {
            c.setReadOnly(true);
            return readOnlyEffects(c);
        });
        assertThat(seen.get(0).toString()).contains("auto-commit on", "auto-commit insert 25006", "read-write off");
        assertThat(seen.get(1)).isEqualTo(seen.get(0));
        try (LazyPgDataSource ds = new LazyPgDataSource(
                JdbcUrlsForTests.lazypgUrlWithCredentials(server) + "&readOnlyMode=always&pool_max_size=1")) {
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                assertThat(one(c, "show transaction_read_only")).isEqualTo("on");
            }
            try (Connection c = ds.getConnection()) { // the same session, given back with its default reset
                assertThat(one(c, "show transaction_read_only")).isEqualTo("off");
            }
        }
    }

    // ---------------------------------------------------------------- autosave, cleanupSavepoints

    /** In a transaction: a row, a failing statement, another row, commit; the SQLSTATEs and the rows kept. */
    private static List<String> failureInTransaction(Connection c, int base) throws SQLException {
        List<String> seen = new ArrayList<>();
        c.setAutoCommit(false);
        seen.add(sqlState(c, "insert into props_rows values (" + base + ")"));
        seen.add(sqlState(c, "select 1 / 0"));
        try (PreparedStatement ps = c.prepareStatement("insert into props_rows values (?)")) {
            ps.setInt(1, base + 1);
            ps.executeUpdate();
            seen.add("ok");
        } catch (SQLException e) {
            seen.add(e.getSQLState());
        }
        try {
            c.commit(); // an aborted transaction's commit differs (SemanticsBesidePgjdbcIT): the rows tell
        } catch (SQLException e) {
            c.rollback();
        }
        c.setAutoCommit(true);
        seen.add(one(c, "select count(*) from props_rows where id between " + base + " and " + (base + 1)));
        return seen;
    }

    @Test
    void autosaveKeepsTheTransactionGoingAfterAFailedStatementAsInPgjdbc() throws SQLException {
        int base = 100;
        for (String mode : List.of("never", "always", "conservative")) {
            int[] next = {base};
            List<Object> seen = onBoth(both("autosave", mode), c -> failureInTransaction(c, next[0] += 10));
            assertThat(seen.get(1)).as(mode).isEqualTo(seen.get(0));
            base += 100;
        }
        List<Object> always = onBoth(both("autosave", "always"), c -> failureInTransaction(c, 900));
        assertThat(always.get(0)).isEqualTo(List.of("ok", "22012", "ok", "2"));
    }

    @Test
    void cleanupSavepointsReleasesTheSavepointAfterEachStatementAsInPgjdbc() throws SQLException {
        // the application's RELEASE takes the savepoint set before it; with cleanupSavepoints the
        // driver's own RELEASE after it then finds none left (3B001), as pgjdbc's does
        List<Object> outcomes = new ArrayList<>();
        for (String cleanup : List.of("false", "true")) {
            List<Object> seen = onBoth(both("autosave", "always", "cleanupSavepoints", cleanup), c -> {
                c.setAutoCommit(false);
                one(c, "select 1");
                String release = sqlState(c, "release savepoint PGJDBC_AUTOSAVE");
                c.rollback();
                c.setAutoCommit(true);
                return release;
            });
            assertThat(seen.get(1)).as("cleanupSavepoints=" + cleanup).isEqualTo(seen.get(0));
            outcomes.add(seen.get(0));
        }
        assertThat(outcomes).containsExactly("ok", "3B001");
    }

    @Test
    void autosaveConservativeRunsAStatementWhosePlanWentStaleInATransactionOnceMore() throws SQLException {
        List<Object> seen = onBoth(both("autosave", "conservative", "prepareThreshold", "1"), c -> {
            List<String> out = new ArrayList<>();
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement("select * from props_stale where id = ?")) {
                for (int i = 0; i < 3; i++) {
                    ps.setInt(1, 1);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                    }
                }
                c.commit();
                try (Connection other = server.openJdbc();
                        Statement s = other.createStatement()) {
                    s.execute("alter table props_stale add column b int default 7");
                }
                out.add(one(c, "select 1")); // the transaction has begun before the stale statement runs
                ps.setInt(1, 1);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    out.add(rs.getMetaData().getColumnCount() + " columns, b=" + rs.getString("b"));
                }
                c.commit();
            } finally {
                c.setAutoCommit(true);
                try (Statement s = c.createStatement()) {
                    s.execute("alter table props_stale drop column if exists b");
                }
            }
            return out;
        });
        assertThat(seen.get(0)).isEqualTo(List.of("1", "3 columns, b=7"));
        assertThat(seen.get(1)).isEqualTo(seen.get(0));
    }

    // ---------------------------------------------------------------- defaultRowFetchSize, preferQueryMode

    @Test
    void defaultRowFetchSizeIsEveryStatementsFetchSizeAsInPgjdbc() throws SQLException {
        List<Object> seen = onBoth(both("defaultRowFetchSize", "25"), c -> {
            List<Integer> sizes = new ArrayList<>();
            try (Statement s = c.createStatement();
                    PreparedStatement ps = c.prepareStatement("select 1")) {
                sizes.add(s.getFetchSize());
                sizes.add(ps.getFetchSize());
            }
            return sizes;
        });
        assertThat(seen.get(0)).isEqualTo(List.of(25, 25));
        assertThat(seen.get(1)).isEqualTo(seen.get(0));
        List<Object> unset = onBoth(both(), c -> {
            try (Statement s = c.createStatement()) {
                return s.getFetchSize();
            }
        });
        assertThat(unset).containsExactly(0, 0);
    }

    @Test
    void preferQueryModeSimpleRunsTheSameStatementsWithNothingPreparedAhead() throws SQLException {
        List<Object> seen = onBoth(both("preferQueryMode", "simple"), c -> {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                try (PreparedStatement ps = c.prepareStatement("select ?::int + 1, ?::text")) {
                    ps.setInt(1, i);
                    ps.setString(2, "it's");
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        out.add(rs.getString(1) + " " + rs.getString(2));
                    }
                }
            }
            out.add(one(c, "select count(*) from pg_prepared_statements"));
            return out;
        });
        assertThat(seen.get(0)).isEqualTo(List.of("1 it's", "2 it's", "3 it's", "0"));
        assertThat(seen.get(1)).isEqualTo(seen.get(0));
    }
}
