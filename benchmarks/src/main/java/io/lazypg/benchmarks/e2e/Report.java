package io.lazypg.benchmarks.e2e;

import java.util.List;

/**
 * Everything one end-to-end run measured, and where and how it ran. {@code defaultHeap} is null
 * when the run measured none of {@link DefaultHeapRun#CASES}; {@code previous} when there was no
 * previous run.
 */
public record Report(
        Machine machine,
        String command,
        String startedUtc,
        double minutes,
        int rows,
        int warmups,
        int runs,
        List<CaseResult> cases,
        List<PointSelect.Result> pointSelects,
        StreamingUnderSmallHeap.Result streaming,
        DefaultHeapRun.Result defaultHeap,
        double loadBefore,
        double loadAfter,
        PreviousRun previous) {

    /** The machine and software the figures come from. */
    public record Machine(
            int cores, long memoryBytes, String jdk, String jvmArgs, String os, String postgres, String serverSource) {}

    public CaseResult caseById(String id) {
        return cases.stream()
                .filter(c -> c.benchCase().id().equals(id))
                .findFirst()
                .orElse(null);
    }

    public PointSelect.Result pointById(String id) {
        return pointSelects.stream().filter(p -> p.id().equals(id)).findFirst().orElse(null);
    }
}
