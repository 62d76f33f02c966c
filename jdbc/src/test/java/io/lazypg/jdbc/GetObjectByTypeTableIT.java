package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code getObject(int)} picks its Java class from the type table's natural class of the column
 * ({@code PgType.javaClass}), mapped to JDBC's classes: the class and value of one value of each
 * kind of type, read through pgjdbc and through lazypg-jdbc, agree (the wide table of {@link
 * PgjdbcOracleIT} has the common types; these are the kinds it has not: bytea, time with time zone,
 * the numerics without a BigDecimal, name and "char", smallint beside integer, oid).
 */
@LazyPgTest
class GetObjectByTypeTableIT {

    private static final String SQL = "select '\\x00ff10'::bytea, 1::int2, 2::int4, 3::int8, 42::oid,"
            + " 'NaN'::numeric, 'Infinity'::numeric, '-12.50'::numeric, 1.5::float4, 'nm'::name, 'c'::\"char\","
            + " 'ab'::bpchar, '2024-02-29'::date, '13:14:15'::time, '2024-02-29 13:14:15'::timestamp, true,"
            + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid, null::int2, null::numeric, null::bytea, null::date";

    private static List<String> read(Connection c) throws SQLException {
        List<String> seen = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(SQL)) {
            rs.next();
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                Object v = rs.getObject(i);
                seen.add(rs.getMetaData().getColumnTypeName(i) + " "
                        + (v == null
                                ? "null"
                                : v.getClass().getName() + ":"
                                        + (v instanceof byte[] b ? Arrays.toString(b) : v.toString())));
            }
        }
        return seen;
    }

    @Test
    void getObjectGivesPgjdbcsClassForEachKindOfType(TestPostgres server) throws SQLException {
        try (Connection pgjdbc = server.openJdbc();
                Connection lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server))) {
            List<String> expected = read(pgjdbc);
            assertThat(read(lazypg)).containsExactlyElementsOf(expected);
        }
    }
}
