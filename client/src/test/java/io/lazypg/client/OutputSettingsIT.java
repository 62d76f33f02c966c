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
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * getString must be the server's own text output whatever the session's DateStyle, IntervalStyle
 * and bytea_output, for cells the client renders itself (binary cells) as much as for text cells;
 * and typed reads must not depend on those settings. Every setting runs the same SQL text, so from
 * the second setting on the result comes from the cached prepared statement, whose result formats
 * were chosen under another setting.
 */
@LazyPgTest
class OutputSettingsIT {

    private static final String COLUMNS = "d, ts, tstz, iv, ba, da, tsa, tstza, iva, baa, ttz";
    private static final String SELECT = "select " + COLUMNS + " from output_values order by id";

    private static LazyPgClient client;
    private static Connection jdbc;
    /** Typed values read under the defaults (ISO, postgres, hex), by pgjdbc: per row, d, ts, tstz's instant, ba. */
    private static final List<Object[]> typed = new ArrayList<>();

    @BeforeAll
    static void setUp(TestPostgres server) throws Exception {
        jdbc = server.openJdbc();
        try (Statement s = jdbc.createStatement()) {
            s.execute("drop table if exists output_values");
            s.execute(
                    "create table output_values (id int primary key, d date, ts timestamp, tstz timestamptz, iv interval,"
                            + " ba bytea, da date[], tsa timestamp[], tstza timestamptz[], iva interval[], baa bytea[], ttz timetz)");
            String rows = """
                insert into output_values values
                (1, '2024-02-29', '2024-02-29 13:14:15.123456', '2024-02-29 13:14:15.5+00', '1 year 2 mons 3 days 04:05:06.789',
                 '\\x00ff10', '{2024-02-29,NULL}', '{"2024-02-29 13:14:15"}', '{"2024-07-01 12:00:00+00"}', '{"1 day","-00:00:01"}',
                 '{"\\\\x00","\\\\x41ff"}', '13:14:15.5+05:30'),
                (2, '0044-03-15 BC', '0044-03-15 12:00:00 BC', '0044-03-15 12:00:00+00 BC', '-1 years -2 mons +3 days -04:05:06',
                 'a\\\\b', '{}', '{}', '{}', '{}', '{}', '00:00:00+00'),
                (3, 'infinity', '-infinity', 'infinity', '0', '', NULL, NULL, NULL, NULL, NULL, '24:00:00-08'),
                (4, '1999-12-31', '1999-12-31 23:59:59.999999', '2024-10-27 00:30:00+00', '1 mon -1 days', 'héllo',
                 '{1999-12-31}', '{"1999-12-31 23:59:59.999999"}', '{"2024-10-27 01:30:00+00"}', '{"-1 mons +1 days 00:00:00.000001"}',
                 '{"\\\\x7f80"}', '23:59:59.999999+14'),
                (5, '10000-01-01', '2024-07-01 00:00:00', '1900-01-01 00:00:00+00', '-178000000 years', '\\x5c27',
                 '{10000-01-01}', '{"0001-01-01 00:00:00 BC"}', '{"1850-06-01 00:00:00+00"}', '{"00:00:00.5"}', '{""}', NULL),
                (6, NULL, NULL, NULL, '6 days 23:59:59.999999', NULL, NULL, NULL, NULL, '{"infinity"}', NULL, NULL),
                (7, NULL, NULL, NULL, 'infinity', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
                (8, NULL, NULL, NULL, '-infinity', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
                (9, NULL, NULL, NULL, '-1 days +02:00:00', NULL, NULL, NULL, NULL, NULL, NULL, NULL),
                (10, NULL, NULL, NULL, '1 year -00:00:00.5', NULL, NULL, NULL, NULL, NULL, NULL, NULL)
                """;
            if (server.majorVersion() < 17) {
                // Infinite intervals came with PostgreSQL 17; before, those cells are NULL (the other
                // rows, the date and timestamp infinities among them, are the same on every version).
                rows = rows.replace("'{\"infinity\"}'", "NULL")
                        .replace("(7, NULL, NULL, NULL, 'infinity',", "(7, NULL, NULL, NULL, NULL,")
                        .replace("(8, NULL, NULL, NULL, '-infinity',", "(8, NULL, NULL, NULL, NULL,");
            }
            s.execute(rows);
            try (ResultSet rs = s.executeQuery("select d, ts, tstz, ba from output_values order by id")) {
                while (rs.next()) {
                    String d = rs.getString(1);
                    String ts = rs.getString(2);
                    String tstz = rs.getString(3);
                    typed.add(new Object[] {
                        d == null || d.contains("BC") || d.contains("infinity")
                                ? null
                                : rs.getObject(1, LocalDate.class),
                        ts == null || ts.contains("BC") || ts.contains("infinity")
                                ? null
                                : rs.getObject(2, LocalDateTime.class),
                        tstz == null || tstz.contains("BC") || tstz.contains("infinity")
                                ? null
                                : rs.getObject(3, OffsetDateTime.class).toInstant(),
                        rs.getBytes(4)
                    });
                }
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

    /**
     * A timestamptz's typed reads. Outside DateStyle ISO the server shows a zone abbreviation, not
     * the offset: the instant is read where the session zone settles the offset for that wall clock
     * (a fixed offset, or rules with one offset there), and is otherwise a conversion error, not a
     * guess: the hour a DST change repeats (02:30 on 2024-10-27 in Amsterdam) and a zone java.time
     * does not know. The wall clock itself always reads.
     */
    private static void checkTimestamptz(LazyRow row, Instant expected, String settings, String where) {
        String zone = settings.contains("TimeZone = '")
                ? settings.replaceAll(".*TimeZone = '([^']*)'.*", "$1")
                : "Europe/Amsterdam";
        ZoneId javaZone = switch (zone) {
            case "UTC+3" -> ZoneOffset.ofHours(-3); // POSIX: three hours west
            case "+05:00" -> ZoneOffset.ofHours(-5); // POSIX, with an empty abbreviation
            case "<+05:30>-05:30" -> ZoneOffset.ofHoursMinutes(5, 30);
            case "XYZ+3ABC" -> null; // POSIX with daylight saving by PostgreSQL's default rules
            default -> ZoneId.of(zone);
        };
        boolean isoDates = !settings.contains("DateStyle") || settings.contains("ISO");
        if (javaZone != null) {
            assertThat(row.get(2, LocalDateTime.class))
                    .as("timestamptz as LocalDateTime, %s", where)
                    .isEqualTo(expected.atZone(javaZone).toLocalDateTime());
        }
        boolean settled = isoDates
                || (javaZone != null
                        && javaZone.getRules()
                                        .getValidOffsets(
                                                expected.atZone(javaZone).toLocalDateTime())
                                        .size()
                                == 1);
        if (settled) {
            assertThat(row.get(2, Instant.class)).as("timestamptz, %s", where).isEqualTo(expected);
            assertThat(row.get(2, OffsetDateTime.class).toInstant())
                    .as("timestamptz, %s", where)
                    .isEqualTo(expected);
        } else {
            assertThatThrownBy(() -> row.get(2, Instant.class))
                    .as("timestamptz, %s", where)
                    .isInstanceOf(PgConversionException.class)
                    .hasMessageContaining("abbreviation");
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "DateStyle = 'ISO, MDY'",
                "DateStyle = 'ISO, DMY'",
                "DateStyle = 'SQL, MDY'",
                "DateStyle = 'SQL, DMY'",
                "DateStyle = 'Postgres, MDY'",
                "DateStyle = 'Postgres, DMY'",
                "DateStyle = 'Postgres, YMD'",
                "DateStyle = 'German'",
                "DateStyle = 'SQL, DMY'; TimeZone = 'America/New_York'",
                "DateStyle = 'Postgres, MDY'; TimeZone = 'UTC+3'",
                "DateStyle = 'German'; TimeZone = 'XYZ+3ABC'",
                "DateStyle = 'SQL, MDY'; TimeZone = '+05:00'",
                "DateStyle = 'Postgres, DMY'; TimeZone = '<+05:30>-05:30'",
                "IntervalStyle = 'postgres'",
                "IntervalStyle = 'postgres_verbose'",
                "IntervalStyle = 'sql_standard'",
                "IntervalStyle = 'iso_8601'",
                "bytea_output = 'escape'",
                "bytea_output = 'hex'",
                "DateStyle = 'SQL, DMY'; IntervalStyle = 'sql_standard'; bytea_output = 'escape'",
            })
    void getStringIsTheServersTextAndTypedReadsDoNotChange(String settings) throws Exception {
        // Europe/Amsterdam unless the case names a zone: timestamptz in SQL, German and Postgres style shows its
        // abbreviation.
        String set = "set " + settings.replace("; ", "; set ")
                + (settings.contains("TimeZone") ? "" : "; set TimeZone = 'Europe/Amsterdam'");
        String reset = "reset DateStyle; reset IntervalStyle; reset bytea_output; reset TimeZone";
        // The server's text: the same columns cast to text in the same session (a text column's cell is the
        // server's bytes as they are). pgjdbc cannot be the oracle here: it closes its connection on a non-ISO
        // DateStyle.
        String texts = "select "
                + String.join(
                        ", ",
                        java.util.Arrays.stream(COLUMNS.split(", "))
                                .map(c -> c + "::text")
                                .toList()) + " from output_values order by id";
        client.withConnection(c -> {
            c.executeScript(set);
            try {
                List<List<String>> expected = new ArrayList<>();
                for (LazyRow row : c.query(texts)) {
                    List<String> values = new ArrayList<>();
                    for (int i = 0; i < row.size(); i++) {
                        values.add(row.getString(i));
                    }
                    expected.add(values);
                }
                for (int execution = 0; execution < 2; execution++) {
                    LazyResult result = c.query(SELECT);
                    assertThat(result.size()).isEqualTo(expected.size());
                    // Binary wherever the client renders the server's text itself; text where only the server can.
                    boolean isoDates = !settings.contains("DateStyle") || settings.contains("ISO");
                    boolean postgresIntervals = !settings.contains("IntervalStyle") || settings.contains("'postgres'");
                    boolean zoneKnown = !settings.contains("XYZ");
                    assertThat(result.columns().stream().map(Column::binary).toList())
                            .as("binary columns %s under %s", COLUMNS, settings)
                            .containsExactly(
                                    true,
                                    true,
                                    isoDates && zoneKnown,
                                    postgresIntervals,
                                    false,
                                    true,
                                    true,
                                    isoDates && zoneKnown,
                                    postgresIntervals,
                                    false,
                                    true);
                    for (int r = 0; r < result.size(); r++) {
                        LazyRow row = result.get(r);
                        for (int i = 0; i < row.size(); i++) {
                            Column col = row.columns().get(i);
                            assertThat(row.getString(i))
                                    .as(
                                            "row %d, %s (%s, %s) under %s",
                                            r, col.name(), col.typeName(), col.binary() ? "binary" : "text", settings)
                                    .isEqualTo(expected.get(r).get(i));
                        }
                        Object[] t = typed.get(r);
                        String where = "row " + r + " under " + settings;
                        if (t[0] != null) {
                            assertThat(row.get(0, LocalDate.class))
                                    .as("date, %s", where)
                                    .isEqualTo(t[0]);
                        }
                        if (t[1] != null) {
                            assertThat(row.get(1, LocalDateTime.class))
                                    .as("timestamp, %s", where)
                                    .isEqualTo(t[1]);
                        }
                        if (t[2] != null) {
                            checkTimestamptz(row, (Instant) t[2], settings, where);
                        }
                        if (t[3] != null) {
                            assertThat(row.getBytes(4)).as("bytea, %s", where).isEqualTo((byte[]) t[3]);
                        }
                    }
                }
            } finally {
                c.executeScript(reset);
            }
            return null;
        });
    }
}
