package io.lazypg.benchmarks.latency;

import io.lazypg.benchmarks.e2e.PointSelect;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Runs the cases of one latency: each case warmed until its throughput stops rising ({@link
 * #steady}), then measured in rounds (one
 * window of every case per round, in the same order), as the end-to-end report's point selects are:
 * on a shared machine the load moves over a minute, and rotating spreads it over all cases. The
 * windows are {@link PointSelect#run}'s: the case's threads (its unit's count), each drawing ids
 * from a seeded stream; every operation checks its own answer.
 *
 * <p>Around each window the runner reads the case's relay's round-trip count, and empties {@code
 * lat_insert} before an insert window and counts its rows after, so a way that inserted fewer rows
 * than it claims fails the run. Setup and counting go over a direct connection, never through a relay.
 *
 * <p><b>Only the operations' round trips are counted.</b> The relay counts every turn a client
 * takes, and a pool takes turns of its own on a connection that sat idle: HikariCP checks one idle
 * for over 500 ms when it is borrowed ({@code isValid}, one round trip), lazypg one idle for {@code
 * pool_validate_after_idle} (1 s). Between two windows of the same client the other cases' windows
 * run, so the first borrow of a window could pay that check: one turn more in the window, which
 * shows as 1/done more per operation, nothing on an idle machine (hundreds of operations per
 * window) but 4 + 1/8 = 4.13 for 4 when a loaded machine runs 8 service transactions in a window
 * (the failure LatencyCasesIT showed under load). Each window therefore starts with {@link
 * Endpoints#primePools}: every pooled connection borrowed at once and given back, taking those
 * checks, before the count is read. In the window the connections are then in steady use, as under
 * load in a service.
 */
public final class LatencyRunner {

    /** Operations each case runs at least before it is measured: 4 per pooled connection. */
    static final int WARM_OPERATIONS = 4 * Endpoints.POOL;
    /**
     * Warm-up windows a case runs at most. 64 threads on 2 cores take several seconds to compile
     * their hot code: one 1 s window left the pipelined pool's first measured rounds at a third
     * of its steady rate (7,000 ops/s rising to 20,000 over 5 s at 1 ms), which the ratios then
     * understated.
     */
    static final int MAX_WARM_WINDOWS = 10;
    /** A warm-up window this much faster than the one before means the case is still warming. */
    static final double STILL_RISING = 1.10;

    private final TestPostgres server;
    private final PointSelect windows;
    private final long warmupMillis;
    private final long windowMillis;
    private final int rounds;

    public LatencyRunner(TestPostgres server, int rows, long warmupMillis, long windowMillis, int rounds) {
        this.server = server;
        this.windows = new PointSelect(server, rows, warmupMillis, windowMillis, rounds);
        this.warmupMillis = warmupMillis;
        this.windowMillis = windowMillis;
        this.rounds = rounds;
    }

    public List<LatencyResult> runAll(Endpoints endpoints, List<LatencyCase> cases, Consumer<String> log)
            throws Exception {
        try (Connection admin = io.lazypg.benchmarks.e2e.Fixtures.jdbc(server, false)) {
            for (LatencyCase c : cases) {
                log.accept("warming " + c.id() + " at " + endpoints.latency().toMillis() + " ms");
                // At least WARM_OPERATIONS, so that every pooled connection has prepared the case's
                // statements (a first use can cost a round trip more: lazypg sends BEGIN on its own then).
                // Then on until a window is no faster than STILL_RISING times the one before it.
                double warmed = 0;
                double previous = 0;
                for (int w = 0; w < MAX_WARM_WINDOWS; w++) {
                    double opsPerSecond = window(endpoints, admin, c, warmupMillis)[0];
                    warmed += opsPerSecond * warmupMillis / 1000.0;
                    if (warmed >= WARM_OPERATIONS && steady(previous, opsPerSecond)) {
                        break;
                    }
                    previous = opsPerSecond;
                }
            }
            double[][] ops = new double[cases.size()][rounds];
            double[][] trips = new double[cases.size()][rounds];
            for (int round = 0; round < rounds; round++) {
                log.accept("round " + (round + 1) + " of " + rounds + " at "
                        + endpoints.latency().toMillis() + " ms");
                for (int i = 0; i < cases.size(); i++) {
                    double[] figures = window(endpoints, admin, cases.get(i), windowMillis);
                    ops[i][round] = figures[0];
                    trips[i][round] = figures[1];
                }
            }
            List<LatencyResult> results = new ArrayList<>();
            for (int i = 0; i < cases.size(); i++) {
                results.add(new LatencyResult(cases.get(i), endpoints.latency(), ops[i], trips[i]));
            }
            return results;
        }
    }

    /** Whether a warm-up window at {@code opsPerSecond} after one at {@code previous} shows a warm case. */
    static boolean steady(double previous, double opsPerSecond) {
        return previous > 0 && opsPerSecond <= previous * STILL_RISING;
    }

    /** One window of {@code c}: returns {ops/s, round trips per operation}. */
    private double[] window(Endpoints endpoints, Connection admin, LatencyCase c, long millis) throws Exception {
        long[] counted = count(endpoints, admin, c, millis);
        return new double[] {counted[0] * 1000.0 / counted[2], (double) counted[1] / counted[0]};
    }

    /**
     * One window of {@code c}, its pools primed first (see the class comment): returns {operations
     * done, round trips counted at the case's relay, the window's milliseconds}.
     */
    long[] count(Endpoints endpoints, Connection admin, LatencyCase c, long millis) throws Exception {
        boolean inserts = c.unit() == Unit.INSERT_100;
        if (inserts) {
            LatencyTables.emptyInserts(admin);
        }
        long before = 0;
        long done = 0;
        long ran = millis;
        // A window too short for one operation on a loaded machine (threads start late) runs again, longer.
        for (int attempt = 0; done == 0 && attempt < 4; attempt++, ran *= 2) {
            endpoints.primePools(); // the pools' checks of idle connections are no operation's (see the class comment)
            before = c.relay().roundTrips();
            done = windows.run(c.unit().threads(), c.worker(), ran, new LongAdder());
            if (done > 0) {
                break;
            }
        }
        long trips = c.relay().roundTrips() - before;
        LatencyTables.check(done > 0, c.id() + " completed no operation in windows of up to " + ran + " ms");
        if (inserts) {
            long rows = LatencyTables.count(admin, LatencyTables.INSERTS);
            LatencyTables.check(
                    rows == done * LazyPgWays.BATCH,
                    c.id() + " inserted " + rows + " rows in " + done + " operations of " + LazyPgWays.BATCH);
        }
        return new long[] {done, trips, ran};
    }
}
