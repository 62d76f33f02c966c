package io.lazypg.client.internal.codec.encode;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.internal.wire.WriteBuffer;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Proves the server reads each text form as the value meant: the encoded text is sent as an
 * untyped parameter cast to the declared type (so the type's input function parses it, as in a Bind
 * after a typed Parse), and the server's rendering is compared with its rendering of the same value
 * built independently (make_date, epoch + microseconds, ARRAY[...], or pgjdbc's own binding).
 */
@LazyPgTest
class ParameterEncoderIT {

    enum Mood {
        HAPPY,
        SAD,
        OK
    }

    private static Connection jdbc;

    @BeforeAll
    static void connect(TestPostgres server) throws SQLException {
        jdbc = server.openJdbc();
        try (Statement s = jdbc.createStatement()) {
            // Renderings of timestamptz depend on the session zone; a half-hour zone catches offset slips.
            s.execute("set timezone = 'America/St_Johns'");
            s.execute("drop type if exists lazypg_param_mood");
            s.execute("create type lazypg_param_mood as enum ('HAPPY', 'SAD', 'OK')");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        try (Statement s = jdbc.createStatement()) {
            s.execute("drop type if exists lazypg_param_mood");
        }
        jdbc.close();
    }

    static String encoded(Object value) {
        WriteBuffer out = new WriteBuffer(16);
        ParameterEncoder.write(out, value, 1);
        return new String(out.array(), 4, out.position() - 4, StandardCharsets.UTF_8);
    }

    /** The server's text rendering of our encoded {@code value} parsed as {@code type}. */
    static String ours(Object value, String type) throws SQLException {
        try (PreparedStatement ps = jdbc.prepareStatement("select ?::" + type + "::text")) {
            ps.setObject(1, encoded(value), Types.OTHER); // untyped: the cast decides the input function
            return single(ps);
        }
    }

    /** The server's text rendering of {@code sqlExpression} as {@code type}. */
    static String server(String sqlExpression, String type) throws SQLException {
        try (PreparedStatement ps = jdbc.prepareStatement("select (" + sqlExpression + ")::" + type + "::text")) {
            return single(ps);
        }
    }

    static String single(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    /** Asserts the server reads our text for {@code value} as it reads {@code expected}, and that the OID names {@code type}. */
    static void same(Object value, String type, String expected) throws SQLException {
        assertThat(ours(value, type))
                .as("%s sent as %s (%s)", value, type, encoded(value))
                .isEqualTo(server(expected, type));
        checkDeclaredType(value, type);
    }

    static void checkDeclaredType(Object value, String type) throws SQLException {
        int oid = ParameterEncoder.typeOid(value);
        if (oid != 0) {
            try (PreparedStatement ps = jdbc.prepareStatement("select ?::regtype::oid::int")) {
                ps.setString(1, type);
                assertThat(Integer.parseInt(single(ps)))
                        .as("declared OID of %s", value)
                        .isEqualTo(oid);
            }
        }
    }

    /** pgjdbc's own binding of {@code value} as the oracle. */
    static void sameAsPgjdbc(Object value, String type) throws SQLException {
        String theirs;
        try (PreparedStatement ps = jdbc.prepareStatement("select ?::" + type + "::text")) {
            ps.setObject(1, value);
            theirs = single(ps);
        }
        assertThat(ours(value, type))
                .as("%s sent as %s (%s)", value, type, encoded(value))
                .isEqualTo(theirs);
        checkDeclaredType(value, type);
    }

    static List<String> unnestText(Object value, String arrayType) throws SQLException {
        try (PreparedStatement ps = jdbc.prepareStatement(
                "select x from unnest(?::" + arrayType + ") with ordinality u(x, n) order by n")) {
            ps.setObject(1, encoded(value), Types.OTHER);
            List<String> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
            return out;
        }
    }

    static String dims(Object value, String arrayType) throws SQLException {
        try (PreparedStatement ps = jdbc.prepareStatement("select array_dims(?::" + arrayType + ")")) {
            ps.setObject(1, encoded(value), Types.OTHER);
            return single(ps);
        }
    }

    @Test
    void integers() throws SQLException {
        for (long v : new long[] {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1_000_000_007L}) {
            same(
                    v,
                    "int8",
                    "'" + v + "'::int8"); // quoted: -9223372036854775808 unquoted is minus an out-of-range number
        }
        for (int v : new int[] {0, Integer.MAX_VALUE, Integer.MIN_VALUE, -42}) {
            same(v, "int4", "'" + v + "'");
        }
        same(Short.MIN_VALUE, "int2", "'-32768'");
        same(Short.MAX_VALUE, "int2", "32767");
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 50; i++) {
            sameAsPgjdbc(random.nextLong() >> random.nextInt(64), "int8");
        }
    }

    @Test
    void floatingPoint() throws SQLException {
        same(Double.NaN, "float8", "'NaN'");
        same(Double.POSITIVE_INFINITY, "float8", "'Infinity'");
        same(Double.NEGATIVE_INFINITY, "float8", "'-Infinity'");
        same(-0.0d, "float8", "'-0'");
        same(Float.NaN, "float4", "'NaN'");
        same(Float.NEGATIVE_INFINITY, "float4", "'-Infinity'");
        for (double v :
                new double[] {Double.MIN_VALUE, Double.MAX_VALUE, -Double.MIN_NORMAL, 0.1, 1e23, 2e-3, 123456789.125}) {
            sameAsPgjdbc(v, "float8");
        }
        for (float v : new float[] {Float.MIN_VALUE, Float.MAX_VALUE, 0.1f, 16777217f, 3.4e-38f}) {
            sameAsPgjdbc(v, "float4");
        }
        SplittableRandom random = new SplittableRandom(2);
        for (int i = 0; i < 100; i++) {
            sameAsPgjdbc(Double.longBitsToDouble(random.nextLong()), "float8"); // every exponent, NaNs included
            sameAsPgjdbc(Float.intBitsToFloat(random.nextInt()), "float4");
        }
    }

    @Test
    void numeric() throws SQLException {
        same(new BigDecimal("1E+3"), "numeric", "1000");
        same(new BigDecimal("-1.50E-10"), "numeric", "-0.000000000150");
        same(
                new BigDecimal("123456789012345678901234567890.000000000000000000001"),
                "numeric",
                "123456789012345678901234567890.000000000000000000001");
        same(BigDecimal.ZERO.setScale(5), "numeric", "0.00000");
        same(
                new BigInteger("-99999999999999999999999999999999999999"),
                "numeric",
                "-99999999999999999999999999999999999999");
    }

    @Test
    void booleansUuidsEnumsStrings() throws SQLException {
        same(true, "bool", "true");
        same(false, "bool", "false");
        UUID uuid = UUID.randomUUID();
        same(uuid, "uuid", "'" + uuid + "'");
        same(Mood.SAD, "lazypg_param_mood", "'SAD'");
        for (String s : List.of("", "plain", "it's \"quoted\" \\ {x}", "é€😀𝄞", "tab\tnew\nline", "NULL")) {
            try (PreparedStatement ps = jdbc.prepareStatement("select ?::text")) {
                ps.setObject(1, encoded(s), Types.OTHER);
                assertThat(single(ps)).isEqualTo(s);
            }
        }
        same('€', "text", "'€'");
    }

    @Test
    void dates() throws SQLException {
        for (LocalDate d : List.of(
                LocalDate.of(2024, 1, 2),
                LocalDate.of(1, 1, 1),
                LocalDate.of(0, 12, 31),
                LocalDate.of(-43, 3, 15),
                LocalDate.of(-4712, 1, 1),
                LocalDate.of(9999, 12, 31),
                LocalDate.of(10000, 1, 1),
                LocalDate.of(5874897, 12, 31),
                LocalDate.of(2000, 2, 29))) {
            same(d, "date", makeDate(d));
        }
        same(LocalDate.MAX, "date", "'infinity'");
        same(LocalDate.MIN, "date", "'-infinity'");
    }

    @Test
    void times() throws SQLException {
        for (LocalTime t : List.of(
                LocalTime.MIDNIGHT,
                LocalTime.NOON,
                LocalTime.of(3, 4, 5, 123_456_789),
                LocalTime.of(0, 0, 0, 1_000),
                LocalTime.of(23, 59, 59, 999_999_499))) {
            long micros = (t.toNanoOfDay() + 500) / 1_000; // rounded half up, as the encoder rounds (and pgjdbc)
            same(t, "time", "'00:00'::time + " + microsInterval(micros));
        }
        same(LocalTime.MAX, "time", "'24:00:00'"); // how time '24:00:00' reads: written back as itself
        same(LocalTime.of(23, 59, 59, 999_999_500), "time", "'24:00:00'");
    }

    @Test
    void timesWithTimeZones() throws SQLException {
        same(
                OffsetTime.of(3, 4, 5, 123_456_789, ZoneOffset.ofHoursMinutes(5, 30)),
                "timetz",
                "'03:04:05.123457+05:30'");
        same(OffsetTime.of(12, 0, 0, 0, ZoneOffset.ofHoursMinutesSeconds(-4, -56, -2)), "timetz", "'12:00-04:56:02'");
        same(OffsetTime.of(LocalTime.MAX, ZoneOffset.ofHours(2)), "timetz", "'24:00:00+02'");
    }

    @Test
    void timestamps() throws SQLException {
        for (LocalDateTime t : List.of(
                LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789),
                LocalDateTime.of(-43, 3, 15, 12, 0),
                LocalDateTime.of(0, 12, 31, 23, 59, 59, 999_999_000),
                LocalDateTime.of(10000, 1, 1, 0, 0),
                LocalDateTime.of(294276, 12, 31, 23, 59, 59),
                LocalDateTime.of(-4712, 1, 1, 0, 0))) {
            long micros = (t.toLocalTime().toNanoOfDay() + 500) / 1_000; // rounded half up, as the encoder rounds
            same(t, "timestamp", makeDate(t.toLocalDate()) + " + '00:00'::time + " + microsInterval(micros));
        }
        same(LocalDateTime.of(2024, 12, 31, 23, 59, 59, 999_999_700), "timestamp", "'2025-01-01 00:00'");
        same(LocalDateTime.MAX, "timestamp", "'infinity'");
        same(LocalDateTime.MIN, "timestamp", "'-infinity'");
    }

    @Test
    void timestampsWithTimeZones() throws SQLException {
        LocalDateTime local = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789);
        List<Object> values = new ArrayList<>();
        for (ZoneOffset offset : List.of(
                ZoneOffset.UTC,
                ZoneOffset.ofHoursMinutes(5, 30),
                ZoneOffset.ofHours(-3),
                ZoneOffset.ofHoursMinutes(-9, -30),
                ZoneOffset.ofHoursMinutesSeconds(5, 53, 28),
                ZoneOffset.MAX,
                ZoneOffset.MIN)) {
            values.add(OffsetDateTime.of(local, offset));
            values.add(OffsetDateTime.of(LocalDateTime.of(-43, 3, 15, 12, 0, 1), offset));
        }
        values.add(Instant.EPOCH);
        values.add(Instant.parse("2024-06-30T23:59:59.999999999Z"));
        values.add(Instant.parse("-0100-01-01T00:00:00Z"));
        values.add(ZonedDateTime.of(local, ZoneId.of("Asia/Kolkata")));
        values.add(ZonedDateTime.of(2024, 3, 31, 2, 30, 0, 0, ZoneId.of("Europe/Berlin"))); // in the DST gap
        values.add(ZonedDateTime.of(1850, 1, 1, 0, 0, 0, 0, ZoneId.of("Europe/Amsterdam"))); // LMT, offset with seconds
        for (Object v : values) {
            same(v, "timestamptz", epochPlusMicros(toInstant(v)));
        }
        same(OffsetDateTime.MAX, "timestamptz", "'infinity'");
        same(Instant.MIN, "timestamptz", "'-infinity'");
    }

    @Test
    void numericAndBooleanArrays() throws SQLException {
        same(new Integer[] {1, null, -3}, "int4[]", "ARRAY[1, NULL, -3]");
        same(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}, "int4[]", "ARRAY[-2147483648, 2147483647]");
        same(new long[] {Long.MIN_VALUE}, "int8[]", "ARRAY['-9223372036854775808'::int8]");
        same(new short[] {-32768, 7}, "int2[]", "ARRAY[-32768, 7]::int2[]");
        same(
                new double[] {1.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-300},
                "float8[]",
                "ARRAY[1.5, 'NaN', 'Infinity', '-Infinity', 1e-300]::float8[]");
        same(new float[] {0.1f, -0f}, "float4[]", "ARRAY[0.1, '-0']::float4[]");
        same(new boolean[] {true, false}, "bool[]", "ARRAY[true, false]");
        same(
                Arrays.asList(new BigDecimal("1E+3"), null, new BigDecimal("-0.5")),
                "numeric[]",
                "ARRAY[1000, NULL, -0.5]");
        same(new int[][] {{1, 2}, {3, 4}}, "int4[]", "ARRAY[[1, 2], [3, 4]]");
        same(new Integer[][][] {{{1}, {null}}, {{3}, {4}}}, "int4[]", "ARRAY[[[1], [NULL]], [[3], [4]]]");
        same(List.of(List.of(1L, 2L, 3L)), "int8[]", "ARRAY[[1, 2, 3]]::int8[]");
        same(new Object[0], "int4[]", "'{}'::int4[]");
        same(List.of(), "text[]", "'{}'::text[]");
        same(List.of(List.of(), List.of()), "int4[]", "'{}'::int4[]");
        UUID a = new UUID(1, 2);
        same(new UUID[] {a, null}, "uuid[]", "ARRAY['" + a + "'::uuid, NULL]");
        same(List.of(Mood.HAPPY, Mood.OK), "lazypg_param_mood[]", "ARRAY['HAPPY', 'OK']::lazypg_param_mood[]");
    }

    @Test
    void textArraysKeepEveryElementExactly() throws SQLException {
        List<String> values = Arrays.asList(
                "plain",
                "",
                null,
                "NULL",
                "null",
                "NuLl",
                " lead",
                "trail ",
                "a b",
                "a,b",
                "{x}",
                "}",
                "say \"hi\"",
                "back\\slash",
                "\\",
                "\"",
                "tab\there",
                "new\nline",
                "cr\rlf",
                "vt\u000Bff\f",
                "é€",
                "😀𝄞 emoji",
                "日本語",
                "\u00A0nbsp",
                "'single'",
                "x;y");
        assertThat(unnestText(values, "text[]")).isEqualTo(values);
        assertThat(unnestText(values.toArray(new String[0]), "varchar[]")).isEqualTo(values);
        List<List<String>> nested = List.of(List.of("a b", "\"", ""), Arrays.asList(null, "NULL", "😀"));
        assertThat(unnestText(nested, "text[]")).containsExactly("a b", "\"", "", null, "NULL", "😀");
        assertThat(dims(nested, "text[]")).isEqualTo("[1:2][1:3]");
        assertThat(unnestText(new Character[] {'a', ' ', '"', '\\', ','}, "text[]"))
                .containsExactly("a", " ", "\"", "\\", ",");
        String[] pgjdbcOracle = values.toArray(new String[0]);
        try (PreparedStatement ps = jdbc.prepareStatement("select ?::text[]::text")) {
            ps.setArray(1, jdbc.createArrayOf("text", pgjdbcOracle));
            assertThat(ours(values, "text[]")).isEqualTo(single(ps));
        }
    }

    @Test
    void byteaArrays() throws SQLException {
        byte[][] values = {{0, 1, (byte) 0xFF, '\\', '"', ','}, {}, null};
        try (PreparedStatement ps =
                jdbc.prepareStatement("select x from unnest(?::bytea[]) with ordinality u(x, n) order by n")) {
            ps.setObject(1, encoded(values), Types.OTHER);
            try (ResultSet rs = ps.executeQuery()) {
                for (byte[] expected : values) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getBytes(1)).isEqualTo(expected);
                }
                assertThat(rs.next()).isFalse();
            }
        }
        checkDeclaredType(values, "bytea[]");
    }

    @Test
    void temporalArrays() throws SQLException {
        LocalDate bc = LocalDate.of(-43, 3, 15);
        same(
                new LocalDate[] {bc, null, LocalDate.MAX, LocalDate.MIN},
                "date[]",
                "ARRAY[" + makeDate(bc) + ", NULL, 'infinity', '-infinity']");
        same(List.of(LocalTime.of(1, 2, 3, 4_000)), "time[]", "ARRAY['01:02:03.000004'::time]");
        same(
                List.of(LocalDateTime.of(-43, 3, 15, 12, 0), LocalDateTime.MAX),
                "timestamp[]",
                "ARRAY[" + makeDate(bc) + " + '12:00'::time, 'infinity']");
        Instant instant = Instant.parse("2024-01-02T03:04:05.123456Z");
        OffsetDateTime odt = OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.ofHoursMinutes(-9, -30));
        same(
                Arrays.asList(instant, odt, null),
                "timestamptz[]",
                "ARRAY[" + epochPlusMicros(instant) + ", " + epochPlusMicros(odt.toInstant()) + ", NULL]");
    }

    private static String makeDate(LocalDate d) {
        int pgYear = d.getYear() <= 0 ? d.getYear() - 1 : d.getYear(); // make_date: negative years are BC
        return "make_date(" + pgYear + ", " + d.getMonthValue() + ", " + d.getDayOfMonth() + ")";
    }

    private static String epochPlusMicros(Instant t) {
        // rounded half up, as the encoder rounds (and pgjdbc)
        long micros = Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), (t.getNano() + 500) / 1_000);
        return "'epoch'::timestamptz + " + microsInterval(micros);
    }

    /**
     * An interval of exactly {@code micros} microseconds made of whole hours plus the rest, since
     * before PostgreSQL 17 a single "N microseconds" field must fit in 32 bits. Hours (not days) so
     * adding it to a timestamptz is not shifted by daylight saving time.
     */
    private static String microsInterval(long micros) {
        long hours = Math.floorDiv(micros, 3_600_000_000L);
        long rest = Math.floorMod(micros, 3_600_000_000L);
        return "(" + hours + " * interval '1 hour' + " + rest + " * interval '1 microsecond')";
    }

    private static Instant toInstant(Object v) {
        if (v instanceof OffsetDateTime) {
            return ((OffsetDateTime) v).toInstant();
        } else if (v instanceof ZonedDateTime) {
            return ((ZonedDateTime) v).toInstant();
        }
        return (Instant) v;
    }
}
