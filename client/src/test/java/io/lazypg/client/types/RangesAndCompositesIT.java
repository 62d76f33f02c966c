package io.lazypg.client.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgRange;
import io.lazypg.client.PgType;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Range types read as the server's text and as {@link PgRange} with bounds of the subtype's class,
 * and bind from PgRange; composite types and anonymous records read as their text (issue #15).
 */
@LazyPgTest
class RangesAndCompositesIT {

    private static LazyPgClient client;

    @BeforeAll
    static void connect(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
    }

    @AfterAll
    static void close() {
        client.close();
    }

    private static LazyRow one(String sql, Object... params) {
        return client.query(sql, params).get(0);
    }

    @Test
    void everyBuiltInRangeReadsAsTextAndAsPgRange() {
        // tag::ranges[]
        LazyRow row = one("select int4range(1, 5) as r, numrange(1.5, null, '(]') as n,"
                + " daterange('2024-01-01', '2024-02-01') as d, 'empty'::int8range as e");
        PgRange<?> r = row.get(0, PgRange.class); // [1,5)
        assertThat(r).isEqualTo(PgRange.closedOpen(1, 5));
        assertThat(row.getString(0)).isEqualTo("[1,5)");
        assertThat(row.get(1, PgRange.class))
                .isEqualTo(new PgRange<>(new BigDecimal("1.5"), null, false, false, false));
        assertThat(row.get(2, PgRange.class).lower()).isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(row.get(3, PgRange.class).isEmpty()).isTrue();
        // end::ranges[]
        assertThat(row.getObject(0)).isEqualTo("[1,5)"); // the natural type stays the text
        assertThat(row.get(1, PgRange.class).upperUnbounded()).isTrue();
        assertThat(row.columns().get(0).typeOid()).isEqualTo(PgType.INT4RANGE.oid());

        LazyRow canonical = one("select int4range(1, 5, '[]'), int8range(null, 9000000000, '(]')");
        assertThat(canonical.get(0, PgRange.class)).isEqualTo(PgRange.closedOpen(1, 6));
        assertThat(canonical.get(1, PgRange.class)).isEqualTo(PgRange.closedOpen(null, 9_000_000_001L));

        LazyRow ts = one("select tsrange('2024-01-01 10:00', '2024-01-01 12:30:00.5', '[]'),"
                + " tstzrange('2024-01-01 10:00+00', null)");
        assertThat(ts.get(0, PgRange.class))
                .isEqualTo(PgRange.closed(
                        LocalDateTime.of(2024, 1, 1, 10, 0), LocalDateTime.of(2024, 1, 1, 12, 30, 0, 500_000_000)));
        PgRange<?> tz = ts.get(1, PgRange.class);
        assertThat(((OffsetDateTime) tz.lower()).toInstant())
                .isEqualTo(OffsetDateTime.of(2024, 1, 1, 10, 0, 0, 0, ZoneOffset.UTC)
                        .toInstant());
        assertThat(tz.upperUnbounded()).isTrue();

        assertThat(one("select array[int4range(1,3), 'empty']::int4range[]").get(0, PgRange[].class))
                .containsExactly(PgRange.closedOpen(1, 3), PgRange.empty());
        assertThatThrownBy(() -> one("select 1").get(0, PgRange.class))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("Column '?column?'");
    }

    @Test
    void pgRangesBindAsParameters() {
        assertThat(one("select $1::int4range @> 4", PgRange.closedOpen(1, 5)).getBoolean(0))
                .isTrue();
        assertThat(one("select $1::daterange", PgRange.closed(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 1, 31)))
                        .getString(0))
                .isEqualTo("[2024-01-01,2024-02-01)");
        assertThat(one("select isempty($1::numrange)", PgRange.empty()).getBoolean(0))
                .isTrue();
        assertThat(one("select $1::tsrange", PgRange.closedOpen(LocalDateTime.of(2024, 5, 6, 7, 8, 9), null))
                        .getString(0))
                .isEqualTo("[\"2024-05-06 07:08:09\",)");
    }

    @Test
    void compositesAndRecordsReadAsTheirText() {
        client.withConnection(c -> {
            c.executeScript("create type pg_temp.money_amount as (amount numeric, currency text);"
                    + " create temp table priced (id int, price pg_temp.money_amount)");
            c.execute("insert into priced values (1, row(12.50, 'EUR')), (2, row(null, 'a \"quoted\" name'))");
            LazyResultView rows = new LazyResultView(c.query("select price from priced order by id"));
            assertThat(rows.text(0)).isEqualTo("(12.50,EUR)");
            assertThat(rows.text(1)).isEqualTo("(,\"a \"\"quoted\"\" name\")");
            assertThat(rows.object(0)).isEqualTo("(12.50,EUR)");
            return null;
        });
        LazyRow anonymous = one("select row(1, 'x', null::date) as r");
        assertThat(anonymous.columns().get(0).typeOid()).isEqualTo(PgType.RECORD.oid());
        assertThat(anonymous.getString(0)).isEqualTo("(1,x,)");
    }

    /** The first column of each row, as text and as getObject. */
    private record LazyResultView(io.lazypg.client.LazyResult result) {
        String text(int row) {
            return result.get(row).getString(0);
        }

        Object object(int row) {
            return result.get(row).getObject(0);
        }
    }
}
