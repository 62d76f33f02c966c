package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Issue #28, item 3: a batch is one write with its Sync, the statement's first use included (parsed
 * in the same write, no Describe round trip), a deferred BEGIN riding ahead; a batch too big for
 * the answer bound goes in slices without deadlocking; COPY FROM STDIN sends its data with the
 * Query. Round trips are counted at a {@link TcpRelay}.
 */
@LazyPgTest
class OneWriteBatchIT {

    private static final String INSERT = "insert into one_write (id, label) values ($1, $2)";

    private static LazyPgConfig throughRelay(TestPostgres server, TcpRelay relay, int statementCacheSize) {
        return LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1)
                .statementCacheSize(statementCacheSize)
                .build();
    }

    private static List<Object[]> rows(int from, int count) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            rows.add(new Object[] {(long) i, "label " + i});
        }
        return rows;
    }

    /** The round trips {@code work} takes on the client's one connection, counted at the relay. */
    private static <T> long roundTrips(TcpRelay relay, LazyPgClient client, Function<LazyPgQueries, T> work) {
        return client.withConnection(c -> {
            long before = relay.roundTrips();
            var unused = work.apply(c);
            return relay.roundTrips() - before;
        });
    }

    private static LazyPgClient prepared(TestPostgres server, TcpRelay relay, int statementCacheSize) {
        LazyPgClient client = LazyPgClient.create(throughRelay(server, relay, statementCacheSize));
        client.withConnection(c -> {
            c.executeScript("drop table if exists one_write; create table one_write (id bigint primary key,"
                    + " label text, doc jsonb)");
            return null;
        });
        return client;
    }

    @Test
    void aBatchOfAHundredIsOneRoundTripOnItsFirstUseAndAfter(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            assertThat(roundTrips(relay, client, c -> c.executeBatch(INSERT, rows(0, 100))))
                    .as("first use: Parse and Describe ride with the executions")
                    .isEqualTo(1);
            assertThat(roundTrips(relay, client, c -> c.executeBatch(INSERT, rows(100, 100))))
                    .as("prepared")
                    .isEqualTo(1);
            assertThat(client.query("select count(*), sum(id) from one_write")
                            .get(0)
                            .getLong(1))
                    .isEqualTo(199L * 200 / 2);
        }
    }

    @Test
    void withoutAStatementCacheABatchIsOneRoundTripToo(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 0)) {
            assertThat(roundTrips(relay, client, c -> c.executeBatch(INSERT, rows(0, 100))))
                    .isEqualTo(1);
            assertThat(client.query("select count(*) from one_write").get(0).getLong(0))
                    .isEqualTo(100L);
        }
    }

    @Test
    void aDeferredBeginRidesWithTheBatchAndTheTransactionHoldsIt(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            long trips = roundTrips(relay, client, c -> {
                c.begin();
                int[] counts = c.executeBatch(INSERT, rows(0, 100));
                assertThat(counts).hasSize(100).containsOnly(1);
                assertThat(c.inTransaction()).isTrue();
                c.executeScript("rollback");
                return null;
            });
            assertThat(trips).as("BEGIN + batch, then ROLLBACK").isEqualTo(2);
            assertThat(client.query("select count(*) from one_write").get(0).getLong(0))
                    .as("the batch ran inside the transaction that was rolled back")
                    .isZero();
        }
    }

    @Test
    void aBatchBeyondTheAnswerBoundGoesInSlicesAndStaysAtomic(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            long trips = roundTrips(relay, client, c -> c.executeBatch(INSERT, rows(0, 20_000)));
            assertThat(trips).as("slices within the answer bound").isBetween(2L, 40L);
            List<Object[]> failing = rows(20_000, 20_000);
            failing.set(19_000, new Object[] {0L, "duplicate of the first batch's id 0"});
            assertThatThrownBy(() -> client.executeBatch(INSERT, failing))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("23505"))
                    .hasMessageStartingWith("Batch entry 19000 (of 20000, counted from 0) failed: ");
            assertThat(client.query("select count(*) from one_write").get(0).getLong(0))
                    .isEqualTo(20_000L);
            // wide rows returned: the first slice's answers tell how big the next ones' are
            String wide = "x".repeat(2_000);
            List<Object[]> wideRows = new ArrayList<>();
            for (int i = 0; i < 5_000; i++) {
                wideRows.add(new Object[] {100_000L + i, wide});
            }
            List<LazyResult> results = client.queryBatch(INSERT + " returning label", wideRows);
            assertThat(results).hasSize(5_000);
            assertThat(results.get(4_999).get(0).getString(0)).isEqualTo(wide);
        }
    }

    @Test
    void aStatementTheServerRefusesFailsWithItsOwnErrorAndTheConnectionGoesOn(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            for (int attempt = 0; attempt < 2; attempt++) {
                assertThatThrownBy(() -> client.executeBatch(
                                "insert into no_such_table values ($1)", List.<Object[]>of(new Object[] {1L})))
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("42P01"))
                        .hasMessageNotContaining("Batch entry");
            }
            assertThat(client.executeBatch(INSERT, rows(0, 3))).containsExactly(1, 1, 1);
            assertThat(client.poolStats().totalClosed()).isZero();
        }
    }

    @Test
    void aValueBoundByTheInferredTypeIsDescribedFirst(TestPostgres server) {
        JsonEncoder encoder = value -> "{\"a\": " + ((Map<?, ?>) value).get("a") + "}";
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = LazyPgClient.builder(throughRelay(server, relay, 256))
                        .jsonEncoder(encoder)
                        .build()) {
            client.withConnection(c -> {
                c.executeScript("drop table if exists one_write; create table one_write (id bigint primary key,"
                        + " label text, doc jsonb)");
                return null;
            });
            String sql = "insert into one_write (id, doc) values ($1, $2)";
            List<Object[]> docs = List.of(new Object[] {1L, Map.of("a", 1)}, new Object[] {2L, Map.of("a", 2)});
            assertThat(roundTrips(relay, client, c -> c.executeBatch(sql, docs)))
                    .as("a Map for jsonb needs the Describe")
                    .isEqualTo(2);
            assertThat(client.query("select sum((doc->>'a')::int) from one_write")
                            .get(0)
                            .getLong(0))
                    .isEqualTo(3L);
        }
    }

    @Test
    void aSmallCopyIsOneRoundTrip(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            StringBuilder csv = new StringBuilder();
            for (int i = 0; i < 100; i++) {
                csv.append(i).append(",label ").append(i).append('\n');
            }
            byte[] data = csv.toString().getBytes(StandardCharsets.UTF_8);
            long[] copied = new long[1];
            long trips = roundTrips(
                    relay,
                    client,
                    c -> copied[0] = c.copyIn(
                            "copy one_write (id, label) from stdin (format csv)", new ByteArrayInputStream(data)));
            assertThat(trips).isEqualTo(1);
            assertThat(copied[0]).isEqualTo(100L);
        }
    }
}
