package io.lazypg.benchmarks.e2e;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyResult;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Point select by primary key ({@code select * from wide where id = ?}, reading id and t1), as
 * operations per second over fixed windows. Each thread picks ids from its own seeded random stream.
 *
 * <p>pgjdbc on one connection gets its best case: one PreparedStatement prepared once and reused
 * (server-prepared after prepareThreshold executions). pgjdbc + HikariCP and lazypg borrow a
 * connection per operation from a pool of 4, as application code does; lazypg once more with
 * pipelining, where statements share busy connections ({@code pipelining_limit}), and once more
 * polling for each answer before sleeping ({@code receive_spin}).
 */
public final class PointSelect {

    static final String JDBC_SQL = "select * from wide where id = ?";
    static final String LAZY_SQL = "select * from wide where id = $1";
    /** The pipelined configurations' {@code pipelining_limit}: room for every thread on any one connection. */
    static final int PIPELINING_LIMIT = 8;
    /** The spinning configurations' {@code receive_spin}: above this machine's answer time for a point select. */
    static final Duration RECEIVE_SPIN = Duration.ofNanos(50_000);

    /**
     * One configuration's figures: ops/s of each measured window, and the bytes the worker threads
     * allocated per operation in each window (their own thread allocation counters: the client's
     * work on the calling thread, not the pool's or the driver's background threads), and the CPU
     * those threads used per operation in microseconds, user and system time together (so the
     * syscalls of the socket reads and writes and of parking count; the server's work does not).
     */
    public record Result(
            String id, String title, int threads, double[] opsPerSecond, double[] bytesPerOp, double[] cpuMicrosPerOp) {
        /** A result without CPU figures (an empty {@link #cpuMicrosPerOp}). */
        public Result(String id, String title, int threads, double[] opsPerSecond, double[] bytesPerOp) {
            this(id, title, threads, opsPerSecond, bytesPerOp, new double[0]);
        }

        public double median() {
            double[] s = opsPerSecond.clone();
            Arrays.sort(s);
            return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        }

        /** The median of {@link #bytesPerOp}. */
        public double medianBytesPerOp() {
            return medianOrZero(bytesPerOp);
        }

        /** The median of {@link #cpuMicrosPerOp}, or 0 when it was not measured. */
        public double medianCpuMicrosPerOp() {
            return medianOrZero(cpuMicrosPerOp);
        }

        private static double medianOrZero(double[] values) {
            double[] s = values.clone();
            Arrays.sort(s);
            return s.length == 0
                    ? 0
                    : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        }

        public double best() {
            return Arrays.stream(opsPerSecond).max().orElse(0);
        }

        public double worst() {
            return Arrays.stream(opsPerSecond).min().orElse(0);
        }

        /** The smallest ratio of window i's ops/s to {@code other}'s window i (the windows ran in rotation). */
        public double minRatioTo(Result other) {
            return windowRatios(other).min().orElse(Double.NaN);
        }

        /** The largest ratio of window i's ops/s to {@code other}'s window i. */
        public double maxRatioTo(Result other) {
            return windowRatios(other).max().orElse(Double.NaN);
        }

        private java.util.stream.DoubleStream windowRatios(Result other) {
            int n = Math.min(opsPerSecond.length, other.opsPerSecond.length);
            return java.util.stream.IntStream.range(0, n)
                    .filter(i -> other.opsPerSecond[i] > 0)
                    .mapToDouble(i -> opsPerSecond[i] / other.opsPerSecond[i]);
        }
    }

    /** One operation on behalf of one thread; returns the id it read, to be checked. */
    @FunctionalInterface
    public interface Operation {
        long run(long id) throws Exception;
    }

    /** A per-thread operation factory (a pgjdbc Connection is not shared between threads). */
    @FunctionalInterface
    public interface Worker {
        Operation open() throws Exception;
    }

    private final TestPostgres server;
    private final long rows;
    private final long warmupMillis;
    private final long windowMillis;
    private final int windows;
    private final ThreadFactory threads;

