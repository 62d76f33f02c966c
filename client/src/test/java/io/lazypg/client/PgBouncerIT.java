package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.OnThreads;
import io.lazypg.testing.PgBouncer;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue #12: lazypg through a real PgBouncer 1.18 (which tracks no prepared statements), with
 * fewer server connections than client threads so that every Sync may land on another server
 * connection. With {@code statement_cache_size=0} in transaction mode everything works; with the
 * defaults in transaction mode no wrong result ever comes back and the errors name the remedy; in
 * session mode the defaults work. Skipped, naming {@code apt-get install pgbouncer}, where
 * PgBouncer is not installed.
 */
@LazyPgTest
class PgBouncerIT {

    private static final int THREADS = 8;
    private static final int SERVER_CONNECTIONS = 2;

    /** Per test, so that each is reported skipped with the reason (a class skipped in @BeforeAll shows none). */
    @BeforeEach
    void needsPgBouncer() {
        PgBouncer.assumeInstalled();
    }

    @BeforeAll
    static void table(TestPostgres server) throws Exception {
        try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
            direct.withConnection(c -> {
                c.executeScript("drop table if exists bouncer_item;"
                        + " create table bouncer_item (id int8 primary key, name text not null, price numeric,"
                        + " made date, at timestamptz, tag uuid);"
                        + " insert into bouncer_item select g, 'item ' || g, g * 1.5, date '2024-01-01' + g,"
                        + " timestamptz '2024-01-01 00:00:00+00' + g * interval '1 hour', null"
                        + " from generate_series(1, 500) g");
                return null;
            });
        }
    }

    @AfterAll
    static void dropTable(TestPostgres server) {
        try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
            direct.withConnection(c -> {
                c.executeScript("drop table if exists bouncer_item");
                return null;
            });
        }
    }

    private static LazyPgClient client(PgBouncer bouncer, String parameters, int poolSize) {
        return LazyPgClient.create(LazyPgConfig.fromUrl(bouncer.server().url() + parameters).toBuilder()
                .poolMaxSize(poolSize)
                .build());
    }

    @Test
    void theDocumentedSetUp(TestPostgres server) {
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, 1)) {
            String pgbouncerUrl = bouncer.server().url(); // postgresql://app@pgbouncer-host:6432/shop
            String name;
            // tag::transaction-mode[]
            try (LazyPgClient client = LazyPgClient.connect(pgbouncerUrl + "?statement_cache_size=0")) {
                name = client.query("select name from bouncer_item where id = $1", 7L)
                        .get(0)
                        .getString("name");
            }
            // end::transaction-mode[]
            assertThat(name).isEqualTo("item 7");
        }
    }

    @Test
    void aStatementPreparedOnOneServerConnectionAndBoundOnAnotherFailsNamingTheRemedy(TestPostgres server) {
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, 2);
                LazyPgClient a = client(bouncer, "", 1);
                LazyPgClient b = client(bouncer, "", 1);
                LazyPgSession sa = a.acquire();
                LazyPgSession sb = b.acquire()) {
            sb.executeScript("begin"); // B holds one server connection
            sa.executeScript("begin"); // A the other, and prepares its statement there
            assertThat(sa.query("select $1::int4 + 1", 1).get(0).getInt(0)).isEqualTo(2);
            sb.executeScript("commit");
            sa.executeScript("commit"); // released last: PgBouncer hands it out first (LIFO, its default)
            sb.executeScript("begin"); // so B now holds the server connection A prepared on
            PgServerException refused = null;
            // tag::default-error[]
            try {
                sa.query("select $1::int4 + 1", 2);
            } catch (PgServerException e) {
                refused = e; // SQLSTATE 26000, and the message names the remedy
            }
            // end::default-error[]
            assertThat(refused)
                    .as("the Bind on the other server connection was refused")
                    .isNotNull();
            assertThat(refused.sqlState()).isEqualTo("26000");
            assertThat(refused.getMessage())
                    .startsWith("A connection pooler in transaction mode")
                    .contains("statement_cache_size=0", "prepareThreshold=0", "max_prepared_statements")
                    .endsWith("does not exist (SQLSTATE 26000)");
            sb.executeScript("commit");
            // the same session goes on: the forgotten statement is prepared again where it now runs
            assertThat(sa.query("select $1::int4 + 1", 3).get(0).getInt(0)).isEqualTo(4);
            assertThat(sa.inTransaction()).isFalse();
        }
    }

    @Test
    void transactionModeWithStatementCacheOffRunsParameterizedQueriesFromEightThreads(TestPostgres server)
            throws Exception {
        AtomicInteger threadNumbers = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, SERVER_CONNECTIONS);
                LazyPgClient client = client(bouncer, "?statement_cache_size=0", THREADS)) {
            List<Integer> checked = OnThreads.run(THREADS, () -> {
                int thread = threadNumbers.incrementAndGet();
                int rounds = 0;
                for (int i = 1; i <= 150; i++) {
                    long id = (thread * 37L + i) % 500 + 1;
                    LazyResult r = client.query(
                            "select id, name, price, made, at, $2::int4 as thread from bouncer_item where id = $1",
                            id,
                            thread);
                    assertThat(r.size()).isEqualTo(1);
                    LazyRow row = r.get(0);
                    assertThat(row.getLong("id")).isEqualTo(id);
                    assertThat(row.getString("name")).isEqualTo("item " + id);
                    assertThat(row.getBigDecimal("price")).isEqualByComparingTo(BigDecimal.valueOf(id * 15, 1));
                    assertThat(row.getObject("made"))
                            .isEqualTo(LocalDate.of(2024, 1, 1).plusDays(id));
                    assertThat(((OffsetDateTime) row.getObject("at")).toInstant())
                            .isEqualTo(OffsetDateTime.parse("2024-01-01T00:00:00Z")
                                    .plusHours(id)
                                    .toInstant());
                    assertThat(row.getInt("thread")).isEqualTo(thread);
                    // a statement of this thread's own text: no other thread's statement can answer it
                    LazyResult own = client.query("select $1::int8 * " + thread + " as product", (long) i);
                    assertThat(own.get(0).getLong("product")).isEqualTo((long) i * thread);
                    rounds++;
                }
                return rounds;
            });
            assertThat(checked).containsOnly(150).hasSize(THREADS);
        }
    }

    @Test
    void transactionModeWithStatementCacheOffRunsBatchesCursorsAndTransactions(TestPostgres server) throws Exception {
        AtomicInteger threadNumbers = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, SERVER_CONNECTIONS);
                LazyPgClient client = client(bouncer, "?statement_cache_size=0", THREADS)) {
            client.withConnection(c -> {
                c.executeScript("drop table if exists bouncer_batch;"
                        + " create table bouncer_batch (thread int4, n int4, label text, primary key (thread, n))");
                return null;
            });
            List<Long> sums = OnThreads.run(THREADS, () -> {
                int thread = threadNumbers.incrementAndGet();
                List<Object[]> rows = new ArrayList<>();
                for (int n = 1; n <= 700; n++) { // more than one batch slice (512)
                    rows.add(new Object[] {thread, n, "row " + n});
                }
                int[] counts =
                        client.executeBatch("insert into bouncer_batch (thread, n, label) values ($1, $2, $3)", rows);
                assertThat(counts).hasSize(700).containsOnly(1);
                long sum = 0;
                int seen = 0;
                try (RowCursor cursor =
                        client.stream("select n, label from bouncer_batch where thread = $1 order by n", 50, thread)) {
                    assertThat(cursor.columns()).extracting(Column::name).containsExactly("n", "label");
                    while (cursor.hasNext()) {
                        LazyRow row = cursor.next();
                        seen++;
                        assertThat(row.getInt(0)).isEqualTo(seen);
                        assertThat(row.getString(1)).isEqualTo("row " + seen);
                        sum += row.getInt(0);
                    }
                }
                assertThat(seen).isEqualTo(700);
                // a transaction block keeps its server connection: a statement in it sees its own write
                long inside = client.withConnection(c -> {
                    c.executeScript("begin");
                    c.execute("delete from bouncer_batch where thread = $1 and n > $2", thread, 600);
                    long count = c.query("select count(*) from bouncer_batch where thread = $1", thread)
                            .get(0)
                            .getLong(0);
                    c.executeScript("rollback");
                    return count;
                });
                assertThat(inside).isEqualTo(600);
                return sum;
            });
            assertThat(sums).containsOnly(700L * 701 / 2).hasSize(THREADS);
        } finally {
            try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
                direct.withConnection(c -> {
                    c.executeScript("drop table if exists bouncer_batch");
                    return null;
                });
            }
        }
    }

    @Test
    void transactionModeWithDefaultsNeverReturnsAWrongResultAndNamesTheRemedy(TestPostgres server) throws Exception {
        AtomicInteger threadNumbers = new AtomicInteger();
        AtomicInteger explained = new AtomicInteger();
        AtomicInteger correct = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, SERVER_CONNECTIONS);
                LazyPgClient client = client(bouncer, "", THREADS)) {
            OnThreads.run(THREADS, () -> {
                int thread = threadNumbers.incrementAndGet();
                for (int i = 1; i <= 100; i++) {
                    // Every thread's statements take one int8, but each thread's text differs: had two
                    // connections' statements the same name, a Bind on the wrong server connection would
                    // run another thread's statement and answer with its product.
                    String sql = "select $1::int8 * " + thread + " + " + (i % 5) + " as answer";
                    try {
                        long answer = client.query(sql, (long) i).get(0).getLong("answer");
                        assertThat(answer).as(sql).isEqualTo((long) i * thread + i % 5);
                        correct.incrementAndGet();
                    } catch (PgServerException e) {
                        assertThat(e.sqlState()).isIn("26000", "42P05");
                        assertThat(e.getMessage())
                                .contains("statement_cache_size=0", "prepareThreshold=0", "max_prepared_statements")
                                .contains("prepared statement \"lazypg_");
                        explained.incrementAndGet();
                    }
                }
                return null;
            });
            assertThat(explained.get())
                    .as("statements that failed through the transaction-mode pooler")
                    .isPositive();
            assertThat(correct.get()).as("statements answered").isPositive();

            // each connection stays usable after such an error: the simple protocol needs no prepared statement
            for (int i = 0; i < THREADS * 2; i++) {
                List<LazyResult> results = client.withConnection(c -> c.queryScript("select 42"));
                assertThat(results.get(0).get(0).getInt(0)).isEqualTo(42);
            }
            assertThat(client.poolStats().totalClosed())
                    .as("connections discarded")
                    .isZero();
        }
    }

    @Test
    void sessionModeWorksWithTheDefaults(TestPostgres server) throws Exception {
        AtomicInteger threadNumbers = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.SESSION, SERVER_CONNECTIONS);
                LazyPgClient client = client(bouncer, "", SERVER_CONNECTIONS)) {
            List<Integer> checked = OnThreads.run(THREADS, () -> {
                int thread = threadNumbers.incrementAndGet();
                int rounds = 0;
                for (int i = 1; i <= 100; i++) {
                    long id = (thread * 41L + i) % 500 + 1;
                    LazyRow row = client.query("select id, name, tag from bouncer_item where id = $1", id)
                            .get(0);
                    assertThat(row.getLong(0)).isEqualTo(id);
                    assertThat(row.getString(1)).isEqualTo("item " + id);
                    assertThat(row.getObject(2)).isNull();
                    assertThat(client.query("select $1::int8 * " + thread, (long) i)
                                    .get(0)
                                    .getLong(0))
                            .isEqualTo((long) i * thread);
                    rounds++;
                }
                int[] counts = client.executeBatch(
                        "select $1::int4", List.of(new Object[] {1}, new Object[] {2}, new Object[] {3}));
                assertThat(counts).containsExactly(1, 1, 1);
                return rounds;
            });
            assertThat(checked).containsOnly(100).hasSize(THREADS);
        }
    }
}
