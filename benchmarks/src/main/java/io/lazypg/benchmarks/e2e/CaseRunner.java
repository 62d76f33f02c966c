package io.lazypg.benchmarks.e2e;

import java.lang.ref.Reference;

/**
 * Runs one case: warm-up runs, measured runs (a full GC before each, outside the measurement, so a
 * run does not pay for the previous case's garbage), then one more run whose result is held while
 * the heap is measured. Every run's outcome is checked, so a case that reads the wrong number of
 * rows or cells fails loudly instead of producing a fast, wrong figure.
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

    public CaseResult run(BenchCase c) throws Exception {
        for (int i = 0; i < warmups; i++) {
            release(check(c, c.run()));
        }
        long[] wall = new long[runs];
        long[] cpu = new long[runs];
        long[] threadCpu = new long[runs];
        long[] allocated = new long[runs];
        for (int i = 0; i < runs; i++) {
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
            wall[i] = w1 - w0;
            cpu[i] = c1 - c0;
            threadCpu[i] = t1 - t0;
            allocated[i] = a1 - a0;
        }
        return new CaseResult(c, expectedRows, wall, cpu, threadCpu, allocated, retained(c));
    }

    /** Heap held by the case's result: used heap with the result reachable minus used heap before the run. */
    private long retained(BenchCase c) throws Exception {
        long before = Meters.settledUsedHeap();
        Outcome o = c.run();
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
