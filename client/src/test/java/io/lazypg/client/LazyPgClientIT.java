package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.internal.result.RowViews;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@LazyPgTest
class LazyPgClientIT {

    private static LazyPgClient client;

    @BeforeAll
    static void createTable(TestPostgres server) throws Exception {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("drop table if exists client_it");
            s.execute("create table client_it (id bigint primary key, name text, amount numeric(12,2), flag bool)");
            s.execute(
                    "insert into client_it select i, 'name ' || i, i * 1.5, i % 2 = 0 from generate_series(1, 1000) i");
        }
        client = LazyPgClient.connect(server.url());
    }

    @AfterAll
    static void close() {
        client.close();
    }

    @Test
    void selectStarWorks() {
        LazyResult result = client.query("select * from client_it order by id");
        assertThat(result.size()).isEqualTo(1000);
        assertThat(result.commandTag()).isEqualTo("SELECT 1000");
        assertThat(result.rowsAffected()).isEqualTo(1000);
        assertThat(result.columns()).extracting(Column::name).containsExactly("id", "name", "amount", "flag");
        LazyRow row = result.get(9);
        assertThat(row.getLong(0)).isEqualTo(10L);
        assertThat(row.getString("name")).isEqualTo("name 10");
        assertThat(row.getBigDecimal("amount")).isEqualByComparingTo("15.00");
        assertThat(row.getBoolean(3)).isTrue();
        assertThat(row.getString(0)).isEqualTo("10");
    }

    @Test
    void parametersBindAndRowsOutliveTheConnection() {
        LazyResult result =
                client.query("select id, name from client_it where id between $1 and $2 order by id", 5L, 7L);
        // The connection is back in the pool and has run other queries since: rows still decode.
        client.query("select * from client_it");
        assertThat(result).extracting(r -> r.getLong(0)).containsExactly(5L, 6L, 7L);
        assertThat(result.get(2).getString(1)).isEqualTo("name 7");
    }

    @Test
    void aRowKeptPastItsCallbackFailsOnReadInsteadOfShowingAnotherRow() {
        List<LazyRow> kept = new ArrayList<>();
        List<LazyRow> detached = new ArrayList<>();
        client.query("select g, 'row ' || g from generate_series(1, 5000) g", row -> {
            kept.add(row);
            if (row.getInt(0) % 1000 == 0) {
                detached.add(row.detach());
            }
        });
        assertThat(kept).hasSize(5000);
        assertThatThrownBy(() -> kept.get(0).getInt(0))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("after its row callback returned")
                .hasMessageContaining("detach()");
        assertThatThrownBy(() -> kept.get(4999).getString(1)).isInstanceOf(PgUsageException.class);
        assertThat(detached)
                .extracting(r -> r.getString(1))
                .containsExactly("row 1000", "row 2000", "row 3000", "row 4000", "row 5000");
    }

    @Test
    void aRepeatedStatementIsParsedOnce() {
        client.withConnection(c -> {
            for (int i = 0; i < 5; i++) {
                c.query("select name from client_it where id = $1", (long) i);
            }
            LazyResult prepared = c.query(
                    "select count(*) from pg_prepared_statements where statement = $1",
                    "select name from client_it where id = $1");
            assertThat(prepared.get(0).getLong(0)).isEqualTo(1L);
            return null;
        });
    }

    @Test
    void evictedStatementsAreClosedOnTheServer(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .statementCacheSize(2)
                .build();
        try (LazyPgClient small = LazyPgClient.create(config)) {
            small.withConnection(c -> {
                for (int i = 0; i < 6; i++) {
                    c.query("select " + i + " as n");
                }
                // this query itself is the third distinct statement: it evicts one more before running
                LazyResult live = c.query("select count(*) from pg_prepared_statements");
                assertThat(live.get(0).getLong(0)).isLessThanOrEqualTo(2L);
                return null;
            });
        }
    }

    @Test
    void aServerErrorMidResultLeavesTheConnectionUsable() {
        client.withConnection(c -> {
            AtomicLong seen = new AtomicLong();
            assertThatThrownBy(() -> c.query(
                            "select 1 / (50000 - i) from generate_series(1, 100000) i", row -> seen.incrementAndGet()))
                    .isInstanceOfSatisfying(PgServerException.class, e -> {
                        assertThat(e.sqlState()).isEqualTo("22012");
                        assertThat(e.getMessage()).contains("division by zero");
                    });
            assertThat(seen.get()).isLessThan(50000L);
            assertThat(c.query("select 42").get(0).getInt(0)).isEqualTo(42);
            return null;
        });
    }

    @Test
    void aWrongParameterCountFailsBeforeSending() {
        assertThatThrownBy(() -> client.query("select * from client_it where id = $1 and name = $2", 1L))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("2 parameters")
                .hasMessageContaining("1 value was given");
        assertThatThrownBy(() -> client.query("select * from client_it where id = $1", 1L, 2L))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("1 parameter ($1..$1) but 2 values");
        assertThat(client.query("select '$1' as a, $1::int as b -- $2\n", 5)
                        .get(0)
                        .getInt(1))
                .isEqualTo(5);
    }

    @Test
    void nullIntoAPrimitiveNamesTheColumn() {
        LazyRow row =
                client.query("select null::int as missing_value, 1 as present").get(0);
        assertThatThrownBy(() -> row.getInt(0))
                .isInstanceOf(PgConversionException.class)
                .hasMessageContaining("missing_value")
                .hasMessageContaining("NULL");
        assertThat(row.get(0, Integer.class)).isNull();
        assertThat(row.isNull(0)).isTrue();
        assertThat(row.getInt("present")).isEqualTo(1);
    }

    @Test
    void anUnknownColumnNameListsTheColumns() {
        LazyRow row = client.query("select 1 as a, 2 as b").get(0);
        assertThat(row.indexOf("nope")).isEqualTo(-1);
        assertThat(row.indexOf("A")).isEqualTo(0);
        assertThatThrownBy(() -> row.getInt("nope"))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("'nope'")
                .hasMessageContaining("[a, b]");
    }

    @Test
    void executeReturnsRowsAffectedAndScriptsRun() {
        client.withConnection(c -> {
            c.executeScript("create temp table t_exec (x int); insert into t_exec values (1), (2), (3)");
            assertThat(c.execute("update t_exec set x = x + $1 where x >= $2", 10, 2))
                    .isEqualTo(2);
            assertThat(c.execute("delete from t_exec")).isEqualTo(3);
            return null;
        });
    }

    @Test
    void aRepeatedStatementsResultsHoldTheirOwnRowsWhateverTheLastCount() {
        // The row list starts at the statement's previous count (a hint): results that grow, shrink,
        // are limited by maxRows or are empty must still hold exactly their own rows.
        String sql = "select g, 'row ' || g from generate_series(1, $1::int) g";
        client.withConnection(c -> {
            for (int n : new int[] {5000, 3, 5000, 0, 7000, 1}) {
                LazyResult result = c.query(sql, n);
                assertThat(result.size())
                        .as("rows of generate_series(1, %d)", n)
                        .isEqualTo(n);
                if (n > 0) {
                    assertThat(result.get(0).getInt(0)).isEqualTo(1);
                    assertThat(result.get(n - 1).getString(1)).isEqualTo("row " + n);
                }
            }
            LazyResult limited = c.queryAtMost(10, sql, 5000);
            assertThat(limited.rows()).extracting(row -> row.getInt(0)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
            return null;
        });
    }

    @Test
    void theCallbackPathAllocatesAlmostNothingPerRow() {
        client.withConnection(c -> {
            // warm up the code paths and the statement cache
            for (int i = 0; i < 3; i++) {
                c.query("select i, i * 2 from generate_series(1, 100000) i", row -> row.getInt(1));
            }
            com.sun.management.ThreadMXBean threads =
                    (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long[] sum = new long[1];
            long before = threads.getCurrentThreadAllocatedBytes();
            c.query(
                    "select i, i * 2 from generate_series(1, 100000) i",
                    row -> sum[0] += row.getInt(0) + row.getInt(1));
            long perRow = (threads.getCurrentThreadAllocatedBytes() - before) / 100000;
            assertThat(sum[0]).isEqualTo(3L * 100000 * 100001 / 2);
            assertThat(perRow)
                    .as("bytes allocated per streamed row reading 2 int columns")
                    .isLessThanOrEqualTo(16);
            return null;
        });
    }

    @Test
    void aCallbackThatThrowsLeavesTheConnectionUsable() {
        client.withConnection(c -> {
            assertThatThrownBy(() -> c.query("select i from generate_series(1, 10000) i", row -> {
                        if (row.getInt(0) == 10) {
                            throw new IllegalStateException("stop here");
                        }
                    }))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessage("stop here");
            assertThat(c.query("select 7").get(0).getInt(0)).isEqualTo(7);
            return null;
        });
    }

    @Test
    void aLargeMessageIsReadAndRowsDetach() {
        LazyResult result = client.query("select repeat('x', 3 * 1024 * 1024) as big, 'small' as s");
        assertThat(result.get(0).getString(0)).hasSize(3 * 1024 * 1024);
        LazyRow detached = client.query("select id, name from client_it where id = 1")
                .get(0)
                .detach();
        assertThat(RowViews.payloadSize(detached)).isLessThan(64);
        assertThat(detached.getString(1)).isEqualTo("name 1");
    }

    @Test
    void noticesReachTheListener(TestPostgres server) {
        List<String> notices = new ArrayList<>();
        try (LazyPgClient noticed =
                LazyPgClient.create(LazyPgConfig.fromUrl(server.url()), n -> notices.add(n.message()))) {
            noticed.withConnection(c -> {
                c.executeScript("do $$ begin raise notice 'hello %', 42; end $$");
                return null;
            });
        }
        assertThat(notices).containsExactly("hello 42");
    }

    @Test
    void aQueryTimeoutCancelsTheStatement(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .queryTimeout(Duration.ofMillis(300))
                .build();
        try (LazyPgClient timed = LazyPgClient.create(config)) {
            timed.withConnection(c -> {
                assertThatThrownBy(() -> c.query("select pg_sleep(30)"))
                        .isInstanceOfSatisfying(
                                PgTimeoutException.class,
                                e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.QUERY))
                        .hasMessageContaining("query_timeout / lazypg.query-timeout = 300ms")
                        .cause()
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("57014"));
                assertThat(c.query("select 1").get(0).getInt(0)).isEqualTo(1);
                return null;
            });
        }
    }

    @Test
    void changingClientEncodingIsAClearErrorAndTheConnectionIsDiscarded() {
        assertThatThrownBy(() -> client.withConnection(c -> {
                    c.executeScript("set client_encoding = 'LATIN1'");
                    return null;
                }))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("client_encoding")
                .hasMessageContaining("LATIN1");
        assertThat(client.query("select 'ok'").get(0).getString(0)).isEqualTo("ok");
    }

    @Test
    void aTerminatedBackendIsEvictedAndTheNextQuerySucceeds(TestPostgres server) throws Exception {
        try (LazyPgClient one = LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build())) {
            int pid = one.query("select pg_backend_pid()").get(0).getInt(0);
            CountDownLatch started = new CountDownLatch(1);
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> one.query(
                    "select pg_sleep(0.001), i from generate_series(1, 2000000) i", row -> started.countDown()));
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
            try (Connection c = server.openJdbc();
                    Statement s = c.createStatement()) {
                s.execute("select pg_terminate_backend(" + pid + ")");
            }
            assertThatThrownBy(running::join).hasCauseInstanceOf(PgException.class);
            assertThat(one.query("select 5").get(0).getInt(0)).isEqualTo(5);
            assertThat(one.query("select pg_backend_pid()").get(0).getInt(0)).isNotEqualTo(pid);
        }
    }

    @Test
    void transactionsLeftOpenAreRolledBackOnRelease() {
        client.withConnection(c -> {
            c.executeScript("create temp table if not exists t_tx (x int)");
            return null;
        });
        try (LazyPgSession session = client.acquire()) {
            session.executeScript("begin");
            assertThat(session.inTransaction()).isTrue();
        }
        try (LazyPgSession session = client.acquire()) {
            assertThat(session.inTransaction()).isFalse();
        }
    }

    @Test
    void aCursorFetchesInBatchesOutsideATransactionAndClosesEarly() {
        List<Long> ids = new ArrayList<>();
        try (RowCursor cursor = client.stream("select id from client_it where id <= $1 order by id", 7, 100L)) {
            assertThat(cursor.columns()).extracting(Column::name).containsExactly("id");
            cursor.forEachRemaining(row -> ids.add(row.getLong(0)));
        }
        assertThat(ids).hasSize(100).first().isEqualTo(1L);
        assertThat(ids).last().isEqualTo(100L);
        client.withConnection(c -> {
            try (RowCursor cursor = c.stream("select id from client_it order by id", 10)) {
                assertThat(cursor.next().getLong(0)).isEqualTo(1L);
                assertThatThrownBy(() -> c.query("select 1"))
                        .isInstanceOf(PgUsageException.class)
                        .hasMessageContaining("cursor is open");
            }
            assertThat(c.inTransaction()).isFalse();
            assertThat(c.query("select 2").get(0).getInt(0)).isEqualTo(2);
            return null;
        });
        assertThat(client.poolStats().active()).isZero();
    }

    @Test
    void aCursorReportsAServerErrorInALaterBatch() {
        client.withConnection(c -> {
            try (RowCursor cursor = c.stream("select 1 / (25 - i) from generate_series(1, 100) i", 10)) {
                assertThatThrownBy(() -> cursor.forEachRemaining(row -> row.getInt(0)))
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("22012"));
            }
            assertThat(c.query("select 3").get(0).getInt(0)).isEqualTo(3);
            return null;
        });
    }

    @Test
    void batchesArePipelinedAndAtomic() {
        client.withConnection(c -> {
            c.executeScript("create temp table t_batch (id int primary key, label text)");
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                rows.add(new Object[] {i, i % 10 == 0 ? null : "label " + i});
            }
            int[] counts = c.executeBatch("insert into t_batch values ($1, $2)", rows);
            assertThat(counts).hasSize(3000).containsOnly(1);
            assertThat(c.query("select count(*), count(label) from t_batch")
                            .get(0)
                            .getLong(1))
                    .isEqualTo(2700L);
            List<Object[]> clash = List.of(new Object[] {5000, "new"}, new Object[] {1, "duplicate"});
            assertThatThrownBy(() -> c.executeBatch("insert into t_batch values ($1, $2)", clash))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("23505"));
            assertThat(c.query("select count(*) from t_batch where id = 5000")
                            .get(0)
                            .getLong(0))
                    .as("the batch is one implicit transaction")
                    .isZero();
            assertThatThrownBy(() -> c.executeBatch(
                            "insert into t_batch values ($1, $2)",
                            List.of(new Object[] {6000, "ok"}, new Object[] {6001, "bad" + (char) 0})))
                    .isInstanceOf(PgUsageException.class);
            assertThat(c.query("select count(*) from t_batch where id = 6000")
                            .get(0)
                            .getLong(0))
                    .as("nothing is sent when a value is invalid")
                    .isZero();
            return null;
        });
    }

    @Test
    void getObjectReturnsTheNaturalTypeWhateverWasReadBefore() {
        LazyRow row = client.query("select 42 as n, date '2024-02-29' as d").get(0);
        assertThat(row.getString(0)).isEqualTo("42");
        assertThat(row.getObject(0)).isEqualTo(42);
        assertThat(row.getString(1)).isEqualTo("2024-02-29");
        assertThat(row.getObject(1)).isEqualTo(java.time.LocalDate.of(2024, 2, 29));
        // A binary date and a String are made again on each read (not memoized): equal values.
        assertThat(row.get(1, java.time.LocalDate.class)).isEqualTo(row.get(1, java.time.LocalDate.class));
        assertThat(row.getString(1)).isEqualTo(row.getString(1)).isNotSameAs(row.getString(1));
    }

    @Test
    void aRowKeptFromACursorPinsOnlyItsOwnBytes() throws Exception {
        LazyRow kept;
        try (RowCursor cursor = client.stream("select id, name from client_it order by id", 500)) {
            kept = cursor.next();
            cursor.forEachRemaining(row -> row.getLong(0));
        }
        java.lang.reflect.Field data = LazyRow.class.getDeclaredField("data"); // white-box: the array the row views
        data.setAccessible(true);
        assertThat(((byte[]) data.get(kept)).length).isEqualTo(RowViews.payloadSize(kept));
        assertThat(kept.getString(1)).isEqualTo("name 1");
        LazyRow single =
                client.query("select id, name from client_it where id = 2").get(0);
        assertThat(((byte[]) data.get(single)).length)
                .as("a one-row result pins a few hundred bytes")
                .isLessThan(4096);
    }
}
