package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgPipelineException;
import io.lazypg.client.SslMode;
import io.lazypg.spring.pipeline.Pipelined;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@link LazyPgTemplate#pipeline}: lookups, entity proxies and updates in one round trip (counted at
 * a relay), outside a transaction and inside a {@link LazyPgTransactionManager} one, whose deferred
 * BEGIN rides with the first statement; failures translated and naming the statement.
 */
@LazyPgTest
class TemplatePipelineIT {

    /** Mapped by an entity proxy. */
    public interface PipeOrder {
        long id();

        String item();

        int quantity();
    }

    private TcpRelay relay;
    private LazyPgClient client;
    private LazyPgTemplate template;
    private TransactionTemplate transactions;

    @BeforeEach
    void setUp(TestPostgres server) {
        relay = TcpRelay.to(server.host(), server.port());
        client = LazyPgClient.create(LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(2)
                .build());
        template = new LazyPgTemplate(client);
        transactions = new TransactionTemplate(new LazyPgTransactionManager(client));
        template.execute("drop table if exists pipe_orders; create table pipe_orders"
                + " (id bigint primary key, item text not null, quantity int not null);"
                + " insert into pipe_orders select g, 'item ' || g, g % 7 from generate_series(1, 50) g");
    }

    @AfterEach
    void tearDown() {
        client.close();
        relay.close();
    }

    @Test
    void tenLookupsEntitiesAndAnUpdateAreOneRoundTrip() {
        List<Pipelined<String>> names = new ArrayList<>();
        AtomicReference<Pipelined<List<PipeOrder>>> orders = new AtomicReference<>();
        AtomicReference<Pipelined<Integer>> updated = new AtomicReference<>();
        AtomicReference<Pipelined<Optional<String>>> missing = new AtomicReference<>();
        long before = relay.roundTrips();
        template.pipeline(p -> {
            for (int id = 1; id <= 10; id++) {
                names.add(p.queryForObject("select item from pipe_orders where id = ?", String.class, (long) id * 3));
            }
            orders.set(p.query("select * from pipe_orders where id <= ? order by id", PipeOrder.class, 3L));
            updated.set(p.update("update pipe_orders set quantity = quantity + 1 where id = ?", 50L));
            missing.set(p.queryForOptional("select item from pipe_orders where id = ?", String.class, 999L));
            assertThatThrownBy(() -> names.get(0).get()).isInstanceOf(InvalidDataAccessApiUsageException.class);
        });
        assertThat(relay.roundTrips() - before).isEqualTo(1);
        for (int i = 0; i < 10; i++) {
            assertThat(names.get(i).get()).isEqualTo("item " + (i + 1) * 3);
        }
        List<PipeOrder> three = orders.get().get();
        assertThat(three).extracting(PipeOrder::id).containsExactly(1L, 2L, 3L);
        assertThat(three).extracting(PipeOrder::item).containsExactly("item 1", "item 2", "item 3");
        assertThat(three).extracting(PipeOrder::quantity).containsExactly(1, 2, 3);
        assertThat(updated.get().get()).isEqualTo(1);
        assertThat(missing.get().get()).isEmpty();
        assertThat(template.queryForObject("select quantity from pipe_orders where id = 50", Integer.class))
                .isEqualTo(50 % 7 + 1);
    }

    @Test
    void queryForObjectOfNoRowThrowsFromItsHandleAndTheOthersResolve() {
        AtomicReference<Pipelined<String>> none = new AtomicReference<>();
        AtomicReference<Pipelined<String>> one = new AtomicReference<>();
        template.pipeline(p -> {
            none.set(p.queryForObject("select item from pipe_orders where id = ?", String.class, 999L));
            one.set(p.queryForObject("select item from pipe_orders where id = ?", String.class, 1L));
        });
        assertThatThrownBy(() -> none.get().get()).isInstanceOf(EmptyResultDataAccessException.class);
        assertThat(none.get().succeeded()).isFalse();
        assertThat(one.get().get()).isEqualTo("item 1");
    }

    @Test
    void outsideATransactionAFailureIsTranslatedAndTheOthersStay() {
        List<Pipelined<Integer>> h = new ArrayList<>();
        Throwable failure = catchThrowable(() -> template.pipeline(p -> {
            h.add(p.update("insert into pipe_orders values (?, ?, ?)", 100L, "new", 1));
            h.add(p.update("insert into pipe_orders values (?, ?, ?)", 1L, "duplicate", 1));
            h.add(p.update("insert into pipe_orders values (?, ?, ?)", 101L, "newer", 1));
        }));
        assertThat(failure)
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("Pipeline statement 1 of 3")
                .hasMessageContaining("each in its own implicit transaction")
                .hasRootCauseInstanceOf(io.lazypg.client.PgServerException.class);
        assertThat(failure.getCause())
                .isInstanceOfSatisfying(
                        PgPipelineException.class,
                        e -> assertThat(e.statementIndex()).isEqualTo(1));
        assertThat(h.get(0).get()).isEqualTo(1);
        assertThatThrownBy(() -> h.get(1).get()).isSameAs(failure);
        assertThat(h.get(2).get()).isEqualTo(1);
        assertThat(template.queryForObject("select count(*) from pipe_orders where id >= 100", Long.class))
                .isEqualTo(2);
    }

    @Test
    void insideATransactionTheStatementsShareItAndTheBeginRidesWithThem() {
        AtomicReference<Long> roundTrips = new AtomicReference<>();
        List<Long> seen = transactions.execute(status -> {
            AtomicReference<Pipelined<Long>> count = new AtomicReference<>();
            long before = relay.roundTrips(); // the BEGIN is deferred: nothing was sent yet
            template.pipeline(p -> {
                p.update("insert into pipe_orders values (?, ?, ?)", 200L, "in tx", 1);
                p.update("update pipe_orders set quantity = 99 where id = ?", 1L);
                count.set(p.queryForObject(
                        "select count(*) from pipe_orders where id = 200 or quantity = 99", Long.class));
            });
            roundTrips.set(relay.roundTrips() - before);
            Long outside = template.getClient()
                    .query("select count(*) from pipe_orders where id = 200")
                    .get(0)
                    .getLong(0);
            return List.of(count.get().get(), outside);
        });
        assertThat(roundTrips.get()).as("BEGIN and the pipeline in one write").isEqualTo(1);
        assertThat(seen).containsExactly(2L, 0L);
        assertThat(template.queryForObject("select count(*) from pipe_orders where id = 200", Long.class))
                .isEqualTo(1);
    }

    @Test
    void insideATransactionAFailureAbortsItSkipsTheRestAndRollsBack() {
        List<Pipelined<Integer>> h = new ArrayList<>();
        Throwable failure = catchThrowable(() -> transactions.executeWithoutResult(status -> template.pipeline(p -> {
            h.add(p.update("insert into pipe_orders values (?, ?, ?)", 300L, "a", 1));
            h.add(p.update("insert into pipe_orders values (?, ?, ?)", 1L, "duplicate", 1));
            h.add(p.update("insert into pipe_orders values (?, ?, ?)", 301L, "b", 1));
        })));
        assertThat(failure)
                .isInstanceOf(DuplicateKeyException.class)
                .hasMessageContaining("Pipeline statement 1 of 3")
                .hasMessageContaining("transaction is aborted")
                .hasMessageContaining("statement 2 was skipped");
        assertThat(h.get(0).get()).isEqualTo(1);
        assertThatThrownBy(() -> h.get(2).get()).isSameAs(failure);
        assertThat(template.queryForObject("select count(*) from pipe_orders where id >= 300", Long.class))
                .as("rolled back")
                .isZero();
    }
}
