package io.lazypg.client.internal.codec;

import static io.lazypg.client.internal.codec.Cells.OFF;
import static io.lazypg.client.internal.codec.Cells.len;
import static io.lazypg.client.internal.codec.Cells.padded;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConversionException;
import java.math.BigDecimal;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BinaryParsingTest {

    @Test
    void integersAreBigEndianAndOidIsUnsigned() {
        assertThat(BinaryParsing.integral(Cells.int16(Short.MIN_VALUE), OFF, 2, Oids.INT2))
                .isEqualTo(Short.MIN_VALUE);
        assertThat(BinaryParsing.integral(Cells.int16(Short.MAX_VALUE), OFF, 2, Oids.INT2))
                .isEqualTo(Short.MAX_VALUE);
        assertThat(BinaryParsing.integral(Cells.int32(Integer.MIN_VALUE), OFF, 4, Oids.INT4))
                .isEqualTo(Integer.MIN_VALUE);
        assertThat(BinaryParsing.integral(Cells.int32(-1), OFF, 4, Oids.OID)).isEqualTo(4294967295L);
        assertThat(BinaryParsing.integral(Cells.int64(Long.MIN_VALUE), OFF, 8, Oids.INT8))
                .isEqualTo(Long.MIN_VALUE);
        assertThat(BinaryParsing.integral(Cells.int64(0x0102030405060708L), OFF, 8, Oids.INT8))
                .isEqualTo(0x0102030405060708L);
    }

    @Test
    void wrongLengthsAreRejected() {
        assertThatThrownBy(() -> BinaryParsing.integral(Cells.int32(1), OFF, 4, Oids.INT8))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("expected 8 bytes, got 4");
        assertThatThrownBy(() -> BinaryParsing.dateEpochDay(Cells.int64(1), OFF, 8, Oids.DATE))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("date");
    }

    @Test
    void datesCountFrom2000AndKeepInfinity() {
        assertThat(BinaryParsing.dateEpochDay(Cells.int32(0), OFF, 4, Oids.DATE))
                .isEqualTo(java.time.LocalDate.of(2000, 1, 1).toEpochDay());
        assertThat(BinaryParsing.dateEpochDay(Cells.int32(Integer.MAX_VALUE), OFF, 4, Oids.DATE))
                .isEqualTo(TextParsing.POS_INFINITE);
        assertThat(BinaryParsing.dateEpochDay(Cells.int32(Integer.MIN_VALUE), OFF, 4, Oids.DATE))
                .isEqualTo(TextParsing.NEG_INFINITE);
    }

    @Test
    void randomNumericsRoundTripThroughTheSendFormat() {
        Random random = new Random(11);
        for (int i = 0; i < 5000; i++) {
            BigDecimal expected = NumericEncoding.random(random);
            byte[] cell = padded(NumericEncoding.encode(expected));
            BigDecimal decoded = BinaryParsing.numericToBigDecimal(cell, OFF, len(cell), Oids.NUMERIC);
            assertThat(decoded).as(expected.toPlainString()).isEqualTo(expected);
            assertThat(TextRendering.renderNumeric(cell, OFF, len(cell), Oids.NUMERIC))
                    .isEqualTo(expected.toPlainString());
        }
    }

    @Test
    void numericsToLong() {
        for (long v : new long[] {
            0, 1, -1, 9999, 10000, -10000, 123456789012L, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MIN_VALUE, 100000000
        }) {
            byte[] cell = padded(NumericEncoding.encode(BigDecimal.valueOf(v)));
            assertThat(BinaryParsing.numericToLong(cell, OFF, len(cell), Oids.NUMERIC, long.class))
                    .isEqualTo(v);
            byte[] scaled = padded(NumericEncoding.encode(BigDecimal.valueOf(v).setScale(3)));
            assertThat(BinaryParsing.numericToLong(scaled, OFF, len(scaled), Oids.NUMERIC, long.class))
                    .isEqualTo(v);
        }
        byte[] tooBig = padded(NumericEncoding.encode(new BigDecimal("9223372036854775808")));
        assertThatThrownBy(() -> BinaryParsing.numericToLong(tooBig, OFF, len(tooBig), Oids.NUMERIC, long.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("out of range");
        byte[] fraction = padded(NumericEncoding.encode(new BigDecimal("1.0001")));
        assertThatThrownBy(() -> BinaryParsing.numericToLong(fraction, OFF, len(fraction), Oids.NUMERIC, long.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("fractional");
        byte[] nan = padded(NumericEncoding.special(BinaryParsing.NUMERIC_NAN));
        assertThatThrownBy(() -> BinaryParsing.numericToLong(nan, OFF, len(nan), Oids.NUMERIC, long.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("NaN");
    }

    @Test
    void numericSpecialsRender() {
        assertThat(TextRendering.renderNumeric(NumericEncoding.special(BinaryParsing.NUMERIC_NAN), 0, 8, Oids.NUMERIC))
                .isEqualTo("NaN");
        assertThat(TextRendering.renderNumeric(NumericEncoding.special(BinaryParsing.NUMERIC_PINF), 0, 8, Oids.NUMERIC))
                .isEqualTo("Infinity");
        assertThat(TextRendering.renderNumeric(NumericEncoding.special(BinaryParsing.NUMERIC_NINF), 0, 8, Oids.NUMERIC))
                .isEqualTo("-Infinity");
    }

    @Test
    void inconsistentNumericHeadersAreRejected() {
        byte[] good = NumericEncoding.encode(new BigDecimal("12345.678"));
        byte[] truncated = java.util.Arrays.copyOf(good, good.length - 1);
        assertThatThrownBy(() -> BinaryParsing.numericSign(truncated, 0, truncated.length, Oids.NUMERIC))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("numeric");
        byte[] badSign = good.clone();
        badSign[4] = 0x12;
        assertThatThrownBy(() -> BinaryParsing.numericSign(badSign, 0, badSign.length, Oids.NUMERIC))
                .isInstanceOf(PgConversionException.class);
    }
}
