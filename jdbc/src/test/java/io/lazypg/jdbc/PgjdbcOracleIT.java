package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Reads every column of a wide table (the common types, with NULLs and edge values) through
 * pgjdbc and through lazypg-jdbc, and requires the same answers from getString, the typed getters
 * and getObject with the java.time classes.
 */
@LazyPgTest
class PgjdbcOracleIT {

    /** Column name -> type; each row below has one value per column. */
    private static final String[][] COLUMNS = {
        {"c_bool", "boolean"},
        {"c_int2", "smallint"},
        {"c_int4", "integer"},
        {"c_int8", "bigint"},
        {"c_float4", "real"},
        {"c_float8", "double precision"},
        {"c_numeric", "numeric(20, 6)"},
        {"c_numeric_free", "numeric"},
        {"c_text", "text"},
        {"c_varchar", "varchar(20)"},
        {"c_char", "char(5)"},
        {"c_date", "date"},
        {"c_time", "time"},
        {"c_timestamp", "timestamp"},
        {"c_timestamptz", "timestamptz"},
        {"c_uuid", "uuid"},
        {"c_json", "json"},
        {"c_jsonb", "jsonb"},
        {"c_int4_array", "integer[]"},
        {"c_text_array", "text[]"},
        {"c_interval", "interval"},
        {"c_oid", "oid"},
    };

    private static final String[] ROWS = {
        "true, 1, 2, 3, 1.5, 2.25, 12345.678901, 1e-3, 'text', 'varchar', 'ab', '2024-02-29', '13:14:15.123456',"
                + " '2024-02-29 13:14:15.5', '2024-02-29 13:14:15.123456+02', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',"
                + " '{\"k\": [1, 2]}', '{\"k\": [1, 2]}', '{1,2,3}', '{\"a b\",NULL,c}', '1 day 02:03:04', 42",
        "false, -32768, -2147483648, -9223372036854775808, -0.5, -1e300, -0.000001, 123456789012345678901234567890.5,"
                + " '', 'ünïcödé ✓', 'x', '0001-01-01', '00:00:00', '1970-01-01 00:00:00', '1999-12-31 23:59:59.999999+00',"
                + " '00000000-0000-0000-0000-000000000000', '[]', '{}', '{}', '{}', '-1 mon', 0",
        "null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,"
                + " null, null, null, null",
    };

    private static Connection pgjdbc;
    private static Connection lazypg;

