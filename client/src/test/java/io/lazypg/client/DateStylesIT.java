package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.time.OffsetTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue #26 item 5: dates and times read the same in every DateStyle (ISO, SQL, German, Postgres,
 * each with the DMY, MDY and YMD orders) and session time zone, in text results (statement cache
 * off: every column comes in text) and in binary ones (the cached statement's second run), as
 * scalars, as array elements and as range bounds. The expected values are pgjdbc's reads of the
 * same rows under DateStyle ISO in the same zone: another implementation, on the one style it reads.
 */
@LazyPgTest
class DateStylesIT {

    /** Chosen away from DST changes: outside ISO a timestamptz shows only a zone abbreviation (see StyledTimestamps). */
    private static final String ROWS = """
            insert into date_styles values
            (1, '2024-02-29', '2024-03-01', '2024-02-29 13:14:15.123456', '2024-03-01 00:00:00',
             '2024-02-29 13:14:15.5+00', '2024-07-01 12:00:00+00', '13:14:15.5', '13:14:15.5+05:30'),
            (2, '0044-03-15 BC', '0001-01-01', '0044-03-15 12:00:00 BC', '0001-01-01 00:00:00.000001',
             '1850-06-01 00:00:00+00', '1999-12-31 23:59:59.999999+00', '00:00:00', '00:00:00+00'),
            (3, '1999-12-31', '2100-12-31', '1999-12-31 23:59:59.999999', '2000-01-01 00:00:00',
             '2024-01-15 10:30:00+00', '2024-12-31 23:00:00.25+00', '23:59:59.999999', '12:00:00-08'),
            (4, '2024-01-05', '2024-12-13', '2024-12-13 01:02:03', '2025-01-05 04:05:06.7',
             '2024-12-13 01:02:03+00', '2025-01-05 04:05:06+00', '07:08:09', '07:08:09-03:30')
            """;

    private static final String SELECT = "select d, ts, tstz, t, ttz, array[d, d2, null] da, array[ts, ts2] tsa,"
            + " array[tstz, tstz2] tstza, array[t, null] ta, array[ttz] ttza, daterange(d, d2) dr,"
            + " tsrange(ts, ts2, '[]') tsr, tstzrange(tstz, tstz2) tstzr from date_styles order by id";

    private static final List<String> STYLES = List.of("ISO", "SQL", "German", "Postgres");
    private static final List<String> ORDERS = List.of("DMY", "MDY", "YMD");
    private static final List<String> ZONES = List.of("UTC", "America/New_York", "Asia/Kolkata", "Australia/Adelaide");

    private static Connection pgjdbc;
    private static LazyPgClient cached;
    private static LazyPgClient uncached;

    /** One row as pgjdbc reads it under DateStyle ISO in a zone. */
    private record Expected(
            LocalDate d,
            LocalDate d2,
            LocalDateTime ts,
            LocalDateTime ts2,
            Instant tstz,
            Instant tstz2,
            LocalTime t,
            OffsetTime ttz) {}

    @BeforeAll
    static void setUp(TestPostgres server) throws Exception {
        pgjdbc = server.openJdbc();
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table if exists date_styles");
            s.execute("create table date_styles (id int primary key, d date, d2 date, ts timestamp, ts2 timestamp,"
                    + " tstz timestamptz, tstz2 timestamptz, t time, ttz timetz)");
            s.execute(ROWS);
        }
        cached = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
        uncached = LazyPgClient.create(LazyPgConfig.fromUrl(server.url() + "?statement_cache_size=0").toBuilder()
                .poolMaxSize(1)
                .build());
    }

    @AfterAll
    static void tearDown() throws Exception {
        cached.close();
        uncached.close();
        pgjdbc.close();
    }

    static Stream<Arguments> stylesAndZones() {
        List<Arguments> cases = new ArrayList<>();
        for (String zone : ZONES) {
            for (String style : STYLES) {
                for (String order : ORDERS) {
                    cases.add(Arguments.of(style + ", " + order, zone));
                }
            }
        }
        return cases.stream();
    }

    private static List<Expected> expected(String zone) throws Exception {
        List<Expected> rows = new ArrayList<>();
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("set TimeZone = '" + zone + "'");
            try (ResultSet rs =
                    s.executeQuery("select d, d2, ts, ts2, tstz, tstz2, t, ttz from date_styles order by id")) {
                while (rs.next()) {
                    rows.add(new Expected(
                            rs.getObject(1, LocalDate.class),
                            rs.getObject(2, LocalDate.class),
                            rs.getObject(3, LocalDateTime.class),
                            rs.getObject(4, LocalDateTime.class),
                            rs.getObject(5, OffsetDateTime.class).toInstant(),
                            rs.getObject(6, OffsetDateTime.class).toInstant(),
                            rs.getObject(7, LocalTime.class),
                            rs.getObject(8, OffsetTime.class)));
                }
            }
        }
        assertThat(rows).hasSize(4);
        return rows;
    }

    @ParameterizedTest(name = "DateStyle {0}, TimeZone {1}")
    @MethodSource("stylesAndZones")
    void everyTypeReadsAsUnderIso(String dateStyle, String zone) throws Exception {
        List<Expected> expected = expected(zone);
        for (LazyPgClient client : List.of(uncached, cached)) {
            client.withConnection(c -> {
                // In one script: the server reports the new settings only at its end, after the rows.
                String set = "set DateStyle = '" + dateStyle + "'; set TimeZone = '" + zone + "'";
                c.executeScript("reset DateStyle; reset TimeZone");
                List<LazyResult> script = c.queryScript(SELECT + "; " + set + "; " + SELECT);
                assertThat(script).hasSize(4);
                for (LazyResult result : List.of(script.get(0), script.get(3))) {
                    for (int r = 0; r < result.size(); r++) {
                        String where = "row " + (r + 1) + ", script result " + script.indexOf(result) + ", DateStyle "
                                + dateStyle + ", TimeZone " + zone;
                        Expected e = expected.get(r);
                        if (result == script.get(0)) {
                            // Before the SET: the server's default zone; the instants and dates do not depend on it.
                            assertThat(result.get(r).get(0, LocalDate.class))
                                    .as(where)
                                    .isEqualTo(e.d());
                            assertThat(result.get(r).get(2, Instant.class))
                                    .as(where)
                                    .isEqualTo(e.tstz());
                        } else {
                            check(result.get(r), e, ZoneId.of(zone), where);
                        }
                    }
                }
                c.executeScript(set);
                try {
                    for (int execution = 0; execution < 2; execution++) {
                        LazyResult result = c.query(SELECT);
                        String how = (client == uncached ? "text results" : "run " + (execution + 1) + " cached")
                                + ", DateStyle " + dateStyle + ", TimeZone " + zone;
                        assertThat(result.size()).isEqualTo(expected.size());
                        for (int r = 0; r < result.size(); r++) {
                            check(result.get(r), expected.get(r), ZoneId.of(zone), "row " + (r + 1) + ", " + how);
                        }
                    }
                } finally {
                    c.executeScript("reset DateStyle; reset TimeZone");
                }
                return null;
            });
        }
    }

    private static void check(LazyRow row, Expected e, ZoneId zone, String where) {
        assertThat(row.get(0, LocalDate.class)).as("date, %s", where).isEqualTo(e.d());
        assertThat(row.getObject(0)).as("date as Object, %s", where).isEqualTo(e.d());
        assertThat(row.get(0, LocalDateTime.class))
                .as("date as LocalDateTime, %s", where)
                .isEqualTo(e.d().atStartOfDay());
        assertThat(row.get(1, LocalDateTime.class)).as("timestamp, %s", where).isEqualTo(e.ts());
        assertThat(row.get(1, LocalDate.class))
                .as("timestamp as LocalDate, %s", where)
                .isEqualTo(e.ts().toLocalDate());
        assertThat(row.getObject(1)).as("timestamp as Object, %s", where).isEqualTo(e.ts());
        assertThat(row.get(2, Instant.class)).as("timestamptz, %s", where).isEqualTo(e.tstz());
        assertThat(row.get(2, OffsetDateTime.class).toInstant())
                .as("timestamptz, %s", where)
                .isEqualTo(e.tstz());
        assertThat(row.get(2, LocalDateTime.class))
                .as("timestamptz as LocalDateTime, %s", where)
                .isEqualTo(LocalDateTime.ofInstant(e.tstz(), zone));
        assertThat(row.get(3, LocalTime.class)).as("time, %s", where).isEqualTo(e.t());
        assertThat(row.get(4, OffsetTime.class)).as("timetz, %s", where).isEqualTo(e.ttz());
        assertThat(row.get(5, LocalDate[].class)).as("date[], %s", where).containsExactly(e.d(), e.d2(), null);
        assertThat((Object[]) row.getObject(5))
                .as("date[] as Object, %s", where)
                .containsExactly(e.d(), e.d2(), null);
        assertThat(row.get(6, LocalDateTime[].class))
                .as("timestamp[], %s", where)
                .containsExactly(e.ts(), e.ts2());
        assertThat(Arrays.stream(row.get(7, OffsetDateTime[].class))
                        .map(OffsetDateTime::toInstant)
                        .toList())
                .as("timestamptz[], %s", where)
                .containsExactly(e.tstz(), e.tstz2());
        assertThat(row.get(8, LocalTime[].class)).as("time[], %s", where).containsExactly(e.t(), null);
        assertThat(row.get(9, OffsetTime[].class)).as("timetz[], %s", where).containsExactly(e.ttz());
        // daterange is canonical [lower, upper); the BC lower bound of row 2 stays a date of year -43.
        PgRange<?> dates = row.get(10, PgRange.class);
        assertThat(dates).as("daterange, %s", where).isEqualTo(PgRange.closedOpen(e.d(), e.d2()));
        PgRange<?> timestamps = row.get(11, PgRange.class);
        assertThat(timestamps).as("tsrange, %s", where).isEqualTo(PgRange.closed(e.ts(), e.ts2()));
        PgRange<?> instants = row.get(12, PgRange.class);
        assertThat(((OffsetDateTime) instants.lower()).toInstant())
                .as("tstzrange lower, %s", where)
                .isEqualTo(e.tstz());
        assertThat(((OffsetDateTime) instants.upper()).toInstant())
                .as("tstzrange upper, %s", where)
                .isEqualTo(e.tstz2());
        assertThat(instants.lowerInclusive() && !instants.upperInclusive())
                .as("tstzrange bounds, %s", where)
                .isTrue();
    }
}
