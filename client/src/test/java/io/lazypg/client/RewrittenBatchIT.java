package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue #28, item 3: with {@code rewrite_batched_inserts} a batch of a single-row INSERT runs as
 * multi-row INSERTs of up to 128 rows, in one round trip (counted at a {@link TcpRelay}), atomic,
 * every value in place; anything else runs as without the setting. Whether a batch was rewritten is
 * seen by a statement-level trigger, which fires once per INSERT statement the server runs.
 */
@LazyPgTest
class RewrittenBatchIT {

    private static final String INSERT = "insert into rewritten (id, label, note) values ($1, $2, $3)";

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
                .rewriteBatchedInserts(true)
                .build();
    }

    private static LazyPgClient prepared(TestPostgres server, TcpRelay relay, int statementCacheSize) {
        LazyPgClient client = LazyPgClient.create(throughRelay(server, relay, statementCacheSize));
        client.withConnection(c -> {
            c.executeScript("drop table if exists rewritten; drop table if exists rewritten_statements;"
                    + " create table rewritten (id bigint primary key, label text, note text);"
                    + " create table rewritten_statements (n int); insert into rewritten_statements values (0);"
                    + " create or replace function rewritten_count() returns trigger language plpgsql as"
                    + " $$ begin update rewritten_statements set n = n + 1; return null; end $$;"
                    + " create trigger rewritten_per_statement after insert on rewritten"
                    + " for each statement execute function rewritten_count();");
            return null;
        });
        return client;
    }

    /** Entries from {@code from}: a text with quotes and a backslash, and a NULL in every third. */
    private static List<Object[]> rows(int from, int count) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            rows.add(new Object[] {(long) i, "it's \"" + i + "\" \\ $1", i % 3 == 0 ? null : "note " + i});
        }
        return rows;
    }

    private static <T> long roundTrips(TcpRelay relay, LazyPgClient client, Function<LazyPgQueries, T> work) {
        return client.withConnection(c -> {
            long before = relay.roundTrips();
            var unused = work.apply(c);
            return relay.roundTrips() - before;
        });
    }

    /** INSERT statements the server ran since the table was made (the statement-level trigger's count). */
    private static long statements(LazyPgClient client) {
        return client.query("select n from rewritten_statements").get(0).getLong(0);
    }

    private static void assertRowsAre(LazyPgClient client, int from, int count) {
        List<LazyRow> stored = client.query("select id, label, note from rewritten order by id")
                .rows();
        assertThat(stored).hasSize(count);
        for (int i = 0; i < count; i++) {
            LazyRow row = stored.get(i);
            long id = from + i;
            assertThat(row.getLong(0)).isEqualTo(id);
            assertThat(row.getString(1)).isEqualTo("it's \"" + id + "\" \\ $1");
            assertThat(row.getString(2)).isEqualTo(id % 3 == 0 ? null : "note " + id);
        }
    }

    @ParameterizedTest(name = "statement_cache_size={0}")
    @ValueSource(ints = {256, 0})
    void everySizeLandsWhole_inOneRoundTrip_asFewMultiRowInserts(int cache, TestPostgres server) {
        int[] sizes = {1, 3, 100, 129, 1000};
        long[] statementsEach = {1, 2, 3, 2, 10}; // 1; 2+1; 64+32+4; 128+1; 7x128+64+32+8
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, cache)) {
            for (int pass = 0; pass < 2; pass++) { // the first use parses the chunk statements in the same write
                for (int s = 0; s < sizes.length; s++) {
                    int size = sizes[s];
                    client.execute("truncate rewritten");
                    client.execute("update rewritten_statements set n = 0");
                    int[][] counts = new int[1][];
                    long trips = roundTrips(relay, client, c -> counts[0] = c.executeBatch(INSERT, rows(0, size)));
                    assertThat(trips).as(size + " entries, pass " + pass).isEqualTo(1);
                    assertThat(counts[0]).hasSize(size).containsOnly(1);
                    assertThat(statements(client))
                            .as("INSERT statements the server ran for " + size + " entries")
                            .isEqualTo(statementsEach[s]);
                    assertRowsAre(client, 0, size);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "insert into rewritten (id, label, note) values ($1, $2, $3) returning id",
                "insert into rewritten (id, label, note) select $1, $2, $3",
                "insert into rewritten (id, label, note) values ($1, $2, $3), ($1 + 100000, $2, $3)",
                "insert into rewritten (id, label, note) values ($1, $2, $3) on conflict (id) do update set note = 'x'",
                "insert into rewritten (id, label, note) values ($1, $2, coalesce($3, null))",
            })
    void aStatementOfAnotherShapeRunsOncePerEntry(String sql, TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            long trips = roundTrips(relay, client, c -> c.executeBatch(sql, rows(0, 10)));
            assertThat(trips).isEqualTo(1);
            assertThat(statements(client))
                    .as("one INSERT per entry: not rewritten")
                    .isEqualTo(10);
            assertThat(client.query("select count(*) from rewritten where id < 10")
                            .get(0)
                            .getLong(0))
                    .isEqualTo(10L);
        }
    }

    @Test
    void aPlaceholderInsideALiteralStaysText(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            String sql = "insert into rewritten (id, label, note) values ($1, '$2 '' $3', $2) -- $4";
            List<Object[]> entries = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                entries.add(new Object[] {(long) i, "n" + i});
            }
            assertThat(client.executeBatch(sql, entries)).containsExactly(1, 1, 1, 1, 1);
            assertThat(statements(client)).as("5 = 4 + 1").isEqualTo(2);
            List<LazyRow> stored = client.query("select label, note from rewritten order by id")
                    .rows();
            for (int i = 0; i < 5; i++) {
                assertThat(stored.get(i).getString(0)).isEqualTo("$2 ' $3");
                assertThat(stored.get(i).getString(1)).isEqualTo("n" + i);
            }
        }
    }

    @Test
    void aUniqueViolationFailsTheWholeBatchNamingTheChunksEntries(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            List<Object[]> failing = rows(0, 100);
            failing.set(50, new Object[] {10L, "duplicate of entry 10", null});
            assertThatThrownBy(() -> client.executeBatch(INSERT, failing))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("23505"))
                    .hasMessageStartingWith("Batch entries 0 to 63 (of 100, counted from 0), sent as one multi-row"
                            + " INSERT of 64 rows (the batch was rewritten: rewrite_batched_inserts), failed")
                    .hasMessageContaining("duplicate key");
            assertThat(client.query("select count(*) from rewritten").get(0).getLong(0))
                    .as("nothing of the batch holds")
                    .isZero();

            client.executeBatch(INSERT, rows(1000, 1));
            List<Object[]> lastChunk = rows(0, 100);
            lastChunk.set(98, new Object[] {1000L, "duplicate of the row before", null});
            assertThatThrownBy(() -> client.executeBatch(INSERT, lastChunk))
                    .hasMessageStartingWith("Batch entries 96 to 99 (of 100, counted from 0), sent as one multi-row"
                            + " INSERT of 4 rows");
            assertThat(client.query("select count(*) from rewritten").get(0).getLong(0))
                    .isEqualTo(1L);
            assertThat(client.executeBatch(INSERT, rows(0, 3))).containsExactly(1, 1, 1);
            assertThat(client.poolStats().totalClosed()).isZero();
        }
    }

    @Test
    void inATransactionTheFailureAbortsItAndTheBeginRodeWithTheBatch(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            long trips = roundTrips(relay, client, c -> {
                c.begin();
                assertThat(c.executeBatch(INSERT, rows(0, 100))).hasSize(100).containsOnly(1);
                c.executeScript("rollback");
                return null;
            });
            assertThat(trips).as("BEGIN + batch, then ROLLBACK").isEqualTo(2);
            assertThat(client.query("select count(*) from rewritten").get(0).getLong(0))
                    .isZero();
            client.withConnection(c -> {
                c.begin();
                List<Object[]> failing = rows(0, 10);
                failing.set(9, new Object[] {0L, "dup", null});
                assertThatThrownBy(() -> c.executeBatch(INSERT, failing)).isInstanceOf(PgServerException.class);
                assertThatThrownBy(() -> c.query("select 1"))
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("25P02"));
                c.executeScript("rollback");
                return null;
            });
        }
    }

    @Test
    void aChunkThatInsertedFewerRowsCountsSuccessNoInfoForItsEntries(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            client.executeBatch(INSERT, rows(2, 1));
            String upsert = INSERT + " on conflict (id) do nothing";
            int[] counts = client.executeBatch(upsert, rows(0, 6)); // chunks of 4 and 2; id 2 exists
            assertThat(counts).containsExactly(-2, -2, -2, -2, 1, 1);
            assertThat(java.sql.Statement.SUCCESS_NO_INFO).isEqualTo(-2);
            assertThat(client.query("select count(*) from rewritten").get(0).getLong(0))
                    .isEqualTo(6L);
        }
    }

    @Test
    void aStatementTheServerRefusesSaysSoAndTheConnectionGoesOn(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = prepared(server, relay, 256)) {
            assertThatThrownBy(() -> client.executeBatch(
                            "insert into no_such_table (a) values ($1)", List.of(new Object[] {1L}, new Object[] {2L})))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("42P01"))
                    .hasMessageContaining("rewritten into multi-row INSERTs");
            assertThat(client.executeBatch(INSERT, rows(0, 3))).containsExactly(1, 1, 1);
            assertThat(client.poolStats().totalClosed()).isZero();
        }
    }

    @Test
    void withoutTheSettingTheSameBatchRunsOncePerEntry(TestPostgres server) {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient setup = prepared(server, relay, 256);
                LazyPgClient plain = LazyPgClient.create(LazyPgConfig.builder()
                        .host(server.host())
                        .port(server.port())
                        .database(server.database())
                        .user(server.username())
                        .password(server.password().isEmpty() ? null : server.password())
                        .sslMode(SslMode.DISABLE)
                        .build())) {
            assertThat(plain.config().rewriteBatchedInserts()).isFalse();
            assertThat(plain.executeBatch(INSERT, rows(0, 100))).hasSize(100).containsOnly(1);
            assertThat(statements(setup)).isEqualTo(100);
        }
    }
}
