package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue #29 item 7, types and conversions beside pgjdbc's answers: the statement's fetch size on its
 * ResultSets, PreparedStatement.toString for logs, Array.getResultSet and Array.toString, enum and
 * record arrays, arrays with NULLs and primitive ones, times read as timestamps, OffsetTime
 * parameters, setMaxFieldSize, dollar quotes with non-ASCII tags, {fn timestampadd} and
 * {fn timestampdiff}, and a second statement while a fetch-size result is open.
 */
@LazyPgTest
class TypesAndConversionsIT extends AgainstPgjdbc {

    @Test
    void aResultSetReportsItsStatementsFetchSizeAsPgjdbcDoes() throws SQLException {
        List<Integer> seen = new ArrayList<>();
        for (Connection c : List.of(pgjdbc, lazypg)) {
            try (Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("select 1")) {
                    seen.add(rs.getFetchSize());
                }
                s.setFetchSize(25);
                try (ResultSet rs = s.executeQuery("select 1")) {
                    seen.add(rs.getFetchSize());
                    rs.setFetchSize(3);
                    seen.add(rs.getFetchSize());
                }
            }
        }
        assertThat(seen.subList(3, 6)).isEqualTo(seen.subList(0, 3));
        assertThat(seen.subList(0, 3)).containsExactly(0, 25, 3);
    }

    @Test
    void toStringRendersTheSqlWithItsParameters() throws SQLException {
        try (PreparedStatement ps = lazypg.prepareStatement("select ?, ?, '?' as literal, ?, ? /* ? */, ??, ?")) {
            assertThat(ps.toString()).isEqualTo("select ?, ?, '?' as literal, ?, ? /* ? */, ?, ?");
            ps.setInt(1, 42);
            ps.setString(2, "it's");
            ps.setNull(3, java.sql.Types.VARCHAR);
            ps.setBytes(4, new byte[] {1, (byte) 0xff});
            ps.setBoolean(5, true);
            assertThat(ps.toString())
                    .isEqualTo("select 42, 'it''s', '?' as literal, NULL, '\\x01ff'::bytea /* ? */, ?, true");
        }
    }

    @BeforeAll
    static void types() throws SQLException {
        try (Statement s = lazypg.createStatement()) {
            s.execute("drop type if exists conv_it_mood");
            s.execute("create type conv_it_mood as enum ('happy', 'sad', 'so so')");
        }
    }

    /** getString of column 1 of {@code sql}, through either driver, after {@code bind} set its parameters. */
    private static String one(Connection c, String sql, Binder bind) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind.bind(ps);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }

    @FunctionalInterface
    interface Binder {
        void bind(PreparedStatement ps) throws SQLException;
    }

    private static Array array(Connection c, String sql) throws SQLException {
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql);
        rs.next();
        return rs.getArray(1);
    }

    @Test
    void anArraysResultSetHasTheRowsOfPgjdbc() throws SQLException {
        for (String sql : List.of(
                "select array[10, null, 30]::int4[]",
                "select array['a', 'b c', null]::text[]",
                "select array['2024-07-01', '1999-12-31']::date[]",
                "select array['happy', 'so so']::conv_it_mood[]")) {
            List<String> ours = MetadataRows.rows(array(lazypg, sql).getResultSet());
            assertThat(ours)
                    .as(sql)
                    .isEqualTo(MetadataRows.rows(array(pgjdbc, sql).getResultSet()));
            assertThat(MetadataRows.rows(array(lazypg, sql).getResultSet(2, 1)))
                    .as(sql)
                    .isEqualTo(MetadataRows.rows(array(pgjdbc, sql).getResultSet(2, 1)));
            try (ResultSet a = array(lazypg, sql).getResultSet();
                    ResultSet b = array(pgjdbc, sql).getResultSet()) {
                assertThat(MetadataRows.labels(a)).isEqualTo(MetadataRows.labels(b));
            }
        }
        assertThat(MetadataRows.rows(
                        array(lazypg, "select array[10, null, 30]::int4[]").getResultSet()))
                .containsExactly("1|10", "2|null", "3|30");
        Array created = lazypg.createArrayOf("int8", new Object[] {7L, 8L});
        assertThat(MetadataRows.rows(created.getResultSet())).containsExactly("1|7", "2|8");
    }

    @Test
    void anArraysTextIsThePostgresqlLiteral() throws SQLException {
        for (String sql : List.of(
                "select array[1, 2, null]::int4[]",
                "select array['a b', '', 'NULL', 'null', 'x\"y', 'back\\slash', '{}', 'a,b', 'plain']::text[]",
                "select array[[1, 2], [3, 4]]::int8[]",
                "select array[true, false, null]",
                "select array[1.5, 2, -0.25]::numeric[]",
                "select array['2024-07-01 12:00:00.5', '2024-07-01 00:00']::timestamp[]",
                "select array['10:00', '23:59:59.125']::time[]",
                "select array['2024-07-01']::date[]",
                "select array['happy', 'so so']::conv_it_mood[]",
                "select '{}'::int4[]")) {
            assertThat(array(lazypg, sql).toString())
                    .as(sql)
                    .isEqualTo(array(pgjdbc, sql).toString());
        }
    }

    @Test
    void enumAndRecordArraysReadAsPgjdbcReadsThem() throws SQLException {
        for (String sql : List.of(
                "select array[['happy', 'sad'], ['so so', 'happy']]::conv_it_mood[]",
                "select array['sad']::conv_it_mood[]",
                "select array[row(1, 'a'), row(2, 'b c')]",
                "select array[[1.5, 2], [3, 4]]::float8[]")) {
            Object ours = array(lazypg, sql).getArray();
            Object theirs = array(pgjdbc, sql).getArray();
            assertThat(java.util.Arrays.deepToString((Object[]) ours))
                    .as(sql)
                    .isEqualTo(java.util.Arrays.deepToString((Object[]) theirs));
        }
    }

    @Test
    void arrayParametersWithNullsAndPrimitivesAreSentAsPgjdbcSendsThem() throws SQLException {
        List<Binder> binders = List.of(
                ps -> ps.setArray(1, ps.getConnection().createArrayOf("int4", new Object[] {null})),
                ps -> ps.setArray(1, ps.getConnection().createArrayOf("int4", new Object[] {null, 2})),
                ps -> ps.setObject(1, new double[][] {{1.5, 2}, {3, 4.25}}),
                ps -> ps.setObject(1, new int[] {3, 1, 2}));
        for (Binder b : binders) {
            assertThat(one(lazypg, "select ?", b)).isEqualTo(one(pgjdbc, "select ?", b));
            assertThat(one(lazypg, "select cardinality(?)", b)).isEqualTo(one(pgjdbc, "select cardinality(?)", b));
        }
        assertThat(one(lazypg, "select ?::float8[]", binders.get(2))).isEqualTo("{{1.5,2},{3,4.25}}");
    }

    @Test
    void timesReadAsTimestampsAndOffsetTimesAreBoundAsPgjdbcDoes() throws SQLException {
        for (String sql : List.of("select '10:15:30.25'::time", "select '10:15:30+02'::timetz")) {
            try (Statement a = lazypg.createStatement();
                    Statement b = pgjdbc.createStatement();
                    ResultSet ra = a.executeQuery(sql);
                    ResultSet rb = b.executeQuery(sql)) {
                ra.next();
                rb.next();
                assertThat(ra.getTimestamp(1)).as(sql).isEqualTo(rb.getTimestamp(1));
            }
        }
        Binder offsetTime =
                ps -> ps.setObject(1, java.time.OffsetTime.of(10, 15, 30, 0, java.time.ZoneOffset.ofHours(2)));
        assertThat(one(lazypg, "select ?::timetz", offsetTime)).isEqualTo(one(pgjdbc, "select ?::timetz", offsetTime));
        assertThat(one(lazypg, "select pg_typeof(?)::text", offsetTime))
                .isEqualTo(one(pgjdbc, "select pg_typeof(?)::text", offsetTime));
    }

    @Test
    void maxFieldSizeCutsCharacterAndBinaryValuesAsPgjdbcDoes() throws SQLException {
        String sql = "select 'abcdef'::text, 'abcdef'::varchar(10), 'ab'::char(6), '\\x0102030405'::bytea,"
                + " 1234567::int4, '\u00FCn\u00EFc\u00F6d\u00E9'::text";
        List<List<String>> seen = new ArrayList<>();
        for (Connection c : List.of(lazypg, pgjdbc)) {
            try (Statement s = c.createStatement()) {
                s.setMaxFieldSize(4);
                assertThat(s.getMaxFieldSize()).isEqualTo(4);
                try (ResultSet rs = s.executeQuery(sql)) {
                    rs.next();
                    List<String> row = new ArrayList<>();
                    for (int i = 1; i <= 6; i++) {
                        row.add(rs.getString(i));
                    }
                    row.add(java.util.Arrays.toString(rs.getBytes(4)));
                    seen.add(row);
                }
            }
        }
        assertThat(seen.get(0)).isEqualTo(seen.get(1));
        assertThat(seen.get(0).get(0)).isEqualTo("abcd");
    }

    @Test
    void dollarQuotesWithNonAsciiTagsHideTheirPlaceholdersAndEscapes() throws SQLException {
        Binder five = ps -> ps.setInt(1, 5);
        for (String sql : List.of(
                "select $o\u203Fo$a?b$o\u203Fo$ || ?::text",
                "select $\u00FC$ {fn ucase('q')} ? $\u00FC$ || ?::text",
                "select {fn ucase($\u20AC$x?$\u20AC$)} || ?::text")) {
            assertThat(one(lazypg, sql, five)).as(sql).isEqualTo(one(pgjdbc, sql, five));
        }
        assertThat(one(lazypg, "select $o\u203Fo$a?b$o\u203Fo$ || ?::text", five))
                .isEqualTo("a?b5");
    }

    @Test
    void timestampaddAndTimestampdiffAreTranslated() throws SQLException {
        Binder none = ps -> {};
        for (String sql : List.of(
                "select {fn timestampadd(SQL_TSI_DAY, 2, timestamp '2024-01-30 10:00')}",
                "select {fn timestampadd(SQL_TSI_MONTH, 1, timestamp '2024-01-31 10:00')}",
                "select {fn timestampadd(SQL_TSI_QUARTER, 1, timestamp '2024-01-31 10:00')}",
                "select {fn timestampadd(SQL_TSI_HOUR, -3, timestamp '2024-01-31 01:00')}",
                "select {fn timestampadd(SQL_TSI_YEAR, 1, timestamp '2024-02-29 00:00')}",
                "select {fn timestampdiff(SQL_TSI_DAY, timestamp '2024-01-01 00:00', timestamp '2024-01-04 05:00')}")) {
            assertThat(one(lazypg, sql, none)).as(sql).isEqualTo(one(pgjdbc, sql, none));
        }
        // whole intervals between the two, as JDBC defines it (pgjdbc extracts one field: 30.000000 and 1)
        assertThat(one(
                        lazypg,
                        "select {fn timestampdiff(SQL_TSI_SECOND, timestamp '2024-01-01 00:00', timestamp '2024-01-01 00:01:30')}",
                        none))
                .isEqualTo("90");
        assertThat(one(
                        lazypg,
                        "select {fn timestampdiff(SQL_TSI_HOUR, timestamp '2024-01-01 00:00', timestamp '2024-01-03 01:00')}",
                        none))
                .isEqualTo("49");
        assertThat(one(
                        lazypg,
                        "select {fn timestampdiff(SQL_TSI_MONTH, timestamp '2024-01-31', timestamp '2025-03-01')}",
                        none))
                .isEqualTo("13");
        assertThatThrownBy(() -> one(lazypg, "select {fn timestampadd(SQL_TSI_FORTNIGHT, 1, now())}", none))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("SQL_TSI_FORTNIGHT")
                .hasMessageContaining("SQL_TSI_WEEK");
    }

    @Test
    void aSecondStatementWhileAFetchSizeResultIsOpenIsRefusedNamingFetchSize() throws SQLException {
        lazypg.setAutoCommit(false);
        pgjdbc.setAutoCommit(false);
        try (Statement a = lazypg.createStatement();
                Statement b = pgjdbc.createStatement()) {
            a.setFetchSize(2);
            b.setFetchSize(2);
            try (ResultSet ra = a.executeQuery("select g from generate_series(1, 10) g");
                    ResultSet rb = b.executeQuery("select g from generate_series(1, 10) g")) {
                ra.next();
                rb.next();
                // pgjdbc reads the rest of the open result into memory first; lazypg keeps its bound
                assertThat(one(pgjdbc, "select 1", ps -> {})).isEqualTo("1");
                assertThatThrownBy(() -> one(lazypg, "select 1", ps -> {}))
                        .isInstanceOfSatisfying(
                                SQLException.class,
                                e -> assertThat(e.getSQLState()).isEqualTo("24000"))
                        .hasMessageContaining("setFetchSize(0)");
                ra.next();
                assertThat(ra.getInt(1)).isEqualTo(2);
            }
            assertThat(one(lazypg, "select 1", ps -> {})).isEqualTo("1");
        } finally {
            lazypg.rollback();
            pgjdbc.rollback();
            lazypg.setAutoCommit(true);
            pgjdbc.setAutoCommit(true);
        }
    }

    @Test
    void setNullWithATypeNameBindsANullOfThatType() throws SQLException {
        for (String type : List.of("uuid", "int4", "varchar", "timestamptz", "_int4")) {
            Binder named = ps -> ps.setNull(1, java.sql.Types.OTHER, type);
            assertThat(one(lazypg, "select pg_typeof(?)::text", named))
                    .as(type)
                    .isEqualTo(one(pgjdbc, "select pg_typeof(?)::text", named));
        }
        Binder uuid = ps -> ps.setNull(1, java.sql.Types.OTHER, "uuid");
        assertThat(one(lazypg, "select pg_typeof(?)::text", uuid)).isEqualTo("uuid");
        // SQL's names of the built-in types too (pgjdbc knows pg_type names only and sends these untyped)
        Binder integer = ps -> ps.setNull(1, java.sql.Types.INTEGER, "integer");
        assertThat(one(lazypg, "select pg_typeof(?)::text", integer)).isEqualTo("integer");
        assertThatThrownBy(() -> one(pgjdbc, "select pg_typeof(?)::text", integer))
                .isInstanceOf(SQLException.class);
        Binder mood = ps -> ps.setNull(1, java.sql.Types.OTHER, "conv_it_mood");
        assertThat(one(lazypg, "select ?::conv_it_mood is null", mood))
                .isEqualTo(one(pgjdbc, "select ?::conv_it_mood is null", mood));
    }
}
