package io.lazypg.client.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server is the oracle: for every value, the text output ({@code <type>out(v)}) and the
 * send bytes ({@code <type>send(v)}) are fetched through pgjdbc. decodeString over the BINARY
 * bytes must equal the server's text; decodeObject over the text bytes and over the binary bytes
 * must agree (two independent parsers); and where pgjdbc has a comparable getter, the value must
 * agree with pgjdbc's.
 */
@LazyPgTest
class CellDecoderIT {

    private static final String[] ZONES = {
        "UTC", "Asia/Kolkata", "America/St_Johns", "Europe/Amsterdam", "America/Los_Angeles", "Asia/Kathmandu"
    };

    private static Connection connection;
    private static ZoneId zone = ZoneId.of("UTC");

    /** What pgjdbc says about column 4 (the value itself), compared with our decodeObject result. */
    interface Oracle {
        void check(ResultSet rs, Object ours, String serverText) throws SQLException;
    }

    /** Some outputs differ by version: "char" escapes high bytes from 16 on, interval infinity exists from 17 on. */
    private static int serverMajorVersion;

    @BeforeAll
    static void connect(TestPostgres server) throws SQLException {
        serverMajorVersion = server.majorVersion();
        connection = server.openJdbc();
        execute("set timezone = 'UTC'");
        execute("set datestyle = 'ISO, MDY'");
        execute("set intervalstyle = 'postgres'");
        execute("set extra_float_digits = 1");
    }

    @AfterAll
    static void close() throws SQLException {
        connection.close();
    }