    public PointSelect(TestPostgres server, long rows, long warmupMillis, long windowMillis, int windows) {
        this(server, rows, warmupMillis, windowMillis, windows, false);
    }

    /**
     * With {@code virtual}, the worker threads are virtual threads (JDK 21+; the class still
     * compiles for 17, so they are made by reflection). Their allocation is then not counted: the
     * JDK's thread allocation counter reads -1 on a virtual thread.
     */
    public PointSelect(
            TestPostgres server, long rows, long warmupMillis, long windowMillis, int windows, boolean virtual) {
        this.server = server;
        this.rows = rows;
        this.warmupMillis = warmupMillis;
        this.windowMillis = windowMillis;
        this.windows = windows;
        this.threads = virtual ? virtualThreads() : Thread::new;
    }

    private static ThreadFactory virtualThreads() {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            return (ThreadFactory) Class.forName("java.lang.Thread$Builder")
                    .getMethod("factory")
                    .invoke(builder);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "Virtual threads need JDK 21 or later; this is " + System.getProperty("java.version"), e);
        }
    }

    /** One configuration to measure: its figures' id and title, its thread count and how a thread opens its work. */
    private record Config(String id, String title, int threads, Worker worker) {}

    /**
     * Warms every configuration, then measures them in rotation, window by window: on a shared
     * machine the load changes over a minute, and rotating spreads that change over all
     * configurations instead of charging it to whichever ran last.
     */
    public List<Result> runAll() throws Exception {
        try (Connection single = Fixtures.jdbc(server, false);
                HikariDataSource hikari = hikari(server, 4);
                LazyPgClient lazy = LazyPgClient.create(Fixtures.lazyConfig(server, 4));
                LazyPgClient pipelined = LazyPgClient.create(Fixtures.lazyConfig(server, 4).toBuilder()
                        .pipeliningLimit(PIPELINING_LIMIT)
                        .build());
                LazyPgClient spinning = LazyPgClient.create(Fixtures.lazyConfig(server, 4).toBuilder()
                        .receiveSpin(RECEIVE_SPIN)
                        .build())) {
            PreparedStatement ps = single.prepareStatement(JDBC_SQL);
            List<Config> configs = List.of(
                    new Config("pgjdbc-1", "pgjdbc, one connection, 1 thread", 1, () -> id -> jdbcSelect(ps, id)),
                    new Config(
                            "hikari-1",
                            "pgjdbc + HikariCP (pool 4), 1 thread",
                            1,
                            () -> id -> hikariSelect(hikari, id)),
                    new Config("lazypg-1", "lazypg (pool 4), 1 thread", 1, () -> id -> lazySelect(lazy, id)),
                    new Config(
                            "lazypg-1-spin",
                            "lazypg (pool 4, receive_spin " + micros(RECEIVE_SPIN) + "), 1 thread",
                            1,
                            () -> id -> lazySelect(spinning, id)),
                    new Config(
                            "hikari-8",
                            "pgjdbc + HikariCP (pool 4), 8 threads",
                            8,
                            () -> id -> hikariSelect(hikari, id)),
                    new Config("lazypg-8", "lazypg (pool 4), 8 threads", 8, () -> id -> lazySelect(lazy, id)),
                    new Config(
                            "lazypg-8-pipelined",
                            "lazypg (pool 4, pipelining_limit " + PIPELINING_LIMIT + "), 8 threads",
                            8,
                            () -> id -> lazySelect(pipelined, id)),
                    new Config(
                            "lazypg-8-spin",
                            "lazypg (pool 4, receive_spin " + micros(RECEIVE_SPIN) + "), 8 threads",
                            8,
                            () -> id -> lazySelect(spinning, id)));
            for (Config c : configs) {
                run(c.threads(), c.worker(), warmupMillis, new LongAdder());
            }
            double[][] ops = new double[configs.size()][windows];
            double[][] bytes = new double[configs.size()][windows];
            double[][] cpu = new double[configs.size()][windows];
            for (int w = 0; w < windows; w++) {
                for (int i = 0; i < configs.size(); i++) {
                    Config c = configs.get(i);
                    LongAdder allocated = new LongAdder();
                    LongAdder cpuNanos = new LongAdder();
                    long done = run(c.threads(), c.worker(), windowMillis, allocated, cpuNanos);
                    ops[i][w] = done * 1000.0 / windowMillis;
                    bytes[i][w] = done == 0 ? 0 : (double) allocated.sum() / done;
                    cpu[i][w] = done == 0 ? 0 : cpuNanos.sum() / 1000.0 / done;
                }
            }
            List<Result> results = new ArrayList<>();
            for (int i = 0; i < configs.size(); i++) {
                Config c = configs.get(i);
                results.add(new Result(c.id(), c.title(), c.threads(), ops[i], bytes[i], cpu[i]));
            }
            return results;
        }
    }

    static String micros(Duration d) {
        return d.toNanos() / 1000 + "us";
    }

    public static HikariDataSource hikari(TestPostgres server, int size) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(server.jdbcUrl());
        config.setDataSourceProperties(Fixtures.jdbcProperties(server));
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setPoolName("bench-hikari");
        return new HikariDataSource(config);
    }

    static long jdbcSelect(PreparedStatement ps, long id) throws Exception {
        ps.setLong(1, id);
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            rs.getString(10);
            return rs.getLong(1);
        }
    }

    static long hikariSelect(HikariDataSource ds, long id) throws Exception {
        try (Connection c = ds.getConnection();
                PreparedStatement ps = c.prepareStatement(JDBC_SQL)) {
            return jdbcSelect(ps, id);
        }
    }

    static long lazySelect(LazyPgClient client, long id) {
        LazyResult r = client.query(LAZY_SQL, id);
        r.get(0).getString(9);
        return r.get(0).getLong(0);
    }

    /**
     * Runs {@code threads} threads for {@code millis} and returns the operations they completed;
     * adds to {@code allocated} the bytes those threads allocated inside the measured loop.
     */
    public long run(int threads, Worker worker, long millis, LongAdder allocated) throws Exception {
        return run(threads, worker, millis, allocated, new LongAdder());
    }

    /** As {@link #run(int, Worker, long, LongAdder)}, also adding to {@code cpuNanos} the CPU those threads used in the loop. */
    long run(int threads, Worker worker, long millis, LongAdder allocated, LongAdder cpuNanos) throws Exception {
        LongAdder done = new LongAdder();
        AtomicReference<Exception> failure = new AtomicReference<>();
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        long[] deadline = new long[1];
        for (int t = 0; t < threads; t++) {
            int seed = t;
            Thread thread = this.threads.newThread(() -> {
                try {
                    Operation op;
                    try {
                        op = worker.open();
                    } finally {
                        ready.countDown();
                    }
                    SplittableRandom random = new SplittableRandom(seed * 7919L + 17);
                    start.await();
                    long allocatedBefore = Meters.allocatedBytes(false);
                    long cpuBefore = Meters.threadCpuNanos();
                    long n = 0;
                    while (System.nanoTime() < deadline[0]) {
                        long wanted = 1 + random.nextLong(rows);
                        if (op.run(wanted) != wanted) {
                            throw new IllegalStateException("asked for id " + wanted + " and got another row");
                        }
                        n++;
                    }
                    cpuNanos.add(Meters.threadCpuNanos() - cpuBefore);
                    allocated.add(Meters.allocatedBytes(false) - allocatedBefore);
                    done.add(n);
                } catch (Exception e) {
                    failure.compareAndSet(null, e);
                }
            });
            thread.setName("point-select-" + t);
            started.add(thread);
            thread.start();
        }
        ready.await();
        deadline[0] = System.nanoTime() + millis * 1_000_000L;
        start.countDown();
        for (Thread thread : started) {
            thread.join();
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        return done.sum();
    }
}
