package io.lazypg.client.internal.codec;

import static io.lazypg.client.internal.codec.Cells.OFF;
import static io.lazypg.client.internal.codec.Cells.len;
import static io.lazypg.client.internal.codec.Cells.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextParsingTest {

    private static long parseLong(String s) {
        byte[] b = text(s);
        return TextParsing.parseLong(b, OFF, len(b), Oids.INT8);
    }

    private static double parseDouble(String s) {
        byte[] b = text(s);
        return TextParsing.parseDouble(b, OFF, len(b), Oids.FLOAT8);
    }

    private static float parseFloat(String s) {
        byte[] b = text(s);
        return TextParsing.parseFloat(b, OFF, len(b), Oids.FLOAT4);
    }

    private static long date(String s) {
        byte[] b = text(s);
        return TextParsing.parseDateEpochDay(b, OFF, len(b), Oids.DATE);
    }

    private static long time(String s) {
        byte[] b = text(s);
        return TextParsing.parseTimeMicros(b, OFF, len(b), Oids.TIME);
    }

    private static long timestamp(String s) {
        byte[] b = text(s);
        return TextParsing.parseTimestampMicros(b, OFF, len(b), Oids.TIMESTAMPTZ);
    }

    /** java.time's micros since 2000-01-01 of a UTC date-time: the oracle for the timestamp parser. */
    private static long micros2000(LocalDateTime utc) {
        return ChronoUnit.MICROS.between(LocalDateTime.of(2000, 1, 1, 0, 0), utc);
    }

    // ---------------------------------------------------------------- integers

    @Test
    void integerEdges() {
        for (long v : new long[] {
            Short.MIN_VALUE,
            Short.MAX_VALUE,
            Integer.MIN_VALUE,
            Integer.MAX_VALUE,
            Long.MIN_VALUE,
            Long.MAX_VALUE,
            0,
            -1,
            1,
            10,
            -10
        }) {
            assertThat(parseLong(Long.toString(v))).isEqualTo(v);
        }
        assertThat(parseLong("+42")).isEqualTo(42);
        assertThat(parseLong("-0")).isZero();
        assertThat(parseLong("007")).isEqualTo(7);
    }

    @Test
    void randomIntegersAgreeWithTheJdk() {
        Random random = new Random(1);
        for (int i = 0; i < 10_000; i++) {
            long v = random.nextLong() >> random.nextInt(64);
            assertThat(parseLong(Long.toString(v))).isEqualTo(v);
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "-",
                "+",
                "12a",
                "1.5",
                " 1",
                "1 ",
                "--1",
                "9223372036854775808",
                "-9223372036854775809",
                "99999999999999999999"
            })
    void malformedOrOverflowingIntegers(String s) {
        assertThatThrownBy(() -> parseLong(s))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("bigint");
    }

    @Test
    void integralNumerics() {
        byte[] b = text("12.000");
        assertThat(TextParsing.parseIntegralNumeric(b, OFF, len(b), Oids.NUMERIC, long.class))
                .isEqualTo(12);
        byte[] fraction = text("12.010");
        assertThatThrownBy(
                        () -> TextParsing.parseIntegralNumeric(fraction, OFF, len(fraction), Oids.NUMERIC, int.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("fractional")
                .hasMessageContaining("int");
        byte[] nan = text("NaN");
        assertThatThrownBy(() -> TextParsing.parseIntegralNumeric(nan, OFF, len(nan), Oids.NUMERIC, long.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("NaN");
    }

    // ---------------------------------------------------------------- floating point

    @Test
    void doubleSpecialsAndEdges() {
        assertThat(parseDouble("NaN")).isNaN();
        assertThat(parseDouble("Infinity")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(parseDouble("-Infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Double.doubleToRawLongBits(parseDouble("-0"))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(parseDouble("1e+20")).isEqualTo(1e20);
        assertThat(parseDouble("1.23456789e-05")).isEqualTo(1.23456789e-05);
        assertThat(parseDouble("5e-324")).isEqualTo(Double.MIN_VALUE);
        assertThat(parseDouble("1.7976931348623157e+308")).isEqualTo(Double.MAX_VALUE);
        assertThat(parseDouble("1e+309")).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(parseDouble("0.30000000000000004")).isEqualTo(0.1 + 0.2);
    }

    @Test
    void randomDoublesAgreeWithTheJdk() {
        Random random = new Random(2);
        for (int i = 0; i < 20_000; i++) {
            double d = i % 2 == 0
                    ? Double.longBitsToDouble(random.nextLong())
                    : Math.round(random.nextDouble() * 1e9) / Math.pow(10, random.nextInt(12));
            if (Double.isNaN(d)) {
                continue;
            }
            String s = i % 3 == 0
                    ? new BigDecimal(d)
                            .round(new java.math.MathContext(1 + random.nextInt(16)))
                            .toString()
                    : Double.toString(d);
            assertThat(parseDouble(s)).as(s).isEqualTo(Double.parseDouble(s));
        }
    }

    @Test
    void randomFloatsAgreeWithTheJdk() {
        Random random = new Random(3);
        for (int i = 0; i < 20_000; i++) {
            float f =
                    i % 2 == 0 ? Float.intBitsToFloat(random.nextInt()) : Math.round(random.nextFloat() * 1e6f) / 1000f;
            if (Float.isNaN(f)) {
                continue;
            }
            String s = i % 3 == 0
                    ? new BigDecimal(f)
                            .round(new java.math.MathContext(1 + random.nextInt(9)))
                            .toString()
                    : Float.toString(f);
            assertThat(parseFloat(s)).as(s).isEqualTo(Float.parseFloat(s));
        }
        assertThat(parseFloat("NaN")).isNaN();
        assertThat(parseFloat("-Infinity")).isEqualTo(Float.NEGATIVE_INFINITY);
        assertThat(Float.floatToRawIntBits(parseFloat("-0"))).isEqualTo(Float.floatToRawIntBits(-0f));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "", "-", ".", "1.5f", "1.5d", "0x1p3", " 1", "1 ", "1e", "1e+", "1..2", "Inf", "nan", "1,5", "--1"
            })
    void malformedFloats(String s) {
        assertThatThrownBy(() -> parseDouble(s)).isInstanceOf(PgConversionException.class);
        assertThatThrownBy(() -> parseFloat(s)).isInstanceOf(PgConversionException.class);
    }

    // ---------------------------------------------------------------- numeric

    @Test
    void numericsKeepTheirScale() {
        Random random = new Random(4);
        for (int i = 0; i < 5_000; i++) {
            BigDecimal expected = new BigDecimal(new BigInteger(1 + random.nextInt(120), random), random.nextInt(40));
            if (random.nextBoolean()) {
                expected = expected.negate();
            }
            String s = expected.toPlainString();
            byte[] b = text(s);
            BigDecimal parsed = TextParsing.parseBigDecimal(b, OFF, len(b), Oids.NUMERIC);
            assertThat(parsed).as(s).isEqualTo(expected); // equals compares the scale too
        }
        byte[] b = text("0.00");
        assertThat(TextParsing.parseBigDecimal(b, OFF, len(b), Oids.NUMERIC).scale())
                .isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "-", ".", "1.2.3", "1e5", "abc", "1 "})
    void malformedNumerics(String s) {
        byte[] b = text(s);
        assertThatThrownBy(() -> TextParsing.parseBigDecimal(b, OFF, len(b), Oids.NUMERIC))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("numeric");
    }

    // ---------------------------------------------------------------- bool, uuid, bytea

    @Test
    void booleans() {
        byte[] t = text("t");
        byte[] f = text("f");
        assertThat(TextParsing.parseBoolean(t, OFF, 1, Oids.BOOL)).isTrue();
        assertThat(TextParsing.parseBoolean(f, OFF, 1, Oids.BOOL)).isFalse();
        byte[] x = text("x");
        assertThatThrownBy(() -> TextParsing.parseBoolean(x, OFF, 1, Oids.BOOL))
                .isInstanceOf(PgConversionException.class);
    }

    @Test
    void uuids() {
        Random random = new Random(5);
        for (int i = 0; i < 1000; i++) {
            UUID u = new UUID(random.nextLong(), random.nextLong());
            String s = i % 2 == 0 ? u.toString() : u.toString().toUpperCase(java.util.Locale.ROOT);
            byte[] b = text(s);
            assertThat(TextParsing.parseUuid(b, OFF, len(b), Oids.UUID)).isEqualTo(u);
        }
        byte[] bad = text("123e4567-e89b-12d3-a456-42661417400g");
        assertThatThrownBy(() -> TextParsing.parseUuid(bad, OFF, len(bad), Oids.UUID))
                .isInstanceOf(PgConversionException.class);
    }

    @Test
    void byteaHexAndEscapeFormats() {
        byte[] hex = text("\\x00ff7f80");
        assertThat(TextParsing.parseBytea(hex, OFF, len(hex), Oids.BYTEA)).containsExactly(0, -1, 127, -128);
        byte[] empty = text("\\x");
        assertThat(TextParsing.parseBytea(empty, OFF, len(empty), Oids.BYTEA)).isEmpty();
        byte[] escape = text("a\\\\b\\000\\377");
        assertThat(TextParsing.parseBytea(escape, OFF, len(escape), Oids.BYTEA)).containsExactly('a', '\\', 'b', 0, -1);
        byte[] odd = text("\\x0");
        assertThatThrownBy(() -> TextParsing.parseBytea(odd, OFF, len(odd), Oids.BYTEA))
                .isInstanceOf(PgConversionException.class);
        byte[] badHex = text("\\x0g");
        assertThatThrownBy(() -> TextParsing.parseBytea(badHex, OFF, len(badHex), Oids.BYTEA))
                .isInstanceOf(PgConversionException.class);
    }

    // ---------------------------------------------------------------- dates and times

    @Test
    void everyFewDaysOverTwentyThousandYearsAgreesWithJavaTime() {
        for (LocalDate d = LocalDate.of(-9999, 1, 1); d.getYear() < 12000; d = d.plusDays(293)) {
            int year = d.getYear();
            boolean bc = year <= 0;
            String s = String.format(
                    "%04d-%02d-%02d%s", bc ? 1 - year : year, d.getMonthValue(), d.getDayOfMonth(), bc ? " BC" : "");
            assertThat(date(s)).as(s).isEqualTo(d.toEpochDay());
        }
    }

    @Test
    void dateEdges() {
        assertThat(date("2024-02-29")).isEqualTo(LocalDate.of(2024, 2, 29).toEpochDay());
        assertThat(date("2000-02-29")).isEqualTo(LocalDate.of(2000, 2, 29).toEpochDay());
        assertThat(date("0044-03-15 BC")).isEqualTo(LocalDate.of(-43, 3, 15).toEpochDay());
        assertThat(date("0001-12-31 BC")).isEqualTo(LocalDate.of(0, 12, 31).toEpochDay());
        assertThat(date("5874897-12-31"))
                .isEqualTo(LocalDate.of(5874897, 12, 31).toEpochDay());
        assertThat(date("infinity")).isEqualTo(TextParsing.POS_INFINITE);
        assertThat(date("-infinity")).isEqualTo(TextParsing.NEG_INFINITE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "2023-02-29",
                "1900-02-29",
                "2024-13-01",
                "2024-00-10",
                "2024-04-31",
                "2024-1-01",
                "24-01-01",
                "2024/01/01",
                "2024-01-01x",
                "2024-01-0a",
                "0000-01-01 BC",
                "Infinity"
            })
    void malformedDates(String s) {
        assertThatThrownBy(() -> date(s))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("date");
    }

    @Test
    void times() {
        assertThat(time("00:00:00")).isZero();
        assertThat(time("24:00:00")).isEqualTo(PgEpoch.MICROS_PER_DAY);
        assertThat(time("23:59:59.999999"))
                .isEqualTo(LocalTime.of(23, 59, 59, 999_999_000).toNanoOfDay() / 1000);
        assertThat(time("12:34:56.5"))
                .isEqualTo(LocalTime.of(12, 34, 56, 500_000_000).toNanoOfDay() / 1000);
        assertThat(time("00:00:00.000001")).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "24:00:01",
                "25:00:00",
                "12:60:00",
                "12:00:60",
                "12:00:00.",
                "12:00:00.1234567",
                "12:00",
                "1:00:00",
                "12-00-00",
                "12:00:00x"
            })
    void malformedTimes(String s) {
        assertThatThrownBy(() -> time(s)).isInstanceOf(PgConversionException.class);
    }

    @Test
    void timestampsWithOffsetsAgreeWithJavaTime() {
        assertThat(timestamp("2000-01-01 00:00:00+00")).isZero();
        assertThat(timestamp("2000-01-01 05:30:00+05:30")).isZero();
        assertThat(timestamp("1999-12-31 20:30:00-03:30")).isZero();
        assertThat(timestamp("1900-01-01 00:19:32+00:19:32")).isEqualTo(micros2000(LocalDateTime.of(1900, 1, 1, 0, 0)));
        assertThat(timestamp("2000-01-01 00:00:00.000001")).isEqualTo(1);
        assertThat(timestamp("1999-12-31 23:59:59.999999")).isEqualTo(-1);
        assertThat(timestamp("0044-03-15 12:00:00+01 BC")).isEqualTo(micros2000(LocalDateTime.of(-43, 3, 15, 11, 0)));
        assertThat(timestamp("294276-12-31 23:59:59.999999+00"))
                .isEqualTo(micros2000(LocalDateTime.of(294276, 12, 31, 23, 59, 59, 999_999_000)));
        assertThat(timestamp("infinity")).isEqualTo(TextParsing.POS_INFINITE);
        assertThat(timestamp("-infinity")).isEqualTo(TextParsing.NEG_INFINITE);
        byte[] b = text("2024-06-01 12:00:00-03:30");
        assertThat(TextParsing.parseTimestampOffsetSeconds(b, OFF, len(b), Oids.TIMESTAMPTZ))
                .isEqualTo(-12600);
        byte[] bc = text("0044-03-15 12:00:00+05:53:28 BC");
        assertThat(TextParsing.parseTimestampOffsetSeconds(bc, OFF, len(bc), Oids.TIMESTAMPTZ))
                .isEqualTo(5 * 3600 + 53 * 60 + 28);

        Random random = new Random(6);
        for (int i = 0; i < 5000; i++) {
            LocalDateTime utc = LocalDateTime.of(1, 1, 1, 0, 0)
                    .plusSeconds((long) (random.nextDouble() * 9998L * 365 * 86400))
                    .plusNanos(random.nextInt(1_000_000) * 1000L);
            int offset = (random.nextInt(2 * 15 * 3600) - 15 * 3600) / (i % 3 == 0 ? 1 : 900) * (i % 3 == 0 ? 1 : 900);
            ZoneOffset zone = ZoneOffset.ofTotalSeconds(offset);
            String s = utc.atOffset(ZoneOffset.UTC)
                    .withOffsetSameInstant(zone)
                    .toLocalDateTime()
                    .toString()
                    .replace('T', ' ');
            if (s.length() == 16) {
                s += ":00";
            }
            String z = zone.getId().equals("Z") ? "+00" : zone.getId();
            assertThat(timestamp(s + z)).as(s + z).isEqualTo(micros2000(utc));
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "2024-01-01 12:00:00+5",
                "2024-01-01 12:00:00+05:3",
                "2024-01-01T12:00:00",
                "2024-01-01 12:00:00 AD",
                "2024-01-01 12:00",
                "2024-01-01 12:00:00+05:30:00:00"
            })
    void malformedTimestamps(String s) {
        assertThatThrownBy(() -> timestamp(s)).isInstanceOf(PgConversionException.class);
    }
}