    private static void execute(String sql) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute(sql);
        }
    }

    private static void setZone(String name) throws SQLException {
        execute("set timezone = '" + name + "'");
        zone = ZoneId.of(name);
    }

    /**
     * Runs {@code source} (a query whose one column is the value), and checks every non-NULL row.
     * Returns the number of rows checked.
     */
    private static int check(String out, String send, int oid, String source, Oracle oracle, Object... params)
            throws SQLException {
        String sql = "select " + out + "(v)::text, convert_to(" + out + "(v)::text, 'UTF8'), " + send + "(v), v from ("
                + source + ") s(v) where v is not null";
        int rows = 0;
        try (PreparedStatement ps = connection.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows++;
                    String serverText = rs.getString(1);
                    byte[] text = rs.getBytes(2);
                    byte[] binary = rs.getBytes(3);
                    // Put the cell in the middle of a larger buffer: offsets must be honoured.
                    byte[] padded = new byte[binary.length + 7];
                    System.arraycopy(binary, 0, padded, 3, binary.length);
                    String context = "oid " + oid + " value " + serverText;

                    assertThat(CellDecoder.decodeString(padded, 3, binary.length, oid, true, zone))
                            .as("binary rendered as text, " + context)
                            .isEqualTo(serverText);
                    assertThat(CellDecoder.decodeString(text, 0, text.length, oid, false, zone))
                            .isEqualTo(serverText);

                    Object fromText = CellDecoder.decodeObject(text, 0, text.length, oid, false, zone);
                    Object fromBinary = CellDecoder.decodeObject(padded, 3, binary.length, oid, true, zone);
                    assertThat(Objects.deepEquals(fromText, fromBinary))
                            .as("text and binary decodeObject agree, " + context + ": " + deep(fromText) + " vs "
                                    + deep(fromBinary))
                            .isTrue();
                    if (oracle != null) {
                        oracle.check(rs, fromBinary, serverText);
                    }
                }
            }
        }
        assertThat(rows).as("rows checked for " + source).isPositive();
        return rows;
    }

    private static String deep(Object o) {
        return o instanceof Object[]
                ? java.util.Arrays.deepToString((Object[]) o)
                : o instanceof byte[] ? java.util.Arrays.toString((byte[]) o) : String.valueOf(o);
    }

    private static String values(String type, String... literals) {
        StringBuilder sb = new StringBuilder("select v::" + type + " from (values ");
        for (int i = 0; i < literals.length; i++) {
            sb.append(i == 0 ? "" : ", ")
                    .append(literals[i] == null ? "(null)" : "('" + literals[i].replace("'", "''") + "')");
        }
        return sb.append(") t(v)").toString();
    }

    // ---------------------------------------------------------------- numbers

    @Test
    void integers() throws SQLException {
        execute("select setseed(0.42)");
        Oracle viaLong =
                (rs, ours, text) -> assertThat(((Number) ours).longValue()).isEqualTo(rs.getLong(4));
        check("int2out", "int2send", Oids.INT2, values("int2", "-32768", "32767", "0", "-1", "1"), viaLong);
        check(
                "int2out",
                "int2send",
                Oids.INT2,
                "select (random() * 65535 - 32768)::int2 from generate_series(1, 300)",
                viaLong);
        check("int4out", "int4send", Oids.INT4, values("int4", "-2147483648", "2147483647", "0", "-1", "10"), viaLong);
        check(
                "int4out",
                "int4send",
                Oids.INT4,
                "select (random() * 4294967295 - 2147483648)::int4 from generate_series(1, 300)",
                viaLong);
        check(
                "int8out",
                "int8send",
                Oids.INT8,
                values("int8", "-9223372036854775808", "9223372036854775807", "0", "-1"),
                viaLong);
        check(
                "int8out",
                "int8send",
                Oids.INT8,
                "select ((random() - 0.5) * 18446744073709551615::numeric)::int8 from generate_series(1, 300)",
                viaLong);
        check("oidout", "oidsend", Oids.OID, values("oid", "0", "4294967295", "2147483648", "23"), viaLong);
    }

    @Test
    void doubles() throws SQLException {
        Oracle viaJdbc = (rs, ours, text) ->
                assertThat(Double.compare((Double) ours, rs.getDouble(4))).isZero();
        check(
                "float8out",
                "float8send",
                Oids.FLOAT8,
                values(
                        "float8",
                        "NaN",
                        "Infinity",
                        "-Infinity",
                        "-0",
                        "0",
                        "1.5",
                        "1e20",
                        "1e-5",
                        "1.23456789e-05",
                        "5e-324",
                        "1.7976931348623157e308",
                        "2.2250738585072014e-308",
                        "0.1",
                        "0.3",
                        "100",
                        "123456789012345",
                        "1e15",
                        "1e16",
                        "9007199254740993",
                        "0.0001",
                        "-0.00001",
                        "4.35e-320",
                        "2e23",
                        "8.41e21",
                        "1.0e-4",
                        "0.30000000000000004",
                        "9.5e-5"),
                viaJdbc);
        Random random = new Random(20260101);
        Double[] randomBits = new Double[3000];
        for (int i = 0; i < randomBits.length; i++) {
            double d;
            do {
                d = Double.longBitsToDouble(random.nextLong());
            } while (Double.isNaN(d));
            randomBits[i] = i % 3 == 0
                    ? d
                    : i % 3 == 1
                            ? random.nextDouble() * Math.pow(10, random.nextInt(40) - 20)
                            : (double) Math.round(random.nextDouble() * 1e6) / 1000;
        }
        Array array = connection.createArrayOf("float8", randomBits);
        int n = check("float8out", "float8send", Oids.FLOAT8, "select unnest(?::float8[])", viaJdbc, array);
        assertThat(n).isEqualTo(randomBits.length);
        // Integers, also near 2^53 and with trailing zeros (the renderer's fast path).
        check(
                "float8out",
                "float8send",
                Oids.FLOAT8,
                "select (g * 7919 * 10 ^ (g % 17))::float8 from generate_series(-400, 400) g"
                        + " union all select 2::float8 ^ 53 - g from generate_series(-3, 3) g",
                viaJdbc);
        // Powers of two: the lopsided rounding interval.
        check(
                "float8out",
                "float8send",
                Oids.FLOAT8,
                "select 2::float8 ^ g from generate_series(-1074, 1023) g",
                viaJdbc);
    }

    @Test
    void floats() throws SQLException {
        Oracle viaJdbc = (rs, ours, text) ->
                assertThat(Float.compare((Float) ours, rs.getFloat(4))).isZero();
        check(
                "float4out",
                "float4send",
                Oids.FLOAT4,
                values(
                        "float4",
                        "NaN",
                        "Infinity",
                        "-Infinity",
                        "-0",
                        "0",
                        "1.5",
                        "1e20",
                        "1e-5",
                        "3.4028235e38",
                        "1.4e-45",
                        "1.17549435e-38",
                        "0.1",
                        "123456",
                        "1234567",
                        "100000",
                        "999999",
                        "1e6",
                        "0.0001",
                        "16777217",
                        "3.1415927"),
                viaJdbc);
        Random random = new Random(7);
        Float[] floats = new Float[3000];
        for (int i = 0; i < floats.length; i++) {
            float f;
            do {
                f = Float.intBitsToFloat(random.nextInt());
            } while (Float.isNaN(f));
            floats[i] = i % 2 == 0 ? f : (float) (random.nextDouble() * Math.pow(10, random.nextInt(20) - 10));
        }
        check(
                "float4out",
                "float4send",
                Oids.FLOAT4,
                "select unnest(?::float4[])",
                viaJdbc,
                connection.createArrayOf("float4", floats));
        check(
                "float4out",
                "float4send",
                Oids.FLOAT4,
                "select (2::float8 ^ g)::float4 from generate_series(-149, 127) g",
                viaJdbc);
    }

    @Test
    void numerics() throws SQLException {
        execute("select setseed(0.1)");
        Oracle viaJdbc = (rs, ours, text) -> {
            if (ours instanceof BigDecimal) {
                assertThat(ours).isEqualTo(rs.getBigDecimal(4));
                assertThat(((BigDecimal) ours).toPlainString()).isEqualTo(text);
            } else {
                assertThat(Double.toString((Double) ours)).isEqualTo(text);
            }
        };
        check(
                "numeric_out",
                "numeric_send",
                Oids.NUMERIC,
                values(
                        "numeric",
                        "0",
                        "0.00",
                        "-0.5",
                        "1.000",
                        "12345678901234567890.123456789",
                        "NaN",
                        "Infinity",
                        "-Infinity",
                        "1e-20",
                        "0.0001",
                        "10000",
                        "99999999",
                        "-99999.99990",
                        "1e100",
                        "-1e-100",
                        "123456789012345678901234567890",
                        "0.1",
                        "9999.9999",
                        "10000.00010000",
                        "-0.000000001",
                        "1234.5678"),
                viaJdbc);
        check(
                "numeric_out",
                "numeric_send",
                Oids.NUMERIC,
                "select round(((random() - 0.5) * 10 ^ (trunc(random() * 50) - 25))::numeric, trunc(random() * 30)::int)"
                        + " from generate_series(1, 500)",
                viaJdbc);
        check(
                "numeric_out",
                "numeric_send",
                Oids.NUMERIC,
                "select (g::numeric / 7)::numeric(40, 20) * 10::numeric ^ (g % 30) from generate_series(-300, 300) g",
                viaJdbc);
        // Integral numerics read as long, text and binary alike.
        try (Statement s = connection.createStatement();
                ResultSet rs =
                        s.executeQuery("select convert_to(v::text, 'UTF8'), numeric_send(v), v::int8 from (values"
                                + " (9223372036854775807::numeric), (-9223372036854775808::numeric), (12.000), (0), (-10000), (100000000))"
                                + " t(v)")) {
            while (rs.next()) {
                byte[] t = rs.getBytes(1);
                byte[] b = rs.getBytes(2);
                assertThat(CellDecoder.decodeLong(t, 0, t.length, Oids.NUMERIC, false))
                        .isEqualTo(rs.getLong(3));
                assertThat(CellDecoder.decodeLong(b, 0, b.length, Oids.NUMERIC, true))
                        .isEqualTo(rs.getLong(3));
            }
        }
    }

    // ---------------------------------------------------------------- text-like

    @Test
    void textTypes() throws SQLException {
        Oracle viaJdbc = (rs, ours, text) -> assertThat(ours).isEqualTo(rs.getString(4));
        String[] texts = {
            "",
            "a",
            "héllo",
            "日本語",
            "😀 four bytes 𝄞",
            "quote\"back\\slash",
            "NULL",
            " spaces ",
            "tab\tnew\nline",
            "x".repeat(10000),
            "{a,b}",
            "ʼ\u00A0"
        };
        check("textout", "textsend", Oids.TEXT, values("text", texts), viaJdbc);
        check("varcharout", "varcharsend", Oids.VARCHAR, values("varchar", texts), viaJdbc);
        check(
                "bpcharout",
                "bpcharsend",
                Oids.BPCHAR,
                "select v::char(6) from (values ('ab'), (''), ('日本'), ('abcdef')) t(v)",
                viaJdbc);
        check("nameout", "namesend", Oids.NAME, values("name", "pg_class", "", "日本語", "Mixed Case"), viaJdbc);
        check(
                "charout",
                "charsend",
                Oids.CHAR,
                "select v::\"char\" from (values ('a'), ('Z'), ('\"'), ('\\'), (' ')) t(v)",
                null);
        check(
                "charout",
                "charsend",
                Oids.CHAR,
                "select ''::\"char\""
                        + (serverMajorVersion >= 16 ? " union all select chr(200)::\"char\"" : "")
                        + " union all select chr(g)::\"char\" from generate_series(1, 127) g",
                null);
        check(
                "json_out",
                "json_send",
                Oids.JSON,
                values("json", "{\"a\": 1}", "[]", "\"日本\"", "{\"b\":[1, 2.50,\"x\"]}"),
                null);
        check(
                "jsonb_out",
                "jsonb_send",
                Oids.JSONB,
                values("jsonb", "{\"b\": [1, 2.50, \"x\"], \"a\": null}", "[]", "\"😀\"", "1e3", "{}"),
                null);
        check(
                "uuid_out",
                "uuid_send",
                Oids.UUID,
                values(
                        "uuid",
                        "00000000-0000-0000-0000-000000000000",
                        "ffffffff-ffff-ffff-ffff-ffffffffffff",
                        "123e4567-e89b-12d3-a456-426614174000"),
                (rs, ours, text) -> assertThat(ours).isEqualTo(rs.getObject(4, UUID.class)));
        check(
                "uuid_out",
                "uuid_send",
                Oids.UUID,
                "select gen_random_uuid() from generate_series(1, 100)",
                (rs, ours, text) -> assertThat(ours).isEqualTo(rs.getObject(4, UUID.class)));
        check(
                "boolout",
                "boolsend",
                Oids.BOOL,
                values("bool", "true", "false"),
                (rs, ours, text) -> assertThat(ours).isEqualTo(rs.getBoolean(4)));
    }

    @Test
    void byteas() throws SQLException {
        Oracle viaJdbc = (rs, ours, text) -> assertThat((byte[]) ours).isEqualTo(rs.getBytes(4));
        check("byteaout", "byteasend", Oids.BYTEA, values("bytea", "\\x", "\\x00ff10", "\\x5c22"), viaJdbc);
        check(
                "byteaout",
                "byteasend",
                Oids.BYTEA,
                "select decode(repeat(md5(g::text), g % 50), 'hex') from generate_series(1, 200) g",
                viaJdbc);
        // The older escape format, text only.
        execute("set bytea_output = 'escape'");
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(
                        "select convert_to(byteaout(v)::text, 'UTF8'), v from (values ('\\x005c41ff0a'::bytea),"
                                + " (''::bytea), (decode(md5('x'), 'hex'))) t(v)")) {
            while (rs.next()) {
                byte[] t = rs.getBytes(1);
                assertThat(CellDecoder.decodeBytes(t, 0, t.length, Oids.BYTEA, false, OutputSettings.UTC))
                        .isEqualTo(rs.getBytes(2));
            }
        } finally {
            execute("set bytea_output = 'hex'");
        }
    }

    @Test
    void networkAddresses() throws SQLException {
        check(
                "inet_out",
                "inet_send",
                Oids.INET,
                values(
                        "inet",
                        "192.168.0.1/24",
                        "192.168.0.1",
                        "10.0.0.0/8",
                        "0.0.0.0/0",
                        "255.255.255.255",
                        "::1",
                        "::",
                        "2001:db8::1/64",
                        "::ffff:1.2.3.4",
                        "::1.2.3.4",
                        "fe80::1:0:0:1",
                        "1:0:0:1:0:0:0:1",
                        "1::",
                        "0:0:1::",
                        "::2:3:4:5:6:7:8",
                        "1:2:3:4:5:6:7:8",
                        "::ffff:0:1.2.3.4",
                        "0:0:0:0:0:1:0:0",
                        "::0.0.0.2",
                        "::ffff:0.0.0.0",
                        "1:0:0:2::3/100",
                        "2001:db8::/128"),
                null);
        check(
                "cidr_out",
                "cidr_send",
                Oids.CIDR,
                values(
                        "cidr",
                        "10.0.0.0/8",
                        "192.168.0.1/32",
                        "2001:db8::/32",
                        "::/0",
                        "0.0.0.0/0",
                        "::1/128",
                        "::ffff:1.2.3.4/128"),
                null);
        // Random IPv6 addresses with runs of zero groups in random places.
        Random random = new Random(3);
        String[] addresses = new String[400];
        for (int i = 0; i < addresses.length; i++) {
            StringBuilder sb = new StringBuilder();
            for (int w = 0; w < 8; w++) {
                sb.append(w == 0 ? "" : ":")
                        .append(random.nextInt(3) == 0 ? Integer.toHexString(random.nextInt(65536)) : "0");
            }
            addresses[i] =
                    sb.append(i % 4 == 0 ? "/" + random.nextInt(129) : "").toString();
        }
        check(
                "inet_out",
                "inet_send",
                Oids.INET,
                "select unnest(?::text[])::inet",
                null,
                connection.createArrayOf("text", addresses));
        check(
                "cidr_out",
                "cidr_send",
                Oids.CIDR,
                "select network(unnest(?::text[])::inet)::cidr",
                null,
                connection.createArrayOf("text", addresses));
    }

    // ---------------------------------------------------------------- dates and times

    @Test
    void dates() throws SQLException {
        execute("select setseed(0.5)");
        Oracle viaJdbc = (rs, ours, text) -> {
            if (!text.endsWith("BC")) {
                assertThat(ours).isEqualTo(rs.getObject(4, LocalDate.class));
            }
        };
        check(
                "date_out",
                "date_send",
                Oids.DATE,
                values(
                        "date",
                        "2000-01-01",
                        "1970-01-01",
                        "0044-03-15 BC",
                        "0001-01-01",
                        "0001-12-31 BC",
                        "2024-02-29",
                        "1900-02-28",
                        "2000-02-29",
                        "10000-01-01",
                        "infinity",
                        "-infinity",
                        "4713-01-01 BC",
                        "5874897-12-31",
                        "1999-12-31"),
                viaJdbc);
        check(
                "date_out",
                "date_send",
                Oids.DATE,
                "select date '2000-01-01' + (random() * 2000000 - 1000000)::int from generate_series(1, 500)",
                viaJdbc);
        // BC dates against java.time's proleptic calendar (year 0 = 1 BC).
        List<Object> bc = decodeObjects(
                "select convert_to(date_out(v)::text, 'UTF8') from (values (date '0044-03-15 BC'), (date '0001-01-01 BC')) t(v)",
                Oids.DATE);
        assertThat(bc).containsExactly(LocalDate.of(-43, 3, 15), LocalDate.of(0, 1, 1));
    }

    @Test
    void times() throws SQLException {
        execute("select setseed(0.6)");
        check(
                "time_out",
                "time_send",
                Oids.TIME,
                values("time", "00:00", "23:59:59.999999", "24:00:00", "12:34:56.5", "00:00:00.000001", "13:00:00.1"),
                (rs, ours, text) -> assertThat(ours).isEqualTo(rs.getObject(4, LocalTime.class)));
        check(
                "time_out",
                "time_send",
                Oids.TIME,
                "select time '00:00' + random() * interval '24 hours' from generate_series(1, 300)",
                (rs, ours, text) -> assertThat(ours).isEqualTo(rs.getObject(4, LocalTime.class)));
        check(
                "timetz_out",
                "timetz_send",
                Oids.TIMETZ,
                values(
                        "timetz",
                        "04:05:06+05:30",
                        "04:05:06-08",
                        "00:00:00+00",
                        "23:59:59.999999-15:59:59",
                        "12:00:00+00:19:32",
                        "24:00:00+15:59",
                        "01:02:03.45-03:30"),
                (rs, ours, text) -> {
                    if (!text.startsWith("24:")) { // pgjdbc turns 24:00 into OffsetTime.MAX whatever the offset
                        assertThat(ours).isEqualTo(rs.getObject(4, OffsetTime.class));
                    }
                });
    }

    @Test
    void timestamps() throws SQLException {
        execute("select setseed(0.7)");
        Oracle viaJdbc = (rs, ours, text) -> {
            if (!text.endsWith("BC")) {
                assertThat(ours).isEqualTo(rs.getObject(4, LocalDateTime.class));
            }
        };
        check(
                "timestamp_out",
                "timestamp_send",
                Oids.TIMESTAMP,
                values(
                        "timestamp",
                        "2000-01-01 00:00:00",
                        "1900-01-01 00:00:00.000001",
                        "0044-03-15 12:00:00 BC",
                        "infinity",
                        "-infinity",
                        "294276-12-31 23:59:59.999999",
                        "4713-11-24 00:00:00 BC",
                        "2024-02-29 23:59:59.5",
                        "1970-01-01",
                        "1969-12-31 23:59:59.999999",
                        "10000-06-30 01:02:03"),
                viaJdbc);
        check(
                "timestamp_out",
                "timestamp_send",
                Oids.TIMESTAMP,
                "select timestamp '2000-01-01' + (random() - 0.5)"
                        + " * interval '2000000 days' from generate_series(1, 500)",
                viaJdbc);
    }

    @Test
    void timestampsWithTimeZoneInSeveralSessionZones() throws SQLException {
        Oracle viaJdbc = (rs, ours, text) -> {
            OffsetDateTime odt = (OffsetDateTime) ours;
            if (odt.equals(OffsetDateTime.MAX) || odt.equals(OffsetDateTime.MIN)) {
                assertThat(odt).isEqualTo(rs.getObject(4, OffsetDateTime.class));
            } else if (!text.endsWith("BC")) {
                assertThat(odt.toInstant())
                        .isEqualTo(rs.getObject(4, OffsetDateTime.class).toInstant());
            }
        };
        try {
            for (String name : ZONES) {
                setZone(name);
                execute("select setseed(0.8)");
                check(
                        "timestamptz_out",
                        "timestamptz_send",
                        Oids.TIMESTAMPTZ,
                        values(
                                "timestamptz",
                                "2000-01-01 00:00:00+00",
                                "1900-01-01 00:00:00+00",
                                "1850-06-01 12:00:00+00",
                                "1937-07-01 12:00:00+00",
                                "1942-06-01 00:00:00+00",
                                "1970-01-01 00:00:00+00",
                                "0044-03-15 12:00:00+00 BC",
                                "infinity",
                                "-infinity",
                                "2100-07-01 00:00:00.123456+00",
                                "2024-03-31 00:59:59.999999+00",
                                "2024-03-31 01:00:00+00",
                                "2024-11-03 09:30:00+00",
                                "1883-11-18 19:00:00+00",
                                "1935-01-01 00:00:00+00",
                                "12000-01-01 00:00:00+00"),
                        viaJdbc);
                check(
                        "timestamptz_out",
                        "timestamptz_send",
                        Oids.TIMESTAMPTZ,
                        "select timestamptz '2000-01-01 00:00+00'"
                                + " + (random() - 0.6) * interval '60000 days' from generate_series(1, 300)",
                        viaJdbc);
                check(
                        "array_out",
                        "array_send",
                        Oids.TIMESTAMPTZ_ARRAY,
                        "select array['1900-01-01 00:00+00', null, 'infinity', '2024-06-01 12:00:00.5+02']::timestamptz[]",
                        null);
            }
        } finally {
            setZone("UTC");
        }
    }

    @Test
    void secondsOffsetsAreReallyExercised() throws SQLException {
        try {
            setZone("Asia/Kolkata");
            byte[] binary = cell("select timestamptz_send('1850-06-01 12:00:00+00')");
            String server = new String(
                    cell("select convert_to(timestamptz_out('1850-06-01 12:00:00+00')::text, 'UTF8')"),
                    java.nio.charset.StandardCharsets.UTF_8);
            assertThat(server).endsWith("+05:53:28");
            assertThat(CellDecoder.decodeString(binary, 0, binary.length, Oids.TIMESTAMPTZ, true, zone))
                    .isEqualTo(server);
        } finally {
            setZone("UTC");
        }
    }

    /** decode(..., type) over text and binary cells against pgjdbc's getObject(type) for the same column. */
    @Test
    void typedConversionsAgreeWithPgjdbc() throws SQLException {
        try {
            setZone("America/St_Johns");
            String sql = "select convert_to(timestamptz_out(v)::text, 'UTF8'), timestamptz_send(v), v from (select"
                    + " timestamptz '2024-03-10 05:00:00+00' + g * interval '37 minutes 13.5 seconds' from generate_series(-500, 500) g) t(v)";
            try (Statement s = connection.createStatement();
                    ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    byte[] t = rs.getBytes(1);
                    byte[] b = rs.getBytes(2);
                    java.time.Instant expected =
                            rs.getObject(3, OffsetDateTime.class).toInstant();
                    assertThat(CellDecoder.decode(
                                    t, 0, t.length, Oids.TIMESTAMPTZ, false, java.time.Instant.class, zone))
                            .isEqualTo(expected);
                    assertThat(CellDecoder.decode(
                                    b, 0, b.length, Oids.TIMESTAMPTZ, true, java.time.Instant.class, zone))
                            .isEqualTo(expected);
                    assertThat(CellDecoder.decode(
                                    b, 0, b.length, Oids.TIMESTAMPTZ, true, java.time.ZonedDateTime.class, zone))
                            .isEqualTo(expected.atZone(zone));
                    assertThat(CellDecoder.decode(t, 0, t.length, Oids.TIMESTAMPTZ, false, LocalDateTime.class, zone))
                            .isEqualTo(LocalDateTime.ofInstant(expected, zone));
                }
            }
        } finally {
            setZone("UTC");
        }
        String sql = "select convert_to(numeric_out(v)::text, 'UTF8'), numeric_send(v), v from (values (1.5), (-2.25),"
                + " (123456789.123456789), (1e-30), (42)) t(v)";
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                byte[] t = rs.getBytes(1);
                byte[] b = rs.getBytes(2);
                assertThat(CellDecoder.decodeDouble(t, 0, t.length, Oids.NUMERIC, false))
                        .isEqualTo(rs.getDouble(3));
                assertThat(CellDecoder.decodeDouble(b, 0, b.length, Oids.NUMERIC, true))
                        .isEqualTo(rs.getDouble(3));
                assertThat(CellDecoder.decodeBigDecimal(b, 0, b.length, Oids.NUMERIC, true))
                        .isEqualTo(rs.getBigDecimal(3));
            }
        }
    }

    @Test
    void intervals() throws SQLException {
        execute("select setseed(0.9)");
        check(
                "interval_out",
                "interval_send",
                Oids.INTERVAL,
                values(
                        "interval",
                        "1 year 2 mons 3 days 04:05:06.789",
                        "-00:00:01",
                        "0",
                        "-1 days +02:00:00",
                        "1 mon -1 days",
                        "-1 year -2 mons",
                        "100 hours",
                        "-0.5 seconds",
                        "178000000 years",
                        serverMajorVersion >= 17 ? "infinity" : "1 hour",
                        serverMajorVersion >= 17 ? "-infinity" : "-1 hour",
                        "1 day",
                        "-1 day",
                        "1 year -1 mons",
                        "-1 year +1 mons -1 days +00:00:00.000001",
                        "12:00:00",
                        "1 mon",
                        "2 mons",
                        "-2 mons 3 days"),
                null);
        check(
                "interval_out",
                "interval_send",
                Oids.INTERVAL,
                "select make_interval((random() * 20 - 10)::int,"
                        + " (random() * 30 - 15)::int, 0, (random() * 60 - 30)::int, (random() * 50 - 25)::int,"
                        + " (random() * 120 - 60)::int, (random() * 100 - 50)::numeric(10, 6)::float8) from generate_series(1, 300)",
                null);
    }

    // ---------------------------------------------------------------- arrays

    @Test
    void arrays() throws SQLException {
        check(
                "array_out",
                "array_send",
                Oids.INT4_ARRAY,
                values(
                        "int4[]",
                        "{1,2,3}",
                        "{}",
                        "{NULL,1}",
                        "{{1,2},{3,4}}",
                        "[2:3]={1,2}",
                        "{{{1},{2}},{{3},{4}}}",
                        "{-2147483648,2147483647}",
                        "[0:1][-1:0]={{1,2},{3,4}}"),
                null);
        check(
                "array_out",
                "array_send",
                Oids.TEXT_ARRAY,
                "select array['a b', 'NULL', null, '', 'quote\"s', 'back\\slash',"
                        + " '{}', '日本', '😀', 'null', ' ', 'a,b', E'tab\\t', 'plain']::text[]",
                (rs, ours, text) -> assertThat((Object[]) ours)
                        .isEqualTo((Object[]) rs.getArray(4).getArray()));
        check("array_out", "array_send", Oids.TEXT_ARRAY, values("text[]", "{{a,b},{\"c d\",NULL}}", "{}"), null);
        check("array_out", "array_send", Oids.VARCHAR_ARRAY, values("varchar[]", "{x,\"\"}"), null);
        check(
                "array_out",
                "array_send",
                Oids.NUMERIC_ARRAY,
                values("numeric[]", "{1.50,NaN,-0.001,Infinity}", "{1,2.0}"),
                null);
        check("array_out", "array_send", Oids.FLOAT8_ARRAY, values("float8[]", "{NaN,-0,1e20,0.1,-Infinity}"), null);
        check(
                "array_out",
                "array_send",
                Oids.FLOAT4_ARRAY,
                values("float4[]", "{NaN,-0,1e20,0.1,-Infinity,NULL}"),
                null);
        check("array_out", "array_send", Oids.INT2_ARRAY, values("int2[]", "{-32768,NULL,32767}"), null);
        check(
                "array_out",
                "array_send",
                Oids.INT8_ARRAY,
                values("int8[]", "{{-9223372036854775808},{9223372036854775807}}"),
                null);
        check("array_out", "array_send", Oids.OID_ARRAY, values("oid[]", "{0,4294967295}"), null);
        check("array_out", "array_send", Oids.BOOL_ARRAY, values("bool[]", "{t,f,NULL}"), null);
        check("array_out", "array_send", Oids.BYTEA_ARRAY, values("bytea[]", "{\"\\\\x0102\",\"\\\\x\",NULL}"), null);
        check(
                "array_out",
                "array_send",
                Oids.DATE_ARRAY,
                values("date[]", "{2000-01-01,infinity,\"0044-03-15 BC\",NULL}"),
                null);
        check("array_out", "array_send", Oids.TIME_ARRAY, values("time[]", "{00:00:00,24:00:00,12:00:00.5}"), null);
        check("array_out", "array_send", Oids.TIMETZ_ARRAY, values("timetz[]", "{00:00:00+05:30,12:00:00.5-08}"), null);
        check(
                "array_out",
                "array_send",
                Oids.TIMESTAMP_ARRAY,
                values("timestamp[]", "{\"2000-01-01 00:00:00\",-infinity}"),
                null);
        check(
                "array_out",
                "array_send",
                Oids.INTERVAL_ARRAY,
                values("interval[]", "{\"1 day\",-00:00:01,00:00:00}"),
                null);
        check(
                "array_out",
                "array_send",
                Oids.UUID_ARRAY,
                values("uuid[]", "{123e4567-e89b-12d3-a456-426614174000,NULL}"),
                null);
        check("array_out", "array_send", Oids.INET_ARRAY, values("inet[]", "{192.168.0.1/24,::1,NULL}"), null);
        check("array_out", "array_send", Oids.CIDR_ARRAY, values("cidr[]", "{10.0.0.0/8}"), null);
        check("array_out", "array_send", Oids.JSONB_ARRAY, values("jsonb[]", "{\"{\\\"a\\\": 1}\",\"[]\",null}"), null);
        check("array_out", "array_send", Oids.JSON_ARRAY, values("json[]", "{\"{\\\"a\\\":1}\"}"), null);
        check("array_out", "array_send", Oids.CHAR_ARRAY, values("\"char\"[]", "{a,b,\"\\\\\"}"), null);
        check("array_out", "array_send", Oids.NAME_ARRAY, values("name[]", "{pg_class,\"a b\"}"), null);
        check("array_out", "array_send", Oids.BPCHAR_ARRAY, "select array['a'::char(3), 'bcd']", null);
    }

    @Test
    void arraysAsJavaArrays() throws SQLException {
        for (boolean binary : new boolean[] {false, true}) {
            byte[] cell = cell("select " + (binary ? "array_send(v)" : "convert_to(array_out(v)::text, 'UTF8')")
                    + " from (values ('{{1,2,3},{4,NULL,6}}'::int4[])) t(v)");
            Integer[][] boxed =
                    CellDecoder.decode(cell, 0, cell.length, Oids.INT4_ARRAY, binary, Integer[][].class, zone);
            assertThat(boxed).isEqualTo(new Integer[][] {{1, 2, 3}, {4, null, 6}});
            Long[][] longs = CellDecoder.decode(cell, 0, cell.length, Oids.INT4_ARRAY, binary, Long[][].class, zone);
            assertThat(longs).isEqualTo(new Long[][] {{1L, 2L, 3L}, {4L, null, 6L}});
            assertThat((Object) CellDecoder.decodeObject(cell, 0, cell.length, Oids.INT4_ARRAY, binary, zone))
                    .isEqualTo(new Integer[][] {{1, 2, 3}, {4, null, 6}});
        }
    }

    private static byte[] cell(String sql) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getBytes(1);
        }
    }

    private static List<Object> decodeObjects(String sql, int oid) throws SQLException {
        List<Object> out = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                byte[] b = rs.getBytes(1);
                out.add(CellDecoder.decodeObject(b, 0, b.length, oid, false, zone));
            }
        }
        return out;
    }
}
