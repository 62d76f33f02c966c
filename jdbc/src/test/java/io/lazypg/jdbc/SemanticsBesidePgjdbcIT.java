package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Where lazypg-jdbc decided its own semantics beside pgjdbc's (docs/jdbc.md, "Semantics beside
 * pgjdbc"): each test runs the same calls through both drivers, states what pgjdbc (the version on
 * the test classpath) does, and what lazypg does, the same or the documented difference.
 */
@LazyPgTest
class SemanticsBesidePgjdbcIT {

    private static TestPostgres server;

    @BeforeAll
    static void schema(TestPostgres s) throws SQLException {
        server = s;
        try (Connection c = s.openJdbc();
                Statement st = c.createStatement()) {
            st.execute("drop table if exists semantics_rows");
            st.execute("create table semantics_rows (id int primary key, label text)");
        }
    }

    private static List<Connection> both() throws SQLException {
        return List.of(server.openJdbc(), DriverManager.getConnection(lazypgUrlWithCredentials(server)));
    }

    @FunctionalInterface
    interface JdbcAction {
        Object run(Connection c) throws SQLException;
    }

    /** What {@code action} gives on a pgjdbc connection, then on a lazypg one. */
    private static List<Object> onBoth(JdbcAction action) throws SQLException {
        List<Object> seen = new ArrayList<>();
        for (Connection c : both()) {
            try (c) {
                seen.add(action.run(c));
            }
        }
        return seen;
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    // ---------------------------------------------------------------- commit of an aborted transaction

    @Test
    void commitOfAnAbortedTransactionRollsBackWithBothAndOnlyLazypgReportsIt() throws SQLException {
        int[] id = {1};
        List<Object> seen = onBoth(c -> {
            int row = id[0]++;
            List<String> out = new ArrayList<>();
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("insert into semantics_rows values (" + row + ", 'kept?')");
                try {
                    s.execute("select 1 / 0");
                } catch (SQLException expected) {
                    out.add(expected.getSQLState());
                }
            }
            try {
                c.commit();
                out.add("commit returned");
            } catch (SQLException e) {
                out.add("commit threw " + e.getSQLState());
            }
            out.add("in transaction after commit: " + one(c, "select count(*) from semantics_rows where id = " + row));
            c.setAutoCommit(true);
            return out;
        });
        // pgjdbc 42.7: COMMIT answered ROLLBACK, and commit() returns as if it committed
        assertThat(seen.get(0)).isEqualTo(List.of("22012", "commit returned", "in transaction after commit: 0"));
        // lazypg: the same rollback, reported (the caller must not believe its rows were kept)
        assertThat(seen.get(1)).isEqualTo(List.of("22012", "commit threw 25P02", "in transaction after commit: 0"));
    }

    // ---------------------------------------------------------------- SQLSTATEs of conversion errors

    /** The SQLSTATE of {@code call}, or "ok". */
    private static String stateOf(JdbcAction call, Connection c) {
        try {
            call.run(c);
            return "ok";
        } catch (SQLException e) {
            return e.getSQLState();
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName();
        }
    }

