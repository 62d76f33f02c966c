package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * timestamptz read under many TimeZone settings, against the server's own text output and pgjdbc.
 * PostgreSQL reads a TimeZone that is not a zone name as a POSIX spec, whose offsets count WEST
 * ({@code UTC+3} is three hours behind UTC); IANA names like {@code Etc/GMT+3} are POSIX-signed
 * in both PostgreSQL and java.time. Whatever the client makes of the setting, every cell must
 * show the server's text, and typed reads must agree with it.
 *
 * <p>Each zone runs its own SQL text (so its first execution prepares it under that zone) twice:
 * the second execution is the cached prepared statement. A zone the client can model exactly gets
 * binary cells; one it cannot (POSIX rules with daylight saving, tz names whose meaning changed
 * between tz database releases) gets text cells, which carry the offset.
 */
@LazyPgTest
class SessionTimeZoneIT {

    /** Instants around DST changes in Europe and the US, local mean time, war time, BC, far future, infinities. */
    private static final String[] VALUES = {
        "2024-01-01 12:00:00+00",
        "2024-07-01 12:34:56.789012+00",
        "2024-03-31 00:59:59.999999+00",
        "2024-03-31 01:00:00+00",
        "2024-10-27 00:30:00+00",
        "2024-10-27 01:30:00+00",
        "2024-11-03 05:30:00+00",
        "2024-11-03 06:30:00+00",
        "1850-06-01 00:00:00+00",
        "1943-07-01 12:00:00+00",
        "1969-12-31 23:59:59.5+00",
        "2100-07-01 00:00:00.000001+00",
        "0044-03-15 12:00:00+00 BC",
        "infinity",
        "-infinity",
    };

    private static LazyPgClient client;
    private static Connection jdbc;

    @BeforeAll
    static void setUp(TestPostgres server) throws Exception {
        jdbc = server.openJdbc();
        try (Statement s = jdbc.createStatement()) {
            s.execute("drop table if exists zone_values");
            s.execute("create table zone_values (id int primary key, ts timestamptz)");
            for (int i = 0; i < VALUES.length; i++) {
                s.execute("insert into zone_values values (" + i + ", '" + VALUES[i] + "')");
            }
        }
        client = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
    }

