package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.internal.codec.Oids;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The type table's own consistency; PgTypeIT compares it with the server's pg_type. */
class PgTypeTest {

    @Test
    void everyOidTheCodecsSwitchOnHasTheRowOfTheSameName() throws Exception {
        List<String> constants = new ArrayList<>();
        for (Field f : Oids.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers())
                    || f.getType() != int.class
                    || f.getName().equals("UNSPECIFIED")) {
                continue;
            }
            constants.add(f.getName());
            PgType row = PgType.valueOf(f.getName());
            assertThat(row.oid()).as(f.getName()).isEqualTo(f.getInt(null));
            assertThat(PgType.of(f.getInt(null))).isSameAs(row);
        }
        assertThat(constants)
                .as("Oids names exactly the table's rows")
                .containsExactlyInAnyOrder(
                        java.util.Arrays.stream(PgType.values()).map(Enum::name).toArray(String[]::new));
    }

    @Test
    void jdbcCodesAreJavaSqlTypes() throws Exception {
        for (Field f : PgType.Jdbc.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
                f.setAccessible(true);
                assertThat(f.getInt(null))
                        .as(f.getName())
                        .isEqualTo(java.sql.Types.class.getField(f.getName()).getInt(null));
            }
        }
    }

    @Test
    void arrayRowsFollowTheirElement() {
        for (PgType t : PgType.values()) {
            if (t.isArray()) {
                PgType e = t.element();
                assertThat(t.name()).isEqualTo(e.name() + "_ARRAY");
                assertThat(t.typname()).isEqualTo("_" + e.typname());
                assertThat(t.sqlName()).isEqualTo(e.sqlName() + "[]");
                assertThat(t.hasBinaryDecoder()).isEqualTo(e.hasBinaryDecoder());
                assertThat(t.javaClass().getComponentType()).isEqualTo(e.javaClass());
                assertThat(t.jdbcType()).isEqualTo(java.sql.Types.ARRAY);
                assertThat(e.arrayType()).isSameAs(t);
                assertThat(PgType.arrayOf(e.oid())).isSameAs(t);
                assertThat(PgType.elementOidOf(t.oid())).isEqualTo(e.oid());
            } else {
                assertThat(PgType.elementOidOf(t.oid())).isZero();
                assertThat(t.element()).isNull();
            }
        }
    }

    @Test
    void unknownTypesAreDescribedOneWay() {
        for (int oid : new int[] {0, -1, 16385, 90001, 4000, Integer.MIN_VALUE}) {
            assertThat(PgType.of(oid)).isNull();
            String d = "type oid " + Integer.toUnsignedString(oid);
            assertThat(PgType.describe(oid)).isEqualTo(d);
            assertThat(PgType.typnameOf(oid)).isEqualTo(d);
            assertThat(PgType.sqlNameOf(oid)).isEqualTo(d);
            assertThat(PgType.shortNameOf(oid)).isEqualTo(d);
            assertThat(PgType.hasBinaryDecoder(oid)).isFalse();
            assertThat(PgType.javaClassOf(oid)).isEqualTo(String.class);
            assertThat(PgType.jdbcTypeOf(oid)).isEqualTo(java.sql.Types.OTHER);
            assertThat(PgType.arrayOf(oid)).isNull();
        }
        assertThat(PgType.shortNameOf(1007)).isEqualTo("int4[]");
        assertThat(PgType.typnameOf(1007)).isEqualTo("_int4");
        assertThat(PgType.sqlNameOf(1007)).isEqualTo("integer[]");
    }
}
