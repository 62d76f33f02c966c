package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.OnThreads;
import io.lazypg.testing.PgBouncer;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * #28 through PgBouncer in transaction mode, with fewer server connections than client
 * connections: a COMMIT or ROLLBACK left pending ends its transaction on the server connection
 * the pooler gave it, and the statements the next borrower sends behind it (before its answer is
 * read) start a new transaction, which the pooler may put on another server connection; the
 * answers still come back in order on the client connection. Writes queued for commit travel with
 * BEGIN and COMMIT in one write, inside one transaction the pooler cannot split. Every answer is
 * checked against the thread's own expectation, and the table's final state against the tallies.
 */
@LazyPgTest
class PgBouncerPendingAnswersIT {

    private static final int THREADS = 8;
    private static final int SERVER_CONNECTIONS = 2;
    private static final int UNITS = 60;

    @BeforeEach
    void needsPgBouncer() {
        PgBouncer.assumeInstalled();
    }

    @Test
    void pendingCommitsAndRollbacksAndQueuedWritesAreSafeInTransactionMode(TestPostgres server) throws Exception {
        try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
            direct.withConnection(c -> {
                c.executeScript("drop table if exists bouncer_tx_log, bouncer_tx;"
                        + " create table bouncer_tx (id int primary key, n bigint not null);"
                        + " create table bouncer_tx_log (thread int, seq int, primary key (thread, seq));"
                        + " insert into bouncer_tx select i, 0 from generate_series(1, " + THREADS + ") i");
                return null;
            });
        }
        AtomicInteger numbers = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, SERVER_CONNECTIONS);
                LazyPgClient client = LazyPgClient.create(
                        LazyPgConfig.fromUrl(bouncer.server().url() + "?statement_cache_size=0").toBuilder()
                                .poolMaxSize(4)
                                .build())) {
            List<Long> counts = OnThreads.run(THREADS, () -> {
                int thread = numbers.incrementAndGet();
                long increments = 0;
                for (int i = 0; i < UNITS; i++) {
                    long expected = increments;
                    switch (i % 4) {
                        case 0 -> { // read-only: COMMIT not waited for
                            try (LazyPgSession s = client.acquire()) {
                                s.begin("READ ONLY");
                                assertThat(s.query("select id, n from bouncer_tx where id = $1", thread)
                                                .get(0)
                                                .getLong("n"))
                                        .isEqualTo(expected);
                                assertThat(s.commit()).isEqualTo("COMMIT");
                            }
                        }
                        case 1 -> { // writes riding with COMMIT
                            try (LazyPgSession s = client.acquire()) {
                                s.begin();
                                assertThat(s.query("select n from bouncer_tx where id = $1 for update", thread)
                                                .get(0)
                                                .getLong(0))
                                        .isEqualTo(expected);
                                PendingUpdate bump =
                                        s.executeAtCommit("update bouncer_tx set n = n + 1 where id = $1", thread);
                                PendingUpdate log =
                                        s.executeAtCommit("insert into bouncer_tx_log values ($1, $2)", thread, i);
                                assertThat(s.commit()).isEqualTo("COMMIT");
                                assertThat(bump.rowCount()).isEqualTo(1);
                                assertThat(log.rowCount()).isEqualTo(1);
                            }
                            increments++;
                        }
                        case 2 -> { // ROLLBACK not waited for
                            try (LazyPgSession s = client.acquire()) {
                                s.begin();
                                s.execute("update bouncer_tx set n = n + 1000 where id = $1", thread);
                                s.rollback();
                                assertThat(s.query("select n from bouncer_tx where id = $1", thread)
                                                .get(0)
                                                .getLong(0))
                                        .isEqualTo(expected);
                            }
                        }
                        default -> { // a queued write failing at commit
                            try (LazyPgSession s = client.acquire()) {
                                s.begin();
                                s.executeAtCommit("update bouncer_tx set n = n + 1 where id = $1", thread);
                                s.executeAtCommit("insert into bouncer_tx_log values ($1, $2)", thread, i - 2);
                                assertThatThrownBy(s::commit)
                                        .isInstanceOfSatisfying(
                                                PgCommitException.class,
                                                e -> assertThat(e.sqlState()).isEqualTo("23505"));
                            }
                        }
                    }
                }
                return increments;
            });
            try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
                for (int t = 1; t <= THREADS; t++) {
                    assertThat(direct.query("select n from bouncer_tx where id = $1", t)
                                    .get(0)
                                    .getLong(0))
                            .isEqualTo(counts.get(0));
                    assertThat(direct.query("select count(*) from bouncer_tx_log where thread = $1", t)
                                    .get(0)
                                    .getLong(0))
                            .isEqualTo(counts.get(0));
                }
            }
            assertThat(client.poolStats().active()).isZero();
        } finally {
            try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
                direct.withConnection(c -> {
                    c.executeScript("drop table if exists bouncer_tx_log, bouncer_tx");
                    return null;
                });
            }
        }
    }
}
