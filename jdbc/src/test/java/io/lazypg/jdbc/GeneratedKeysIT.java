package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue #26, item 3: generated keys for every statement shape pgjdbc answers (a trailing line
 * comment, a comment line after, WITH ... INSERT among them), through Statement and
 * PreparedStatement, with RETURN_GENERATED_KEYS, column names and column indexes; a SELECT run
 * with RETURN_GENERATED_KEYS gives its ResultSet; closing the statement closes the keys. Each
 * case runs through pgjdbc and lazypg-jdbc against the same server and must give the same.
 */
@LazyPgTest
class GeneratedKeysIT extends AgainstPgjdbc {

    private static final String[] SHAPES = {
        "insert into %s (v) values ('a')",
        "insert into %s (v) values ('a');",
        "insert into %s (v) values ('a') -- a trailing comment",
        "insert into %s (v) values ('a') /* a trailing block comment */",
        "insert into %s (v) values ('a')\n-- a comment line after\n",
        "with w as (select 'from with' as v) insert into %s (v) select v from w",
        "with w (v) as (select 'x') insert into %s (v) select v from w -- and a comment",
        "insert into %s (v) values ('a') returning id",
        "insert into %s (v) values ('a -- not a comment; returning') ",
        "insert into %s (id, v) values (1, 'a') on conflict (id) do update set v = 'again'",
        "update %s set v = 'u' where id = 1",
        "update %s set v = 'u' where id = 1 -- trailing",
        "delete from %s where id = 1",
        "delete from %s where id = 1\n/* comment\n line */",
    };

    /** What one execution gave: execute's answer, the update count, the rows of its ResultSet, the keys. */
    record Outcome(boolean resultSet, int updateCount, List<List<String>> rows, List<List<String>> keys) {}

    @FunctionalInterface
    interface Run {
        Outcome run(Connection c, String sql) throws SQLException;
    }

