package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * PostgreSQL's {@code infinity} and {@code -infinity} through LazyRow's getters, in binary cells
 * and in text cells (timestamptz comes as text under a TimeZone java.time cannot model): the
 * java.time reads pgjdbc supports give what pgjdbc gives (MAX and MIN); the rest follow the
 * documented mapping, and a read that has no honest answer (a time of day, a ZonedDateTime) is a
 * conversion error rather than MAX's 23:59:59.999999999.
 */
@LazyPgTest
class InfinitiesIT {

    private static LazyPgClient client;
    private static Connection jdbc;

    @BeforeAll
    static void connect(TestPostgres server) throws Exception {
        client = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
        jdbc = server.openJdbc();
    }

    @AfterAll
    static void close() throws Exception {
        client.close();
        jdbc.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"UTC", "XYZ+3ABC"})
    void infinitiesReadAsMaxAndMin(String zone) throws Exception {
        String sql =
                "select 'infinity'::date d, '-infinity'::date nd, 'infinity'::timestamp ts, '-infinity'::timestamp nts,"
                        + " 'infinity'::timestamptz tz, '-infinity'::timestamptz ntz";
        LocalDate[] pgjdbcDates = new LocalDate[2];
        LocalDateTime[] pgjdbcTimestamps = new LocalDateTime[2];
        OffsetDateTime[] pgjdbcTimestamptz = new OffsetDateTime[2];
        try (Statement s = jdbc.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            for (int i = 0; i < 2; i++) {
                pgjdbcDates[i] = rs.getObject(1 + i, LocalDate.class);
                pgjdbcTimestamps[i] = rs.getObject(3 + i, LocalDateTime.class);
                pgjdbcTimestamptz[i] = rs.getObject(5 + i, OffsetDateTime.class);
            }
        }
        assertThat(pgjdbcDates).containsExactly(LocalDate.MAX, LocalDate.MIN);
        assertThat(pgjdbcTimestamps).containsExactly(LocalDateTime.MAX, LocalDateTime.MIN);
        assertThat(pgjdbcTimestamptz).containsExactly(OffsetDateTime.MAX, OffsetDateTime.MIN);
        client.withConnection(c -> {
            c.executeScript("set timezone = '" + zone + "'");
            LazyRow row = c.query(sql).get(0);
            assertThat(row.columns().get(4).binary()).isEqualTo(zone.equals("UTC"));
            for (int i = 0; i < 2; i++) {
                boolean positive = i == 0;
                String name = positive ? "infinity" : "-infinity";
                // date
                assertThat(row.getString(i)).isEqualTo(name);
                assertThat(row.getObject(i)).isEqualTo(pgjdbcDates[i]);
                assertThat(row.get(i, LocalDate.class)).isEqualTo(pgjdbcDates[i]);
                assertThat(row.get(i, LocalDateTime.class)).isEqualTo(pgjdbcTimestamps[i]);
                // timestamp
                assertThat(row.getString(2 + i)).isEqualTo(name);
                assertThat(row.getObject(2 + i)).isEqualTo(pgjdbcTimestamps[i]);
                assertThat(row.get(2 + i, LocalDateTime.class)).isEqualTo(pgjdbcTimestamps[i]);
                assertThat(row.get(2 + i, LocalDate.class)).isEqualTo(pgjdbcDates[i]);
                assertThat(row.get(2 + i, OffsetDateTime.class)).isEqualTo(pgjdbcTimestamptz[i]);
                assertThat(row.get(2 + i, Instant.class)).isEqualTo(positive ? Instant.MAX : Instant.MIN);
                int ts = 2 + i;
                assertThatThrownBy(() -> row.get(ts, LocalTime.class))
                        .isInstanceOf(PgConversionException.class)
                        .hasMessageContaining("no time of day");
                // timestamptz
                assertThat(row.getString(4 + i)).isEqualTo(name);
                assertThat(row.getObject(4 + i)).isEqualTo(pgjdbcTimestamptz[i]);
                assertThat(row.get(4 + i, OffsetDateTime.class)).isEqualTo(pgjdbcTimestamptz[i]);
                assertThat(row.get(4 + i, Instant.class)).isEqualTo(positive ? Instant.MAX : Instant.MIN);
                assertThat(row.get(4 + i, LocalDateTime.class)).isEqualTo(pgjdbcTimestamps[i]);
                assertThat(row.get(4 + i, LocalDate.class)).isEqualTo(pgjdbcDates[i]);
                int tz = 4 + i;
                assertThatThrownBy(() -> row.get(tz, ZonedDateTime.class))
                        .isInstanceOf(PgConversionException.class)
                        .hasMessageContaining("infinity");
            }
            c.executeScript("reset timezone");
            return null;
        });
    }
}
