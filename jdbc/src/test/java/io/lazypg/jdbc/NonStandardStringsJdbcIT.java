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
 * Issue #26 item 10: with {@code standard_conforming_strings = off} a backslash escapes in a plain
 * {@code '...'}, so the {@code ?} in {@code 'it\'s ?'} is no placeholder. The driver finds the
 * placeholders under the setting the session last reported, and its JVM-wide cache of parsed SQL
 * keeps the two readings of one SQL string apart. pgjdbc reads a SQL string it sees first under the
 * setting the same way; its query cache is keyed by the SQL alone, so it keeps the first reading of
 * {@link #EITHER_WAY} after the setting changes, and is not the oracle for that part.
 */
@LazyPgTest
class NonStandardStringsJdbcIT {

    /** Standard: the literal '\' then one placeholder. Off: one literal to the end, no placeholder. */
    private static final String EITHER_WAY = "select '\\' || ?::text as v -- '";

    @Test
    void placeholdersFollowStandardConformingStrings(TestPostgres server) throws Exception {
        for (String parameters : new String[] {"", "&prepareThreshold=0"}) {
            try (Connection lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server) + parameters);
                    Connection pgjdbc = server.openJdbc()) {
                for (Connection c : new Connection[] {lazypg, pgjdbc}) {
                    String where = (c == lazypg ? "lazypg" : "pgjdbc") + parameters;
                    boolean isLazypg = c == lazypg;
                    run(c, "set standard_conforming_strings = on");
                    if (isLazypg) {
                        assertThat(value(c, EITHER_WAY, "x")).as(where).isEqualTo("\\x");
                    }
                    run(c, "set escape_string_warning = off; set standard_conforming_strings = off");
                    if (isLazypg) {
                        assertThat(value(c, EITHER_WAY, null)).as(where).isEqualTo("' || ?::text as v -- ");
                    }
                    try (PreparedStatement p = c.prepareStatement("select 'it\\'s ?' as a, ?::int as b")) {
                        assertThat(p.getParameterMetaData().getParameterCount())
                                .as(where)
                                .isEqualTo(1);
                        p.setInt(1, 5);
                        try (ResultSet rs = p.executeQuery()) {
                            assertThat(rs.next()).isTrue();
                            assertThat(rs.getString(1)).as(where).isEqualTo("it's ?");
                            assertThat(rs.getInt(2)).as(where).isEqualTo(5);
                        }
                    }
                    try (Statement s = c.createStatement()) {
                        // One statement, not two: the ';' is inside the literal.
                        assertThat(s.execute("select 'a\\'; select 1' as v")).isTrue();
                        try (ResultSet rs = s.getResultSet()) {
                            assertThat(rs.next()).isTrue();
                            assertThat(rs.getString(1)).as(where).isEqualTo("a'; select 1");
                        }
                        assertThat(s.getMoreResults()).as(where).isFalse();
                    }
                    run(c, "set standard_conforming_strings = on");
                    if (isLazypg) {
                        assertThat(value(c, EITHER_WAY, "y")).as(where).isEqualTo("\\y");
                    }
                }
            }
        }
    }

    private static void run(Connection c, String sql) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static String value(Connection c, String sql, String parameter) throws Exception {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            if (parameter != null) {
                p.setString(1, parameter);
            }
            try (ResultSet rs = p.executeQuery()) {
                assertThat(rs.next()).isTrue();
                return rs.getString(1);
            }
        }
    }
}
