package io.lazypg.client.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgRange;
import io.lazypg.client.PgType;
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
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link PgType#decodableAs} against the real decoder: for every row of the type table, a
 * user-defined enum and its array, and every Java type a row can be read as (plus a few no row
 * can), a value of the type made by the server is fetched as its text output and, where the client
 * reads the type in binary, as its send bytes; the decoder must refuse the Java type ("no
 * conversion from this type") exactly where decodableAs says no. Values are chosen to fit every
 * Java type a type converts to (1, 'A', a date at midnight), so any other failure is a wrong sample.
 */
@LazyPgTest
class DecodableAsIT {

    /** An enum whose constant the samples name. */
    enum Sample {
        A
    }

    private static final String UUID_TEXT = "00000000-0000-0000-0000-000000000001";

    /** The scalar samples, by row: a literal the server casts to the type. */
    private static final Map<PgType, String> SAMPLES = new EnumMap<>(PgType.class);

    static {
        SAMPLES.put(PgType.BOOL, "t");
        SAMPLES.put(PgType.BYTEA, "\\x41");
        SAMPLES.put(PgType.CHAR, "A");
        SAMPLES.put(PgType.NAME, "A");
        SAMPLES.put(PgType.INT8, "1");
        SAMPLES.put(PgType.INT2, "1");
        SAMPLES.put(PgType.INT4, "1");
        SAMPLES.put(PgType.TEXT, "A");
        SAMPLES.put(PgType.OID, "1");
        SAMPLES.put(PgType.JSON, "1");
        SAMPLES.put(PgType.XML, "A");
        SAMPLES.put(PgType.CIDR, "10.0.0.0/8");
        SAMPLES.put(PgType.FLOAT4, "1");
        SAMPLES.put(PgType.FLOAT8, "1");
        SAMPLES.put(PgType.UNKNOWN, "A");
        SAMPLES.put(PgType.MONEY, "1");
        SAMPLES.put(PgType.INET, "127.0.0.1");
        SAMPLES.put(PgType.BPCHAR, "A");
        SAMPLES.put(PgType.VARCHAR, "A");
        SAMPLES.put(PgType.DATE, "2024-07-01");
        SAMPLES.put(PgType.TIME, "12:00:00");
        SAMPLES.put(PgType.TIMESTAMP, "2024-07-01 00:00:00");
        SAMPLES.put(PgType.TIMESTAMPTZ, "2024-07-01 00:00:00+00");
        SAMPLES.put(PgType.INTERVAL, "1 day");
        SAMPLES.put(PgType.TIMETZ, "12:00:00+00");
        SAMPLES.put(PgType.NUMERIC, "1");
        SAMPLES.put(PgType.UUID, UUID_TEXT);
        SAMPLES.put(PgType.JSONB, "1");
        SAMPLES.put(PgType.RECORD, "(1,2)");
        SAMPLES.put(PgType.BIT, "1");
        SAMPLES.put(PgType.VARBIT, "1");
        SAMPLES.put(PgType.INT4RANGE, "[1,3)");
        SAMPLES.put(PgType.NUMRANGE, "[1,3)");
        SAMPLES.put(PgType.TSRANGE, "[2024-07-01,2024-07-02)");
        SAMPLES.put(PgType.TSTZRANGE, "[2024-07-01 00:00+00,2024-07-02 00:00+00)");
        SAMPLES.put(PgType.DATERANGE, "[2024-07-01,2024-07-02)");
        SAMPLES.put(PgType.INT8RANGE, "[1,3)");
    }

    /** Every Java type the decoder reads (each primitive and its box), and some it does not. */
    private static final List<Class<?>> TARGETS = List.of(
            String.class,
            Object.class,
            byte[].class,
            int.class,
            Integer.class,
            long.class,
            Long.class,
            short.class,
            Short.class,
            double.class,
            Double.class,
            float.class,
            Float.class,
            boolean.class,
            Boolean.class,
            BigDecimal.class,
            BigInteger.class,
            LocalDate.class,
            LocalTime.class,
            LocalDateTime.class,
            OffsetDateTime.class,
            OffsetTime.class,
            Instant.class,
            ZonedDateTime.class,
            UUID.class,
            PgRange.class,
            Sample.class,
            Integer[].class,
            int[].class,
            String[].class,
            Object[].class,
            LocalDate[].class,
            UUID[].class,
            Sample[].class,
            Boolean[].class,
            byte[][].class,
            java.util.Date.class,
            Character.class,
            List.class);

    private static Connection connection;

    @BeforeAll
    static void connect(TestPostgres server) throws SQLException {
        connection = server.openJdbc();
        try (Statement s = connection.createStatement()) {
            s.execute("set timezone = 'UTC'");
            s.execute("set datestyle = 'ISO, MDY'");
            s.execute("drop type if exists decodable_as_sample cascade");
            s.execute("create type decodable_as_sample as enum ('A')");
        }
    }

    @AfterAll
    static void close() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("drop type if exists decodable_as_sample cascade");
        }
        connection.close();
    }

    /** A value the server made: its type, and its bytes in each format the client reads it in. */
    private record Cell(String what, int oid, byte[] text, byte[] binary) {}

    @Test
    void decodableAsSaysNoExactlyWhereTheDecoderHasNoConversion() throws SQLException {
        List<Cell> cells = new ArrayList<>();
        for (PgType t : PgType.values()) {
            PgType scalar = t.element() != null ? t.element() : t;
            String sample = SAMPLES.get(scalar);
            assertThat(sample).as("a sample of %s", scalar).isNotNull();
            String literal = scalar == PgType.RECORD
                    ? "row(1, 2)" // an anonymous record has no input function
                    : "'" + sample.replace("'", "''") + "'::pg_catalog.\"" + scalar.typname() + "\"";
            cells.add(fetch(t.typname(), t.element() != null ? "array[" + literal + "]" : literal));
        }
        cells.add(fetch("decodable_as_sample", "'A'::decodable_as_sample"));
        cells.add(fetch("decodable_as_sample[]", "array['A'::decodable_as_sample]"));

        List<String> disagreements = new ArrayList<>();
        int checked = 0;
        for (Cell cell : cells) {
            boolean binaryRead = PgType.hasBinaryDecoder(cell.oid());
            for (Class<?> target : TARGETS) {
                boolean says = PgType.decodableAs(cell.oid(), target);
                String textOutcome = outcome(cell.text(), cell.oid(), false, target);
                check(disagreements, cell, target, "text", says, textOutcome);
                if (binaryRead) {
                    check(
                            disagreements,
                            cell,
                            target,
                            "binary",
                            says,
                            outcome(cell.binary(), cell.oid(), true, target));
                }
                checked++;
            }
        }
        assertThat(disagreements).as("decodableAs against the decoder").isEmpty();
        assertThat(checked).isEqualTo(cells.size() * TARGETS.size());
    }

    /** The enum's OID is a user type's: the table does not know it, as the decoder's rule for it assumes. */
    @Test
    void theSampleEnumIsNotInTheTable() throws SQLException {
        assertThat(PgType.of(
                        fetch("decodable_as_sample", "'A'::decodable_as_sample").oid()))
                .isNull();
    }

    private static void check(
            List<String> disagreements, Cell cell, Class<?> target, String format, boolean says, String outcome) {
        boolean refused = outcome.contains("no conversion from this type");
        if (says == refused) {
            disagreements.add(cell.what() + " (" + format + ") as " + target.getSimpleName() + ": decodableAs says "
                    + says + ", the decoder: " + outcome);
        }
    }

    private static String outcome(byte[] b, int oid, boolean binary, Class<?> target) {
        try {
            CellDecoder.decode(b, 0, b.length, oid, binary, target, OutputSettings.UTC);
            return "ok";
        } catch (PgConversionException e) {
            return e.getMessage();
        } catch (RuntimeException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** The expression's type OID, text output and send bytes, as the server makes them. */
    private static Cell fetch(String what, String expression) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement("select pg_typeof(v)::oid::int, v::text,"
                + " (select typsend::text from pg_type where oid = pg_typeof(v)) from (select " + expression
                + " as v) s")) {
            int oid;
            String text;
            String send;
            try (ResultSet rs = p.executeQuery()) {
                rs.next();
                oid = rs.getInt(1);
                text = rs.getString(2);
                send = rs.getString(3);
            }
            byte[] binary;
            try (PreparedStatement s = connection.prepareStatement("select " + send + "(" + expression + ")");
                    ResultSet rs = s.executeQuery()) {
                rs.next();
                binary = rs.getBytes(1);
            }
            return new Cell(what, oid, text.getBytes(StandardCharsets.UTF_8), binary);
        }
    }
}
