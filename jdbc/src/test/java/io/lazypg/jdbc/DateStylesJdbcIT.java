package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
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
 * Issue #26 item 5 through JDBC: date, timestamp, timestamptz, time and timetz columns and their
 * arrays read the same in every DateStyle and field order and several session zones, whether the
 * style was set in the same simple-query script as the SELECT ({@code Statement.execute} with
 * several statements: text results), before a PreparedStatement (binary where the client renders
 * the style), or with {@code prepareThreshold=0} (text results). The java.time reads must equal
 * pgjdbc's under DateStyle ISO in the same zone; the java.sql reads and arrays must equal lazypg's
 * own under ISO (how they map to java.sql types is another matter, issue items 1 and 6).
 */
@LazyPgTest
class DateStylesJdbcIT {

    private static final String SELECT = "select d, ts, tstz, t, ttz, array[d, d2] da, array[ts, ts2] tsa,"
            + " array[tstz, tstz2] tstza, array[t, t] ta from jdbc_date_styles order by id";

    private static Connection pgjdbc;
    private static Connection lazypg;
    private static Connection lazypgText;

    @BeforeAll
    static void setUp(TestPostgres server) throws Exception {
        pgjdbc = server.openJdbc();
        lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server));
        lazypgText = DriverManager.getConnection(lazypgUrlWithCredentials(server) + "&prepareThreshold=0");
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table if exists jdbc_date_styles");
            s.execute("create table jdbc_date_styles (id int primary key, d date, d2 date, ts timestamp,"
                    + " ts2 timestamp, tstz timestamptz, tstz2 timestamptz, t time, ttz timetz)");
            s.execute("""
                    insert into jdbc_date_styles values
                    (1, '2024-02-29', '2024-03-01', '2024-02-29 13:14:15.123456', '2024-03-01 00:00:00',
                     '2024-02-29 13:14:15.5+00', '2024-07-01 12:00:00+00', '13:14:15.5', '13:14:15.5+05:30'),
                    (2, '0044-03-15 BC', '0001-01-01', '0044-03-15 12:00:00 BC', '1850-06-01 00:00:00.000001',
                     '1850-06-01 00:00:00+00', '1999-12-31 23:59:59.999999+00', '00:00:00', '00:00:00+00'),
                    (3, '1999-12-31', '2100-12-31', '1999-12-31 23:59:59.999999', '2000-01-01 00:00:00',
                     '2024-01-15 10:30:00+00', '2024-12-31 23:00:00.25+00', '23:59:59.999999', '12:00:00-08'),
                    (4, '2024-01-05', '2024-12-13', '2024-12-13 01:02:03', '2025-01-05 04:05:06.7',
                     '2024-12-13 01:02:03+00', '2025-01-05 04:05:06+00', '07:08:09', '07:08:09-03:30')
                    """);
        }
    }

    @AfterAll
    static void tearDown() throws Exception {
        lazypgText.close();
        lazypg.close();
        pgjdbc.close();
    }

    static Stream<Arguments> stylesAndZones() {
        List<Arguments> cases = new ArrayList<>();
        for (String zone : List.of("UTC", "America/New_York", "Asia/Kolkata")) {
            for (String style : List.of("ISO", "SQL", "German", "Postgres")) {
                for (String order : List.of("DMY", "MDY", "YMD")) {
                    cases.add(Arguments.of(style + ", " + order, zone));
                }
            }
        }
        return cases.stream();
    }

    /** The java.time reads of the scalar columns, per row. */
    private static List<List<Object>> javaTimes(ResultSet rs) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
            rows.add(List.of(
                    rs.getObject(1, LocalDate.class),
                    rs.getObject(2, LocalDateTime.class),
                    rs.getObject(3, OffsetDateTime.class).toInstant(),
                    rs.getObject(4, LocalTime.class),
                    rs.getObject(5, OffsetTime.class)));
        }
        return rows;
    }

    /** The java.sql reads, getObject and arrays, per row (after the java.time ones). */
    private static List<List<Object>> everything(ResultSet rs) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next()) {
            List<Object> row = new ArrayList<>(List.of(
                    rs.getObject(1, LocalDate.class),
                    rs.getObject(2, LocalDateTime.class),
                    rs.getObject(3, OffsetDateTime.class).toInstant(),
                    rs.getObject(4, LocalTime.class),
                    rs.getObject(5, OffsetTime.class)));
            row.add(rs.getDate(1));
            row.add(rs.getTimestamp(1));
            row.add(rs.getTimestamp(2));
            row.add(rs.getDate(2));
            row.add(rs.getTimestamp(3));
            row.add(rs.getTime(4));
            row.add(rs.getTime(5));
            for (int i = 1; i <= 5; i++) {
                row.add(rs.getObject(i));
            }
            for (int i = 6; i <= 9; i++) {
                Array a = rs.getArray(i);
                row.add(Arrays.asList((Object[]) a.getArray()));
            }
            rows.add(row);
        }
        return rows;
    }

    private static List<List<Object>> lazypgUnderIso(String zone) throws Exception {
        try (Statement s = lazypg.createStatement()) {
            s.execute("set DateStyle = 'ISO, MDY'; set TimeZone = '" + zone + "'");
            try (ResultSet rs = s.executeQuery(SELECT)) {
                return everything(rs);
            }
        }
    }

    @ParameterizedTest(name = "DateStyle {0}, TimeZone {1}")
    @MethodSource("stylesAndZones")
    void everyReadIsAsUnderIso(String dateStyle, String zone) throws Exception {
        List<List<Object>> oracle;
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("set TimeZone = '" + zone + "'");
            try (ResultSet rs = s.executeQuery(SELECT)) {
                oracle = javaTimes(rs);
            }
        }
        assertThat(oracle).hasSize(4);
        List<List<Object>> iso = lazypgUnderIso(zone);
        assertThat(iso.stream().map(r -> r.subList(0, 5)).toList())
                .as("lazypg under ISO in %s", zone)
                .isEqualTo(oracle);
        String set = "set DateStyle = '" + dateStyle + "'; set TimeZone = '" + zone + "'";
        for (Connection c : List.of(lazypg, lazypgText)) {
            String how = (c == lazypg ? "" : "prepareThreshold=0, ") + "DateStyle " + dateStyle + ", TimeZone " + zone;
            try (Statement s = c.createStatement()) {
                // One simple-query script: the SET and the SELECT, the SELECT's result after two update counts.
                assertThat(s.execute(set + "; " + SELECT)).isFalse();
                assertThat(s.getMoreResults()).isFalse();
                assertThat(s.getMoreResults()).isTrue();
                try (ResultSet rs = s.getResultSet()) {
                    assertThat(everything(rs)).as("script, %s", how).isEqualTo(iso);
                }
            }
            try {
                for (int run = 1; run <= 6; run++) {
                    try (PreparedStatement p = c.prepareStatement(SELECT);
                            ResultSet rs = p.executeQuery()) {
                        assertThat(everything(rs))
                                .as("PreparedStatement run %d, %s", run, how)
                                .isEqualTo(iso);
                    }
                }
            } finally {
                try (Statement s = c.createStatement()) {
                    s.execute("reset DateStyle; reset TimeZone");
                }
            }
        }
    }
}
