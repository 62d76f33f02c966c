package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/**
 * Issue #26 item 4: an array a row returns is the caller's, in text results (statement cache off,
 * the PgBouncer setting) as in binary ones: each read returns a fresh array, so a change to one
 * never shows in a later read of the same cell. Immutable values parsed from text stay memoized.
 */
@LazyPgTest
class FreshArraysIT {

    private static final String SELECT = "select array[1, 2, 3]::int4[] ints, array['a', 'b']::text[] texts,"
            + " '\\x0102'::bytea bytes, array[date '2024-02-29'] dates, 12.5::numeric amount, date '2024-02-29' a_day";

    @Test
    void everyReadOfAnArrayIsAFreshCopy(TestPostgres server) {
        for (String url : new String[] {server.url() + "?statement_cache_size=0", server.url()}) {
            try (LazyPgClient client = LazyPgClient.connect(url)) {
                for (int run = 0; run < 2; run++) { // with the cache on, the second run has binary columns
                    LazyRow row = client.query(SELECT).get(0);
                    String where = url + ", run " + (run + 1) + ", binary "
                            + row.columns().get(0).binary();

                    Integer[] ints = row.get(0, Integer[].class);
                    ints[0] = 99;
                    assertThat(row.get(0, Integer[].class)).as(where).containsExactly(1, 2, 3);
                    assertThat(row.get(0, Integer[].class)).as(where).isNotSameAs(row.get(0, Integer[].class));
                    int[] primitive = row.get(0, int[].class);
                    primitive[1] = 99;
                    assertThat(row.get(0, int[].class)).as(where).containsExactly(1, 2, 3);
                    Object[] natural = (Object[]) row.getObject(0);
                    natural[2] = 99;
                    assertThat((Object[]) row.getObject(0)).as(where).containsExactly(1, 2, 3);

                    String[] texts = row.get(1, String[].class);
                    texts[0] = "changed";
                    assertThat(row.get(1, String[].class)).as(where).containsExactly("a", "b");

                    byte[] bytes = row.getBytes(2);
                    bytes[0] = 9;
                    assertThat(row.getBytes(2)).as(where).containsExactly(1, 2);
                    ((byte[]) row.getObject(2))[0] = 9;
                    assertThat(row.get(2, byte[].class)).as(where).containsExactly(1, 2);

                    LocalDate[] dates = row.get(3, LocalDate[].class);
                    dates[0] = LocalDate.MIN;
                    assertThat(row.get(3, LocalDate[].class)).as(where).containsExactly(LocalDate.of(2024, 2, 29));

                    // Immutable values parsed from text are still kept (binary ones are made again, equal).
                    boolean text = !row.columns().get(4).binary();
                    BigDecimal amount = row.get(4, BigDecimal.class);
                    assertThat(row.get(4, BigDecimal.class)).as(where).isEqualTo(amount);
                    LocalDate day = row.get(5, LocalDate.class);
                    if (text) {
                        assertThat(row.get(4, BigDecimal.class)).as(where).isSameAs(amount);
                        assertThat(row.get(5, LocalDate.class)).as(where).isSameAs(day);
                    } else {
                        assertThat(row.get(4, BigDecimal.class)).as(where).isNotSameAs(amount);
                        assertThat(row.get(5, LocalDate.class)).as(where).isNotSameAs(day);
                    }
                }
            }
        }
    }
}
