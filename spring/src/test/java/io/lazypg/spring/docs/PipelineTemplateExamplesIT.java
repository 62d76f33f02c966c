package io.lazypg.spring.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.pipeline.Pipelined;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The template example in docs/pipelining.md, compiled and run: {@code DocSnippetsTest} fails when
 * the docs and the region between the tag comments here differ.
 */
@LazyPgTest
class PipelineTemplateExamplesIT {

    /** An entity interface, mapped by a generated proxy. */
    public interface Order {
        long id();

        String status();
    }

    @Test
    void templatePipeline(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            template.execute("drop table if exists pipe_doc_orders; drop table if exists pipe_doc_customers;"
                    + " create table pipe_doc_customers (id bigint primary key, name text);"
                    + " insert into pipe_doc_customers values (7, 'Ada');"
                    + " create table pipe_doc_orders (id bigint primary key, customer_id bigint, status text);"
                    + " insert into pipe_doc_orders values (1, 7, 'open'), (2, 7, 'shipped'), (3, 8, 'open')");
            long customerId = 7;
            // tag::template[]
            Pipelined<String>[] name = new Pipelined[1];
            Pipelined<List<Order>>[] orders = new Pipelined[1];
            Pipelined<Integer>[] shipped = new Pipelined[1];
            template.pipeline(p -> {
                name[0] =
                        p.queryForObject("select name from pipe_doc_customers where id = ?", String.class, customerId);
                orders[0] = p.query(
                        "select id, status from pipe_doc_orders where customer_id = ? order by id",
                        Order.class,
                        customerId);
                shipped[0] =
                        p.update("update pipe_doc_orders set status = 'shipped' where customer_id = ?", customerId);
            }); // one round trip; inside @Transactional the statements share the transaction
            List<Order> list = orders[0].get(); // entity proxies, as template.query maps them
            // end::template[]
            assertThat(name[0].get()).isEqualTo("Ada");
            assertThat(list).extracting(Order::status).containsExactly("open", "shipped");
            assertThat(shipped[0].get()).isEqualTo(2);
        }
    }
}
