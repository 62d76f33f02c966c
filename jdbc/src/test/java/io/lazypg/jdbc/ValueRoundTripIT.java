package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Values that must come back as they went in, or be stored as pgjdbc stores them: 24:00:00,
 * nanoseconds rounded to microseconds, {@code setObject} with a NUMERIC scale, and dates before
 * the Gregorian calendar (1582) and BC through java.sql types. Each is run through pgjdbc and
 * lazypg-jdbc against the same server, and the stored text and the values read are compared.
 */
@LazyPgTest
class ValueRoundTripIT {

    private static Connection pgjdbc;
    private static Connection lazypg;

    @BeforeAll
    static void connect(TestPostgres server) throws SQLException {
        pgjdbc = server.openJdbc();
        lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server));
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("set timezone = 'UTC'"); // the stored text below is read through this connection
            s.execute("drop table if exists round_trip");
            s.execute("create table round_trip (k text primary key, t time, ts timestamp, tstz timestamptz,"
                    + " n numeric, d date)");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        try (Statement s = pgjdbc.createStatement()) {
            s.execute("drop table round_trip");
        }
        pgjdbc.close();
        lazypg.close();
    }

    private interface Binding {
        void bind(PreparedStatement ps) throws SQLException;
    }

    /** Inserts through {@code c} into column {@code column} of row {@code k} and returns what the server stores, as text. */
    private static String store(Connection c, String k, String column, Binding binding) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("insert into round_trip (k, " + column + ") values (?, ?)")) {
            ps.setString(1, k);
            binding.bind(ps);
            ps.executeUpdate();
        }
        try (Statement s = pgjdbc.createStatement();
                ResultSet rs = s.executeQuery("select " + column + "::text from round_trip where k = '" + k + "'")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    /** What pgjdbc and lazypg store for the same binding, pgjdbc's first. */
    private static List<String> both(String k, String column, Binding binding) throws SQLException {
        return List.of(store(pgjdbc, k + " pg", column, binding), store(lazypg, k + " lz", column, binding));
    }

    @Test
    void timeTwentyFourHundredIsWrittenBackAsTwentyFourHundred() throws SQLException {
        LocalTime read;
        try (Statement s = lazypg.createStatement();
                ResultSet rs = s.executeQuery("select time '24:00:00'")) {
            assertThat(rs.next()).isTrue();
            read = rs.getObject(1, LocalTime.class);
        }
        assertThat(read).isEqualTo(LocalTime.MAX);
        assertThat(both("24:00 LocalTime", "t", ps -> ps.setObject(2, read))).containsExactly("24:00:00", "24:00:00");
        assertThat(both("24:00 LocalTime typed", "t", ps -> ps.setObject(2, read, Types.TIME)))
                .containsExactly("24:00:00", "24:00:00");
    }

    @Test
    void setTimestampRoundsNanosecondsToMicrosecondsAsPgjdbcDoes() throws SQLException {
        Timestamp fraction = Timestamp.valueOf("2024-01-15 08:30:00.123456789");
        Timestamp lastOfYear = Timestamp.valueOf("2024-12-31 23:59:59.9999997");
        Timestamp half = Timestamp.valueOf("2024-01-15 08:30:00.0000005");
        assertThat(both("round", "ts", ps -> ps.setTimestamp(2, fraction)))
                .containsExactly("2024-01-15 08:30:00.123457", "2024-01-15 08:30:00.123457");
        assertThat(both("roll", "ts", ps -> ps.setTimestamp(2, lastOfYear)))
                .containsExactly("2025-01-01 00:00:00", "2025-01-01 00:00:00");
        assertThat(both("half", "ts", ps -> ps.setTimestamp(2, half)))
                .containsExactly("2024-01-15 08:30:00.000001", "2024-01-15 08:30:00.000001");
        assertThat(both("roll LocalDateTime", "ts", ps -> ps.setObject(2, lastOfYear.toLocalDateTime())))
                .containsExactly("2025-01-01 00:00:00", "2025-01-01 00:00:00");
    }

    @Test
    void setObjectWithScaleRoundsNumericAndDecimalAsPgjdbcDoes() throws SQLException {
        Object[] values = {
            new BigDecimal("1.23456"),
            new BigDecimal("1.235"),
            new BigDecimal("-1.235"),
            new BigDecimal("1.225"),
            1.235d,
            "2.345",
            7,
            new BigDecimal("1.2")
        };
        List<String> pg = new ArrayList<>();
        List<String> lz = new ArrayList<>();
        for (int type : new int[] {Types.NUMERIC, Types.DECIMAL}) {
            for (int v = 0; v < values.length; v++) {
                Object value = values[v];
                List<String> stored = both("scale " + type + " " + v, "n", ps -> ps.setObject(2, value, type, 2));
                pg.add(stored.get(0));
                lz.add(stored.get(1));
            }
        }
        assertThat(lz).isEqualTo(pg);
        assertThat(lz.get(0)).isEqualTo("1.23");
        assertThat(lz.get(2)).isEqualTo("-1.24"); // half up, away from zero
    }

    @Test
    void datesBeforeTheGregorianCalendarAndBcReadAndWriteAsPgjdbcDoes() throws SQLException {
        TimeZone saved = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
            String sql =
                    "select timestamptz '1000-06-01 10:00+00', date '0044-03-15 BC', timestamp '0044-03-15 12:00 BC'";
            List<String> answers = new ArrayList<>();
            for (Connection c : List.of(pgjdbc, lazypg)) {
                try (Statement s = c.createStatement();
                        ResultSet rs = s.executeQuery(sql)) {
                    assertThat(rs.next()).isTrue();
                    Timestamp julian = rs.getTimestamp(1);
                    Date bc = rs.getDate(2);
                    Timestamp bcTimestamp = rs.getTimestamp(3);
                    GregorianCalendar fields = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
                    fields.setTime(bc);
                    answers.add(julian + " " + julian.getTime() + " | " + bc + " era " + fields.get(Calendar.ERA) + " "
                            + bc.getTime() + " | " + bcTimestamp.getTime());
                    // written back through java.sql, each value is stored as it was read
                    assertThat(store(c, "julian " + answers.size(), "tstz", ps -> ps.setTimestamp(2, julian)))
                            .isEqualTo("1000-06-01 10:00:00+00");
                    assertThat(store(c, "bc " + answers.size(), "d", ps -> ps.setDate(2, bc)))
                            .isEqualTo("0044-03-15 BC");
                    assertThat(store(c, "bc ts " + answers.size(), "ts", ps -> ps.setTimestamp(2, bcTimestamp)))
                            .isEqualTo("0044-03-15 12:00:00 BC");
                }
            }
            assertThat(answers.get(1)).isEqualTo(answers.get(0));
            assertThat(answers.get(1)).startsWith("1000-06-01 10:00:00.0 ").contains("era " + GregorianCalendar.BC);
        } finally {
            TimeZone.setDefault(saved);
        }
    }
}
