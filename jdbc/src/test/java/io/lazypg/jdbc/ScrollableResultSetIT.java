package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Scrollable (TYPE_SCROLL_INSENSITIVE) and holdable results: every move and every position
 * question compared with pgjdbc over the same rows; updatable results are refused saying so.
 */
@LazyPgTest
class ScrollableResultSetIT extends AgainstPgjdbc {

    @FunctionalInterface
    interface Move {
        boolean on(ResultSet rs) throws SQLException;
    }

    /** What a move returned and where it left the ResultSet. */
    private static String after(ResultSet rs, boolean moved) throws SQLException {
        boolean onRow = rs.getRow() > 0;
        return moved + " row=" + rs.getRow() + " before=" + rs.isBeforeFirst() + " after=" + rs.isAfterLast()
                + " first=" + rs.isFirst() + " last=" + rs.isLast() + (onRow ? " g=" + rs.getInt(1) : "");
    }

    private static List<String> walk(Connection c, String sql, int rows) throws SQLException {
        List<Move> moves = List.of(
                ResultSet::next,
                ResultSet::last,
                ResultSet::previous,
                rs -> rs.absolute(2),
                rs -> rs.absolute(-1),
                rs -> rs.absolute(-2),
                rs -> rs.absolute(0),
                rs -> rs.absolute(rows + 3),
                rs -> rs.absolute(-(rows + 3)),
                rs -> rs.relative(2),
                rs -> rs.relative(-1),
                rs -> rs.relative(0),
                rs -> rs.relative(100),
                ResultSet::previous,
                ResultSet::first,
                ResultSet::previous,
                ResultSet::previous,
                ResultSet::next,
                rs -> {
                    rs.afterLast();
                    return false;
                },
                ResultSet::previous,
                rs -> {
                    rs.beforeFirst();
                    return false;
                },
                ResultSet::next,
                rs -> rs.relative(-100),
                ResultSet::last,
                ResultSet::next,
                ResultSet::next);
        List<String> seen = new ArrayList<>();
        try (Statement s = c.createStatement(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
                ResultSet rs = s.executeQuery(sql)) {
            seen.add("type=" + rs.getType() + " " + s.getResultSetType());
            seen.add(after(rs, false));
            for (Move m : moves) {
                seen.add(after(rs, m.on(rs)));
            }
        }
        return seen;
    }

    @Test
    void everyMoveLandsWherePgjdbcLands() throws SQLException {
        String sql = "select g from generate_series(1, 5) g";
        List<String> lazy = walk(lazypg, sql, 5);
        assertThat(lazy).isEqualTo(walk(pgjdbc, sql, 5));
        assertThat(lazy).contains("true row=4 before=false after=false first=false last=false g=4");
    }

    @Test
    void anEmptyAndAOneRowResultScrollAsPgjdbcScrollsThem() throws SQLException {
        for (String sql : List.of("select 1 where false", "select 7")) {
            int rows = sql.contains("false") ? 0 : 1;
            assertThat(walk(lazypg, sql, rows)).as(sql).isEqualTo(walk(pgjdbc, sql, rows));
        }
    }

    @Test
    void aPreparedScrollableStatementWithAFetchSizeReadsTheWholeResult() throws SQLException {
        List<Object> seen = new ArrayList<>();
        for (Connection c : List.of(pgjdbc, lazypg)) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(
                    "select g from generate_series(1, ?) g",
                    ResultSet.TYPE_SCROLL_INSENSITIVE,
                    ResultSet.CONCUR_READ_ONLY)) {
                ps.setFetchSize(2);
                ps.setInt(1, 10);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.setFetchDirection(ResultSet.FETCH_REVERSE);
                    seen.add(rs.last() + " " + rs.getInt(1) + " " + rs.getRow());
                    seen.add(rs.absolute(3) + " " + rs.getInt(1));
                }
                // the connection runs something else while nothing is open
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("select 1")) {
                    seen.add(rs.next());
                }
            } finally {
                c.rollback();
                c.setAutoCommit(true);
            }
        }
        assertThat(seen.subList(3, 6)).isEqualTo(seen.subList(0, 3));
        assertThat(seen.get(0)).isEqualTo("true 10 10");
    }

    @Test
    void aForwardOnlyResultRefusesToMoveBackAsPgjdbcDoes() throws SQLException {
        for (Connection c : List.of(pgjdbc, lazypg)) {
            try (Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select 1")) {
                assertThat(rs.getType()).isEqualTo(ResultSet.TYPE_FORWARD_ONLY);
                assertThatThrownBy(rs::previous)
                        .isInstanceOf(SQLException.class)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("24000");
                assertThatThrownBy(() -> rs.absolute(1)).isInstanceOf(SQLException.class);
            }
        }
        try (Statement s = lazypg.createStatement();
                ResultSet rs = s.executeQuery("select 1")) {
            assertThatThrownBy(rs::last).hasMessageContaining("TYPE_SCROLL_INSENSITIVE");
        }
    }

    @Test
    void aHoldableResultIsReadAfterCommitAsWithPgjdbc() throws SQLException {
        List<Object> seen = new ArrayList<>();
        for (Connection c : List.of(pgjdbc, lazypg)) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement(
                            ResultSet.TYPE_SCROLL_INSENSITIVE,
                            ResultSet.CONCUR_READ_ONLY,
                            ResultSet.HOLD_CURSORS_OVER_COMMIT);
                    ResultSet rs = s.executeQuery("select g from generate_series(1, 3) g")) {
                seen.add(s.getResultSetHoldability());
                c.commit();
                seen.add(rs.last() + " " + rs.getInt(1));
                seen.add(rs.first() + " " + rs.getInt(1));
            } finally {
                c.setAutoCommit(true);
            }
        }
        assertThat(seen.subList(3, 6)).isEqualTo(seen.subList(0, 3));
        assertThat(lazypg.getMetaData().supportsResultSetType(ResultSet.TYPE_SCROLL_INSENSITIVE))
                .isTrue();
        assertThat(lazypg.getMetaData().supportsResultSetHoldability(ResultSet.CLOSE_CURSORS_AT_COMMIT))
                .isTrue();
    }

    @Test
    void updatableResultsAreRefusedSayingWhatToDoInstead() throws SQLException {
        assertThatThrownBy(() -> lazypg.createStatement(ResultSet.TYPE_FORWARD_ONLY, ResultSet.CONCUR_UPDATABLE))
                .isInstanceOf(SQLFeatureNotSupportedException.class)
                .hasMessageContaining("CONCUR_UPDATABLE")
                .hasMessageContaining("UPDATE, INSERT or DELETE");
        assertThatThrownBy(() -> lazypg.prepareStatement(
                        "select 1", ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE))
                .isInstanceOf(SQLFeatureNotSupportedException.class);
        assertThat(lazypg.getMetaData()
                        .supportsResultSetConcurrency(ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_UPDATABLE))
                .isFalse();
    }

    @Test
    void aScrollSensitiveRequestGetsAnInsensitiveResultAndAWarning() throws SQLException {
        lazypg.clearWarnings();
        try (Statement s = lazypg.createStatement(ResultSet.TYPE_SCROLL_SENSITIVE, ResultSet.CONCUR_READ_ONLY);
                ResultSet rs = s.executeQuery("select 1")) {
            assertThat(s.getResultSetType()).isEqualTo(ResultSet.TYPE_SCROLL_INSENSITIVE);
            assertThat(rs.last()).isTrue();
        }
        assertThat(lazypg.getWarnings().getMessage()).contains("TYPE_SCROLL_SENSITIVE");
        lazypg.clearWarnings();
    }
}
