package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue #28, item 3: {@code template.copy} keeps the column types it probed and sends, in the same
 * write as the COPY, a check of them: a warm copy is one round trip, and when another session
 * changes a column to a type of the same binary size (int4 to float4, timestamp to timestamptz) the
 * check refuses the COPY, the copy probes afresh and runs again, and every row is stored right. In
 * a transaction the copy probes first and the caller's transaction is never aborted by a check.
 */
@LazyPgTest
class TemplateCopyColumnTypesIT {

    private static LazyPgClient throughRelay(TestPostgres server, TcpRelay relay) {
        return LazyPgClient.create(LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1)
                .build());
    }

    private static Stream<Object[]> rows(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(i -> new Object[] {i, i % 1000});
    }

    @Test
    void aWarmCopyIsOneRoundTripAndATypeChangedByAnotherSessionIsNoticedBeforeAnyRowIsWritten(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = throughRelay(server, relay);
                LazyPgClient other = LazyPgClient.connect(server.url())) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            template.execute("drop table if exists copy_types; create table copy_types (id int4 primary key, v int4)");
            assertThat(template.copy("copy_types", List.of("id", "v"), rows(0, 100)))
                    .isEqualTo(100L);
            long before = relay.roundTrips();
            assertThat(template.copy("copy_types", List.of("id", "v"), rows(100, 100)))
                    .isEqualTo(100L);
            assertThat(relay.roundTrips() - before)
                    .as("types known: check, COPY and data in one write")
                    .isEqualTo(1);

            // another application changes v to a type of the same binary size
            other.execute("alter table copy_types alter column v type float4");
            int many = 20_000; // past the first chunk: the rows taken for it are replayed
            assertThat(template.copy("copy_types", List.of("id", "v"), rows(200, many)))
                    .isEqualTo((long) many);
            assertThat(template.queryForObject(
                            "select count(*) from copy_types where v <> (id % 1000)::float4", Long.class))
                    .as("every row stored as the number it is, none as int4 bits read as float4")
                    .isZero();
            assertThat(template.queryForObject("select count(*) from copy_types", Long.class))
                    .isEqualTo(200L + many);
            before = relay.roundTrips();
            template.copy("copy_types", List.of("id", "v"), rows(200 + many, 10));
            assertThat(relay.roundTrips() - before).as("the new types are kept").isEqualTo(1);
        }
    }

    @Test
    void inATransactionTheCopyProbesFirstAndATypeChangeNeverAbortsTheTransaction(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                        .poolMaxSize(1)
                        .build());
                LazyPgClient other = LazyPgClient.connect(server.url())) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            template.execute("drop table if exists copy_tx; create table copy_tx (id int4 primary key, v int4)");
            template.copy("copy_tx", List.of("id", "v"), rows(0, 10)); // the types are kept
            other.execute("alter table copy_tx alter column v type float4");
            TransactionTemplate tx = new TransactionTemplate(new LazyPgTransactionManager(client));
            Long copied = tx.execute(status -> {
                template.update("insert into copy_tx values (-1, 1)");
                long n = template.copy("copy_tx", List.of("id", "v"), rows(10, 10));
                template.update("insert into copy_tx values (-2, 2)");
                return n;
            });
            assertThat(copied).isEqualTo(10L);
            assertThat(template.queryForObject("select count(*) from copy_tx", Long.class))
                    .isEqualTo(22L);
            assertThat(template.queryForObject(
                            "select count(*) from copy_tx where id >= 10 and v <> (id % 1000)::float4", Long.class))
                    .isZero();
        }
    }
}
