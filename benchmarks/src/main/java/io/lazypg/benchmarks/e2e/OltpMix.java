package io.lazypg.benchmarks.e2e;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.client.LazyPgClient;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The load test's mix ({@code LoadIT} in the client module) as operations per second: 8 threads on
 * a pool of 4, each cycling through six operations, every one of them checked:
 *
 * <ol>
 *   <li>a point select of {@code wide} by primary key, reading 2 columns (as {@link PointSelect});
 *   <li>an auto-commit update of the thread's own counter row;
 *   <li>a committed transaction: update the counter, insert a log row;
 *   <li>an update of one row that every thread contends on;
 *   <li>a rolled-back transaction: update, insert, rollback;
 *   <li>a read of 100 rows ({@code generate_series}), summed.
 * </ol>
 *
 * <p>A committed transaction adds 1 to the thread's counter and a rolled-back one 1,000,000, so
 * {@code EndToEndCasesIT} can check from the tables that every commit and rollback took effect as
 * counted.
 *
 * <p>Each client runs the mix as its users write it. pgjdbc + HikariCP borrows a connection per
 * operation and uses {@code setAutoCommit(false)}/{@code commit()} for transactions (pgjdbc sends
 * its BEGIN with the first statement); lazypg borrows per operation through {@code query}/{@code
 * execute}, and a transaction is {@code withConnection} with {@code begin()} (whose BEGIN goes with
 * the first statement) and a {@code commit} or {@code rollback} script. The figures are {@link PointSelect.Result}s, so the report shows them in
 * the same table and chart as the point selects.
 */
public final class OltpMix {

    static final int THREADS = 8;
    static final int POOL = 4;

    private final TestPostgres server;
    private final PointSelect windows;
    private final long warmupMillis;
    private final long windowMillis;
    private final int windowCount;

    public OltpMix(TestPostgres server, long rows, long warmupMillis, long windowMillis, int windowCount) {
        this.server = server;
        this.warmupMillis = warmupMillis;
        this.windowMillis = windowMillis;
        this.windowCount = windowCount;
        this.windows = new PointSelect(server, rows, warmupMillis, windowMillis, windowCount);
    }

    /** Creates the mix's tables, then warms both clients and measures them in rotation, window by window. */
    public List<PointSelect.Result> runAll() throws Exception {
        try (Connection c = Fixtures.jdbc(server, false);
                Statement s = c.createStatement()) {
            s.execute("drop table if exists oltp_counters, oltp_log, oltp_shared");
            s.execute("create table oltp_counters (id int primary key, n bigint not null)");
            s.execute("insert into oltp_counters select i, 0 from generate_series(0, " + (THREADS - 1) + ") i");
            s.execute("create table oltp_log (thread int not null, seq bigint not null)");
            s.execute("create table oltp_shared (id int primary key, n bigint not null)");
            s.execute("insert into oltp_shared values (1, 0)");
        }
        try (HikariDataSource hikari = PointSelect.hikari(server, POOL);
                LazyPgClient lazy = LazyPgClient.create(Fixtures.lazyConfig(server, POOL));
                LazyPgClient pipelined = LazyPgClient.create(Fixtures.lazyConfig(server, POOL).toBuilder()
                        .pipeliningLimit(PointSelect.PIPELINING_LIMIT)
                        .build())) {
            String[] ids = {"mix-hikari-8", "mix-lazypg-8", "mix-lazypg-8-pipelined"};
            String[] titles = {
                "mix: pgjdbc + HikariCP (pool 4), 8 threads",
                "mix: lazypg (pool 4), 8 threads",
                "mix: lazypg (pool 4, pipelining_limit " + PointSelect.PIPELINING_LIMIT + "), 8 threads",
            };
            List<PointSelect.Worker> workers = List.of(jdbcWorker(hikari), lazyWorker(lazy), lazyWorker(pipelined));
            for (PointSelect.Worker w : workers) {
                windows.run(THREADS, w, warmupMillis, new LongAdder());
            }
            double[][] ops = new double[workers.size()][windowCount];
            double[][] bytes = new double[workers.size()][windowCount];
            double[][] cpu = new double[workers.size()][windowCount];
            for (int w = 0; w < windowCount; w++) {
                for (int i = 0; i < workers.size(); i++) {
                    LongAdder allocated = new LongAdder();
                    LongAdder cpuNanos = new LongAdder();
                    long done = windows.run(THREADS, workers.get(i), windowMillis, allocated, cpuNanos);
                    ops[i][w] = done * 1000.0 / windowMillis;
                    bytes[i][w] = done == 0 ? 0 : (double) allocated.sum() / done;
                    cpu[i][w] = done == 0 ? 0 : cpuNanos.sum() / 1000.0 / done;
                }
            }
            List<PointSelect.Result> results = new ArrayList<>();
            for (int i = 0; i < workers.size(); i++) {
                results.add(new PointSelect.Result(ids[i], titles[i], THREADS, ops[i], bytes[i], cpu[i]));
            }
            return results;
        }
    }

