package io.lazypg.client.internal.codec.encode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class ParameterEncoderTest {

    enum Mood {
        HAPPY,
        SAD {}
    }

    /** Writes {@code value} at a non-zero buffer position, checks the length prefix, returns the text. */
    static String text(Object value) {
        return new String(bytes(value), StandardCharsets.UTF_8);
    }

    static byte[] bytes(Object value) {
        WriteBuffer out = new WriteBuffer(1); // tiny: every write path has to grow it
        out.writeByte('B');
        ParameterEncoder.write(out, value, 1);
        byte[] a = out.array();
        int length = ((a[1] & 0xFF) << 24) | ((a[2] & 0xFF) << 16) | ((a[3] & 0xFF) << 8) | (a[4] & 0xFF);
        assertThat(out.position()).as("length prefix matches the bytes written").isEqualTo(5 + length);
        return Arrays.copyOfRange(a, 5, 5 + length);
    }

    static PgUsageException rejected(Object value, int parameterIndex) {
        WriteBuffer out = new WriteBuffer(16);
        try {
            ParameterEncoder.write(out, value, parameterIndex);
        } catch (PgUsageException e) {
            return e;
        }
        throw new AssertionError("expected a PgUsageException for " + value);
    }

    @Nested
    class Framing {

        @Test
        void nullIsMinusOneWithNoBytes() {
            WriteBuffer out = new WriteBuffer(8);
            ParameterEncoder.write(out, null, 1);
            assertThat(Arrays.copyOf(out.array(), out.position())).containsExactly(0xFF, 0xFF, 0xFF, 0xFF);
            assertThat(ParameterEncoder.formatCode(null)).isZero();
        }

        @Test
        void aTypedNullIsMinusOneDeclaredWithItsType() {
            WriteBuffer out = new WriteBuffer(8);
            ParameterEncoder.write(out, io.lazypg.client.PgNull.ofOid(2950), 1);
            assertThat(Arrays.copyOf(out.array(), out.position())).containsExactly(0xFF, 0xFF, 0xFF, 0xFF);
            assertThat(ParameterEncoder.typeOid(io.lazypg.client.PgNull.of(io.lazypg.client.PgType.UUID)))
                    .isEqualTo(2950);
            assertThat(ParameterEncoder.typeOid(null)).isZero();
        }

        @Test
        void byteArrayIsRawBinary() {
            byte[] value = {0, 1, (byte) 0xFF, 0};
            WriteBuffer out = new WriteBuffer(2);
            ParameterEncoder.write(out, value, 1);
            assertThat(Arrays.copyOf(out.array(), out.position())).containsExactly(0, 0, 0, 4, 0, 1, 0xFF, 0);
            assertThat(ParameterEncoder.formatCode(value)).isEqualTo(ParameterEncoder.BINARY);
            assertThat(ParameterEncoder.formatCode("x")).isEqualTo(ParameterEncoder.TEXT);
            assertThat(ParameterEncoder.formatCode(new byte[][] {value})).isEqualTo(ParameterEncoder.TEXT);
        }

        @Test
        void emptyStringHasLengthZeroNotNull() {
            assertThat(bytes("")).isEmpty();
        }

        @Test
        void consecutiveParametersEachGetTheirOwnLength() {
            WriteBuffer out = new WriteBuffer(4);
            ParameterEncoder.write(out, 12345, 1);
            ParameterEncoder.write(out, "héllo", 2);
            byte[] expected = {
                0, 0, 0, 5, '1', '2', '3', '4', '5', 0, 0, 0, 6, 'h', (byte) 0xC3, (byte) 0xA9, 'l', 'l', 'o'
            };
            assertThat(Arrays.copyOf(out.array(), out.position())).isEqualTo(expected);
        }
    }

    @Nested
    class Scalars {

        @Test
        void integers() {
            assertThat(text(0)).isEqualTo("0");
            assertThat(text(-7)).isEqualTo("-7");
            assertThat(text(Integer.MAX_VALUE)).isEqualTo("2147483647");
            assertThat(text(Integer.MIN_VALUE)).isEqualTo("-2147483648");
            assertThat(text(Long.MAX_VALUE)).isEqualTo("9223372036854775807");
            assertThat(text(Long.MIN_VALUE)).isEqualTo("-9223372036854775808");
            assertThat(text(1_000_000_000_000L)).isEqualTo("1000000000000");
            assertThat(text(Short.MIN_VALUE)).isEqualTo("-32768");
            assertThat(text((short) 10)).isEqualTo("10");
        }

        @Test
        void numbers() {
            assertThat(text(new BigDecimal("1E+3"))).isEqualTo("1E+3");
            assertThat(text(new BigDecimal("-0.000100"))).isEqualTo("-0.000100");
            assertThat(text(new BigInteger("-123456789012345678901234567890")))
                    .isEqualTo("-123456789012345678901234567890");
            assertThat(text(Double.NaN)).isEqualTo("NaN");
            assertThat(text(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
            assertThat(text(Double.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
            assertThat(text(-0.0d)).isEqualTo("-0.0");
            assertThat(Double.parseDouble(text(Double.MIN_VALUE))).isEqualTo(Double.MIN_VALUE);
            assertThat(Float.parseFloat(text(0.1f))).isEqualTo(0.1f);
            assertThat(text(Float.NEGATIVE_INFINITY)).isEqualTo("-Infinity");
        }

        @Test
        void booleansUuidsEnumsCharacters() {
            assertThat(text(true)).isEqualTo("t");
            assertThat(text(false)).isEqualTo("f");
            UUID uuid = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
            assertThat(text(uuid)).isEqualTo("123e4567-e89b-12d3-a456-426614174000");
            assertThat(text(Mood.HAPPY)).isEqualTo("HAPPY");
            assertThat(text(Mood.SAD)).isEqualTo("SAD");
            assertThat(text('é')).isEqualTo("é");
        }

        @Test
        void stringsAreUtf8IncludingFourByteCharacters() {
            assertThat(bytes("a😀")).containsExactly('a', 0xF0, 0x9F, 0x98, 0x80);
            assertThat(text("it's \"fine\" \\ {x}")).isEqualTo("it's \"fine\" \\ {x}");
        }
    }

    @Nested
    class DatesAndTimes {

        @Test
        void dates() {
            assertThat(text(LocalDate.of(2024, 1, 2))).isEqualTo("2024-01-02");
            assertThat(text(LocalDate.of(5, 12, 31))).isEqualTo("0005-12-31");
            assertThat(text(LocalDate.of(10000, 1, 1))).isEqualTo("10000-01-01");
            assertThat(text(LocalDate.of(0, 1, 1)))
                    .as("proleptic year 0 is 1 BC")
                    .isEqualTo("0001-01-01 BC");
            assertThat(text(LocalDate.of(-43, 3, 15))).isEqualTo("0044-03-15 BC");
            assertThat(text(LocalDate.of(-4712, 11, 24))).isEqualTo("4713-11-24 BC");
            assertThat(text(LocalDate.MAX)).isEqualTo("infinity");
            assertThat(text(LocalDate.MIN)).isEqualTo("-infinity");
        }

        @Test
        void timesRoundHalfUpToMicroseconds() {
            assertThat(text(LocalTime.MIDNIGHT)).isEqualTo("00:00:00");
            assertThat(text(LocalTime.of(3, 4, 5, 123_456_789))).isEqualTo("03:04:05.123457");
            assertThat(text(LocalTime.of(3, 4, 5, 123_456_499))).isEqualTo("03:04:05.123456");
            assertThat(text(LocalTime.of(12, 0, 0, 1_000))).isEqualTo("12:00:00.000001");
            assertThat(text(LocalTime.of(12, 0, 0, 500))).isEqualTo("12:00:00.000001");
            assertThat(text(LocalTime.of(12, 0, 0, 499))).isEqualTo("12:00:00");
            assertThat(text(LocalTime.of(23, 59, 59, 999_999_499))).isEqualTo("23:59:59.999999");
            assertThat(text(LocalTime.MAX))
                    .as("how time '24:00:00' reads, written back as itself")
                    .isEqualTo("24:00:00");
        }

        @Test
        void timesWithOffsets() {
            assertThat(text(OffsetTime.of(3, 4, 5, 123_456_789, ZoneOffset.ofHoursMinutes(5, 30))))
                    .isEqualTo("03:04:05.123457+05:30");
            assertThat(text(OffsetTime.of(LocalTime.MAX, ZoneOffset.ofHours(-3))))
                    .isEqualTo("24:00:00-03");
            assertThat(ParameterEncoder.typeOid(OffsetTime.of(LocalTime.NOON, ZoneOffset.UTC)))
                    .isEqualTo(Oids.TIMETZ);
        }

        @Test
        void timestampsRoundHalfUpToMicrosecondsIntoTheNextDay() {
            assertThat(text(LocalDateTime.of(2024, 12, 31, 23, 59, 59, 999_999_700)))
                    .isEqualTo("2025-01-01 00:00:00");
            assertThat(text(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_500)))
                    .isEqualTo("2024-01-02 03:04:05.123457");
        }

        @Test
        void timestamps() {
            assertThat(text(LocalDateTime.of(2024, 1, 2, 3, 4, 5, 120_000_000)))
                    .isEqualTo("2024-01-02 03:04:05.120000");
            assertThat(text(LocalDateTime.of(-43, 3, 15, 12, 0))).isEqualTo("0044-03-15 12:00:00 BC");
            assertThat(text(LocalDateTime.MAX)).isEqualTo("infinity");
            assertThat(text(LocalDateTime.MIN)).isEqualTo("-infinity");
        }

        @Test
        void timestampsWithOffsets() {
            LocalDateTime t = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000);
            assertThat(text(OffsetDateTime.of(t, ZoneOffset.ofHoursMinutes(5, 30))))
                    .isEqualTo("2024-01-02 03:04:05.123456+05:30");
            assertThat(text(OffsetDateTime.of(t, ZoneOffset.ofHours(-3)))).isEqualTo("2024-01-02 03:04:05.123456-03");
            assertThat(text(OffsetDateTime.of(t, ZoneOffset.ofHoursMinutesSeconds(-9, -30, -15))))
                    .isEqualTo("2024-01-02 03:04:05.123456-09:30:15");
            assertThat(text(OffsetDateTime.of(LocalDateTime.of(-43, 3, 15, 12, 0), ZoneOffset.UTC)))
                    .isEqualTo("0044-03-15 12:00:00+00 BC");
            assertThat(text(Instant.parse("2024-01-02T03:04:05.123456789Z")))
                    .isEqualTo("2024-01-02 03:04:05.123457+00");
            assertThat(text(ZonedDateTime.of(t, ZoneId.of("Asia/Kolkata"))))
                    .isEqualTo("2024-01-02 03:04:05.123456+05:30");
            assertThat(text(OffsetDateTime.of(t, ZoneOffset.MAX)))
                    .as("past timestamptz_in's +-15:59:59: as UTC")
                    .isEqualTo("2024-01-01 09:04:05.123456+00");
            assertThat(text(OffsetDateTime.of(t, ZoneOffset.ofHoursMinutes(-15, -59))))
                    .endsWith("-15:59");
            assertThat(text(OffsetDateTime.MAX)).isEqualTo("infinity");
            assertThat(text(OffsetDateTime.MIN)).isEqualTo("-infinity");
            assertThat(text(Instant.MAX)).isEqualTo("infinity");
            assertThat(text(Instant.MIN)).isEqualTo("-infinity");
        }

        @Test
        void instantBeyondLocalDateTimeIsRejectedNamingTheParameter() {
            PgUsageException e = rejected(Instant.MAX.minusSeconds(86_400), 4);
            assertThat(e).hasMessageContaining("Parameter $4").hasMessageContaining("range");
        }
    }

    @Nested
    class Arrays_ {

        @Test
        void flatArraysWithNulls() {
            assertThat(text(new Integer[] {1, null, -3})).isEqualTo("{1,NULL,-3}");
            assertThat(text(List.of(1L, 2L))).isEqualTo("{1,2}");
            assertThat(text(new int[] {Integer.MIN_VALUE, 0})).isEqualTo("{-2147483648,0}");
            assertThat(text(new long[] {Long.MAX_VALUE})).isEqualTo("{9223372036854775807}");
            assertThat(text(new short[] {1, -2})).isEqualTo("{1,-2}");
            assertThat(text(new double[] {1.5, Double.NaN, Double.NEGATIVE_INFINITY}))
                    .isEqualTo("{1.5,NaN,-Infinity}");
            assertThat(text(new float[] {2.5f})).isEqualTo("{2.5}");
            assertThat(text(new boolean[] {true, false})).isEqualTo("{t,f}");
            assertThat(text(new Object[0])).isEqualTo("{}");
            assertThat(text(List.of())).isEqualTo("{}");
        }

        @Test
        void stringElementsAreQuotedOnlyWhenArrayInNeedsIt() {
            String[] values = {
                "plain",
                "",
                null,
                "NULL",
                "null",
                "a b",
                "a,b",
                "{x}",
                "say \"hi\"",
                "back\\slash",
                "tab\there",
                "new\nline",
                "é😀"
            };
            assertThat(text(values))
                    .isEqualTo(
                            "{plain,\"\",NULL,\"NULL\",\"null\",\"a b\",\"a,b\",\"{x}\",\"say \\\"hi\\\"\",\"back\\\\slash\","
                                    + "\"tab\there\",\"new\nline\",é😀}");
        }

        @Test
        void enumsCharactersBytesUuidsAndTemporals() {
            assertThat(text(List.of(Mood.HAPPY, Mood.SAD))).isEqualTo("{HAPPY,SAD}");
            assertThat(text(new Character[] {'a', ' ', '"'})).isEqualTo("{a,\" \",\"\\\"\"}");
            assertThat(text(new byte[][] {{0x0A, (byte) 0xFF}, {}, null})).isEqualTo("{\"\\\\x0aff\",\"\\\\x\",NULL}");
            assertThat(text(new UUID[] {new UUID(0, 1)})).isEqualTo("{00000000-0000-0000-0000-000000000001}");
            assertThat(text(new LocalDate[] {LocalDate.of(-43, 3, 15), LocalDate.MAX}))
                    .isEqualTo("{\"0044-03-15 BC\",\"infinity\"}");
            assertThat(text(List.of(Instant.EPOCH, OffsetDateTime.of(2024, 1, 2, 3, 4, 5, 0, ZoneOffset.ofHours(2)))))
                    .isEqualTo("{\"1970-01-01 00:00:00+00\",\"2024-01-02 03:04:05+02\"}");
        }

        @Test
        void nestedArraysAreMultidimensional() {
            assertThat(text(new Integer[][] {{1, 2}, {3, null}})).isEqualTo("{{1,2},{3,NULL}}");
            assertThat(text(new int[][] {{1, 2}, {3, 4}})).isEqualTo("{{1,2},{3,4}}");
            assertThat(text(List.of(List.of("a", "b c"), List.of("d", "e")))).isEqualTo("{{a,\"b c\"},{d,e}}");
            assertThat(text(new Object[] {new Object[] {new int[] {1}, new int[] {2}}}))
                    .isEqualTo("{{{1},{2}}}");
        }

        @Test
        void raggedOrNullSubArraysAreRejected() {
            assertThat(rejected(new Integer[][] {{1, 2}, {3}}, 2))
                    .hasMessageContaining("$2")
                    .hasMessageContaining("rectangular");
            assertThat(rejected(new Object[] {new int[] {1}, 2}, 2)).hasMessageContaining("rectangular");
            assertThat(rejected(new Object[] {1, new int[] {2}}, 2)).hasMessageContaining("rectangular");
            assertThat(rejected(new Integer[][] {{1}, null}, 2)).hasMessageContaining("null sub-array");
        }

        @Test
        void mixedElementTypesAreRejected() {
            assertThat(rejected(new Object[] {1, 2L}, 5))
                    .hasMessageContaining("Parameter $5")
                    .hasMessageContaining("java.lang.Integer")
                    .hasMessageContaining("java.lang.Long");
            assertThat(rejected(new Object[] {new int[] {1}, new long[] {2}}, 5))
                    .hasMessageContaining("int[]");
            assertThat(text(new Object[] {BigDecimal.ONE, BigInteger.TWO}))
                    .as("both numeric")
                    .isEqualTo("{1,2}");
            assertThat(text(new Object[] {"a", 'b', Mood.SAD}))
                    .as("all inferred by the server")
                    .isEqualTo("{a,b,SAD}");
        }

        @Test
        void badElementsAreNamedAsElements() {
            assertThat(rejected(new String[] {"ok", "x\u0000y"}, 3))
                    .hasMessageContaining("An element of parameter $3")
                    .hasMessageContaining("NUL")
                    .hasMessageContaining("index 1");
            assertThat(rejected(List.of(new Date(0)), 3))
                    .hasMessageContaining("An element of parameter $3")
                    .hasMessageContaining("java.util.Date");
            assertThat(rejected(new Character[] {'\uD800'}, 3)).hasMessageContaining("surrogate");
        }
    }

    @Nested
    class Rejections {

        @Test
        void nulNamesParameterAndIndexAndSuggestsBytea() {
            PgUsageException e = rejected("ab\u0000c", 3);
            assertThat(e.getMessage())
                    .contains("Parameter $3", "index 2", "NUL", "PostgreSQL text cannot store NUL", "byte[]")
                    .doesNotContain("ab");
            assertThat(rejected('\u0000', 1)).hasMessageContaining("NUL");
        }

        @Test
        void unpairedSurrogatesAreRejected() {
            assertThat(rejected("ab\uD83D", 2))
                    .hasMessageContaining("Parameter $2")
                    .hasMessageContaining("U+D83D")
                    .hasMessageContaining("index 2");
            assertThat(rejected("\uDE00x", 2)).hasMessageContaining("U+DE00").hasMessageContaining("index 0");
            assertThat(rejected("\uD83D\uD83D\uDE00", 2)).hasMessageContaining("index 0");
            assertThat(rejected('\uDE00', 2)).hasMessageContaining("surrogate");
        }

        @Test
        void unsupportedTypeNamesTheTypeAndWhatIsSupported() {
            PgUsageException e = rejected(new Date(0), 2);
            assertThat(e.getMessage())
                    .contains(
                            "Parameter $2",
                            "java.util.Date",
                            "Integer",
                            "LocalDateTime",
                            "OffsetDateTime",
                            "byte[]",
                            "toInstant()");
            assertThat(rejected(new Object(), 1)).hasMessageContaining("java.lang.Object");
            assertThat(rejected((byte) 1, 1)).hasMessageContaining("Short.valueOf");
            assertThat(rejected(new char[] {'a'}, 1)).hasMessageContaining("char[]");
        }

        @Test
        void countMismatchQuotesAbbreviatedSql() {
            String sql = "select *\n  from t where a = $1 and b = $2 " + "x".repeat(300);
            assertThatThrownBy(() -> ParameterEncoder.checkCount(2, 3, sql))
                    .isInstanceOf(PgUsageException.class)
                    .hasMessageStartingWith("The statement has 2 parameters ($1..$2) but 3 values were given")
                    .hasMessageContaining("select * from t where a = $1")
                    .hasMessageEndingWith("...")
                    .satisfies(t -> assertThat(t.getMessage()).hasSizeLessThan(260));
            assertThatThrownBy(() -> ParameterEncoder.checkCount(1, 0, "select $1"))
                    .hasMessageStartingWith("The statement has 1 parameter ($1) but 0 values were given")
                    .hasMessageEndingWith("select $1");
            assertThatThrownBy(() -> ParameterEncoder.checkCount(0, 1, "select 1"))
                    .hasMessageStartingWith("The statement has no parameters but 1 value was given");
            ParameterEncoder.checkCount(3, 3, "select $1, $2, $3"); // no exception
            assertThat(ParameterEncoder.excerpt("select 1" + " ".repeat(1_000) + "from t"))
                    .isEqualTo("select 1...");
            assertThat(ParameterEncoder.excerpt("x".repeat(119) + "😀" + "y")).isEqualTo("x".repeat(119) + "...");
            assertThat(ParameterEncoder.excerpt(null)).isEqualTo("(none)");
        }
    }

    @Nested
    class TypeOids {

        @Test
        void scalars() {
            assertThat(ParameterEncoder.typeOid(null)).isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid("s")).isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid('c')).isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid(Mood.HAPPY)).isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid(Mood.SAD))
                    .as("constant with a body")
                    .isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid((short) 1)).isEqualTo(Oids.INT2);
            assertThat(ParameterEncoder.typeOid(1)).isEqualTo(Oids.INT4);
            assertThat(ParameterEncoder.typeOid(1L)).isEqualTo(Oids.INT8);
            assertThat(ParameterEncoder.typeOid(BigDecimal.ONE)).isEqualTo(Oids.NUMERIC);
            assertThat(ParameterEncoder.typeOid(BigInteger.ONE)).isEqualTo(Oids.NUMERIC);
            assertThat(ParameterEncoder.typeOid(1f)).isEqualTo(Oids.FLOAT4);
            assertThat(ParameterEncoder.typeOid(1d)).isEqualTo(Oids.FLOAT8);
            assertThat(ParameterEncoder.typeOid(true)).isEqualTo(Oids.BOOL);
            assertThat(ParameterEncoder.typeOid(new byte[0])).isEqualTo(Oids.BYTEA);
            assertThat(ParameterEncoder.typeOid(UUID.randomUUID())).isEqualTo(Oids.UUID);
            assertThat(ParameterEncoder.typeOid(LocalDate.now())).isEqualTo(Oids.DATE);
            assertThat(ParameterEncoder.typeOid(LocalTime.now())).isEqualTo(Oids.TIME);
            assertThat(ParameterEncoder.typeOid(LocalDateTime.now())).isEqualTo(Oids.TIMESTAMP);
            assertThat(ParameterEncoder.typeOid(OffsetDateTime.now())).isEqualTo(Oids.TIMESTAMPTZ);
            assertThat(ParameterEncoder.typeOid(Instant.now())).isEqualTo(Oids.TIMESTAMPTZ);
            assertThat(ParameterEncoder.typeOid(ZonedDateTime.now())).isEqualTo(Oids.TIMESTAMPTZ);
            assertThat(ParameterEncoder.typeOid(new Date()))
                    .as("write() rejects it")
                    .isEqualTo(Oids.UNSPECIFIED);
        }

        @Test
        void arrays() {
            assertThat(ParameterEncoder.typeOid(new int[0])).isEqualTo(Oids.INT4_ARRAY);
            assertThat(ParameterEncoder.typeOid(new long[0])).isEqualTo(Oids.INT8_ARRAY);
            assertThat(ParameterEncoder.typeOid(new short[0])).isEqualTo(Oids.INT2_ARRAY);
            assertThat(ParameterEncoder.typeOid(new double[0])).isEqualTo(Oids.FLOAT8_ARRAY);
            assertThat(ParameterEncoder.typeOid(new float[0])).isEqualTo(Oids.FLOAT4_ARRAY);
            assertThat(ParameterEncoder.typeOid(new boolean[0])).isEqualTo(Oids.BOOL_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Integer[] {null}))
                    .as("from the component type")
                    .isEqualTo(Oids.INT4_ARRAY);
            assertThat(ParameterEncoder.typeOid(new int[][] {})).isEqualTo(Oids.INT4_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Object[] {null, 1L})).isEqualTo(Oids.INT8_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Object[] {null})).isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid(new String[] {"a"})).isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid(List.of())).isEqualTo(Oids.UNSPECIFIED);
            assertThat(ParameterEncoder.typeOid(Arrays.asList(null, BigDecimal.ONE)))
                    .isEqualTo(Oids.NUMERIC_ARRAY);
            assertThat(ParameterEncoder.typeOid(List.of(List.of(), List.of(Instant.EPOCH))))
                    .isEqualTo(Oids.TIMESTAMPTZ_ARRAY);
            assertThat(ParameterEncoder.typeOid(Set.of(UUID.randomUUID()))).isEqualTo(Oids.UUID_ARRAY);
            assertThat(ParameterEncoder.typeOid(new byte[][] {{1}})).isEqualTo(Oids.BYTEA_ARRAY);
            assertThat(ParameterEncoder.typeOid(new LocalDate[0])).isEqualTo(Oids.DATE_ARRAY);
            assertThat(ParameterEncoder.typeOid(List.of(LocalTime.NOON))).isEqualTo(Oids.TIME_ARRAY);
            assertThat(ParameterEncoder.typeOid(List.of(LocalDateTime.MIN))).isEqualTo(Oids.TIMESTAMP_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Boolean[0])).isEqualTo(Oids.BOOL_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Float[0])).isEqualTo(Oids.FLOAT4_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Double[0])).isEqualTo(Oids.FLOAT8_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Short[0])).isEqualTo(Oids.INT2_ARRAY);
            assertThat(ParameterEncoder.typeOid(new Mood[0])).isEqualTo(Oids.UNSPECIFIED);
        }
    }
}
