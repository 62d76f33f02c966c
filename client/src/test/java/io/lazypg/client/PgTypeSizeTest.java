package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The size column of the type table: its rules hold for every row; MetadataSizesIT compares the values with pgjdbc. */
class PgTypeSizeTest {

    @Test
    void anArrayReportsItsElementsSizes() {
        for (PgType t : PgType.values()) {
            if (t.isArray()) {
                assertThat(t.size()).as(t.name()).isSameAs(t.element().size());
            }
            assertThat(PgTypeSize.ofOid(t.oid())).as(t.name()).isSameAs(t.size());
        }
    }

    @Test
    void aTypeNotInTheTableIsUnbounded() {
        for (int oid : new int[] {0, -1, 16385, 4000}) {
            PgTypeSize size = PgTypeSize.ofOid(oid);
            assertThat(size).isSameAs(PgTypeSize.unbounded());
            assertThat(size.precision(-1)).isEqualTo(PgTypeSize.UNKNOWN_LENGTH);
            assertThat(size.displaySize(-1)).isEqualTo(PgTypeSize.UNKNOWN_LENGTH);
            assertThat(size.scale(-1)).isZero();
            assertThat(size.radix()).isEqualTo(10);
            assertThat(size.signed()).isFalse();
        }
    }

    @Test
    void onlyTheBitTypesCountInRadixTwo() {
        for (PgType t : PgType.values()) {
            PgType scalar = t.isArray() ? t.element() : t;
            boolean bits = scalar == PgType.BIT || scalar == PgType.VARBIT;
            assertThat(t.size().radix()).as(t.name()).isEqualTo(bits ? 2 : 10);
        }
    }
}