    private static List<List<String>> read(ResultSet rs) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        if (rs == null) {
            return rows;
        }
        int width = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            List<String> row = new ArrayList<>();
            for (int i = 1; i <= width; i++) {
                row.add(rs.getMetaData().getColumnLabel(i) + "=" + rs.getString(i));
            }
            rows.add(row);
        }
        return rows;
    }

    private static Outcome outcome(Statement s, boolean hasResultSet) throws SQLException {
        return new Outcome(hasResultSet, s.getUpdateCount(), read(s.getResultSet()), read(s.getGeneratedKeys()));
    }

    /** Runs {@code shape} on a fresh table holding one row (id 1) through {@code c}. */
    private static Outcome on(Connection c, String table, String shape, Run run) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("drop table if exists " + table);
            s.execute("create table " + table + " (id serial primary key, v text, at int default 7)");
            s.execute("insert into " + table + " (v) values ('first')");
        }
        return run.run(c, String.format(shape, table));
    }

    private static void assertSame(String shape, Run run) throws SQLException {
        Outcome expected = on(pgjdbc, "keys_pgjdbc", shape, run);
        Outcome actual = on(lazypg, "keys_lazypg", shape, run);
        assertThat(actual).as(shape).isEqualTo(expected);
    }

    private static final Run STATEMENT_ALL = (c, sql) -> {
        try (Statement s = c.createStatement()) {
            return outcome(s, s.execute(sql, Statement.RETURN_GENERATED_KEYS));
        }
    };

    private static final Run STATEMENT_NAMED = (c, sql) -> {
        try (Statement s = c.createStatement()) {
            return outcome(s, s.execute(sql, new String[] {"id", "at"}));
        }
    };

    private static final Run PREPARED_ALL = (c, sql) -> {
        try (PreparedStatement ps = c.prepareStatement(sql, Statement.RETURN_GENERATED_KEYS)) {
            return outcome(ps, ps.execute());
        }
    };

    private static final Run PREPARED_NAMED = (c, sql) -> {
        try (PreparedStatement ps = c.prepareStatement(sql, new String[] {"id"})) {
            return outcome(ps, ps.execute());
        }
    };

    private static final Run PREPARED_NO_NAMES = (c, sql) -> {
        try (PreparedStatement ps = c.prepareStatement(sql, new String[0])) {
            return outcome(ps, ps.execute());
        }
    };

    private static final Run PREPARED_NO_INDEXES = (c, sql) -> {
        try (PreparedStatement ps = c.prepareStatement(sql, new int[0])) {
            return outcome(ps, ps.execute());
        }
    };

    @Test
    void everyShapeGivesTheKeysPgjdbcGives() throws SQLException {
        for (String shape : SHAPES) {
            for (Run run : List.of(STATEMENT_ALL, STATEMENT_NAMED, PREPARED_ALL, PREPARED_NAMED)) {
                assertSame(shape, run);
            }
        }
        // the shapes of the issue that came back empty are answered now
        assertThat(on(lazypg, "keys_lazypg", SHAPES[2], STATEMENT_ALL).keys()).hasSize(1);
        assertThat(on(lazypg, "keys_lazypg", SHAPES[4], PREPARED_ALL).keys()).hasSize(1);
        // pgjdbc takes a comment after the semicolon for a second statement and gives the rows as a
        // ResultSet instead of keys; lazypg sees one statement and gives its keys
        String commentAfterSemicolon = "insert into %s (v) values ('a');  -- a comment after the semicolon";
        assertThat(on(lazypg, "keys_lazypg", commentAfterSemicolon, STATEMENT_ALL))
                .isEqualTo(new Outcome(false, 1, List.of(), List.of(List.of("id=2", "v=a", "at=7"))));
        assertThat(on(lazypg, "keys_lazypg", SHAPES[5], PREPARED_ALL).keys())
                .containsExactly(List.of("id=2", "v=from with", "at=7"));
    }

    @Test
    void emptyColumnListsAskForNoKeys() throws SQLException {
        for (String shape : List.of(SHAPES[0], SHAPES[11])) {
            assertSame(shape, PREPARED_NO_NAMES);
            assertSame(shape, PREPARED_NO_INDEXES);
        }
        assertThat(on(lazypg, "keys_lazypg", SHAPES[0], PREPARED_NO_NAMES).keys())
                .isEmpty();
    }

    @Test
    void keysByColumnIndexAreRefusedAsPgjdbcRefusesThem() throws SQLException {
        List<String> states = new ArrayList<>();
        for (Connection c : List.of(pgjdbc, lazypg)) {
            try (PreparedStatement ps = c.prepareStatement("insert into keys_x values (1)", new int[] {1})) {
                states.add("prepared");
            } catch (SQLException e) {
                states.add(e.getSQLState());
            }
        }
        assertThat(states).containsExactly("0A000", "0A000");
    }

    @Test
    void aSelectRunWithGeneratedKeysGivesItsResultSet() throws SQLException {
        String select = "select id, v from %s order by id";
        for (Run run : List.of(STATEMENT_ALL, STATEMENT_NAMED, PREPARED_ALL, PREPARED_NAMED)) {
            assertSame(select, run);
        }
        assertThat(on(lazypg, "keys_lazypg", select, PREPARED_ALL).rows()).containsExactly(List.of("id=1", "v=first"));
    }

    @Test
    void closingTheStatementClosesItsKeys() throws SQLException {
        List<Boolean> closed = new ArrayList<>();
        for (Connection c : List.of(pgjdbc, lazypg)) {
            String table = c == pgjdbc ? "keys_pgjdbc" : "keys_lazypg";
            on(c, table, "select 1", (conn, sql) -> null);
            Statement s = c.createStatement();
            s.executeUpdate("insert into " + table + " (v) values ('k')", Statement.RETURN_GENERATED_KEYS);
            ResultSet keys = s.getGeneratedKeys();
            PreparedStatement ps =
                    c.prepareStatement("insert into " + table + " (v) values ('p')", Statement.RETURN_GENERATED_KEYS);
            ps.executeUpdate();
            ResultSet preparedKeys = ps.getGeneratedKeys();
            s.close();
            ps.close();
            closed.add(keys.isClosed());
            closed.add(preparedKeys.isClosed());
        }
        assertThat(closed).containsExactly(true, true, true, true);
    }
}
