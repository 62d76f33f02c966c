package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Values at the edges of their types through the ResultSet view, against pgjdbc reading the same
 * expression on the same server (issue #16, item 10): the infinities of date, timestamp and
 * timestamptz (pgjdbc's DATE_POSITIVE_INFINITY / DATE_NEGATIVE_INFINITY for java.sql types,
 * MAX/MIN for java.time), {@code 24:00} (java.sql.Time of the next midnight, LocalTime.MAX),
 * and integer getters on floats and fractional numerics (truncated toward zero; out of range,
 * NaN and infinities are errors). Every getter's outcome, a value or an exception, must be pgjdbc's.
 */
@LazyPgTest
class ResultSetEdgeValuesIT {

    private static LazyPgClient client;
    private static Connection jdbc;

    private static final Getter GET_STRING = new Getter("getString", rs -> rs.getString(1));
    private static final Getter GET_OBJECT = new Getter("getObject", rs -> rs.getObject(1));
    private static final Getter GET_TIMESTAMP = new Getter("getTimestamp", rs -> rs.getTimestamp(1));
    private static final Getter GET_TIMESTAMP_CAL =
            new Getter("getTimestamp(cal)", rs -> rs.getTimestamp(1, utcCalendar()));
    private static final Getter GET_DATE = new Getter("getDate", rs -> rs.getDate(1));
    private static final Getter GET_DATE_CAL = new Getter("getDate(cal)", rs -> rs.getDate(1, utcCalendar()));
    private static final Getter GET_TIME = new Getter("getTime", rs -> rs.getTime(1));
    private static final Getter GET_TIME_CAL = new Getter("getTime(cal)", rs -> rs.getTime(1, utcCalendar()));

    /** Per kind of column, the getters whose outcome, a value or an exception, must be pgjdbc's. */
    private static final Map<String, List<Getter>> GETTERS = Map.of(
            "timestamp",
                    List.of(
                            GET_STRING,
                            GET_OBJECT,
                            GET_TIMESTAMP,
                            GET_TIMESTAMP_CAL,
                            GET_DATE,
                            GET_DATE_CAL,
                            GET_TIME,
                            GET_TIME_CAL,
                            new Getter("getObject(Timestamp)", rs -> rs.getObject(1, Timestamp.class)),
                            new Getter("getObject(LocalDateTime)", rs -> rs.getObject(1, LocalDateTime.class)),
                            new Getter("getObject(LocalDate)", rs -> rs.getObject(1, LocalDate.class)),
                            new Getter("getObject(OffsetDateTime)", rs -> rs.getObject(1, OffsetDateTime.class))),
            "timestamptz",
                    List.of(
                            GET_STRING,
                            GET_OBJECT,
                            GET_TIMESTAMP,
                            GET_TIMESTAMP_CAL,
                            GET_DATE,
                            GET_DATE_CAL,
                            GET_TIME,
                            GET_TIME_CAL,
                            new Getter("getObject(Timestamp)", rs -> rs.getObject(1, Timestamp.class)),
                            new Getter("getObject(OffsetDateTime)", rs -> rs.getObject(1, OffsetDateTime.class))),
            "date",
                    List.of(
                            GET_STRING,
                            GET_OBJECT,
                            GET_DATE,
                            GET_DATE_CAL,
                            GET_TIMESTAMP,
                            GET_TIMESTAMP_CAL,
                            new Getter("getObject(Date)", rs -> rs.getObject(1, Date.class)),
                            new Getter("getObject(LocalDate)", rs -> rs.getObject(1, LocalDate.class))),
            "time",
                    List.of(
                            GET_STRING,
                            GET_OBJECT,
                            GET_TIME,
                            GET_TIME_CAL,
                            GET_TIMESTAMP,
                            GET_TIMESTAMP_CAL,
                            new Getter("getObject(Time)", rs -> rs.getObject(1, Time.class)),
                            new Getter("getObject(LocalTime)", rs -> rs.getObject(1, LocalTime.class))),
            "number",
                    List.of(
                            GET_STRING,
                            GET_OBJECT,
                            new Getter("getInt", rs -> rs.getInt(1)),
                            new Getter("getLong", rs -> rs.getLong(1)),
                            new Getter("getShort", rs -> rs.getShort(1)),
                            new Getter("getByte", rs -> rs.getByte(1))),
            // Not compared: getTimestamp (the view does not read timetz as a Timestamp) and
            // getObject(OffsetTime) of 24:00, which pgjdbc gives as OffsetTime.MAX, dropping the offset.
            "timetz", List.of(GET_STRING, GET_OBJECT, GET_TIME, GET_TIME_CAL));

    @BeforeAll
    static void connect(TestPostgres server) throws SQLException {
        client = LazyPgClient.connect(server.url());
        jdbc = server.openJdbc();
    }

    @AfterAll
    static void close() throws SQLException {
        client.close();
        jdbc.close();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "'infinity'::timestamp                     | timestamp",
                "'-infinity'::timestamp                    | timestamp",
                "'2024-02-29 13:14:15.123456'::timestamp   | timestamp",
                "'infinity'::timestamptz                   | timestamptz",
                "'-infinity'::timestamptz                  | timestamptz",
                "'2024-02-29 13:14:15.5+02'::timestamptz   | timestamptz",
                "'infinity'::date                          | date",
                "'-infinity'::date                         | date",
                "'2024-02-29'::date                        | date",
                "'24:00'::time                             | time",
                "'24:00:00'::time                          | time",
                "'23:59:59.999999'::time                   | time",
                "'00:00'::time                             | time",
                "'24:00:00+02'::timetz                     | timetz",
                "'12:00:00+02'::timetz                     | timetz",
                "3.0::float8                               | number",
                "2.7::float4                               | number",
                "-2.7::float8                              | number",
                "1e-300::float8                            | number",
                "1.5::numeric                              | number",
                "-1.5::numeric                             | number",
                "12.000::numeric                           | number",
                "127.9::numeric                            | number",
                "128.5::numeric                            | number",
                "32767.5::numeric                          | number",
                "2147483647.9::numeric                     | number",
                "-2147483648.9::numeric                    | number",
                "2147483648.5::numeric                     | number",
                "9223372036854775807.5::numeric            | number",
                "3000000000::int8                          | number",
                "1e300::float8                             | number",
                "'NaN'::float8                             | number",
                "'Infinity'::float8                        | number",
                "'NaN'::numeric                            | number",
            })
    void gettersAnswerAsPgjdbcDoes(String expression, String kind) throws SQLException {
        String sql = "select " + expression;
        TimeZone jvmZone = TimeZone.getDefault();
        // java.sql types depend on the JVM's zone: compare in the test JVM's and in one with a half-hour offset and
        // DST.
        // (The Calendar variants are compared with a UTC calendar in the JVM's zone only: for finite values some
        // of them apply the calendar where pgjdbc does not, and the other way round, which is not this test's subject.)
        for (String zone : new String[] {jvmZone.getID(), "America/St_Johns"}) {
            boolean calendars = zone.equals(jvmZone.getID());
            TimeZone.setDefault(TimeZone.getTimeZone(zone));
            try {
                LazyResult result = client.query(sql);
                LazyRowResultSet ours = new LazyRowResultSet(result.columns(), result.iterator());
                assertThat(ours.next()).isTrue();
                try (Statement s = jdbc.createStatement();
                        ResultSet theirs = s.executeQuery(sql)) {
                    assertThat(theirs.next()).isTrue();
                    List<String> mismatches = new ArrayList<>();
                    for (Getter g : GETTERS.get(kind)) {
                        if (!calendars && g.name().endsWith("(cal)")) {
                            continue;
                        }
                        String expected = g.outcome(theirs);
                        String actual = g.outcome(ours);
                        if (!expected.equals(actual)) {
                            mismatches.add(g.name() + ": pgjdbc " + expected + ", lazypg " + actual);
                        }
                    }
                    assertThat(mismatches)
                            .as("%s with the JVM in %s", expression, zone)
                            .isEmpty();
                }
            } finally {
                TimeZone.setDefault(jvmZone);
            }
        }
    }

    private static Calendar utcCalendar() {
        return Calendar.getInstance(TimeZone.getTimeZone("UTC"));
    }

    interface Read {
        Object apply(ResultSet rs) throws SQLException;
    }

    record Getter(String name, Read read) {

        /** The value the getter returns (java.sql types by their millis and nanos), or that it throws an SQLException. */
        String outcome(ResultSet rs) {
            Object v;
            try {
                v = read.apply(rs);
            } catch (SQLException e) {
                return "throws SQLException";
            } catch (RuntimeException e) {
                return "throws " + e.getClass().getName() + " (" + e.getMessage() + ")";
            }
            if (v instanceof Timestamp t) {
                return "Timestamp[" + t.getTime() + " ms, " + t.getNanos() + " ns]";
            }
            if (v instanceof java.util.Date d) {
                return d.getClass().getSimpleName() + "[" + d.getTime() + " ms]";
            }
            return v == null ? "null" : v.getClass().getSimpleName() + "[" + v + "]";
        }
    }
}
