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
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** JDBC escape syntax, run on the server through lazypg-jdbc and compared with pgjdbc's answers. */
@LazyPgTest
class EscapeSyntaxIT {

    private Connection lazypg;
    private Connection pgjdbc;

    @BeforeEach
    void open(TestPostgres server) throws SQLException {
        lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server));
        pgjdbc = server.openJdbc();
    }

    @AfterEach
    void close() throws SQLException {
        lazypg.close();
        pgjdbc.close();
    }

    private static List<String> row(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            List<String> values = new ArrayList<>();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                values.add(rs.getString(i));
            }
            return values;
        }
    }

    @Test
    void scalarFunctionsGiveWhatPgjdbcGives() throws SQLException {
        String sql = "select {fn ucase('abc')}, {fn lcase('ABC')}, {fn concat('a', {fn concat('b', 'c')})},"
                + " {fn length('ab  ')}, {fn substring('abcdef', 2, 3)}, {fn ifnull(null, 'x')},"
                + " {fn locate('c', 'abcabc')}, {fn locate('c', 'abcabc', 4)}, {fn left('abcdef', 2)},"
                + " {fn right('abcdef', 2)}, {fn ltrim('  a')}, {fn rtrim('a  ')}, {fn space(3)},"
                + " {fn insert('abcdef', 2, 3, 'X')}, {fn char(65)}, {fn ceiling(1.2)}, {fn log(1)}, {fn log10(100)},"
                + " {fn power(2, 10)}, {fn truncate(1.2345, 2)}, {fn abs(-3)}, {fn mod(7, 3)},"
                + " {fn dayofweek({d '2024-02-29'})}, {fn dayofmonth({ts '2024-02-29 13:14:15'})},"
                + " {fn dayofyear({d '2024-02-29'})}, {fn hour({t '13:14:15'})}, {fn minute({t '13:14:15'})},"
                + " {fn second({t '13:14:15'})}, {fn month({d '2024-02-29'})}, {fn quarter({d '2024-02-29'})},"
                + " {fn year({d '2024-02-29'})}, {fn week({d '2024-02-29'})}, {fn dayname({d '2024-02-29'})},"
                + " {fn monthname({d '2024-02-29'})}, {fn database()}, {fn user()},"
                + " {fn curdate()} = current_date, {fn now()} is not null, {fn curtime()} is not null";
        List<String> ours = row(lazypg, sql);
        assertThat(ours.subList(0, 3)).containsExactly("ABC", "abc", "abc");
        assertThat(ours).containsExactlyElementsOf(row(pgjdbc, sql));
    }

    @Test
    void dateTimeEscapeLikeAndOuterJoin() throws SQLException {
        String sql = "select {d '2024-02-29'}, {t '13:14:15'}, {ts '2024-02-29 13:14:15.5'},"
                + " 'a_c' like 'a\\_c' {escape '\\'}, 'abc' like 'a\\_c' {escape '\\'},"
                + " (select count(*) from {oj (values (1)) a(x) left outer join (values (2)) b(y) on a.x = b.y})";
        List<String> ours = row(lazypg, sql);
        assertThat(ours.get(0)).isEqualTo("2024-02-29");
        assertThat(ours).containsExactlyElementsOf(row(pgjdbc, sql));
    }

    @Test
    void escapesInsideLiteralsCommentsAndDollarQuotesStayAsWritten() throws SQLException {
        String sql = "select '{fn ucase(x)}', $q${d '2024-01-01'}$q$, \"{fn}\" from (select 1 as \"{fn}\") t"
                + " -- {fn ucase('comment')}\n /* {oj */ where '{1,2}'::int[] = array[1, 2]";
        assertThat(row(lazypg, sql)).containsExactly("{fn ucase(x)}", "{d '2024-01-01'}", "1");
        assertThat(lazypg.nativeSQL("select {fn ucase(?)} where '{?}' = ?"))
                .isEqualTo("select upper($1) where '{?}' = $2");
    }

    @Test
    void escapesWorkInPreparedStatementsWithPlaceholders() throws SQLException {
        try (PreparedStatement ps = lazypg.prepareStatement("select {fn ucase(?)}, {fn ifnull(?, 'none')},"
                + " {fn timestampadd(SQL_TSI_DAY, 1, {ts '2024-02-28 00:00:00'})} is null")) {
            ps.setString(1, "abc");
            ps.setString(2, null);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getBoolean(3)).isFalse(); // timestampadd is translated (issue #29)
            }
        }
        try (PreparedStatement ps = lazypg.prepareStatement("select {fn ucase(?)}, {fn ifnull(?, 'none')}")) {
            ps.setString(1, "abc");
            ps.setString(2, null);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("ABC");
                assertThat(rs.getString(2)).isEqualTo("none");
            }
        }
    }

    @Test
    void callEscapeSelectsFromTheFunction() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("create or replace function pg_temp.twice(x int) returns int language sql as 'select 2 * x'");
        }
        try (PreparedStatement ps = lazypg.prepareStatement("{call pg_temp.twice(?)}")) {
            ps.setInt(1, 21);
            try (ResultSet rs = ps.executeQuery()) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).isEqualTo(42);
            }
        }
        assertThatThrownBy(() -> lazypg.prepareStatement("{? = call pg_temp.twice(?)}"))
                .isInstanceOf(SQLFeatureNotSupportedException.class)
                .hasMessageContaining("CallableStatement");
    }

    @Test
    void escapeProcessingOffSendsTheSqlAsWritten() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.setEscapeProcessing(false);
            assertThatThrownBy(() -> s.executeQuery("select {fn ucase('a')}"))
                    .isInstanceOf(SQLException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("42601"); // the server's syntax error: the brace reached it
            s.setEscapeProcessing(true);
            try (ResultSet rs = s.executeQuery("select {fn ucase('a')}")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("A");
            }
        }
    }

    @Test
    void aMalformedEscapeIsAClearError() throws SQLException {
        assertThatThrownBy(() -> lazypg.prepareStatement("select {fn ucase('a')"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("not closed")
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("42601");
        assertThatThrownBy(() -> lazypg.prepareStatement("select {fn ucase('a', 'b')}"))
                .hasMessageContaining("{fn ucase} takes 1 argument, not 2");
    }
}