    /**
     * Hands each opened worker a counter row of its own. Threads are started afresh for every window,
     * so slots are reused modulo {@link #THREADS}: the 8 threads of one window get rows 0 to 7.
     */
    private static int slot(AtomicInteger opened) {
        return Math.floorMod(opened.getAndIncrement(), THREADS);
    }

    /** Step {@code step} of the mix, for the thread owning counter row {@code me}; returns the id it was given. */
    @FunctionalInterface
    private interface MixStep {
        long run(long step, int me, long id) throws Exception;
    }

    /** A worker whose threads each take a counter row of their own and run the mix's steps in turn. */
    private static PointSelect.Worker worker(MixStep mix) {
        AtomicInteger opened = new AtomicInteger();
        return () -> {
            int me = slot(opened);
            long[] step = {0};
            return id -> mix.run(step[0]++, me, id);
        };
    }

    private PointSelect.Worker jdbcWorker(HikariDataSource ds) {
        return worker((i, me, id) -> {
            switch ((int) (i % 6)) {
                case 0 -> {
                    return PointSelect.hikariSelect(ds, id);
                }
                case 1 -> jdbcUpdate(ds, "update oltp_counters set n = n + 1 where id = ?", me);
                case 2, 4 -> {
                    try (Connection c = ds.getConnection()) {
                        c.setAutoCommit(false);
                        try {
                            try (PreparedStatement ps =
                                    c.prepareStatement("update oltp_counters set n = n + ? where id = ?")) {
                                ps.setLong(1, increment(i));
                                ps.setInt(2, me);
                                check(ps.executeUpdate() == 1, "update count");
                            }
                            try (PreparedStatement ps =
                                    c.prepareStatement("insert into oltp_log (thread, seq) values (?, ?)")) {
                                ps.setInt(1, me);
                                ps.setLong(2, i);
                                check(ps.executeUpdate() == 1, "insert count");
                            }
                            if (i % 6 == 2) {
                                c.commit();
                            } else {
                                c.rollback();
                            }
                        } finally {
                            c.setAutoCommit(true);
                        }
                    }
                }
                case 3 -> jdbcUpdate(ds, "update oltp_shared set n = n + 1 where id = ?", 1);
                default -> {
                    long sum = 0;
                    try (Connection c = ds.getConnection();
                            PreparedStatement ps = c.prepareStatement("select i from generate_series(1, ?) i")) {
                        ps.setInt(1, 100);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                sum += rs.getInt(1);
                            }
                        }
                    }
                    check(sum == 5050, "streamed sum " + sum);
                }
            }
            return id;
        });
    }

    private PointSelect.Worker lazyWorker(LazyPgClient client) {
        return worker((i, me, id) -> {
            switch ((int) (i % 6)) {
                case 0 -> {
                    return PointSelect.lazySelect(client, id);
                }
                case 1 ->
                    check(client.execute("update oltp_counters set n = n + 1 where id = $1", me) == 1, "update count");
                case 2, 4 ->
                    client.withConnection(c -> {
                        c.begin(); // goes with the first statement, as pgjdbc's BEGIN does
                        check(
                                c.execute("update oltp_counters set n = n + $1 where id = $2", increment(i), me) == 1,
                                "update count");
                        check(c.execute("insert into oltp_log (thread, seq) values ($1, $2)", me, i) == 1, "insert");
                        c.executeScript(i % 6 == 2 ? "commit" : "rollback");
                        return null;
                    });
                case 3 ->
                    check(
                            client.execute("update oltp_shared set n = n + 1 where id = $1", 1) == 1,
                            "shared update count");
                default -> {
                    long[] sum = {0};
                    client.query("select i from generate_series(1, $1::int) i", row -> sum[0] += row.getInt(0), 100);
                    check(sum[0] == 5050, "streamed sum " + sum[0]);
                }
            }
            return id;
        });
    }

    /**
     * What a transaction adds to the thread's counter: 1 when it commits (step 2 of 6), 1,000,000 when
     * it rolls back (step 4), so that a rollback that leaked would show in the counters.
     */
    private static long increment(long step) {
        return step % 6 == 2 ? 1 : 1_000_000;
    }

    private static void jdbcUpdate(HikariDataSource ds, String sql, int id) throws SQLException {
        try (Connection c = ds.getConnection()) {
            update(c, sql, id);
        }
    }

    private static void update(Connection c, String sql, int id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, id);
            check(ps.executeUpdate() == 1, "update count");
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("OLTP mix: " + what);
        }
    }
}
