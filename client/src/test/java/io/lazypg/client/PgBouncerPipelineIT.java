package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.OnThreads;
import io.lazypg.testing.PgBouncer;
import io.lazypg.testing.TestPostgres;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * #28: a thread's pipeline through PgBouncer in transaction mode, with fewer server connections
 * than client connections, so that the pooler hands server connections from one client connection
 * to another between transactions. Outside a transaction each pipelined statement is a unit of its
 * own (Parse + Bind + Describe + Execute + Sync, {@code statement_cache_size=0}), complete wherever
 * the pooler runs it, and a failing one fails alone; inside one the BEGIN rides in the pipeline's
 * first write, so the pooler keeps one server connection from BEGIN to COMMIT, also across the
 * writes of a pipeline too long for one. Every answer is checked against the thread's own
 * expectation, and the tables' final state against the tallies.
 */
@LazyPgTest
class PgBouncerPipelineIT {

    private static final int THREADS = 6;
    private static final int SERVER_CONNECTIONS = 2;
    private static final int CLIENT_CONNECTIONS = 4;
    private static final int UNITS = 45;
    /** Statements in the long pipeline: more than one write holds (PipelineExecution, 256 per write). */
    private static final int LONG = 600;

    private static final String READ_N = "select n from bouncer_pipe where id = $1";
    private static final String LOG = "insert into bouncer_pipe_log values ($1, $2)";

    @BeforeEach
    void needsPgBouncer() {
        PgBouncer.assumeInstalled();
    }

    @Test
    void pipelinesInAndOutOfTransactionsAreAnsweredWholeAndInOrderInTransactionMode(TestPostgres server)
            throws Exception {
        try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
            direct.withConnection(c -> {
                c.executeScript("drop table if exists bouncer_pipe_log, bouncer_pipe;"
                        + " create table bouncer_pipe (id int primary key, n bigint not null);"
                        + " create table bouncer_pipe_log (thread int, seq int, primary key (thread, seq));"
                        + " insert into bouncer_pipe select i, 0 from generate_series(1, " + THREADS + ") i");
                return null;
            });
        }
        AtomicInteger numbers = new AtomicInteger();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, SERVER_CONNECTIONS);
                LazyPgClient client = LazyPgClient.create(
                        LazyPgConfig.fromUrl(bouncer.server().url() + "?statement_cache_size=0").toBuilder()
                                .poolMaxSize(CLIENT_CONNECTIONS)
                                .build())) {
            List<long[]> tallies = OnThreads.run(THREADS, () -> {
                int thread = numbers.incrementAndGet();
                long increments = 0;
                long logged = 0;
                for (int i = 0; i < UNITS; i++) {
                    int seq = i;
                    long n = increments;
                    long entries = logged;
                    try (LazyPgSession s = client.acquire()) {
                        switch (i % 3) {
                            case 0 -> { // outside a transaction: each statement its own unit, one failing alone
                                List<PipelineResult<?>> h = new ArrayList<>();
                                Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                                    h.add(p.query(READ_N, thread));
                                    h.add(p.execute(LOG, thread, seq));
                                    h.add(p.execute(LOG, thread, seq)); // a duplicate: fails alone
                                    h.add(p.query("select count(*) from bouncer_pipe_log where thread = $1", thread));
                                    h.add(p.query("select $1::int + 1", seq));
                                }));
                                assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                                    assertThat(e.sqlState()).isEqualTo("23505");
                                    assertThat(e.statementIndex()).isEqualTo(2);
                                    assertThat(e.failedStatements()).containsExactly(2);
                                    assertThat(e.transactionAborted()).isFalse();
                                });
                                assertThat(((LazyResult) h.get(0).get()).get(0).getLong(0))
                                        .isEqualTo(n);
                                assertThat(h.get(1).get()).isEqualTo(1);
                                assertThat(((LazyResult) h.get(3).get()).get(0).getLong(0))
                                        .isEqualTo(entries + 1);
                                assertThat(((LazyResult) h.get(4).get()).get(0).getInt(0))
                                        .isEqualTo(seq + 1);
                                logged++;
                            }
                            case 1 -> { // inside: BEGIN rides with the first write, COMMIT after it
                                s.begin();
                                int lookups = i == 1 ? LONG : 0;
                                List<LazyResult> r = s.pipeline(p -> {
                                    p.query(READ_N + " for update", thread);
                                    p.execute("update bouncer_pipe set n = n + 1 where id = $1", thread);
                                    p.execute(LOG, thread, seq);
                                    for (int k = 0; k < lookups; k++) {
                                        p.query(READ_N, thread);
                                    }
                                    p.query(READ_N, thread);
                                });
                                assertThat(r).hasSize(4 + lookups);
                                assertThat(r.get(0).get(0).getLong(0)).isEqualTo(n);
                                assertThat(r.get(1).rowsAffected()).isEqualTo(1);
                                assertThat(r.get(2).rowsAffected()).isEqualTo(1);
                                for (int k = 3; k < r.size(); k++) {
                                    assertThat(r.get(k).get(0).getLong(0))
                                            .as("statement %d sees the transaction's update", k)
                                            .isEqualTo(n + 1);
                                }
                                assertThat(s.commit()).isEqualTo("COMMIT");
                                increments++;
                                logged++;
                            }
                            default -> { // inside, failing: aborted, the rest skipped, rolled back
                                s.begin();
                                Throwable failure = catchThrowable(() -> s.pipeline(p -> {
                                    p.execute("update bouncer_pipe set n = n + 1000 where id = $1", thread);
                                    p.execute(LOG, thread, seq - 2); // logged by the unit before last
                                    p.query(READ_N, thread);
                                }));
                                assertThat(failure).isInstanceOfSatisfying(PgPipelineException.class, e -> {
                                    assertThat(e.sqlState()).isEqualTo("23505");
                                    assertThat(e.statementIndex()).isEqualTo(1);
                                    assertThat(e.transactionAborted()).isTrue();
                                    assertThat(e.skippedStatements()).containsExactly(2);
                                });
                                s.rollback();
                                assertThat(s.pipeline(p -> p.query(READ_N, thread))
                                                .get(0)
                                                .get(0)
                                                .getLong(0))
                                        .as("after the rollback, outside a transaction")
                                        .isEqualTo(n);
                            }
                        }
                    }
                }
                return new long[] {thread, increments, logged};
            });
            try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
                for (long[] t : tallies) {
                    assertThat(direct.query("select n from bouncer_pipe where id = $1", (int) t[0])
                                    .get(0)
                                    .getLong(0))
                            .as("thread %d's increments", t[0])
                            .isEqualTo(t[1]);
                    assertThat(direct.query("select count(*) from bouncer_pipe_log where thread = $1", (int) t[0])
                                    .get(0)
                                    .getLong(0))
                            .as("thread %d's log entries", t[0])
                            .isEqualTo(t[2]);
                }
            }
            assertThat(client.poolStats().active()).isZero();
        } finally {
            try (LazyPgClient direct = LazyPgClient.connect(server.url())) {
                direct.withConnection(c -> {
                    c.executeScript("drop table if exists bouncer_pipe_log, bouncer_pipe");
                    return null;
                });
            }
        }
    }
}
