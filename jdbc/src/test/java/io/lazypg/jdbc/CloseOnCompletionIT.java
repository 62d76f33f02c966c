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
 * Issue #26, item 10: {@code closeOnCompletion()} closes the statement when its last result set
 * closes, and has no effect on an execution without result sets; the same steps run through
 * pgjdbc and lazypg-jdbc must leave the statement open or closed alike after each step.
 */
@LazyPgTest
class CloseOnCompletionIT extends AgainstPgjdbc {

    @FunctionalInterface
    interface Steps {
        /** Runs the steps on {@code c}, adding whether the statement is closed after each. */
        void run(Connection c, List<Boolean> closedAfterEachStep) throws SQLException;
    }

    private static List<Boolean> assertSame(Steps steps) throws SQLException {
        List<Boolean> expected = new ArrayList<>();
        steps.run(pgjdbc, expected);
        List<Boolean> actual = new ArrayList<>();
        steps.run(lazypg, actual);
        assertThat(actual).isEqualTo(expected);
        return actual;
    }

    @Test
    void theStatementClosesWithItsResultSet() throws SQLException {
        List<Boolean> closed = assertSame((c, states) -> {
            Statement s = c.createStatement();
            s.closeOnCompletion();
            states.add(s.isCloseOnCompletion());
            ResultSet rs = s.executeQuery("select 1");
            states.add(s.isClosed());
            rs.close();
            states.add(s.isClosed());
        });
        assertThat(closed).containsExactly(true, false, true);
    }

    @Test
    void anExecutionWithoutResultSetsLeavesItOpen() throws SQLException {
        List<Boolean> closed = assertSame((c, states) -> {
            try (Statement s = c.createStatement()) {
                s.closeOnCompletion();
                s.execute("create temporary table if not exists coc (i int)");
                states.add(s.isClosed());
                s.executeUpdate("insert into coc values (1)");
                states.add(s.isClosed());
                ResultSet rs = s.executeQuery("select i from coc");
                states.add(s.isClosed());
                rs.next();
                states.add(s.isClosed());
                rs.close();
                states.add(s.isClosed());
            }
        });
        assertThat(closed).containsExactly(false, false, false, false, true);
    }

    @Test
    void aPreparedStatementClosesWithItsResultSet() throws SQLException {
        List<Boolean> closed = assertSame((c, states) -> {
            PreparedStatement ps = c.prepareStatement("select ?::int");
            ps.closeOnCompletion();
            ps.setInt(1, 5);
            states.add(ps.isClosed());
            ResultSet rs = ps.executeQuery();
            states.add(ps.isClosed());
            rs.close();
            states.add(ps.isClosed());
        });
        assertThat(closed).containsExactly(false, false, true);
    }

    @Test
    void aScriptClosesItOnlyWithItsLastResultSet() throws SQLException {
        List<Boolean> closed = assertSame((c, states) -> {
            Statement s = c.createStatement();
            s.closeOnCompletion();
            s.execute("select 1; select 2");
            ResultSet first = s.getResultSet();
            first.close();
            states.add(s.isClosed());
        });
        assertThat(closed).containsExactly(false);
    }

    @Test
    void closingTheStatementItselfStillWorks() throws SQLException {
        List<Boolean> closed = assertSame((c, states) -> {
            Statement s = c.createStatement();
            s.closeOnCompletion();
            ResultSet rs = s.executeQuery("select 1");
            s.close();
            states.add(rs.isClosed());
            states.add(s.isClosed());
        });
        assertThat(closed).containsExactly(true, true);
    }
}
