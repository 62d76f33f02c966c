package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue #16: whatever a borrower did, the connection goes back to the pool either synchronized
 * with the server (the next statement gets its own answer) or discarded. Each test uses a pool of
 * one connection, so a poisoned connection would be the very one the next statement gets.
 */
@LazyPgTest
class ConnectionStateIT {

    private static LazyPgClient poolOfOne(TestPostgres server, int statementCache) {
        return LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(1)
                .statementCacheSize(statementCache)
                .build());
    }

    private static void script(LazyPgClient client, String sql) {
        client.withConnection(c -> {
            c.executeScript(sql);
            return null;
        });
    }

    private static int selectInt(LazyPgClient client, int value) {
        LazyResult r = client.query("select $1::int", value);
        assertThat(r.size()).as("rows answering select " + value).isEqualTo(1);
        return r.get(0).getInt(0);
    }

    // ---------------------------------------------------------------- (1) an Error in a row callback

    @Test
    void anErrorThrownByARowCallbackDoesNotShiftLaterResults(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            assertThat(selectInt(client, 1)).isEqualTo(1);
            AssertionError thrown = new AssertionError("callback failed on purpose");
            List<Integer> seen = new ArrayList<>();
            Throwable caught = catchThrowable(() -> client.query("select g from generate_series(1, 5) g", row -> {
                seen.add(row.getInt(0));
                throw thrown;
            }));
            assertThat(caught).isSameAs(thrown);
            assertThat(seen).containsExactly(1);
            assertThat(selectInt(client, 100)).isEqualTo(100);
            assertThat(selectInt(client, 101)).isEqualTo(101);
            assertThat(selectInt(client, 102)).isEqualTo(102);
        }
    }

    @Test
    void anErrorThrownByARowCallbackOfABufferedConnectionQueryLeavesItSynchronized(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            StackOverflowError thrown = new StackOverflowError("deep");
            client.withConnection(c -> {
                assertThatThrownBy(() -> c.query("select g from generate_series(1, 1000) g", row -> {
                            if (row.getInt(0) == 3) {
                                throw thrown;
                            }
                        }))
                        .isSameAs(thrown);
                assertThat(c.query("select $1::int", 7).get(0).getInt(0)).isEqualTo(7);
                return null;
            });
            assertThat(selectInt(client, 8)).isEqualTo(8);
        }
    }

    // ---------------------------------------------------------------- what a pooled connection keeps

    private static boolean collected(java.lang.ref.WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        return ref.get() == null;
    }

    @Test
    void aPooledConnectionKeepsNeitherItsLastResultNorItsLastCallback(TestPostgres server) throws Exception {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            LazyResult result = client.query("select g, repeat('x', 100) from generate_series(1, 1000) g");
            java.lang.ref.WeakReference<Object> rows = new java.lang.ref.WeakReference<>(result.get(999));
            result = null;
            assertThat(collected(rows))
                    .as("the last buffered result is collectable")
                    .isTrue();
            int[] seen = {0};
            LazyRowCallback callback = row -> seen[0] += row.getInt(0); // capturing: a new object, not a cached lambda
            client.query("select 1", callback);
            java.lang.ref.WeakReference<Object> callbackRef = new java.lang.ref.WeakReference<>(callback);
            callback = null;
            assertThat(collected(callbackRef))
                    .as("the last callback is collectable")
                    .isTrue();
            assertThat(selectInt(client, 3)).isEqualTo(3);
        }
    }

    // ---------------------------------------------------------------- (3) a cursor left open

    @Test
    void aCursorLeftOpenIsClosedWhenTheConnectionIsReleased(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            Integer first = client.withConnection(c -> {
                RowCursor cursor = c.stream("select g from generate_series(1, 10000) g", 10);
                return cursor.next().getInt(0); // never closed
            });
            assertThat(first).isEqualTo(1);
            for (int i = 0; i < 20; i++) {
                assertThat(selectInt(client, i)).isEqualTo(i);
            }
        }
    }

    @Test
    void aCursorLeftOpenInsideATransactionIsClosedAndTheTransactionRolledBackOnRelease(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            script(client, "drop table if exists state_cursor_tx; create table state_cursor_tx (id int)");
            try (LazyPgSession session = client.acquire()) {
                session.executeScript("begin");
                session.execute("insert into state_cursor_tx values ($1)", 1);
                RowCursor cursor = session.stream("select g from generate_series(1, 10000) g", 10);
                assertThat(cursor.hasNext()).isTrue();
            }
            assertThat(client.query("select count(*) from state_cursor_tx")
                            .get(0)
                            .getLong(0))
                    .isZero();
            try (LazyPgSession session = client.acquire()) {
                assertThat(session.inTransaction()).isFalse();
            }
        }
    }

    @Test
    void anOpenCursorCanBeClosedExplicitlySoTheTransactionCanCommit(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            script(client, "drop table if exists state_cursor_commit; create table state_cursor_commit (id int)");
            try (LazyPgSession session = client.acquire()) {
                session.executeScript("begin");
                session.execute("insert into state_cursor_commit values ($1)", 1);
                session.stream("select g from generate_series(1, 10000) g", 10).next();
                assertThat(session.closeOpenCursor()).isTrue();
                assertThat(session.closeOpenCursor()).isFalse();
                session.executeScript("commit");
            }
            assertThat(client.query("select count(*) from state_cursor_commit")
                            .get(0)
                            .getLong(0))
                    .isEqualTo(1L);
        }
    }

    // ---------------------------------------------------------------- (4) and (5) queued Close messages

    @Test
    void aParameterEncodingErrorDoesNotStrandQueuedCloseMessages(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 1)) {
            client.withConnection(c -> {
                c.query("select 1");
                assertThatThrownBy(() -> c.query("select $1::text", "nul\0inside"))
                        .isInstanceOf(PgUsageException.class);
                c.executeScript("select 2; select 3");
                assertThat(c.query("select $1::int", 4).get(0).getInt(0)).isEqualTo(4);
                return null;
            });
        }
    }

    @Test
    void batchesCloseTheStatementsTheyEvict(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 4)) {
            script(client, "drop table if exists state_batch; create table state_batch (id int, k int)");
            client.withConnection(c -> {
                for (int i = 0; i < 50; i++) {
                    c.executeBatch(
                            "insert into state_batch (id, k) values ($1, " + i + ")",
                            List.of(new Object[] {1}, new Object[] {2}));
                }
                long prepared = c.query("select count(*) from pg_prepared_statements")
                        .get(0)
                        .getLong(0);
                // the cache holds 4; the count query's own statement may be the 5th before its eviction is sent
                assertThat(prepared).isLessThanOrEqualTo(5L);
                return null;
            });
            assertThat(client.query("select count(*) from state_batch").get(0).getLong(0))
                    .isEqualTo(100L);
        }
    }

    // ---------------------------------------------------------------- (9) DEALLOCATE ALL and DISCARD ALL

    @Test
    void deallocateAllClearsTheStatementCache(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            client.withConnection(c -> {
                assertThat(c.query("select $1::int + 1", 1).get(0).getInt(0)).isEqualTo(2);
                c.executeScript("begin");
                c.execute("deallocate all");
                // inside the transaction: a stale cached statement would fail with 26000 and abort it
                assertThat(c.query("select $1::int + 1", 2).get(0).getInt(0)).isEqualTo(3);
                c.executeScript("commit");
                return null;
            });
        }
    }

    @Test
    void discardAllClearsTheStatementCache(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            client.withConnection(c -> {
                assertThat(c.query("select $1::int * 2", 2).get(0).getInt(0)).isEqualTo(4);
                c.executeScript("discard all");
                c.executeScript("begin");
                assertThat(c.query("select $1::int * 2", 3).get(0).getInt(0)).isEqualTo(6);
                c.executeScript("commit");
                long prepared = c.query("select count(*) from pg_prepared_statements")
                        .get(0)
                        .getLong(0);
                assertThat(prepared).isEqualTo(2L);
                return null;
            });
        }
    }

    // ---------------------------------------------------------------- suspicion: a refused COPY FROM STDIN

    @Test
    void aRefusedCopyFromStdinIsAUsageErrorNotACancellation(TestPostgres server) {
        try (LazyPgClient client = poolOfOne(server, 16)) {
            script(client, "drop table if exists state_copy; create table state_copy (id int)");
            List<Runnable> attempts = List.of(
                    () -> client.execute("copy state_copy from stdin"),
                    () -> script(client, "copy state_copy from stdin"),
                    () -> client.withConnection(
                            c -> c.executeBatch("copy state_copy from stdin", List.of(new Object[0], new Object[0]))));
            for (Runnable attempt : attempts) {
                Throwable failure = catchThrowable(attempt::run);
                assertThat(failure)
                        .as("attempt %s", attempts.indexOf(attempt))
                        .isInstanceOf(PgUsageException.class)
                        .isNotInstanceOf(PgTimeoutException.class)
                        .hasMessageContaining("COPY FROM STDIN");
                assertThat(selectInt(client, 5)).isEqualTo(5);
            }
        }
    }
}
