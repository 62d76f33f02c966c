package io.lazypg.client.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.RowCursor;
import io.lazypg.client.SslMode;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The examples in docs/client.md, compiled and run: {@code DocSnippetsTest} fails when the docs
 * and the regions between the tag comments here differ.
 */
@LazyPgTest
class ClientExamplesIT {

    private static String url;

    @BeforeAll
    static void schema(TestPostgres server) {
        url = server.url();
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            client.withConnection(c -> {
                c.executeScript("""
                        drop table if exists orders;
                        create table orders (id bigint primary key, customer_id bigint, status text,
                                             amount numeric(12,2), created_at timestamptz default now(), note text);
                        insert into orders (id, customer_id, status, amount)
                        select i, 40 + i % 5, case when i % 3 = 0 then 'open' else 'shipped' end, i * 10.5
                        from generate_series(1, 100) i;
                        """);
                return null;
            });
        }
    }

    @Test
    void connectAndQuery() {
        // tag::connect[]
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            LazyResult orders = client.query(
                    "select id, status, amount, created_at from orders where customer_id = $1 order by id", 42L);
            for (LazyRow row : orders) {
                long id = row.getLong(0); // decoded now, from the received bytes
                String status = row.getString("status"); // by column label
                BigDecimal amount = row.getBigDecimal(2);
                OffsetDateTime created = row.get(3, OffsetDateTime.class);
                System.out.printf("%d %s %s %s%n", id, status, amount, created);
            }
        }
        // end::connect[]
    }

    @Test
    void configure() {
        LazyPgConfig parsed = LazyPgConfig.fromUrl(url);
        // tag::config[]
        LazyPgConfig config = LazyPgConfig.builder()
                .host("db.example.com")
                .port(5432)
                .database("shop")
                .user("app")
                .password(System.getenv("DB_PASSWORD"))
                .sslMode(SslMode.VERIFY_FULL)
                .queryTimeout(Duration.ofSeconds(30))
                .poolMaxSize(20)
                .build();
        // end::config[]
        assertThat(config.pool().maxSize()).isEqualTo(20);
        assertThat(parsed.port()).isPositive();
    }

    @Test
    void streamWithACallback() {
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            // tag::callback[]
            long[] openAmountCents = {0};
            client.query("select status, amount from orders", row -> {
                // The row is only valid during this call: keep values, not the row.
                if ("open".equals(row.getString(0))) {
                    openAmountCents[0] += row.getBigDecimal(1).movePointRight(2).longValueExact();
                }
            });
            // end::callback[]
            assertThat(openAmountCents[0]).isPositive();
        }
    }

    @Test
    void cursorsAndBatches() {
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            // tag::cursor[]
            try (RowCursor cursor = client.stream("select id, note from orders order by id", 500)) {
                while (cursor.hasNext()) {
                    LazyRow row = cursor.next(); // fetched 500 rows per round trip
                    if (row.isNull(1)) {
                        continue;
                    }
                    System.out.println(row.getString(1));
                }
            }
            // end::cursor[]
            // tag::batch[]
            List<Object[]> notes = new ArrayList<>();
            for (long id = 1; id <= 10; id++) {
                notes.add(new Object[] {"checked", id});
            }
            int[] updated = client.executeBatch("update orders set note = $1 where id = $2", notes);
            // end::batch[]
            assertThat(updated).containsOnly(1);
        }
    }

    @Test
    void transactionOnOneConnection() {
        try (LazyPgClient client = LazyPgClient.connect(url)) {
            // tag::transaction[]
            long total = client.withConnection(c -> {
                c.begin(); // BEGIN goes with the first statement
                try {
                    c.execute("update orders set status = 'paid' where id = $1", 3L);
                    long sum = c.query("select sum(amount)::int8 from orders where status = 'paid'")
                            .get(0)
                            .getLong(0);
                    c.executeScript("commit");
                    return sum;
                } catch (RuntimeException e) {
                    c.executeScript("rollback");
                    throw e;
                }
            });
            // end::transaction[]
            assertThat(total).isPositive();
        }
    }
}
