package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.OnThreads;
import io.lazypg.testing.PgBouncer;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issue #12: the template and the transaction manager through a real PgBouncer in transaction
 * mode, eight threads on two server connections, with {@code statement_cache_size=0}; and with the
 * defaults, the translated error names the remedy. Skipped, naming {@code apt-get install
 * pgbouncer}, without PgBouncer.
 */
@LazyPgTest
class PgBouncerTemplateIT {

    private static final int THREADS = 8;
    private static final int ROUNDS = 20;

    /** Per test, so that each is reported skipped with the reason (a class skipped in @BeforeAll shows none). */
    @BeforeEach
    void needsPgBouncer() {
        PgBouncer.assumeInstalled();
    }

    private static LazyPgClient client(PgBouncer bouncer, String parameters) {
        return LazyPgClient.create(LazyPgConfig.fromUrl(bouncer.server().url() + parameters).toBuilder()
                .poolMaxSize(THREADS)
                .build());
    }

    /** Runs {@code work} on {@link #THREADS} threads at once, each with its own number from 0. */
    private static void onThreads(ThreadWork work) throws Exception {
        AtomicInteger owners = new AtomicInteger();
        OnThreads.run(THREADS, () -> {
            work.run(owners.getAndIncrement());
            return null;
        });
    }

    @FunctionalInterface
    private interface ThreadWork {
        void run(int owner) throws Exception;
    }

    @Test
    void templateAndTransactionsWorkWithStatementCacheOff(TestPostgres server) throws Exception {
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, 2);
                LazyPgClient client = client(bouncer, "?statement_cache_size=0")) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            TransactionTemplate tx = new TransactionTemplate(new LazyPgTransactionManager(client));
            template.execute("drop table if exists bouncer_tpl;"
                    + " create table bouncer_tpl (id int primary key, owner int, v text)");
            onThreads(owner -> {
                for (int r = 0; r < ROUNDS; r++) {
                    int base = (owner * ROUNDS + r) * 10;
                    assertThat(template.update("insert into bouncer_tpl values (?, ?, ?)", base, owner, "u"))
                            .isEqualTo(1);
                    assertThat(template.batchUpdate(
                                    "insert into bouncer_tpl values (?, ?, ?)",
                                    List.of(new Object[] {base + 1, owner, "b"}, new Object[] {base + 2, owner, "b"})))
                            .containsExactly(1, 1);
                    tx.executeWithoutResult(s -> {
                        template.update("insert into bouncer_tpl values (?, ?, ?)", base + 3, owner, "t");
                        assertThat(template.queryForObject(
                                        "select count(*) from bouncer_tpl where id between ? and ?",
                                        Long.class,
                                        base,
                                        base + 9))
                                .isEqualTo(4L);
                    });
                    try {
                        tx.executeWithoutResult(s -> {
                            template.update("insert into bouncer_tpl values (?, ?, ?)", base + 5, owner, "r");
                            template.update("insert into bouncer_tpl values (?, ?, ?)", base, owner, "dup");
                        });
                        throw new AssertionError("the duplicate went through");
                    } catch (DuplicateKeyException expected) {
                        // rolled back, base + 5 included
                    }
                    assertThat(template.query(
                                    "select v from bouncer_tpl where id between ? and ? order by id",
                                    row -> row.getString(0),
                                    base,
                                    base + 9))
                            .containsExactly("u", "b", "b", "t");
                    try (Stream<Integer> ids = template.queryForStream(
                            "select id from bouncer_tpl where owner = ? order by id", Integer.class, owner)) {
                        assertThat(ids.count()).isEqualTo((r + 1) * 4L);
                    }
                    assertThat(template.sql("select v from bouncer_tpl where id = :id")
                                    .param("id", base + 3)
                                    .query(String.class)
                                    .optional())
                            .contains("t");
                }
            });
            assertThat(template.queryForObject("select count(*) from bouncer_tpl", Long.class))
                    .isEqualTo((long) THREADS * ROUNDS * 4);
            template.execute("drop table bouncer_tpl");
        }
    }

    @Test
    void withTheDefaultsTheTranslatedErrorNamesTheRemedy(TestPostgres server) throws Exception {
        List<DataAccessException> refused = java.util.Collections.synchronizedList(new ArrayList<>());
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, 2);
                LazyPgClient client = client(bouncer, "")) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            onThreads(owner -> {
                for (int i = 1; i <= 60; i++) {
                    try {
                        assertThat(template.queryForObject(
                                        "select ?::int8 * " + (owner + 1) + " + " + (i % 4), Long.class, (long) i))
                                .isEqualTo((long) i * (owner + 1) + i % 4);
                    } catch (DataAccessException e) {
                        refused.add(e);
                    }
                }
            });
            assertThat(refused).isNotEmpty();
            assertThat(refused)
                    .allSatisfy(e -> assertThat(e.getMessage()).contains("statement_cache_size=0", "pool_mode"));
            assertThat(client.poolStats().totalClosed())
                    .as("connections discarded")
                    .isZero();
        }
    }
}
