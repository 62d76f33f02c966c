package io.lazypg.benchmarks.e2e;

import com.sun.management.ThreadMXBean;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.testing.Servers;
import io.lazypg.testing.TestPostgres;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.util.Random;

/**
 * The bytes one thread allocates per point select in steady state, counted by the thread
 * allocation counter rather than timed: a pool of one connection, {@value #PER_ROUND} selects of
 * {@code select * from wide where id = $1} per round (ids from a seeded stream, two cells read, as
 * {@link PointSelect}'s lazypg case), {@value #ROUNDS} rounds, each printed; the first rounds are
 * warm-up (compilation allocates on the thread too). Used to hold a change to "a point select
 * allocates no more than before" (docs/benchmarks/structure-before-after.md): it uses only the
 * public client API, so the same file compiles against an older build's class path.
 *
 * <p>Run: {@code java -cp <benchmarks class path> io.lazypg.benchmarks.e2e.PointSelectAllocationMain}
 * (embedded PostgreSQL unless {@code LAZYPG_TEST_URL} is set).
 */
public final class PointSelectAllocationMain {

    static final int PER_ROUND = 20_000;
    static final int ROUNDS = 6;
    static final String SQL = "select * from wide where id = $1";

    private PointSelectAllocationMain() {}

    public static void main(String[] args) throws Exception {
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        int rows = 100_000;
        try (Servers.Started started = Servers.start()) {
            TestPostgres server = started.server();
            try (Connection c = Fixtures.jdbc(server, false)) {
                WideTable.create(c, rows);
            }
            try (LazyPgClient client = LazyPgClient.create(Fixtures.lazyConfig(server, 1))) {
                Random ids = new Random(7);
                for (int round = 0; round < ROUNDS; round++) {
                    long before = threads.getThreadAllocatedBytes(self);
                    long checksum = 0;
                    for (int i = 0; i < PER_ROUND; i++) {
                        long id = 1 + ids.nextInt(rows);
                        LazyResult r = client.query(SQL, id);
                        checksum += r.get(0).getString(9).length() + r.get(0).getLong(0);
                    }
                    long allocated = threads.getThreadAllocatedBytes(self) - before;
                    System.out.printf(
                            "round %d: %.1f B/op (checksum %d)%n", round, allocated / (double) PER_ROUND, checksum);
                }
            }
        }
    }
}
