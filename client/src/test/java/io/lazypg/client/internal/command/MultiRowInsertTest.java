package io.lazypg.client.internal.command;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What {@link MultiRowInsert} rewrites, how it renumbers, and how it cuts a batch into chunks. */
class MultiRowInsertTest {

    private static MultiRowInsert of(String sql) {
        return MultiRowInsert.of(sql, true);
    }

    @Test
    void repeatsTheTupleWithPlaceholdersRenumberedPerRow() {
        MultiRowInsert insert = of("insert into t (a, b) values ($1, $2)");
        assertThat(insert).isNotNull();
        assertThat(insert.parametersPerRow()).isEqualTo(2);
        assertThat(insert.sql(1)).isEqualTo("insert into t (a, b) values ($1, $2)");
        assertThat(insert.sql(3)).isEqualTo("insert into t (a, b) values ($1, $2), ($3, $4), ($5, $6)");
        assertThat(insert.sql(64)).as("a chunk's text is rendered once").isSameAs(insert.sql(64));
        assertThat(insert.sql(64))
                .startsWith("insert into t (a, b) values ($1, $2), ($3, $4)")
                .endsWith("($127, $128)");
    }

    @Test
    void keepsOrderRepeatsLiteralsCastsAndTheTail() {
        MultiRowInsert insert =
                of("INSERT INTO s.\"T\" AS x (\"a b\", c, d) VALUES ($2::int8, 'it''s $1', $1, NULL, -1.5e-3,"
                        + " E'\\'$3', $$ $1 $$, DEFAULT, '{1}'::int[], $2::numeric(10, 2), $1::timestamp with time zone)"
                        + " on conflict (c) do nothing;");
        assertThat(insert).isNotNull();
        assertThat(insert.parametersPerRow()).isEqualTo(2);
        assertThat(insert.sql(2))
                .isEqualTo("INSERT INTO s.\"T\" AS x (\"a b\", c, d) VALUES ($2::int8, 'it''s $1', $1, NULL, -1.5e-3,"
                        + " E'\\'$3', $$ $1 $$, DEFAULT, '{1}'::int[], $2::numeric(10, 2), $1::timestamp with time zone),"
                        + " ($4::int8, 'it''s $1', $3, NULL, -1.5e-3, E'\\'$3', $$ $1 $$, DEFAULT, '{1}'::int[],"
                        + " $4::numeric(10, 2), $3::timestamp with time zone) on conflict (c) do nothing;");
    }

    @Test
    void commentsAnywhereAreSpace() {
        MultiRowInsert insert =
                of("/* batch */ insert -- why\n into t /* ( */ (a) values /* $9 */ ($1 /* ) */) -- done");
        assertThat(insert).isNotNull();
        assertThat(insert.parametersPerRow()).isEqualTo(1);
        assertThat(insert.sql(2))
                .isEqualTo("/* batch */ insert -- why\n into t /* ( */ (a) values /* $9 */ ($1 /* ) */), ($2 /* ) */)"
                        + " -- done");
    }

    @Test
    void aLiteralTupleWithoutPlaceholdersRepeatsAsItIs() {
        MultiRowInsert insert = of("insert into t values (1, 'x')");
        assertThat(insert).isNotNull();
        assertThat(insert.parametersPerRow()).isZero();
        assertThat(insert.sql(2)).isEqualTo("insert into t values (1, 'x'), (1, 'x')");
        assertThat(insert.maxRows()).isEqualTo(128);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "insert into t (a) values ($1) returning id",
                "insert into t (a) values ($1) RETURNING *",
                "insert into t (a) values ($1), ($2)",
                "insert into t (a) select $1",
                "insert into t (a) select * from (values ($1)) v",
                "insert into t (a) (values ($1))",
                "with x as (select 1) insert into t (a) values ($1)",
                "insert into t default values",
                "insert into t (a) values (lower($1))",
                "insert into t (a) values ((select max(a) from t) + $1)",
                "insert into t (a) values ($1 + (select 1))",
                "insert into t (a) values (nextval('s'))",
                "insert into t (a) values (array[$1])",
                "insert into t (a) values ($1) on conflict (a) do update set a = excluded.a",
                "insert into t (a) values ($1) on conflict (a) do nothing returning a",
                "insert into t (a) values ($1) on conflict (a) where b = $2 do nothing",
                "insert into t (a) values ($1); select 1",
                "insert into t (a) values ($1) union select 2",
                "insert into t (a) values ($1) order by 1",
                "insert into t (a[$2]) values ($1)",
                "insert into t (a) values ('$1 unterminated)",
                "insert into t (a) values ($1",
                "insert into t (a) values (-$1)",
                "insert into t (a) values (a$1)",
                "update t set a = $1",
                "select 'insert into t values ($1)'",
                "",
            })
    void anythingElseIsNotRewritten(String sql) {
        assertThat(of(sql)).as(sql).isNull();
    }

    @Test
    void aPlaceholderInALiteralIsNoPlaceholder() {
        MultiRowInsert insert = of("insert into t (a, b) values ('$1', $1)");
        assertThat(insert).isNotNull();
        assertThat(insert.sql(2)).isEqualTo("insert into t (a, b) values ('$1', $1), ('$1', $2)");
        assertThat(of("insert into t (a) values ('$1')").parametersPerRow()).isZero();
    }

    @Test
    void withStandardConformingStringsOffABackslashEscapesTheQuote() {
        String sql = "insert into t (a, b) values ('it\\'s', $1)";
        MultiRowInsert off = MultiRowInsert.of(sql, false);
        assertThat(off).isNotNull();
        assertThat(off.sql(2)).isEqualTo("insert into t (a, b) values ('it\\'s', $1), ('it\\'s', $2)");
        assertThat(MultiRowInsert.of(sql, true))
                .as("with it on, the literal ends at the backslash's quote and the rest is no tuple")
                .isNull();
    }

    @Test
    void chunksArePowersOfTwoLargestFirst() {
        assertThat(MultiRowInsert.chunkRows(1, 128)).containsExactly(1);
        assertThat(MultiRowInsert.chunkRows(3, 128)).containsExactly(2, 1);
        assertThat(MultiRowInsert.chunkRows(100, 128)).containsExactly(64, 32, 4);
        assertThat(MultiRowInsert.chunkRows(128, 128)).containsExactly(128);
        assertThat(MultiRowInsert.chunkRows(129, 128)).containsExactly(128, 1);
        assertThat(MultiRowInsert.chunkRows(1000, 128)).containsExactly(128, 128, 128, 128, 128, 128, 128, 64, 32, 8);
        assertThat(MultiRowInsert.chunkRows(0, 128)).isEmpty();
    }

    @Test
    void theLargestChunkKeepsWithin128RowsAnd32767Parameters() {
        assertThat(of("insert into t values ($1)").maxRows()).isEqualTo(128);
        assertThat(of("insert into t values ($1, $2, $3)").maxRows()).isEqualTo(128);
        StringBuilder wide = new StringBuilder("insert into t values ($1");
        for (int i = 2; i <= 300; i++) {
            wide.append(", $").append(i);
        }
        MultiRowInsert w = of(wide.append(")").toString());
        assertThat(w.maxRows()).as("32767 / 300 = 109, down to a power of two").isEqualTo(64);
        assertThat(w.maxRows() * w.parametersPerRow()).isLessThanOrEqualTo(MultiRowInsert.MAX_PARAMETERS);
        assertThat(of("insert into t values ($40000)"))
                .as("more parameters than one statement takes")
                .isNull();
    }
}
