package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue #26, item 2: in auto-commit a batch is all or nothing, also when it is larger than one
 * slice (the batch is sent in slices with Flush, its one Sync comes after the last), with and
 * without rows returned ({@code queryBatch}), with and without the statement cache; a failed batch
 * leaves the connection and the pool usable. Inside a transaction the failure aborts it.
 */
@LazyPgTest
class BatchAtomicityIT {

    private static final String INSERT = "insert into batch_atomic (id, label) values ($1, $2)";

    private static List<Object[]> rows(int count, int duplicateAt) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            // the entry at duplicateAt repeats the id of entry 0
            rows.add(new Object[] {i == duplicateAt ? 0L : (long) i, "label " + i});
        }
        return rows;
    }

    private static long count(LazyPgClient client) {
        return client.query("select count(*) from batch_atomic").get(0).getLong(0);
    }

    private static LazyPgClient client(TestPostgres server, String query) {
        LazyPgClient client = LazyPgClient.connect(server.url() + query);
        client.withConnection(c -> {
            c.executeScript("drop table if exists batch_atomic; create table batch_atomic (id bigint primary key,"
                    + " label text, created serial)");
            return null;
        });
        return client;
    }

    @ParameterizedTest
    @ValueSource(strings = {"?pool_max_size=1", "?pool_max_size=1&statement_cache_size=0"})
    void aFailingBatchLeavesNothingAndTheConnectionServesTheNextStatement(String settings, TestPostgres server) {
        try (LazyPgClient client = client(server, settings)) {
            for (int size : new int[] {10, 10_000}) {
                int duplicateAt = size == 10 ? 4 : 9_000; // beyond the first slices of a large batch
                assertThatThrownBy(() -> client.executeBatch(INSERT, rows(size, duplicateAt)))
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("23505"))
                        .hasMessageStartingWith(
                                "Batch entry " + duplicateAt + " (of " + size + ", counted from 0) failed: ")
                        .hasMessageContaining("duplicate key");
                assertThat(count(client))
                        .as("rows left by a failed batch of " + size)
                        .isZero();
                assertThatThrownBy(() -> client.queryBatch(INSERT + " returning id, created", rows(size, duplicateAt)))
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("23505"));
                assertThat(count(client))
                        .as("rows left by a failed returning batch of " + size)
                        .isZero();
            }
            assertThat(client.poolStats().totalClosed())
                    .as("a failed batch does not cost the connection")
                    .isZero();
            int[] counts = client.executeBatch(INSERT, rows(10_000, -1));
            assertThat(counts).hasSize(10_000).containsOnly(1);
            assertThat(count(client)).isEqualTo(10_000L);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "?statement_cache_size=0"})
    void queryBatchReturnsEachExecutionsRowsInOrder(String settings, TestPostgres server) {
        try (LazyPgClient client = client(server, settings)) {
            List<Object[]> rows = new ArrayList<>();
            for (long i = 0; i < 1_500; i++) {
                rows.add(new Object[] {i * 10, i % 3 == 0 ? null : "label " + i});
            }
            List<LazyResult> results = client.queryBatch(INSERT + " returning id, label", rows);
            assertThat(results).hasSize(1_500);
            for (int i = 0; i < results.size(); i++) {
                LazyResult r = results.get(i);
                assertThat(r.rowsAffected()).isEqualTo(1);
                assertThat(r.columns()).extracting(Column::name).containsExactly("id", "label");
                assertThat(r.get(0).getLong(0)).isEqualTo(i * 10L);
                assertThat(r.get(0).getString(1)).isEqualTo(rows.get(i)[1]);
            }
            List<LazyResult> updated = client.queryBatch(
                    "update batch_atomic set label = 'x' where id < $1 returning id",
                    List.of(new Object[] {0L}, new Object[] {25L}));
            assertThat(updated).extracting(LazyResult::rowsAffected).containsExactly(0L, 3L);
            assertThat(updated.get(1).rows()).extracting(r -> r.getLong(0)).containsExactly(0L, 10L, 20L);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "?statement_cache_size=0"})
    void insideATransactionTheFailureAbortsIt(String settings, TestPostgres server) {
        try (LazyPgClient client = client(server, settings);
                LazyPgSession session = client.acquire()) {
            session.executeScript("begin");
            session.execute(INSERT, 100L, "before");
            assertThatThrownBy(() -> session.executeBatch(INSERT, rows(10, 4))).isInstanceOf(PgServerException.class);
            assertThatThrownBy(() -> session.query("select 1"))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("25P02"));
            session.executeScript("rollback");
            assertThat(session.query("select count(*) from batch_atomic").get(0).getLong(0))
                    .isZero();
        }
    }
}
