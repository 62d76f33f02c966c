package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Warnings (the server's notices on Statement and Connection), the isolation level in auto-commit,
 * column labels that differ only in case, and released savepoints: each run through pgjdbc and
 * through lazypg-jdbc against the same server, with the same answers required.
 */
@LazyPgTest
class WarningsIsolationLabelsIT {

    private static TestPostgres server;

    @BeforeAll
    static void createObjects(TestPostgres postgres) throws SQLException {
        server = postgres;
        try (Connection c = postgres.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table if exists warned; drop function if exists warn_at_commit() cascade;"
                    + " create table warned (id int);"
                    + " create function warn_at_commit() returns trigger language plpgsql as"
                    + " $$ begin raise warning 'committing %', new.id; return null; end $$;"
                    + " create constraint trigger warned_commit after insert on warned deferrable initially deferred"
                    + " for each row execute function warn_at_commit()");
        }
    }

    @AfterAll
    static void dropObjects() throws SQLException {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table warned; drop function warn_at_commit()");
        }
    }

    private static Connection lazypg() throws SQLException {
        return DriverManager.getConnection(lazypgUrlWithCredentials(server));
    }

    /** A warning chain as comparable lines: "SQLSTATE message". */
    private static List<String> chain(SQLWarning w) {
        List<String> lines = new ArrayList<>();
        for (; w != null; w = w.getNextWarning()) {
            lines.add(w.getSQLState() + " " + w.getMessage());
        }
        return lines;
    }

    /** What each driver reports around statements that raise notices and warnings. */
    private static List<String> warningsSeen(Connection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            seen.add("fresh: " + chain(s.getWarnings()));
            s.execute("do $$ begin raise notice 'first %', 1; raise warning 'second'; end $$");
            seen.add("script: " + chain(s.getWarnings()));
            s.execute("commit"); // the server's own warning: no transaction in progress
            seen.add("server's own: " + chain(s.getWarnings()));
            s.executeQuery("select 1").close();
            seen.add("next execution clears: " + chain(s.getWarnings()));
            s.execute("do $$ begin raise warning 'again'; end $$");
            s.clearWarnings();
            seen.add("cleared: " + chain(s.getWarnings()));
            seen.add("connection: " + chain(c.getWarnings()));
        }
        try (PreparedStatement ps = c.prepareStatement("select 1 from (select set_config('client_min_messages',"
                + " 'notice', false)) x, lateral (select 1 where ? > 0) y")) {
            ps.setInt(1, 1);
            ps.executeQuery().close();
            seen.add("prepared, quiet: " + chain(ps.getWarnings()));
        }
        try (PreparedStatement ps = c.prepareStatement("insert into warned values (?)")) {
            c.setAutoCommit(false);
            ps.setInt(1, 7);
            ps.executeUpdate();
            seen.add("before commit: " + chain(ps.getWarnings()) + " " + chain(c.getWarnings()));
            c.commit(); // the deferred trigger warns during COMMIT: the connection's warning
            seen.add("after commit: statement " + chain(ps.getWarnings()) + ", connection " + chain(c.getWarnings()));
            c.clearWarnings();
            seen.add("connection cleared: " + chain(c.getWarnings()));
            c.setAutoCommit(true);
        }
        return seen;
    }

    @Test
    void noticesAndWarningsChainAsPgjdbcChainsThem() throws SQLException {
        List<String> ours;
        List<String> theirs;
        try (Connection c = lazypg()) {
            ours = warningsSeen(c);
        }
        try (Connection c = server.openJdbc()) {
            theirs = warningsSeen(c);
        }
        assertThat(ours).containsExactlyElementsOf(theirs);
        assertThat(ours)
                .contains("script: [00000 first 1, 01000 second]")
                .contains("server's own: [25P01 there is no transaction in progress]")
                .contains("after commit: statement [], connection [01000 committing 7]");
    }

    /** The isolation level statements run at, in auto-commit and in a transaction, after setTransactionIsolation. */
    private static List<String> isolationSeen(Connection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
            seen.add("reported " + c.getTransactionIsolation());
            seen.add("auto-commit runs " + show(s));
            c.setAutoCommit(false);
            seen.add("transaction runs " + show(s));
            c.commit();
            c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            seen.add("next transaction runs " + show(s));
            c.rollback();
            c.setAutoCommit(true);
            seen.add("auto-commit again runs " + show(s));
            c.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
            seen.add("back to " + show(s) + ", reported " + c.getTransactionIsolation());
        }
        return seen;
    }

    private static String show(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("show transaction_isolation")) {
            rs.next();
            return rs.getString(1);
        }
    }

    @Test
    void theIsolationLevelHoldsInAutoCommitAsInPgjdbc() throws SQLException {
        List<String> ours;
        try (Connection c = lazypg()) {
            ours = isolationSeen(c);
        }
        try (Connection c = server.openJdbc()) {
            assertThat(ours).containsExactlyElementsOf(isolationSeen(c));
        }
        assertThat(ours).contains("auto-commit runs serializable");
    }

    @Test
    void aPooledConnectionDoesNotLendItsIsolationToTheNextBorrower() throws SQLException {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url() + "?pool_max_size=1")) {
            try (Connection c = ds.getConnection()) {
                c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
                try (Statement s = c.createStatement()) {
                    assertThat(show(s)).isEqualTo("serializable");
                }
            }
            try (Connection c = ds.getConnection();
                    Statement s = c.createStatement()) {
                assertThat(show(s)).isEqualTo("read committed");
            }
        }
    }

    /** Which column each spelling of a label finds, for labels that differ only in case and duplicates. */
    private static List<String> labelsFound(Connection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(
                        "select 1 as \"Mixed\", 2 as mixed, 3 as \"MIXED\", 4 as dup, 5 as dup," + " 6 as \"lower\"")) {
            rs.next();
            for (String label : new String[] {"mixed", "Mixed", "MIXED", "mIxEd", "dup", "DUP", "lower", "LOWER"}) {
                seen.add(label + " -> " + rs.findColumn(label) + " = " + rs.getString(label));
            }
        }
        return seen;
    }

    @Test
    void aLabelFindsTheFirstColumnMatchingCaseInsensitivelyAsInPgjdbc() throws SQLException {
        List<String> ours;
        try (Connection c = lazypg()) {
            ours = labelsFound(c);
        }
        try (Connection c = server.openJdbc()) {
            assertThat(ours).containsExactlyElementsOf(labelsFound(c));
        }
        assertThat(ours).contains("mixed -> 1 = 1", "MIXED -> 1 = 1", "dup -> 4 = 4");
    }

    /** A savepoint used after it was released: each use must fail as pgjdbc's does. */
    private static List<String> releasedSavepointUses(Connection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            Savepoint outer = c.setSavepoint("same");
            Savepoint inner = c.setSavepoint("same"); // the server now has two of that name
            c.releaseSavepoint(inner);
            for (String use : new String[] {"rollback", "release", "name"}) {
                try {
                    switch (use) {
                        case "rollback" -> c.rollback(inner);
                        case "release" -> c.releaseSavepoint(inner);
                        default -> inner.getSavepointName();
                    }
                    seen.add(use + " succeeded");
                } catch (SQLException e) {
                    seen.add(use + " failed " + e.getSQLState());
                }
            }
            c.rollback(outer); // the one not released still works
            seen.add("outer still usable: " + outer.getSavepointName());
            Savepoint unnamed = c.setSavepoint();
            c.releaseSavepoint(unnamed);
            try {
                unnamed.getSavepointId();
                seen.add("id succeeded");
            } catch (SQLException e) {
                seen.add("id failed " + e.getSQLState());
            }
            seen.add("transaction still usable: " + show(s));
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
        return seen;
    }

    @Test
    void aReleasedSavepointCannotBeUsedAsInPgjdbc() throws SQLException {
        List<String> ours;
        try (Connection c = lazypg()) {
            ours = releasedSavepointUses(c);
        }
        try (Connection c = server.openJdbc()) {
            assertThat(ours).containsExactlyElementsOf(releasedSavepointUses(c));
        }
        assertThat(ours).contains("rollback failed 3B000");
        try (Connection c = lazypg()) {
            c.setAutoCommit(false);
            Savepoint sp = c.setSavepoint("spent");
            c.releaseSavepoint(sp);
            assertThatThrownBy(() -> c.rollback(sp))
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("\"spent\" was released")
                    .hasMessageContaining("set a new savepoint");
        }
    }
}
