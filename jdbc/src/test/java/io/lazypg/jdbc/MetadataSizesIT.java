package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The sizes, types and column facts metadata reports for a table with every common type and type
 * modifier, compared with what pgjdbc reports on the same server: every column of
 * {@code DatabaseMetaData.getColumns} and {@code getIndexInfo}, and the ResultSetMetaData of a
 * query over the table (executed, and described by a PreparedStatement before it runs).
 *
 * <p>Deliberate differences, each asserted below for what lazypg reports instead:
 * <ul>
 *   <li>{@code getColumnClassName} names the class lazypg's {@code getObject} returns: String for
 *       json/jsonb/interval/bit/money (pgjdbc: PGobject, Object, Boolean, PGmoney), UUID for uuid
 *       (pgjdbc: Object);</li>
 *   <li>{@code isSigned} is true for money, whose values can be negative (pgjdbc: false);</li>
 *   <li>{@code getColumnTypeName} of an auto-increment column is its type ({@code int4}), not
 *       pgjdbc's {@code serial}: a type name needs no catalog query.</li>
 * </ul>
 */
@LazyPgTest
class MetadataSizesIT {

    private static final String TABLE = "meta_sizes";

    private static final String DDL = "create table meta_sizes ("
            + " c_serial serial primary key, c_bigserial bigserial, c_identity int generated always as identity,"
            + " c_int2 int2 not null, c_int4 int4, c_int8 int8, c_float4 float4, c_float8 float8,"
            + " c_num numeric(10, 2), c_num_int numeric(7), c_num_free numeric, c_varchar varchar(20),"
            + " c_varchar_free varchar, c_char char(5), c_text text not null default 'x', c_bool bool, c_bytea bytea,"
            + " c_date date, c_time time, c_time2 time(2), c_time1 time(1), c_time0 time(0), c_timetz timetz,"
            + " c_timetz3 timetz(3), c_ts timestamp, c_ts3 timestamp(3), c_tstz timestamptz, c_tstz0 timestamptz(0),"
            + " c_interval interval, c_interval2 interval(2), c_uuid uuid, c_json json, c_jsonb jsonb,"
            + " c_bit bit(5), c_varbit varbit, c_varbit8 varbit(8), c_int4_array int4[], c_text_array text[],"
            + " c_num_array numeric(5, 1)[], c_num_free_array numeric[], c_ts_array timestamp(3)[],"
            + " c_varchar_array varchar(7)[], c_oid oid, c_name name, c_money money, c_dropped int,"
            + " c_after_drop int generated always as (c_int4 * 2) stored)";

    /** Columns whose getObject class lazypg names as itself rather than as pgjdbc does. */
    private static final Map<String, String> OWN_CLASS_NAMES = Map.of(
            "c_json", "java.lang.String",
            "c_jsonb", "java.lang.String",
            "c_interval", "java.lang.String",
            "c_interval2", "java.lang.String",
            "c_bit", "java.lang.String",
            "c_uuid", "java.util.UUID",
            "c_money", "java.lang.String");

    private static Connection pgjdbc;
    private static Connection lazypg;