    @BeforeAll
    static void createTable(TestPostgres server) throws SQLException {
        pgjdbc = server.openJdbc();
        lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server));
        StringBuilder ddl = new StringBuilder("create table oracle_wide (id int primary key");
        for (String[] c : COLUMNS) {
            ddl.append(", ").append(c[0]).append(' ').append(c[1]);
        }
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table if exists oracle_wide");
            s.execute(ddl.append(')').toString());
            for (int i = 0; i < ROWS.length; i++) {
                s.execute("insert into oracle_wide values (" + i + ", " + ROWS[i] + ")");
            }
        }
    }

    @AfterAll
    static void dropTable() throws SQLException {
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table oracle_wide");
        }
        pgjdbc.close();
        lazypg.close();
    }

    /** Every value one connection reads, as comparable strings: "column getter = value (wasNull)". */
    private static List<String> read(Connection c, boolean prepared) throws SQLException {
        List<String> seen = new ArrayList<>();
        String sql = "select * from oracle_wide order by id";
        try (Statement s = prepared ? c.prepareStatement(sql) : c.createStatement();
                ResultSet rs = prepared ? ((java.sql.PreparedStatement) s).executeQuery() : s.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                for (int column1 = 2; column1 <= md.getColumnCount(); column1++) {
                    final int i = column1;
                    String column = md.getColumnLabel(i);
                    String type = md.getColumnTypeName(i);
                    seen.add(column + " type " + type + " / " + md.getColumnType(i));
                    seen.add(column + " getString = " + rs.getString(i) + " " + rs.wasNull());
                    for (Map.Entry<String, Class<?>> target : targets(type).entrySet()) {
                        seen.add(column + " getObject(" + target.getKey() + ") = "
                                + safe(() -> render(rs.getObject(i, target.getValue()))));
                    }
                    if (!type.startsWith("_")
                            && !type.equals("json")
                            && !type.equals("jsonb")
                            && !type.equals("interval")) {
                        seen.add(column + " getObject = " + render(rs.getObject(i)) + " " + rs.wasNull());
                    }
                    if (isInteger(type)) {
                        seen.add(column + " getShort/getInt/getLong = " + safe(() -> rs.getShort(i)) + " "
                                + safe(() -> rs.getInt(i)) + " " + safe(() -> rs.getLong(i)));
                    }
                    if (isInteger(type)
                            || List.of("float4", "float8", "numeric").contains(type)) {
                        // getInt of a fraction truncates as pgjdbc's does: see
                        // integerGettersTruncateFractionsAsPgjdbcDoes
                        seen.add(column + " getDouble/getBigDecimal = " + rs.getDouble(i) + " " + rs.getBigDecimal(i));
                    }
                    if (type.startsWith("_")) {
                        java.sql.Array a = rs.getArray(i);
                        seen.add(column + " getArray = "
                                + (a == null ? "null" : Arrays.deepToString((Object[]) a.getArray())));
                    }
                }
            }
        }
        return seen;
    }

    private static boolean isInteger(String type) {
        return List.of("int2", "int4", "int8", "oid").contains(type);
    }

    private static Map<String, Class<?>> targets(String type) {
        return switch (type) {
            case "date" -> Map.of("LocalDate", LocalDate.class);
            case "time" -> Map.of("LocalTime", LocalTime.class);
            case "timestamp" -> Map.of("LocalDateTime", LocalDateTime.class);
            case "timestamptz" -> Map.of("OffsetDateTime", OffsetDateTime.class);
            case "uuid" -> Map.of("UUID", UUID.class);
            case "numeric" -> Map.of("BigDecimal", BigDecimal.class);
            case "int2", "int4" -> Map.of("Integer", Integer.class);
            case "int8" -> Map.of("Long", Long.class);
            case "float8" -> Map.of("Double", Double.class);
            case "bool" -> Map.of("Boolean", Boolean.class);
            case "text", "varchar", "bpchar" -> Map.of("String", String.class);
            // pgjdbc refuses getObject(String.class) for other types; lazypg gives the text
            default -> Map.of();
        };
    }

    private static String render(Object v) {
        if (v == null) {
            return "null";
        }
        return v.getClass().getSimpleName() + ":" + (v instanceof byte[] b ? Arrays.toString(b) : v.toString());
    }

    /** A getter's value, or the SQLSTATE it failed with (both drivers must agree on failures too). */
    private static String safe(SqlSupplier getter) {
        try {
            return String.valueOf(getter.get());
        } catch (SQLException e) {
            return "error " + e.getSQLState();
        }
    }

    @FunctionalInterface
    private interface SqlSupplier {
        Object get() throws SQLException;
    }

    @Test
    void everyValueReadsTheSameThroughBothDrivers() throws SQLException {
        List<String> expected = read(pgjdbc, true);
        assertThat(read(lazypg, true)).containsExactlyElementsOf(expected);
    }

    @Test
    void integerGettersTruncateFractionsAsPgjdbcDoes() throws SQLException {
        String sql = "select 12345.000::numeric, -1.5::numeric, 2.9::float8, 1e300::float8";
        try (Statement ours = lazypg.createStatement();
                ResultSet rs = ours.executeQuery(sql);
                Statement theirs = pgjdbc.createStatement();
                ResultSet oracle = theirs.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            assertThat(oracle.next()).isTrue();
            for (int i = 1; i <= 3; i++) {
                assertThat(rs.getInt(i)).as("getInt(%d)", i).isEqualTo(oracle.getInt(i));
                assertThat(rs.getLong(i)).as("getLong(%d)", i).isEqualTo(oracle.getLong(i));
            }
            assertThat(rs.getInt(2)).isEqualTo(-1);
            assertThatThrownBy(() -> rs.getInt(4))
                    .isInstanceOf(java.sql.SQLDataException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("22003");
        }
    }

    @Test
    void theSimpleProtocolTextResultsReadTheSameToo() throws SQLException {
        List<String> expected = read(pgjdbc, false);
        try (Statement s = lazypg.createStatement()) {
            s.execute("select 1; select 2"); // warms nothing; makes sure scripts and single statements coexist
        }
        assertThat(read(lazypg, false)).containsExactlyElementsOf(expected);
    }
}
