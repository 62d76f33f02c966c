package io.lazypg.client.internal.codec;

import static io.lazypg.client.internal.codec.Cells.OFF;
import static io.lazypg.client.internal.codec.Cells.len;
import static io.lazypg.client.internal.codec.Cells.text;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConversionException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ArrayDecodingTest {

    private static Object natural(String s, int oid) {
        byte[] b = text(s);
        return CellDecoder.decodeObject(b, OFF, len(b), oid, false, ZoneOffset.UTC);
    }

    private static <T> T as(String s, int oid, Class<T> type) {
        byte[] b = text(s);
        return CellDecoder.decode(b, OFF, len(b), oid, false, type, ZoneOffset.UTC);
    }

    @Test
    void oneAndMoreDimensions() {
        assertThat(natural("{1,2,3}", Oids.INT4_ARRAY)).isEqualTo(new Integer[] {1, 2, 3});
        assertThat(natural("{}", Oids.INT4_ARRAY)).isEqualTo(new Integer[0]);
        assertThat(natural("{{1,2},{3,NULL}}", Oids.INT4_ARRAY)).isEqualTo(new Integer[][] {{1, 2}, {3, null}});
        assertThat(natural("{{{1},{2}},{{3},{4}}}", Oids.INT8_ARRAY)).isEqualTo(new Long[][][] {
            {{1L}, {2L}}, {{3L}, {4L}}
        });
        assertThat(natural("[2:3]={1,2}", Oids.INT2_ARRAY)).isEqualTo(new Short[] {1, 2});
        assertThat(natural("[0:1][-1:0]={{1,2},{3,4}}", Oids.INT4_ARRAY)).isEqualTo(new Integer[][] {{1, 2}, {3, 4}});
        assertThat(as("{}", Oids.INT4_ARRAY, Integer[][].class)).isEqualTo(new Integer[0][]);
    }

    @Test
    void quotingEscapesAndNulls() {
        assertThat(natural(
                        "{\"a b\",\"NULL\",NULL,null,\"\",\"quote\\\"s\",\"back\\\\slash\",\"{}\",日本,😀,\"a,b\"}",
                        Oids.TEXT_ARRAY))
                .isEqualTo(
                        new String[] {"a b", "NULL", null, null, "", "quote\"s", "back\\slash", "{}", "日本", "😀", "a,b"
                        });
        assertThat(natural("{ a , b }", Oids.TEXT_ARRAY)).isEqualTo(new String[] {"a", "b"});
        assertThat(natural("{\\NULL}", Oids.TEXT_ARRAY)).isEqualTo(new String[] {"NULL"});
    }

    @Test
    void renderedArraysMatchArrayOut() {
        // Parse text, then render the parsed cells: canonical array_out text must come back unchanged.
        for (String s : new String[] {
            "{1,2,3}",
            "{}",
            "{{1,2},{3,NULL}}",
            "[2:3]={1,2}",
            "[0:1][-1:0]={{1,2},{3,4}}",
            "{\"a b\",\"NULL\",NULL,\"\",\"quote\\\"s\",\"back\\\\slash\",\"{}\",日本,😀,\"a,b\",\" \"}"
        }) {
            byte[] b = text(s);
            ArrayCells cells = ArrayDecoding.parseText(b, OFF, len(b), Oids.TEXT_ARRAY, Oids.TEXT);
            assertThat(ArrayDecoding.render(cells, OutputSettings.UTC)).isEqualTo(s);
        }
    }

    @Test
    void javaArrayTargets() {
        assertThat(as("{1,2,3}", Oids.INT4_ARRAY, int[].class)).containsExactly(1, 2, 3);
        assertThat(as("{1,2,3}", Oids.INT4_ARRAY, long[].class)).containsExactly(1L, 2L, 3L);
        assertThat(as("{1,2,3}", Oids.INT4_ARRAY, String[].class)).containsExactly("1", "2", "3");
        assertThat(as("{{1,2},{3,4}}", Oids.INT4_ARRAY, int[][].class)).isEqualTo(new int[][] {{1, 2}, {3, 4}});
        assertThat(as("{1.50,2}", Oids.NUMERIC_ARRAY, java.math.BigDecimal[].class))
                .containsExactly(new java.math.BigDecimal("1.50"), new java.math.BigDecimal("2"));
        assertThat(as("{t,f,NULL}", Oids.BOOL_ARRAY, Boolean[].class)).containsExactly(true, false, null);
        assertThat(as("{2000-01-01,infinity}", Oids.DATE_ARRAY, java.time.LocalDate[].class))
                .containsExactly(java.time.LocalDate.of(2000, 1, 1), java.time.LocalDate.MAX);
        // An enum array arrives with an OID the codec does not know: still an array of texts.
        assertThat(as("{happy,sad}", 90001, String[].class)).containsExactly("happy", "sad");
    }

    @Test
    void numericArraysWithSpecialsBecomeNumberArrays() {
        Object value = natural("{1.5,NaN}", Oids.NUMERIC_ARRAY);
        assertThat(value).isInstanceOf(Number[].class);
        assertThat((Number[]) value).containsExactly(new java.math.BigDecimal("1.5"), Double.NaN);
    }

    @Test
    void mismatchesAreConversionErrors() {
        assertThatThrownBy(() -> as("{1,NULL}", Oids.INT4_ARRAY, int[].class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("NULL")
                .hasMessageContaining("Integer[]");
        assertThatThrownBy(() -> as("{{1,2},{3,4}}", Oids.INT4_ARRAY, Integer[].class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("2 dimension");
        assertThatThrownBy(() -> as("{1,x}", Oids.INT4_ARRAY, Integer[].class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("integer");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "1,2",
                "{1,2",
                "{1,,2}",
                "{1,}",
                "{,1}",
                "{1,{2}}",
                "{{1},2}",
                "{{1},{2,3}}",
                "{\"a}",
                "{1}x",
                "[1:2]{1,2}",
                "[1:2]={{1},{2}}",
                "{a\"b}",
                "{}}"
            })
    void malformedTextArrays(String s) {
        byte[] b = text(s);
        assertThatThrownBy(() -> CellDecoder.decodeObject(b, OFF, len(b), Oids.INT4_ARRAY, false, ZoneOffset.UTC))
                .isInstanceOf(PgConversionException.class);
    }

    /** array_send as PostgreSQL documents it, written here independently of the decoder. */
    private static byte[] binaryArray(int elementOid, int[] dims, int[] lowerBounds, byte[]... elements)
            throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(dims.length);
        boolean hasNull = false;
        for (byte[] e : elements) {
            hasNull |= e == null;
        }
        out.writeInt(hasNull ? 1 : 0);
        out.writeInt(elementOid);
        for (int d = 0; d < dims.length; d++) {
            out.writeInt(dims[d]);
            out.writeInt(lowerBounds[d]);
        }
        for (byte[] e : elements) {
            if (e == null) {
                out.writeInt(-1);
            } else {
                out.writeInt(e.length);
                out.write(e);
            }
        }
        return Cells.padded(bytes.toByteArray());
    }

    private static byte[] be(int v) {
        return java.nio.ByteBuffer.allocate(4).putInt(v).array();
    }

    @Test
    void binaryArrays() throws IOException {
        byte[] b = binaryArray(Oids.INT4, new int[] {2, 2}, new int[] {1, 1}, be(1), be(2), be(3), null);
        assertThat(CellDecoder.decodeObject(b, OFF, len(b), Oids.INT4_ARRAY, true, ZoneOffset.UTC))
                .isEqualTo(new Integer[][] {{1, 2}, {3, null}});
        assertThat(CellDecoder.decodeString(b, OFF, len(b), Oids.INT4_ARRAY, true, ZoneOffset.UTC))
                .isEqualTo("{{1,2},{3,NULL}}");

        byte[] bounds = binaryArray(Oids.INT4, new int[] {2}, new int[] {2}, be(1), be(2));
        assertThat(CellDecoder.decodeString(bounds, OFF, len(bounds), Oids.INT4_ARRAY, true, ZoneOffset.UTC))
                .isEqualTo("[2:3]={1,2}");

        byte[] empty = binaryArray(Oids.TEXT, new int[0], new int[0]);
        assertThat(CellDecoder.decodeString(empty, OFF, len(empty), Oids.TEXT_ARRAY, true, ZoneOffset.UTC))
                .isEqualTo("{}");

        byte[] texts = binaryArray(
                Oids.TEXT,
                new int[] {4},
                new int[] {1},
                "a b".getBytes(StandardCharsets.UTF_8),
                "NULL".getBytes(StandardCharsets.UTF_8),
                new byte[0],
                "\"\\".getBytes(StandardCharsets.UTF_8));
        assertThat(CellDecoder.decodeString(texts, OFF, len(texts), Oids.TEXT_ARRAY, true, ZoneOffset.UTC))
                .isEqualTo("{\"a b\",\"NULL\",\"\",\"\\\"\\\\\"}");

        byte[] truncated = java.util.Arrays.copyOf(b, b.length - 6);
        assertThatThrownBy(() -> CellDecoder.decodeObject(
                        truncated, OFF, truncated.length - OFF, Oids.INT4_ARRAY, true, ZoneOffset.UTC))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("integer[]");
    }
}
