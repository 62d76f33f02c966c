package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue #12: with {@code statement_cache_size=0} every statement goes out as one unit and its
 * columns come in text; they must read as the same Java values as the binary columns of the
 * default mode, and errors must leave the connection usable. Straight to the server (no pooler).
 */
@LazyPgTest
class UncachedStatementsIT {

    private static final String EVERY_TYPE = "select 1::int2 a, 2::int4 b, 3::int8 c, 1.5::float4 d, 2.25::float8 e,"
            + " 12345.678::numeric f, true g, 'text'::text h, '\\x00ff'::bytea i, date '2024-02-29' j,"
            + " time '12:34:56.789' k, timetz '12:34:56+02' l, timestamp '2024-01-02 03:04:05.123456' m,"
            + " timestamptz '2024-01-02 03:04:05+00' n, interval '1 day 02:03:04' o,"
            + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid p, '{\"k\": [1, 2]}'::jsonb q, '{\"k\": 1}'::json r,"
            + " array[1, null, 3]::int4[] s, array['x', 'y z']::text[] t, null::int4 u, 'infinity'::timestamptz v,"
            + " $1::int8 w, $2::text x";

    private static List<Object> values(LazyPgClient client) {
        LazyResult result = client.query(EVERY_TYPE, 42L, "bound");
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < result.columns().size(); i++) {
            Object value = result.get(0).getObject(i);
            // arrays compare by identity: compare their elements
            values.add(
                    value instanceof byte[] bytes
                            ? List.of(bytes[0], bytes[1])
                            : value instanceof Object[] array ? Arrays.asList(array) : value);
        }
        return values;
    }

    @Test
    void everyTypeReadsTheSameInTextAsInBinary(TestPostgres server) {
        try (LazyPgClient cached = LazyPgClient.connect(server.url());
                LazyPgClient uncached = LazyPgClient.connect(server.url() + "?statement_cache_size=0")) {
            LazyResult binary = cached.query(EVERY_TYPE, 42L, "bound");
            LazyResult text = uncached.query(EVERY_TYPE, 42L, "bound");
            assertThat(binary.columns()).anyMatch(Column::binary);
            assertThat(text.columns()).noneMatch(Column::binary);
            assertThat(text.columns())
                    .extracting(Column::name)
                    .isEqualTo(binary.columns().stream().map(Column::name).toList());
            assertThat(text.columns())
                    .extracting(Column::typeOid)
                    .isEqualTo(binary.columns().stream().map(Column::typeOid).toList());
            List<Object> expected = values(cached);
            assertThat(values(uncached)).isEqualTo(expected);
            assertThat(expected.get(22)).isEqualTo(42L);
        }
    }

    @Test
    void cursorsBatchesAndErrorsWithoutTheCache(TestPostgres server) {
        try (LazyPgClient client =
                LazyPgClient.create(LazyPgConfig.fromUrl(server.url() + "?statement_cache_size=0").toBuilder()
                        .poolMaxSize(1)
                        .build())) {
            client.withConnection(c -> {
                c.executeScript("drop table if exists uncached_rows; create table uncached_rows (n int4 primary key)");
                List<Object[]> rows = new ArrayList<>();
                for (int n = 1; n <= 1200; n++) {
                    rows.add(new Object[] {n});
                }
                assertThat(c.executeBatch("insert into uncached_rows values ($1)", rows))
                        .hasSize(1200)
                        .containsOnly(1);
                // a failing batch: the duplicate stops it, the batch is one implicit transaction
                assertThatThrownBy(() -> c.executeBatch(
                                "insert into uncached_rows values ($1)",
                                List.of(new Object[] {5000}, new Object[] {1})))
                        .isInstanceOf(PgServerException.class)
                        .hasMessageContaining("23505");
                assertThat(c.query("select count(*) from uncached_rows").get(0).getLong(0))
                        .isEqualTo(1200);
                long sum = 0;
                try (RowCursor cursor = c.stream("select n from uncached_rows where n > $1 order by n", 100, 200)) {
                    assertThat(cursor.columns()).extracting(Column::name).containsExactly("n");
                    while (cursor.hasNext()) {
                        sum += cursor.next().getInt(0);
                    }
                }
                assertThat(sum).isEqualTo(1200L * 1201 / 2 - 200L * 201 / 2);
                // a syntax error, an error in the middle of a cursor, a statement without rows
                assertThatThrownBy(() -> c.query("selec $1::int4", 1))
                        .isInstanceOf(PgServerException.class)
                        .hasMessageContaining("42601");
                assertThatThrownBy(() -> {
                            try (RowCursor cursor =
                                    c.stream("select 10 / (n - 150) from uncached_rows order by n", 10)) {
                                while (cursor.hasNext()) {
                                    cursor.next();
                                }
                            }
                        })
                        .isInstanceOf(PgServerException.class)
                        .hasMessageContaining("22012");
                assertThat(c.execute("update uncached_rows set n = n where n <= $1", 10))
                        .isEqualTo(10);
                assertThat(c.query("select $1::int4 + 1", 41).get(0).getInt(0)).isEqualTo(42);
                c.executeScript("drop table uncached_rows");
                return null;
            });
        }
    }
}