    @Test
    void conversionErrorsAreDataExceptionsInLazypgWherePgjdbcUsesItsOwnStates() throws SQLException {
        List<Object> seen = onBoth(c -> {
            List<String> states = new ArrayList<>();
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select 'abc'::text, 3000000000::int8, 'x'::text, 7::int4")) {
                rs.next();
                states.add("getInt('abc') " + stateOf(x -> rs.getInt(1), c));
                states.add("getInt(3000000000) " + stateOf(x -> rs.getInt(2), c));
                states.add("getBigDecimal('x') " + stateOf(x -> rs.getBigDecimal(3), c));
                states.add("getBoolean('abc') " + stateOf(x -> rs.getBoolean(1), c));
                states.add("getObject(int4, UUID) " + stateOf(x -> rs.getObject(4, java.util.UUID.class), c));
            }
            try (PreparedStatement ps = c.prepareStatement("select ?::int")) {
                states.add("setObject('abc', INTEGER) "
                        + stateOf(
                                x -> {
                                    ps.setObject(1, "abc", Types.INTEGER);
                                    return null;
                                },
                                c));
            }
            return states;
        });
        // pgjdbc: 22003 for any value that does not read as a number, 42846 (cannot coerce) for a
        // boolean, 07006 for a setObject conversion, a ClassCastException for an unsupported getObject class
        assertThat(seen.get(0))
                .as("pgjdbc")
                .isEqualTo(List.of(
                        "getInt('abc') 22003",
                        "getInt(3000000000) 22003",
                        "getBigDecimal('x') 22003",
                        "getBoolean('abc') 42846",
                        "getObject(int4, UUID) ClassCastException",
                        "setObject('abc', INTEGER) 07006"));
        // lazypg: SQL's data exceptions, 22018 for a value that is none of the type asked for, 22003
        // for a number out of the type's range (Spring translates class 22 to DataIntegrityViolation,
        // pgjdbc's 42846 to BadSqlGrammar)
        assertThat(seen.get(1))
                .as("lazypg")
                .isEqualTo(List.of(
                        "getInt('abc') 22018",
                        "getInt(3000000000) 22003",
                        "getBigDecimal('x') 22018",
                        "getBoolean('abc') 22018",
                        "getObject(int4, UUID) 22018",
                        "setObject('abc', INTEGER) 22018"));
    }

    // ---------------------------------------------------------------- several statements in a PreparedStatement

    /** Every result of an execute(), in order: "rows n" or "count n". */
    private static List<String> results(Statement s, boolean first) throws SQLException {
        List<String> out = new ArrayList<>();
        boolean isResultSet = first;
        while (true) {
            if (isResultSet) {
                try (ResultSet rs = s.getResultSet()) {
                    rs.next();
                    out.add("rows " + rs.getString(1));
                }
            } else if (s.getUpdateCount() >= 0) {
                out.add("count " + s.getUpdateCount());
            } else {
                return out;
            }
            isResultSet = s.getMoreResults();
        }
    }

    @Test
    void aPreparedStatementWithoutParametersRunsSeveralStatementsAsPgjdbcDoes() throws SQLException {
        int[] id = {100};
        List<Object> seen = onBoth(c -> {
            int row = id[0];
            id[0] += 10;
            try (PreparedStatement ps = c.prepareStatement("insert into semantics_rows values (" + row
                    + ", 'a'); select count(*) from semantics_rows where id = " + row
                    + "; delete from semantics_rows where id = "
                    + row)) {
                return results(ps, ps.execute());
            }
        });
        assertThat(seen.get(0)).isEqualTo(List.of("count 1", "rows 1", "count 1"));
        assertThat(seen.get(1)).isEqualTo(seen.get(0));
    }

    @Test
    void withParametersPgjdbcSplitsTheStatementsAndLazypgRefusesNamingWhatToDo() throws SQLException {
        String sql = "insert into semantics_rows values (?, 'b'); delete from semantics_rows where id = ?";
        try (Connection c = server.openJdbc();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, 200);
            ps.setInt(2, 200);
            assertThat(results(ps, ps.execute())).containsExactly("count 1", "count 1");
        }
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server))) {
            SQLException refused = null;
            try {
                c.prepareStatement(sql);
            } catch (SQLException e) {
                refused = e;
            }
            assertThat(refused != null).as("refused").isTrue();
            assertThat(refused.getSQLState()).isEqualTo("42601");
            assertThat(refused.getMessage()).contains("holds several", "Prepare each statement on its own");
        }
    }

    // ---------------------------------------------------------------- the session TimeZone

    @Test
    void bothDriversRunTheSessionInTheJvmsZoneSoLiteralsAndCastsAgree() throws SQLException {
        TimeZone jvm = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/Sao_Paulo"));
        try {
            List<Object> seen = onBoth(c -> {
                List<Object> out = new ArrayList<>();
                out.add(one(c, "show timezone"));
                out.add(one(c, "select '2024-07-01 12:00:00'::timestamptz::text"));
                out.add(one(c, "select timestamptz '2024-07-01 12:00:00+00'::timestamp::text"));
                out.add(one(c, "select '2024-07-01 12:00:00+00'::timestamptz::date::text"));
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("select '2024-07-01 12:00:00'::timestamptz")) {
                    rs.next();
                    out.add(rs.getObject(1, OffsetDateTime.class).toInstant().toString());
                    out.add(rs.getTimestamp(1).toInstant().toString());
                }
                return out;
            });
            assertThat(seen.get(0))
                    .isEqualTo(List.of(
                            "America/Sao_Paulo",
                            "2024-07-01 12:00:00-03",
                            "2024-07-01 09:00:00",
                            "2024-07-01",
                            "2024-07-01T15:00:00Z",
                            "2024-07-01T15:00:00Z"));
            assertThat(seen.get(1)).isEqualTo(seen.get(0));
        } finally {
            TimeZone.setDefault(jvm);
        }
    }
}
