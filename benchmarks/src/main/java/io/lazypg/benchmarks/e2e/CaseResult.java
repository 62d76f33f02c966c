package io.lazypg.benchmarks.e2e;

import java.util.Arrays;

/**
 * The figures of one case: per measured run wall and process-CPU nanoseconds and allocated bytes,
 * plus the retained heap of its held result (-1 when the case holds nothing).
 */
public record CaseResult(
        BenchCase benchCase,
        long rows,
        long[] wallNanos,
        long[] cpuNanos,
        long[] threadCpuNanos,
        long[] allocatedBytes,
        long retainedBytes) {

    public double wallMinMs() {
        return min(wallNanos) / 1e6;
    }

    public double wallMedianMs() {
        return median(wallNanos) / 1e6;
    }

    public double cpuMinMs() {
        return min(cpuNanos) / 1e6;
    }

    public double cpuMedianMs() {
        return median(cpuNanos) / 1e6;
    }

    /** Calling-thread CPU, minimum; NaN for cases that work on other threads, where it would undercount. */
    public double threadCpuMinMs() {
        return benchCase.otherThreads() ? Double.NaN : min(threadCpuNanos) / 1e6;
    }

    /** Median allocation of the measured runs divided by the rows of one run. */
    public double bytesPerRow() {
        return rows == 0 ? 0 : median(allocatedBytes) / (double) rows;
    }

    public double retainedMiB() {
        return retainedBytes < 0 ? -1 : retainedBytes / (1024.0 * 1024.0);
    }

    static long min(long[] values) {
        return Arrays.stream(values).min().orElse(0);
    }

    static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n == 0 ? 0 : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