    @BeforeAll
    static void createTable(TestPostgres server) throws SQLException {
        pgjdbc = server.openJdbc();
        lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server));
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table if exists " + TABLE);
            s.execute(DDL);
            s.execute("alter table meta_sizes drop column c_dropped");
            s.execute("comment on column meta_sizes.c_int4 is 'an int4'");
            s.execute("create unique index meta_sizes_mixed on meta_sizes (c_int4 desc, lower(c_text), c_int8)");
            s.execute("create index meta_sizes_hash on meta_sizes using hash (c_uuid)");
            s.execute("create index meta_sizes_partial on meta_sizes (c_date) where c_bool");
            s.execute("create index \"Meta Quoted\" on meta_sizes (c_ts3 nulls first)");
            s.execute("comment on index meta_sizes_partial is 'partial'");
            s.execute("insert into meta_sizes (c_int2, c_int4, c_int8, c_float4, c_float8, c_num, c_num_int,"
                    + " c_num_free, c_varchar, c_char, c_bool, c_bytea, c_date, c_time, c_timetz, c_ts, c_tstz,"
                    + " c_interval, c_uuid, c_json, c_jsonb, c_bit, c_varbit, c_int4_array)"
                    + " values (1, 2, 3, 1.5, 2.5, 1.25, 7, 1.5, 'v', 'c', true, '\\x01', '2024-01-01',"
                    + " '10:00', '10:00+02', '2024-01-01 10:00', '2024-01-01 10:00+00', '1 day',"
                    + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{}', '{}', B'10101', B'1', '{1}')");
            s.execute("analyze meta_sizes");
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table " + TABLE);
        }
        pgjdbc.close();
        lazypg.close();
    }

    /** Every column of every row of a metadata result: "label=value", one line per row. */
    private static List<String> rows(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        List<String> rows = new ArrayList<>();
        while (rs.next()) {
            StringBuilder line = new StringBuilder();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                line.append(md.getColumnLabel(i))
                        .append('=')
                        .append(rs.getString(i))
                        .append(' ');
            }
            rows.add(line.toString().trim());
        }
        rs.close();
        return rows;
    }

    @Test
    void getColumnsReportsEveryColumnAsPgjdbcDoes() throws SQLException {
        List<String> ours = rows(lazypg.getMetaData().getColumns(null, "public", TABLE, null));
        List<String> theirs = rows(pgjdbc.getMetaData().getColumns(null, "public", TABLE, null));
        assertThat(ours).hasSize(46);
        assertThat(ours).containsExactlyElementsOf(theirs);
        // the cases, spelled out
        assertThat(ours)
                .anyMatch(l -> l.contains("COLUMN_NAME=c_int4 ")
                        && l.contains("COLUMN_SIZE=10 ")
                        && l.contains("NUM_PREC_RADIX=10 "))
                .anyMatch(l -> l.contains("COLUMN_NAME=c_ts3 ") && l.contains("DECIMAL_DIGITS=3 "))
                .anyMatch(l -> l.contains("COLUMN_NAME=c_bit ")
                        && l.contains("DATA_TYPE=-7 ")
                        && l.contains("NUM_PREC_RADIX=2 "))
                .anyMatch(l -> l.contains("COLUMN_NAME=c_identity ") && l.contains("IS_AUTOINCREMENT=YES"));
    }

    @Test
    void getColumnsFiltersByColumnNameAsPgjdbcDoes() throws SQLException {
        List<String> ours = rows(lazypg.getMetaData().getColumns(null, null, TABLE, "c\\_t%"));
        assertThat(ours)
                .isNotEmpty()
                .containsExactlyElementsOf(rows(pgjdbc.getMetaData().getColumns(null, null, TABLE, "c\\_t%")));
    }

    @Test
    void getIndexInfoReportsEveryIndexColumnAsPgjdbcDoes() throws SQLException {
        for (boolean unique : new boolean[] {false, true}) {
            List<String> ours = rows(lazypg.getMetaData().getIndexInfo(null, "public", TABLE, unique, true));
            assertThat(ours).isNotEmpty();
            assertThat(ours)
                    .as("unique only: " + unique)
                    .containsExactlyElementsOf(
                            rows(pgjdbc.getMetaData().getIndexInfo(null, "public", TABLE, unique, true)));
        }
    }

    /** What ResultSetMetaData says of each column, one line per column. */
    private static List<String> describe(ResultSetMetaData md, boolean ownClassNames) throws SQLException {
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
            String label = md.getColumnLabel(i);
            String className = md.getColumnClassName(i);
            if (ownClassNames && OWN_CLASS_NAMES.containsKey(label)) {
                assertThat(className).as(label).isEqualTo(OWN_CLASS_NAMES.get(label));
                className = "(own)";
            }
            String typeName = md.getColumnTypeName(i);
            if (!ownClassNames && typeName.contains("serial")) {
                typeName = typeName.equals("bigserial") ? "int8" : "int4"; // pgjdbc names the type after the default
            }
            lines.add(label + ": precision " + md.getPrecision(i) + ", scale " + md.getScale(i) + ", display "
                    + md.getColumnDisplaySize(i) + ", type " + md.getColumnType(i) + " " + typeName
                    + ", autoIncrement " + md.isAutoIncrement(i) + ", signed " + md.isSigned(i) + ", nullable "
                    + md.isNullable(i) + ", class " + className);
        }
        return lines;
    }

    private static List<String> describeQuery(Connection c, String sql, boolean ours) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return describe(rs.getMetaData(), ours);
        }
    }

    private static List<String> describePrepared(Connection c, String sql, boolean ours) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            return describe(ps.getMetaData(), ours);
        }
    }

    private static final String QUERY =
            "select *, c_int4 + 1 as c_expression, c_num * 2 as c_num_expression," + " now() as c_now from meta_sizes";

    @Test
    void resultSetMetaDataReportsEveryColumnAsPgjdbcDoes() throws SQLException {
        List<String> ours = describeQuery(lazypg, QUERY, true);
        List<String> theirs = new ArrayList<>();
        for (String line : describeQuery(pgjdbc, QUERY, false)) {
            String label = line.substring(0, line.indexOf(':'));
            line = OWN_CLASS_NAMES.containsKey(label) ? line.replaceAll("class .*$", "class (own)") : line;
            theirs.add(label.equals("c_money") ? line.replace("signed false", "signed true") : line);
        }
        assertThat(ours).hasSize(49).containsExactlyElementsOf(theirs);
        assertThat(ours)
                .anyMatch(l -> l.startsWith("c_ts3: precision 26, scale 3"))
                .anyMatch(l -> l.startsWith("c_serial:") && l.contains("autoIncrement true"))
                .anyMatch(l -> l.startsWith("c_identity:") && l.contains("autoIncrement true"))
                .anyMatch(l -> l.startsWith("c_int2:") && l.contains("nullable 0"))
                .anyMatch(l -> l.startsWith("c_expression:") && l.contains("nullable 2"));
    }

    @Test
    void aPreparedStatementsMetaDataReportsTheSameBeforeItRuns() throws SQLException {
        assertThat(describePrepared(lazypg, QUERY, true)).containsExactlyElementsOf(describeQuery(lazypg, QUERY, true));
    }
}
