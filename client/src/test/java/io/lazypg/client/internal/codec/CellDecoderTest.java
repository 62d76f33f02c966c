package io.lazypg.client.internal.codec;

import static io.lazypg.client.internal.codec.Cells.OFF;
import static io.lazypg.client.internal.codec.Cells.len;
import static io.lazypg.client.internal.codec.Cells.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConversionException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CellDecoderTest {

    private static final ZoneId KOLKATA = ZoneId.of("Asia/Kolkata");

    private static <T> T as(String s, int oid, Class<T> type) {
        byte[] b = text(s);
        return CellDecoder.decode(b, OFF, len(b), oid, false, type, KOLKATA);
    }

    private static <T> T asBinary(byte[] cell, int oid, Class<T> type) {
        return CellDecoder.decode(cell, OFF, len(cell), oid, true, type, KOLKATA);
    }

    @Test
    void binaryDecodersAreAnnouncedForKnownTypesOnly() {
        for (int oid : new int[] {
            Oids.INT2,
            Oids.INT4,
            Oids.INT8,
            Oids.FLOAT4,
            Oids.FLOAT8,
            Oids.NUMERIC,
            Oids.BOOL,
            Oids.TEXT,
            Oids.VARCHAR,
            Oids.BPCHAR,
            Oids.NAME,
            Oids.CHAR,
            Oids.BYTEA,
            Oids.DATE,
            Oids.TIME,
            Oids.TIMETZ,
            Oids.TIMESTAMP,
            Oids.TIMESTAMPTZ,
            Oids.INTERVAL,
            Oids.UUID,
            Oids.JSON,
            Oids.JSONB,
            Oids.OID,
            Oids.INET,
            Oids.CIDR,
            Oids.INT4_ARRAY,
            Oids.TEXT_ARRAY,
            Oids.TIMESTAMPTZ_ARRAY,
            Oids.NUMERIC_ARRAY
        }) {
            assertThat(CellDecoder.hasBinaryDecoder(oid)).as("oid " + oid).isTrue();
        }
        for (int oid : new int[] {Oids.XML, Oids.MONEY, Oids.XML_ARRAY, Oids.UNKNOWN, 0, 90001}) {
            assertThat(CellDecoder.hasBinaryDecoder(oid)).as("oid " + oid).isFalse();
        }
    }

    @Test
    void integersAcrossColumnTypesWithRangeChecks() {
        assertThat(as("32767", Oids.INT4, Short.class)).isEqualTo((short) 32767);
        assertThat(as("-2147483648", Oids.INT8, Integer.class)).isEqualTo(Integer.MIN_VALUE);
        assertThat(as("4294967295", Oids.OID, Long.class)).isEqualTo(4294967295L);
        assertThat(as("12.000", Oids.NUMERIC, int.class)).isEqualTo(12);
        assertThat(as("123456789012345678901234567890", Oids.NUMERIC, BigInteger.class))
                .isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(asBinary(Cells.int64(Long.MIN_VALUE), Oids.INT8, BigInteger.class))
                .isEqualTo(BigInteger.valueOf(Long.MIN_VALUE));
        assertThat(CellDecoder.decodeShort(Cells.int32(-32768), OFF, 4, Oids.INT4, true))
                .isEqualTo(Short.MIN_VALUE);

        assertThatThrownBy(() -> as("32768", Oids.INT4, short.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("integer")
                .hasMessageContaining("'32768'")
                .hasMessageContaining("short")
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> CellDecoder.decodeInt(Cells.int64(1L << 31), OFF, 8, Oids.INT8, true))
                .isInstanceOf(PgConversionException.class)
                .hasMessage("cannot convert PostgreSQL bigint value '2147483648' to int: out of range"
                        + " [-2147483648, 2147483647]; read it as long");
        assertThatThrownBy(() -> as("1.5", Oids.NUMERIC, Long.class)).hasMessageContaining("fractional");
        assertThatThrownBy(() -> as("1.5", Oids.NUMERIC, BigInteger.class)).hasMessageContaining("fractional");
        assertThatThrownBy(() -> as("abc", Oids.TEXT, Integer.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("text")
                .hasMessageContaining("'abc'")
                .hasMessageContaining("int");
    }

    @Test
    void floatingPointAndNumerics() {
        assertThat(as("1.5", Oids.NUMERIC, Double.class)).isEqualTo(1.5);
        assertThat(as("NaN", Oids.NUMERIC, double.class)).isNaN();
        assertThat(as("-Infinity", Oids.NUMERIC, Object.class)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(as("1.50", Oids.NUMERIC, Object.class)).isEqualTo(new BigDecimal("1.50"));
        assertThat(as("42", Oids.INT4, Double.class)).isEqualTo(42.0);
        assertThat(as("0.1", Oids.FLOAT4, Double.class)).isEqualTo((double) 0.1f);
        assertThat(as("0.1", Oids.FLOAT8, BigDecimal.class)).isEqualTo(new BigDecimal("0.1"));
        assertThat(as("1e+20", Oids.FLOAT8, BigDecimal.class)).isEqualByComparingTo(new BigDecimal("1e20"));
        assertThat(as("7", Oids.INT2, BigDecimal.class)).isEqualTo(BigDecimal.valueOf(7));
        assertThatThrownBy(() -> as("NaN", Oids.NUMERIC, BigDecimal.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("not a finite number");
        assertThatThrownBy(() -> as("t", Oids.BOOL, Double.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("boolean");
        byte[] nan = NumericEncoding.special(BinaryParsing.NUMERIC_NAN);
        assertThat(CellDecoder.decodeObject(nan, 0, nan.length, Oids.NUMERIC, true, KOLKATA))
                .isEqualTo(Double.NaN);
    }

    @Test
    void booleansBytesAndStrings() {
        assertThat(as("t", Oids.BOOL, boolean.class)).isTrue();
        assertThat(CellDecoder.decodeBoolean(Cells.padded(new byte[] {0}), OFF, 1, Oids.BOOL, true))
                .isFalse();
        assertThatThrownBy(() -> as("1", Oids.INT4, Boolean.class)).hasMessageContaining("integer");
        assertThat(as("\\x0aff", Oids.BYTEA, byte[].class)).containsExactly(10, -1);
        assertThat(as("héllo", Oids.TEXT, byte[].class))
                .isEqualTo("héllo".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(CellDecoder.decodeBytes(Cells.int32(7), OFF, 4, Oids.INT4, true, OutputSettings.UTC))
                .isEqualTo(new byte[] {'7'});
        // Other types' bytes are their text, as getString shows it: a binary timestamptz in the session zone.
        assertThat(CellDecoder.decodeBytes(Cells.int64(0), OFF, 8, Oids.TIMESTAMPTZ, true, OutputSettings.of(KOLKATA)))
                .isEqualTo("2000-01-01 05:30:00+05:30".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(as("😀 ok", 90001, String.class)).isEqualTo("😀 ok");
        assertThat(as("", Oids.TEXT, Object.class)).isEqualTo("");
        assertThat(as("happy", 90001, Mood.class)).isEqualTo(Mood.happy);
        assertThatThrownBy(() -> as("angry", 90001, Mood.class)).hasMessageContaining("Mood");
    }

    enum Mood {
        happy,
        sad
    }

    @Test
    void dateAndTimeTargets() {
        assertThat(as("2024-02-29", Oids.DATE, LocalDate.class)).isEqualTo(LocalDate.of(2024, 2, 29));
        assertThat(as("infinity", Oids.DATE, LocalDate.class)).isEqualTo(LocalDate.MAX);
        assertThat(as("2024-02-29", Oids.DATE, LocalDateTime.class)).isEqualTo(LocalDateTime.of(2024, 2, 29, 0, 0));
        assertThat(as("24:00:00", Oids.TIME, LocalTime.class)).isEqualTo(LocalTime.MAX);
        assertThat(as("12:00:00.5+05:53:28", Oids.TIMETZ, OffsetTime.class))
                .isEqualTo(OffsetTime.of(12, 0, 0, 500_000_000, ZoneOffset.ofHoursMinutesSeconds(5, 53, 28)));
        assertThat(as("12:00:00.5+05:53:28", Oids.TIMETZ, LocalTime.class))
                .isEqualTo(LocalTime.of(12, 0, 0, 500_000_000));
        assertThat(as("2024-06-01 12:00:00.000001", Oids.TIMESTAMP, LocalDateTime.class))
                .isEqualTo(LocalDateTime.of(2024, 6, 1, 12, 0, 0, 1000));
        assertThat(as("2024-06-01 12:00:00", Oids.TIMESTAMP, Instant.class))
                .isEqualTo(Instant.parse("2024-06-01T12:00:00Z"));
        assertThat(as("2024-06-01 12:00:00", Oids.TIMESTAMP, LocalTime.class)).isEqualTo(LocalTime.NOON);

        OffsetDateTime odt = as("2024-06-01 12:00:00-03:30", Oids.TIMESTAMPTZ, OffsetDateTime.class);
        assertThat(odt).isEqualTo(OffsetDateTime.of(2024, 6, 1, 12, 0, 0, 0, ZoneOffset.ofHoursMinutes(-3, -30)));
        assertThat(as("2024-06-01 12:00:00-03:30", Oids.TIMESTAMPTZ, Instant.class))
                .isEqualTo(odt.toInstant());
        assertThat(as("2024-06-01 12:00:00-03:30", Oids.TIMESTAMPTZ, ZonedDateTime.class))
                .isEqualTo(odt.atZoneSameInstant(KOLKATA));
        // Text shows the session zone's wall clock; local types take it as written.
        assertThat(as("2024-06-02 03:30:00+05:30", Oids.TIMESTAMPTZ, LocalDate.class))
                .isEqualTo(LocalDate.of(2024, 6, 2));
        assertThat(as("2024-06-02 03:30:00.25+05:30", Oids.TIMESTAMPTZ, LocalDateTime.class))
                .isEqualTo(LocalDateTime.of(2024, 6, 2, 3, 30, 0, 250_000_000));
        assertThat(as("infinity", Oids.TIMESTAMPTZ, LocalDateTime.class)).isEqualTo(LocalDateTime.MAX);
        assertThat(as("-infinity", Oids.TIMESTAMPTZ, LocalDate.class)).isEqualTo(LocalDate.MIN);
        assertThat(as("infinity", Oids.TIMESTAMPTZ, OffsetDateTime.class)).isEqualTo(OffsetDateTime.MAX);
        assertThat(as("-infinity", Oids.TIMESTAMPTZ, Instant.class)).isEqualTo(Instant.MIN);
        assertThat(as("-infinity", Oids.TIMESTAMP, LocalDateTime.class)).isEqualTo(LocalDateTime.MIN);
        assertThatThrownBy(() -> as("infinity", Oids.TIMESTAMPTZ, ZonedDateTime.class))
                .hasMessageContaining("infinity");
        // LocalDateTime.MAX's time of day would pass for a real 23:59:59.999999999.
        assertThatThrownBy(() -> as("infinity", Oids.TIMESTAMP, LocalTime.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("no time of day");
        assertThatThrownBy(() -> asBinary(Cells.int64(Long.MIN_VALUE), Oids.TIMESTAMP, LocalTime.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("no time of day");
        assertThatThrownBy(() -> as("12:00:00", Oids.TIME, LocalDate.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("time without time zone")
                .hasMessageContaining("LocalDate");

        // Binary timestamptz: the session zone's offset at that instant.
        long micros = java.time.temporal.ChronoUnit.MICROS.between(
                Instant.parse("2000-01-01T00:00:00Z"), Instant.parse("2024-06-01T12:00:00Z"));
        assertThat(asBinary(Cells.int64(micros), Oids.TIMESTAMPTZ, OffsetDateTime.class))
                .isEqualTo(OffsetDateTime.of(2024, 6, 1, 17, 30, 0, 0, ZoneOffset.ofHoursMinutes(5, 30)));
        assertThat(CellDecoder.decodeString(
                        Cells.int64(micros), OFF, 8, Oids.TIMESTAMPTZ, true, ZoneId.of("America/St_Johns")))
                .isEqualTo("2024-06-01 09:30:00-02:30");
    }

    /**
     * A session zone java.time cannot model (null): text cells carry what is needed (issue #16: a
     * text timestamptz could not become a LocalDateTime); binary cells, which the connection then
     * no longer asks for, still decode where the zone only affects how they are shown.
     */
    @Test
    void timestamptzWithoutASessionZone() {
        OutputSettings noZone = OutputSettings.of(null);
        byte[] text = text("2024-06-01 09:00:00.5-03");
        assertThat(CellDecoder.decode(text, OFF, len(text), Oids.TIMESTAMPTZ, false, LocalDateTime.class, noZone))
                .isEqualTo(LocalDateTime.of(2024, 6, 1, 9, 0, 0, 500_000_000));
        assertThat(CellDecoder.decode(text, OFF, len(text), Oids.TIMESTAMPTZ, false, LocalDate.class, noZone))
                .isEqualTo(LocalDate.of(2024, 6, 1));
        assertThat(CellDecoder.decode(text, OFF, len(text), Oids.TIMESTAMPTZ, false, OffsetDateTime.class, noZone))
                .isEqualTo(OffsetDateTime.of(2024, 6, 1, 9, 0, 0, 500_000_000, ZoneOffset.ofHours(-3)));
        assertThat(CellDecoder.decode(text, OFF, len(text), Oids.TIMESTAMPTZ, false, ZonedDateTime.class, noZone))
                .isEqualTo(ZonedDateTime.of(2024, 6, 1, 9, 0, 0, 500_000_000, ZoneOffset.ofHours(-3)));
        assertThat(CellDecoder.decodeObject(text, OFF, len(text), Oids.TIMESTAMPTZ, false, noZone))
                .isEqualTo(OffsetDateTime.of(2024, 6, 1, 9, 0, 0, 500_000_000, ZoneOffset.ofHours(-3)));
        assertThat(CellDecoder.decodeString(text, OFF, len(text), Oids.TIMESTAMPTZ, false, noZone))
                .isEqualTo("2024-06-01 09:00:00.5-03");

        long micros = java.time.temporal.ChronoUnit.MICROS.between(
                Instant.parse("2000-01-01T00:00:00Z"), Instant.parse("2024-06-01T12:00:00.5Z"));
        byte[] binary = Cells.int64(micros);
        assertThat(CellDecoder.decodeString(binary, OFF, 8, Oids.TIMESTAMPTZ, true, noZone))
                .isEqualTo("2024-06-01 12:00:00.5+00");
        assertThat(CellDecoder.decode(binary, OFF, 8, Oids.TIMESTAMPTZ, true, OffsetDateTime.class, noZone))
                .isEqualTo(OffsetDateTime.of(2024, 6, 1, 12, 0, 0, 500_000_000, ZoneOffset.UTC));
        assertThat(CellDecoder.decode(binary, OFF, 8, Oids.TIMESTAMPTZ, true, Instant.class, noZone))
                .isEqualTo(Instant.parse("2024-06-01T12:00:00.5Z"));
        assertThat(CellDecoder.decode(
                        Cells.int64(Long.MAX_VALUE), OFF, 8, Oids.TIMESTAMPTZ, true, LocalDateTime.class, noZone))
                .isEqualTo(LocalDateTime.MAX);
        for (Class<?> local : new Class<?>[] {LocalDateTime.class, LocalDate.class, ZonedDateTime.class}) {
            assertThatThrownBy(() -> CellDecoder.decode(binary, OFF, 8, Oids.TIMESTAMPTZ, true, local, noZone))
                    .isInstanceOf(PgConversionException.class)
                    .hasMessageContaining("TimeZone")
                    .hasMessageContaining(local.getSimpleName());
        }
        // Offsets beyond java.time's range (TimeZone 'UTC+25'): what java.time can express still reads.
        byte[] far = text("2023-12-31 11:00:00-25");
        assertThat(CellDecoder.decode(far, OFF, len(far), Oids.TIMESTAMPTZ, false, Instant.class, noZone))
                .isEqualTo(Instant.parse("2024-01-01T12:00:00Z"));
        assertThatThrownBy(() ->
                        CellDecoder.decode(far, OFF, len(far), Oids.TIMESTAMPTZ, false, OffsetDateTime.class, noZone))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("18:00");
    }

    @Test
    void uuids() {
        UUID u = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        assertThat(as(u.toString(), Oids.UUID, Object.class)).isEqualTo(u);
        assertThat(as(u.toString(), Oids.TEXT, UUID.class)).isEqualTo(u);
        assertThatThrownBy(() -> as("5", Oids.INT4, UUID.class)).hasMessageContaining("UUID");
    }

    @Test
    void longValuesAreAbbreviatedInMessages() {
        String longText = "x".repeat(500);
        assertThatThrownBy(() -> as(longText, Oids.TEXT, LocalDate.class))
                .hasMessageContaining("x".repeat(ConversionErrors.MAX_QUOTED) + "...(500 chars)")
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(250));
    }

    @Test
    void malformedBinaryCellsAreConversionErrors() {
        assertThatThrownBy(() -> CellDecoder.decodeObject(Cells.int32(1), OFF, 4, Oids.TIMESTAMP, true, KOLKATA))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("timestamp without time zone")
                .hasMessageContaining("expected 8 bytes");
        assertThatThrownBy(
                        () -> CellDecoder.decodeString(Cells.padded(new byte[] {2}), OFF, 1, Oids.JSONB, true, KOLKATA))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("jsonb");
        assertThatThrownBy(() -> CellDecoder.decodeString(
                        Cells.padded(new byte[] {7, 32, 0, 4, 1, 2, 3, 4}), OFF, 8, Oids.INET, true, KOLKATA))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("inet");
    }

    /** The primitive decoders allocate nothing: measured with the JVM's per-thread allocation counter. */
    @Test
    void primitiveDecodersDoNotAllocate() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] int4 = text("-2147483648");
        byte[] float8 = text("1.23456789e-05");
        byte[] numeric = text("12345.000");
        byte[] bool = text("t");
        byte[] binaryInt8 = Cells.int64(42);
        byte[] binaryNumeric = Cells.padded(NumericEncoding.encode(new BigDecimal("123456789012.0000")));
        long sink = 0;
        for (int round = 0; round < 2; round++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 200_000; i++) {
                sink += CellDecoder.decodeInt(int4, OFF, len(int4), Oids.INT4, false);
                sink += (long) CellDecoder.decodeDouble(float8, OFF, len(float8), Oids.FLOAT8, false);
                sink += CellDecoder.decodeLong(numeric, OFF, len(numeric), Oids.NUMERIC, false);
                sink += CellDecoder.decodeBoolean(bool, OFF, 1, Oids.BOOL, false) ? 1 : 0;
                sink += CellDecoder.decodeLong(binaryInt8, OFF, 8, Oids.INT8, true);
                sink += CellDecoder.decodeLong(binaryNumeric, OFF, len(binaryNumeric), Oids.NUMERIC, true);
            }
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            if (round == 1) {
                // 1.2 million decodes; a single allocation each would be over 19 MB.
                assertThat(allocated).as("bytes allocated").isLessThan(200_000);
            }
        }
        assertThat(sink).isNotZero();
    }
}
