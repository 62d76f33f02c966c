package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgConfig;
import java.sql.SQLException;
import java.util.Properties;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/** The session TimeZone a JDBC connection asks for: the JVM's zone, as pgjdbc's, unless the URL sets one. */
class JdbcUrlsTest {

    private static final String URL = "jdbc:lazypg://localhost:5432/db?user=app";

    @Test
    void theSessionRunsInTheJvmZoneReadWhenTheConfigurationIsMade() throws SQLException {
        TimeZone saved = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
            assertThat(JdbcUrls.config(URL, null).serverParameters()).containsEntry("TimeZone", "Asia/Kolkata");
            TimeZone.setDefault(TimeZone.getTimeZone("America/New_York"));
            assertThat(JdbcUrls.config(URL, new Properties()).serverParameters())
                    .containsEntry("TimeZone", "America/New_York");
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    @Test
    void aTimeZoneTheUrlOrTheConfigSetsIsKept() throws SQLException {
        assertThat(JdbcUrls.config(URL + "&options=-c%20timezone=UTC", null).serverParameters())
                .containsEntry("timezone", "UTC")
                .doesNotContainKey("TimeZone");
        LazyPgConfig config = LazyPgConfig.builder()
                .user("app")
                .serverParameter("TimeZone", "Europe/Berlin")
                .build();
        assertThat(JdbcUrls.withJvmTimeZone(config)).isSameAs(config);
    }

    @Test
    void javaGmtOffsetsFlipTheirSignForPostgresql() {
        // Java's GMT+05:30 is east of Greenwich; PostgreSQL reads GMT+05:30 as POSIX, west of it
        assertThat(JdbcUrls.postgresZoneName("GMT+05:30")).isEqualTo("GMT-05:30");
        assertThat(JdbcUrls.postgresZoneName("GMT-03:00")).isEqualTo("GMT+03:00");
        assertThat(JdbcUrls.postgresZoneName("GMT")).isEqualTo("GMT");
        assertThat(JdbcUrls.postgresZoneName("Europe/Berlin")).isEqualTo("Europe/Berlin");
    }
}
