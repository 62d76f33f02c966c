package io.lazypg.benchmarks.e2e;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * The JVM's own counters: process CPU (all threads, GC and JIT included, the client side only since
 * the embedded server is another process), bytes allocated by the calling thread or by all threads,
 * and used heap after collecting until it stops shrinking.
 */
public final class Meters {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private Meters() {}

    /** CPU of the calling thread only: nanosecond resolution, but blind to GC and to other threads. */
    public static long threadCpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** CPU of the whole client JVM. On Linux it advances in 10 ms steps (jiffies), so read it over long runs. */
    public static long processCpuNanos() {
        return OS.getProcessCpuTime();
    }

    /**
     * Bytes allocated so far by this thread, or by all live threads. A thread that ended between two
     * readings drops out of the sum, which is why the cases that use other threads (Vert.x) keep them
     * alive for the whole run.
     */
    public static long allocatedBytes(boolean allThreads) {
        if (!allThreads) {
            return THREADS.getCurrentThreadAllocatedBytes();
        }
        long sum = 0;
        for (long a : THREADS.getThreadAllocatedBytes(THREADS.getAllThreadIds())) {
            if (a > 0) {
                sum += a;
            }
        }
        return sum;
    }

    /**
     * Used heap once a full collection no longer frees more than 64 KiB (at most 10 rounds). Reference
     * processing and finalization can release memory a round late, hence the loop.
     */
    public static long settledUsedHeap() {
        long previous = Long.MAX_VALUE;
        for (int i = 0; i < 10; i++) {
            System.gc();
            long used = MEMORY.getHeapMemoryUsage().getUsed();
            if (previous - used < 64 * 1024 && previous != Long.MAX_VALUE) {
                return used;
            }
            previous = used;
        }
        return previous;
    }

    public static double loadAverage() {
        return OS.getSystemLoadAverage();
    }

    public static long totalMemoryBytes() {
        return OS.getTotalMemorySize();
    }
}
