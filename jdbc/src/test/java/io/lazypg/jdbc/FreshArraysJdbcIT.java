package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Issue #26 item 4 through JDBC: with {@code prepareThreshold=0} (text results, the PgBouncer
 * setting) and by default, an array a ResultSet returns is the caller's: changing it never shows in
 * a later read of the same cell (as with pgjdbc, which returns a new array on each call).
 */
@LazyPgTest
class FreshArraysJdbcIT {

    private static final String SELECT =
            "select array['a', 'b']::text[] texts, array[1, 2]::int4[] ints," + " '\\x0102'::bytea bytes";

    @Test
    void everyReadOfAnArrayIsAFreshCopy(TestPostgres server) throws Exception {
        for (String parameters : new String[] {"&prepareThreshold=0", ""}) {
            try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server) + parameters)) {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(SELECT)) {
                    check(rs, "Statement " + parameters);
                }
                for (int run = 0; run < 6; run++) {
                    try (PreparedStatement p = c.prepareStatement(SELECT);
                            ResultSet rs = p.executeQuery()) {
                        check(rs, "PreparedStatement run " + (run + 1) + " " + parameters);
                    }
                }
            }
        }
    }

    private static void check(ResultSet rs, String where) throws Exception {
        assertThat(rs.next()).isTrue();
        String[] texts = rs.getObject(1, String[].class);
        texts[0] = "changed";
        assertThat(rs.getObject(1, String[].class)).as(where).containsExactly("a", "b");
        Object[] fromArray = (Object[]) rs.getArray(1).getArray();
        fromArray[0] = "changed";
        assertThat((Object[]) rs.getArray(1).getArray()).as(where).containsExactly("a", "b");
        Integer[] ints = rs.getObject(2, Integer[].class);
        ints[0] = 99;
        assertThat(rs.getObject(2, Integer[].class)).as(where).containsExactly(1, 2);
        byte[] bytes = rs.getBytes(3);
        bytes[0] = 9;
        assertThat(rs.getBytes(3)).as(where).containsExactly(1, 2);
        assertThat(rs.next()).isFalse();
    }
}
