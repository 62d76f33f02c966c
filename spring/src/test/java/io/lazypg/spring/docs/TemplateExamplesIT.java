package io.lazypg.spring.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.spring.ColumnName;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.LazyPgTransactionManager;
import io.lazypg.spring.jackson.LazyPgJacksonModule;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/**
 * The examples of docs/template.md, docs/entities.md and docs/transactions.md, compiled and run;
 * DocSnippetsTest (client module) checks the pages against the tagged regions here.
 */
@LazyPgTest
class TemplateExamplesIT {

    private static LazyPgClient client;
    private static LazyPgTemplate template;

    // tag::entity[]
    interface Order {
        long id();

        String status();

        BigDecimal amount();

        OffsetDateTime createdAt(); // column created_at

        @ColumnName("note")
        String comment(); // explicit column

        default boolean isLarge() { // default methods may call accessors
            return amount().compareTo(new BigDecimal("500")) > 0;
        }
    }
    // end::entity[]

    // tag::record[]
    record OrderTotal(String status, long orders, BigDecimal total) {}
    // end::record[]

    // tag::json-view[]
    record OrderView(long id, String status, boolean large) { // what the API returns as JSON

        static OrderView of(Order order) {
            return new OrderView(order.id(), order.status(), order.isLarge());
        }
    }
    // end::json-view[]

    @BeforeAll
    static void setUp(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
        template = new LazyPgTemplate(client);
        template.execute("""
                drop table if exists doc_orders;
                create table doc_orders (id bigint primary key, customer_id bigint, status text, amount numeric(12,2),
                                         created_at timestamptz default now(), note text);
                insert into doc_orders (id, customer_id, status, amount)
                select i, 40 + i % 5, case when i % 3 = 0 then 'open' else 'shipped' end, i * 10.5
                from generate_series(1, 100) i;
                """);
    }

    @AfterAll
    static void tearDown() {
        client.close();
    }

    @Test
    void entities() {
        // tag::query-entities[]
        List<Order> open = template.query(
                "select * from doc_orders where customer_id = ? and status = ?", Order.class, 42L, "open");
        for (Order order : open) {
            if (order.isLarge()) { // decodes amount, only now
                System.out.println(order.id() + " " + order.createdAt());
            }
        }
        // end::query-entities[]
        assertThat(open).isNotEmpty().allSatisfy(o -> assertThat(o.status()).isEqualTo("open"));
    }

    @Test
    void derivedPropertiesReachJsonThroughARecord() {
        JsonMapper json =
                JsonMapper.builder().addModule(new LazyPgJacksonModule()).build();
        Order order = template.queryForObject("select * from doc_orders where id = ?", Order.class, 60L);
        assertThat(json.writeValueAsString(order)).doesNotContain("large");
        // tag::json-derived[]
        String body = json.writeValueAsString(OrderView.of(order)); // {"id":60,"status":"open","large":true}
        // end::json-derived[]
        assertThat(body).isEqualTo("{\"id\":60,\"status\":\"open\",\"large\":true}");
    }

    @Test
    void valuesRecordsAndMappers() {
        // tag::values[]
        long count = template.queryForObject("select count(*) from doc_orders", Long.class);
        Optional<String> status =
                template.queryForOptional("select status from doc_orders where id = ?", String.class, 7L);
        List<OrderTotal> totals = template.query(
                "select status, count(*) as orders, sum(amount) as total from doc_orders group by status order by status",
                OrderTotal.class);
        List<String> labels = template.query(
                "select id, status from doc_orders where id < ?", row -> row.getLong(0) + ":" + row.getString(1), 4L);
        // end::values[]
        assertThat(count).isEqualTo(100);
        assertThat(status).hasValue("shipped");
        assertThat(totals).extracting(OrderTotal::status).containsExactly("open", "shipped");
        assertThat(labels).containsExactly("1:shipped", "2:shipped", "3:open");
        // tag::row-mapper[]
        List<OrderTotal> viaSpringMapper = template.query(
                "select status, count(*) as orders, sum(amount) as total from doc_orders group by status order by status",
                new DataClassRowMapper<>(OrderTotal.class));
        // end::row-mapper[]
        assertThat(viaSpringMapper).isEqualTo(totals);
    }

    @Test
    void namedParametersStreamsAndUpdates() {
        // tag::named[]
        List<Order> orders = template.sql("select * from doc_orders where status = :status and id = any(:ids)")
                .param("status", "open")
                .param("ids", List.of(3L, 6L, 7L))
                .query(Order.class)
                .list();
        // end::named[]
        assertThat(orders).extracting(Order::id).containsExactlyInAnyOrder(3L, 6L);
        // tag::stream[]
        BigDecimal openAmount;
        try (Stream<Order> all = template.queryForStream("select * from doc_orders", Order.class)) {
            openAmount = all.filter(o -> o.status().equals("open"))
                    .map(Order::amount)
                    .reduce(BigDecimal.ZERO, BigDecimal::add);
        }
        // end::stream[]
        assertThat(openAmount).isPositive();
        // tag::update[]
        int changed = template.update("update doc_orders set note = ? where customer_id = ?", "called", 41L);
        int[] inserted = template.batchUpdate(
                "insert into doc_orders (id, customer_id, status, amount) values (?, ?, ?, ?)",
                List.of(
                        new Object[] {1001L, 7L, "open", new BigDecimal("9.99")},
                        new Object[] {1002L, 7L, "open", new BigDecimal("19.99")}));
        // end::update[]
        assertThat(changed).isEqualTo(20);
        assertThat(inserted).containsExactly(1, 1);
        template.update("delete from doc_orders where id > 1000");
    }

    @Test
    void transactions() {
        // tag::transaction[]
        TransactionTemplate tx = new TransactionTemplate(new LazyPgTransactionManager(client));
        tx.executeWithoutResult(status -> {
            template.update("update doc_orders set status = 'paid' where id = ?", 3L);
            template.update(
                    "insert into doc_orders (id, customer_id, status, amount) values (?, ?, 'open', 1)", 2000L, 3L);
        });
        // end::transaction[]
        assertThat(template.queryForObject("select status from doc_orders where id = 3", String.class))
                .isEqualTo("paid");
        // tag::rollback[]
        try {
            tx.executeWithoutResult(status -> {
                template.update("update doc_orders set status = 'cancelled' where id = ?", 6L);
                template.update(
                        "insert into doc_orders (id, customer_id, status, amount) values (?, ?, 'open', 1)", 2000L, 3L);
            });
        } catch (DuplicateKeyException e) {
            // the update of order 6 was rolled back with the failed insert
        }
        // end::rollback[]
        assertThat(template.queryForObject("select status from doc_orders where id = 6", String.class))
                .isEqualTo("open");
        assertThatThrownBy(() -> template.update("insert into doc_orders (id) values (?)", 1L))
                .isInstanceOf(DuplicateKeyException.class);
        template.update("delete from doc_orders where id >= 2000");
    }

    @Test
    void theSchemaScriptOfTheGettingStartedPageRunsAndReruns() throws Exception {
        ScriptSchema schema = new ScriptSchema(template);
        schema.afterPropertiesSet();
        schema.afterPropertiesSet(); // re-runnable, as the page asks
        assertThat(template.queryForObject("select count(*) from doc_script_schema", Long.class))
                .isEqualTo(1L);
        template.execute("drop table doc_script_schema");
    }
}
