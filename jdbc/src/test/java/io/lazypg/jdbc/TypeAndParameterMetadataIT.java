package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.QueryObserver;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ResultSetMetaData and DatabaseMetaData for user-defined types (enums, domains, composites and
 * their arrays), and PreparedStatement.getParameterMetaData / getMetaData from the server's
 * description, each compared with what pgjdbc reports for the same statement.
 */
@LazyPgTest
class TypeAndParameterMetadataIT {

    private static final String SELECT_USER_TYPES =
            "select id, mood, moods, amount, point, hidden from typed_things order by id";

    private static Connection pgjdbc;
    private static Connection lazypg;

    @BeforeAll
    static void createTypes(TestPostgres server) throws SQLException {
        pgjdbc = server.openJdbc();
        lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server));
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table if exists typed_things; drop type if exists mood; drop domain if exists amount;"
                    + " drop type if exists point2; drop schema if exists elsewhere cascade;"
                    + " create type mood as enum ('sad', 'ok', 'happy');"
                    + " create domain amount as numeric(10, 2) check (value >= 0);"
                    + " create type point2 as (x int, y int);"
                    + " create schema elsewhere; create type elsewhere.hidden as enum ('a', 'b');"
                    + " create table typed_things (id int primary key, mood mood, moods mood[], amount amount,"
                    + "   point point2, hidden elsewhere.hidden);"
                    + " insert into typed_things values (1, 'happy', '{sad,ok}', 12.50, '(1,2)', 'a')");
        }
    }

    @AfterAll
    static void dropTypes() throws SQLException {
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table typed_things; drop type mood; drop domain amount; drop type point2;"
                    + " drop schema elsewhere cascade");
        }
        pgjdbc.close();
        lazypg.close();
    }

    /** Everything a ResultSetMetaData says about the types of its columns, as comparable lines. */
    private static List<String> describe(ResultSetMetaData md) throws SQLException {
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            lines.add(md.getColumnLabel(i) + ": " + md.getColumnTypeName(i) + " / " + md.getColumnType(i) + " / "
                    + md.getColumnClassName(i));
        }
        return lines;
    }

    private static List<String> resultMetadata(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(SELECT_USER_TYPES);
                ResultSet rs = ps.executeQuery()) {
            return describe(rs.getMetaData());
        }
    }

    @Test
    void userDefinedTypesAreNamedAsPgjdbcNamesThem() throws SQLException {
        List<String> ours = resultMetadata(lazypg);
        assertThat(ours).contains("mood: mood / 12 / java.lang.String");
        assertThat(ours).containsExactlyElementsOf(resultMetadata(pgjdbc));
    }

    private static List<String> values(Connection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(SELECT_USER_TYPES);
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                java.sql.Array moods = rs.getArray("moods");
                seen.add("moods: " + rs.getString("moods") + " / " + moods.getBaseTypeName() + " " + moods.getBaseType()
                        + " " + java.util.Arrays.toString((Object[]) moods.getArray()));
                Object moodsObject = rs.getObject("moods");
                seen.add("moods getObject: " + (moodsObject instanceof java.sql.Array));
                seen.add("mood: " + rs.getString("mood") + " / " + rs.getObject("mood"));
            }
        }
        return seen;
    }

    @Test
    void anEnumArrayReadsAsAnArrayOfItsLabels() throws SQLException {
        List<String> ours = values(lazypg);
        assertThat(ours).contains("moods: {sad,ok} / mood 12 [sad, ok]");
        assertThat(ours).containsExactlyElementsOf(values(pgjdbc));
    }

    @Test
    void aTypeIsLookedUpOncePerClientNotPerRowOrResult(TestPostgres server) throws SQLException {
        AtomicInteger lookups = new AtomicInteger();
        QueryObserver countLookups = new QueryObserver() {
            @Override
            public Object started(String sql, String operation) {
                if (sql.contains("pg_catalog.pg_type t")) {
                    lookups.incrementAndGet();
                }
                return null;
            }
        };
        try (LazyPgClient client = LazyPgClient.builder(JdbcUrls.config(server.url(), null))
                        .queryObserver(countLookups)
                        .build();
                LazyPgDataSource ds = new LazyPgDataSource(client)) {
            for (int round = 0; round < 3; round++) {
                try (Connection c = ds.getConnection();
                        Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery("select mood from typed_things union all select 'ok'::mood")) {
                    while (rs.next()) {
                        assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("mood");
                    }
                }
            }
        }
        assertThat(lookups).hasValue(1);
    }

    private static List<String> columnTypes(Connection c) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (ResultSet rs = c.getMetaData().getColumns(null, "public", "typed_things", "%")) {
            while (rs.next()) {
                lines.add(rs.getString("COLUMN_NAME") + ": " + rs.getString("TYPE_NAME") + " / "
                        + rs.getInt("DATA_TYPE"));
            }
        }
        return lines;
    }

    @Test
    void databaseMetaDataNamesAnEnumColumnsType() throws SQLException {
        List<String> ours = columnTypes(lazypg);
        assertThat(ours).contains("mood: mood / 12", "moods: _mood / 2003");
        // pgjdbc reports a domain column by its base type; lazypg by the domain's name with the base's JDBC type
        assertThat(ours.stream().filter(l -> !l.startsWith("amount")).toList())
                .containsExactlyElementsOf(columnTypes(pgjdbc).stream()
                        .filter(l -> !l.startsWith("amount"))
                        .toList());
    }

    private static List<String> parameterMetadata(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ParameterMetaData md = ps.getParameterMetaData();
            List<String> lines = new ArrayList<>();
            lines.add("count " + md.getParameterCount());
            for (int i = 1; i <= md.getParameterCount(); i++) {
                lines.add(i + ": " + md.getParameterTypeName(i) + " / " + md.getParameterType(i) + " / "
                        + md.getParameterClassName(i) + " / mode " + md.getParameterMode(i));
            }
            return lines;
        }
    }

    @Test
    void parameterMetaDataComesFromTheServersDescription() throws SQLException {
        String sql = "select * from typed_things where id = ? and mood = ? and amount > ?"
                + " and ?::timestamptz < now() and ?::text is not null and ?::bigint[] is not null";
        List<String> ours = parameterMetadata(lazypg, sql);
        assertThat(ours).startsWith("count 6", "1: int4 / 4 / java.lang.Integer / mode 1");
        assertThat(ours).containsExactlyElementsOf(parameterMetadata(pgjdbc, sql));
    }

    @Test
    void aPreparedStatementDescribesItsColumnsBeforeItRuns() throws SQLException {
        try (PreparedStatement ps = lazypg.prepareStatement(SELECT_USER_TYPES);
                PreparedStatement theirs = pgjdbc.prepareStatement(SELECT_USER_TYPES)) {
            assertThat(describe(ps.getMetaData())).containsExactlyElementsOf(describe(theirs.getMetaData()));
        }
        try (PreparedStatement ps = lazypg.prepareStatement("update typed_things set mood = ? where id = ?")) {
            assertThat(ps.getMetaData()).isNull();
            assertThat(ps.getParameterMetaData().getParameterTypeName(1)).isEqualTo("mood");
        }
    }

    @Test
    void placeholdersThatDoNotMatchTheServersCountAreACleanError() throws SQLException {
        try (PreparedStatement ps = lazypg.prepareStatement("select ?::int + $2")) {
            assertThatThrownBy(ps::getParameterMetaData)
                    .isInstanceOf(SQLException.class)
                    .hasMessageContaining("1 ? placeholder but the server counts 2 parameters")
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("07001");
        }
        try (PreparedStatement ps = lazypg.prepareStatement("select * from no_such_table where a = ?")) {
            assertThatThrownBy(ps::getParameterMetaData)
                    .isInstanceOf(SQLException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("42P01");
        }
        try (Statement s = lazypg.createStatement();
                ResultSet rs = s.executeQuery("select 1")) {
            assertThat(rs.next()).isTrue(); // the connection is still usable
        }
    }
}