    @AfterAll
    static void tearDown() throws Exception {
        client.close();
        jdbc.close();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "UTC+3                       | UTC+3                       | true",
                "GMT-5                       | GMT-5                       | true",
                "+05:00                      | +05:00                      | true",
                "UTC-05:30                   | UTC-05:30                   | true",
                "utc+3                       | UTC+3                       | true",
                "UTC+12:00:00                | UTC+12:00:00                | true",
                "JST-9                       | JST-9                       | true",
                "IST-5:30                    | IST-5:30                    | true",
                "<+05>-05                    | <+05>-05                    | true",
                "-3                          | <-03>+03                    | true",
                "Etc/GMT+3                   | Etc/GMT+3                   | true",
                "Etc/GMT-14                  | Etc/GMT-14                  | true",
                "UTC                         | UTC                         | true",
                "GMT                         | GMT                         | true",
                "Zulu                        | Zulu                        | true",
                "Europe/Amsterdam            | Europe/Amsterdam            | true",
                "America/New_York            | America/New_York            | true",
                "Asia/Kolkata                | Asia/Kolkata                | true",
                "EST5EDT                     | EST5EDT                     | false",
                "PST8PDT                     | PST8PDT                     | false",
                "EST                         | EST                         | false",
                "MST                         | MST                         | false",
                "CET                         | CET                         | false",
                "XYZ+3ABC                    | XYZ+3ABC                    | false",
                "CET-1CEST,M3.5.0,M10.5.0/3  | CET-1CEST,M3.5.0,M10.5.0/3  | false",
            })
    void timestamptzReadsAsTheServerShowsItAndAsPgjdbcReadsIt(String zone, String reported, boolean binary)
            throws Exception {
        List<String> serverText = new ArrayList<>();
        List<OffsetDateTime> pgjdbc = new ArrayList<>();
        try (Statement s = jdbc.createStatement()) {
            s.execute("set timezone = '" + zone + "'");
            try (ResultSet rs = s.executeQuery("select ts::text, ts from zone_values order by id")) {
                while (rs.next()) {
                    serverText.add(rs.getString(1));
                    pgjdbc.add(rs.getString(1).endsWith("BC") ? null : rs.getObject(2, OffsetDateTime.class));
                }
            }
        }
        assertThat(serverText).hasSize(VALUES.length);
        client.withConnection(c -> {
            c.executeScript("set timezone = '" + zone + "'");
            assertThat(c.serverParameter("TimeZone")).isEqualTo(reported);
            String sql = "select id, ts from zone_values order by id /* " + zone + " */";
            for (int execution = 0; execution < 2; execution++) {
                LazyResult result = c.query(sql);
                assertThat(result.columns().get(1).binary())
                        .as("binary timestamptz under %s", zone)
                        .isEqualTo(binary);
                for (int r = 0; r < result.size(); r++) {
                    check(
                            result.get(r),
                            serverText.get(r),
                            pgjdbc.get(r),
                            zone + ", row " + r + ", execution " + execution);
                }
            }
            return null;
        });
    }

    /**
     * A statement cached under a zone the client models (binary timestamptz) and run again under
     * one it cannot must not render its binary cells with a zone it no longer has (issue #16: a
     * "malformed binary value" NullPointerException): the client asks for text from then on, and
     * for binary again once the zone is known.
     */
    @org.junit.jupiter.api.Test
    void aCachedStatementFollowsTheZoneIntoSettingsJavaCannotModelAndBack() throws Exception {
        String[] settings = {
            "TimeZone = 'Europe/Amsterdam'",
            "TIME ZONE INTERVAL '+05:30' HOUR TO MINUTE",
            "TimeZone = 'CET-1CEST,M3.5.0,M10.5.0/3'",
            "TimeZone = 'XYZ+3ABC'",
            "TIME ZONE INTERVAL '-03:00' HOUR TO MINUTE",
            "TimeZone = 'EST5EDT'",
            "TimeZone = 'America/St_Johns'",
        };
        boolean[] binary = {true, true, false, false, true, false, true};
        client.withConnection(c -> {
            for (int i = 0; i < settings.length; i++) {
                List<String> serverText = new ArrayList<>();
                try (Statement s = jdbc.createStatement()) {
                    s.execute("set " + settings[i]);
                    try (ResultSet rs = s.executeQuery("select ts::text from zone_values order by id")) {
                        while (rs.next()) {
                            serverText.add(rs.getString(1));
                        }
                    }
                } catch (java.sql.SQLException e) {
                    throw new IllegalStateException(e);
                }
                c.executeScript("set " + settings[i]);
                // The same SQL text every time: from the second setting on, the cached statement.
                LazyResult result = c.query("select id, ts, array[ts] as tsa from zone_values order by id");
                assertThat(result.columns().get(1).binary())
                        .as("binary timestamptz under %s", settings[i])
                        .isEqualTo(binary[i]);
                for (int r = 0; r < result.size(); r++) {
                    String where = settings[i] + ", row " + r;
                    check(result.get(r), serverText.get(r), null, where);
                    assertThat(result.get(r).getString(2))
                            .as("timestamptz[], %s", where)
                            .isEqualTo("{"
                                    + (serverText.get(r).contains(" ")
                                            ? '"' + serverText.get(r) + '"'
                                            : serverText.get(r))
                                    + "}");
                }
            }
            return null;
        });
    }

    /** 'Z' is an ISO offset to java.time but no TimeZone to PostgreSQL: refused, and the session keeps its zone. */
    @org.junit.jupiter.api.Test
    void zuluIsNotATimeZoneToPostgres() {
        client.withConnection(c -> {
            c.executeScript("set timezone = 'UTC+3'");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> c.executeScript("set timezone = 'Z'"))
                    .isInstanceOf(PgServerException.class)
                    .hasMessageContaining("TimeZone");
            assertThat(c.serverParameter("TimeZone")).isEqualTo("UTC+3");
            LazyRow row =
                    c.query("select '2024-01-01 12:00:00+00'::timestamptz").get(0);
            assertThat(row.getString(0)).isEqualTo("2024-01-01 09:00:00-03");
            c.executeScript("reset timezone");
            return null;
        });
    }

    /** PostgreSQL accepts offsets beyond java.time's +-18:00; what java.time can express still reads. */
    @org.junit.jupiter.api.Test
    void offsetsBeyondEighteenHours() throws Exception {
        String text;
        try (Statement s = jdbc.createStatement()) {
            s.execute("set timezone = 'UTC+25'");
            try (ResultSet rs = s.executeQuery("select '2024-01-01 12:00:00+00'::timestamptz::text")) {
                rs.next();
                text = rs.getString(1);
            }
        }
        assertThat(text).isEqualTo("2023-12-31 11:00:00-25");
        client.withConnection(c -> {
            c.executeScript("set timezone = 'UTC+25'");
            LazyRow row =
                    c.query("select '2024-01-01 12:00:00+00'::timestamptz").get(0);
            assertThat(row.columns().get(0).binary()).isFalse();
            assertThat(row.getString(0)).isEqualTo(text);
            assertThat(row.get(0, Instant.class)).isEqualTo(Instant.parse("2024-01-01T12:00:00Z"));
            assertThat(row.get(0, LocalDateTime.class)).isEqualTo(LocalDateTime.parse("2023-12-31T11:00:00"));
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> row.get(0, OffsetDateTime.class))
                    .isInstanceOf(PgConversionException.class)
                    .hasMessageContaining("-25");
            return null;
        });
    }

    /** One cell against the server's text (and pgjdbc's instant, where pgjdbc reads the value). */
    static void check(LazyRow row, String text, OffsetDateTime pgjdbc, String where) {
        assertThat(row.getString(1)).as("getString, %s", where).isEqualTo(text);
        OffsetDateTime odt = row.get(1, OffsetDateTime.class);
        Instant instant = row.get(1, Instant.class);
        LocalDateTime local = row.get(1, LocalDateTime.class);
        if (text.equals("infinity") || text.equals("-infinity")) {
            boolean positive = text.equals("infinity");
            assertThat(odt)
                    .as("OffsetDateTime, %s", where)
                    .isEqualTo(positive ? OffsetDateTime.MAX : OffsetDateTime.MIN);
            assertThat(instant).as("Instant, %s", where).isEqualTo(positive ? Instant.MAX : Instant.MIN);
            assertThat(local)
                    .as("LocalDateTime, %s", where)
                    .isEqualTo(positive ? LocalDateTime.MAX : LocalDateTime.MIN);
            return;
        }
        assertThat(local)
                .as("LocalDateTime is the wall clock the server shows, %s", where)
                .isEqualTo(wallClock(text));
        assertThat(odt.toLocalDateTime())
                .as("OffsetDateTime's local part, %s", where)
                .isEqualTo(wallClock(text));
        assertThat(odt.getOffset())
                .as("OffsetDateTime's offset is the one the server shows, %s", where)
                .isEqualTo(offset(text));
        assertThat(instant).as("Instant, %s", where).isEqualTo(odt.toInstant());
        if (pgjdbc != null) {
            assertThat(instant).as("Instant agrees with pgjdbc, %s", where).isEqualTo(pgjdbc.toInstant());
        }
    }

    /** The local date-time of a timestamptz text form {@code YYYY-MM-DD HH:MM:SS[.f]+HH[:MM[:SS]][ BC]}. */
    static LocalDateTime wallClock(String text) {
        boolean bc = text.endsWith(" BC");
        String t = bc ? text.substring(0, text.length() - 3) : text;
        int offsetStart = Math.max(t.lastIndexOf('+'), t.lastIndexOf('-'));
        LocalDateTime local = LocalDateTime.parse(t.substring(0, offsetStart).replace(' ', 'T'));
        return bc ? local.withYear(1 - local.getYear()) : local;
    }

    /** The UTC offset at the end of a timestamptz text form. */
    static ZoneOffset offset(String text) {
        String t = text.endsWith(" BC") ? text.substring(0, text.length() - 3) : text;
        int offsetStart = Math.max(t.lastIndexOf('+'), t.lastIndexOf('-'));
        String o = t.substring(offsetStart);
        return ZoneOffset.of(o.length() == 3 ? o + ":00" : o);
    }
}
