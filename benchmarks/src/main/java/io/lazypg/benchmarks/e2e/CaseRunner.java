package io.lazypg.benchmarks.e2e;

import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs the cases: every case's warm-up runs first, then the measured runs in rounds (one run of
 * every case per round, a full GC before each run, outside the measurement, so that no run pays for
 * another's garbage), then per case one more run whose result is held while the heap is measured.
 *
 * <p>Rounds rather than case after case because the reference machine is shared: its load moves
 * over minutes, and rotating spreads that over all cases instead of charging it to whichever case
 * ran while another build was compiling. Ratios within one run stay comparable.
 *
 * <p>Every run's outcome is checked, so a case that reads the wrong number of rows or cells fails
 * loudly instead of producing a fast, wrong figure.
 */
public final class CaseRunner {

    private final int warmups;
    private final int runs;
    private final long expectedRows;

    public CaseRunner(int warmups, int runs, long expectedRows) {
        this.warmups = warmups;
        this.runs = runs;
        this.expectedRows = expectedRows;
    }

    public List<CaseResult> runAll(List<BenchCase> cases, Consumer<String> log) throws Exception {
        for (BenchCase c : cases) {
            log.accept("warming " + c.id());
            for (int i = 0; i < warmups; i++) {
                release(check(c, c.run()));
            }
        }
        int n = cases.size();
        long[][] wall = new long[n][runs];
        long[][] cpu = new long[n][runs];
        long[][] threadCpu = new long[n][runs];
        long[][] allocated = new long[n][runs];
        for (int round = 0; round < runs; round++) {
            log.accept("measured round " + (round + 1) + " of " + runs);
            for (int k = 0; k < n; k++) {
                BenchCase c = cases.get(k);
                System.gc();
                long a0 = Meters.allocatedBytes(c.otherThreads());
                long c0 = Meters.processCpuNanos();
                long t0 = Meters.threadCpuNanos();
                long w0 = System.nanoTime();
                Outcome o = c.run();
                long w1 = System.nanoTime();
                long t1 = Meters.threadCpuNanos();
                long c1 = Meters.processCpuNanos();
                long a1 = Meters.allocatedBytes(c.otherThreads());
                release(check(c, o));
                wall[k][round] = w1 - w0;
                cpu[k][round] = c1 - c0;
                threadCpu[k][round] = t1 - t0;
                allocated[k][round] = a1 - a0;
            }
        }
        List<CaseResult> results = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            BenchCase c = cases.get(k);
            log.accept("retained heap of " + c.id());
            results.add(new CaseResult(c, expectedRows, wall[k], cpu[k], threadCpu[k], allocated[k], retained(c)));
        }
        return results;
    }

    /** Heap held by the case's result: used heap with the result reachable minus used heap before the run. */
    private long retained(BenchCase c) throws Exception {
        long before = Meters.settledUsedHeap();
        Outcome o = check(c, c.run());
        if (o.held() == null) {
            return -1;
        }
        long after = Meters.settledUsedHeap();
        Reference.reachabilityFence(o);
        release(o);
        return Math.max(0, after - before);
    }

    /** Fails unless the run saw every row, read the cells the case claims, and summed the ids right. */
    public Outcome check(BenchCase c, Outcome o) {
        if (o.rows() != expectedRows) {
            throw new IllegalStateException(c.id() + " saw " + o.rows() + " rows, expected " + expectedRows);
        }
        long expectedValues = expectedRows * c.columnsRead();
        if (o.values() != expectedValues) {
            throw new IllegalStateException(c.id() + " read " + o.values() + " cells, expected " + expectedValues);
        }
        long expectedIds = c.columnsRead() == 0 ? 0 : WideTable.idSum(expectedRows);
        if (o.idSum() != expectedIds) {
            throw new IllegalStateException(c.id() + " summed ids to " + o.idSum() + ", expected " + expectedIds);
        }
        return o;
    }

    private static void release(Outcome o) throws Exception {
        if (o.held() instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }
}
