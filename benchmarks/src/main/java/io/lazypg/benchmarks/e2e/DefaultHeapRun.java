package io.lazypg.benchmarks.e2e;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reading all 40 columns under the JVM's default heap sizing: the report's JVM runs with
 * {@code -Xms2g -Xmx2g}, which hides what the collector costs an application that leaves the heap
 * to the JVM (most do). Launches {@link DefaultHeapChild} with no heap flags on the cases of
 * {@link #CASES} that this run measured, and reads back their figures as {@link CaseResult}s.
 */
public final class DefaultHeapRun {

    /** The cases measured again in the child: lazypg's entity proxies and the pgjdbc baseline of their target. */
    public static final List<String> CASES = List.of("pgjdbc-binary-40", "spring-entity-40");

    /**
     * The child's figures.
     *
     * @param success       false with {@code detail} saying why (exit status and output tail, or a timeout)
     * @param maxHeapBytes  the child's maximum heap as the JVM sized it
     * @param cases         one result per case, in the child's order
     */
    public record Result(boolean success, long maxHeapBytes, List<CaseResult> cases, String detail) {

        public CaseResult caseById(String id) {
            return cases.stream()
                    .filter(c -> c.benchCase().id().equals(id))
                    .findFirst()
                    .orElse(null);
        }
    }

    private DefaultHeapRun() {}

    /** Runs {@code cases} (of {@link #CASES}) in the child against the server at {@code url}. */
    public static Result run(String url, int rows, int warmups, int runs, List<BenchCase> cases) throws Exception {
        String ids = cases.stream().map(BenchCase::id).collect(Collectors.joining(","));
        ChildJvm.Output output = ChildJvm.run(
                List.of(),
                DefaultHeapChild.class,
                List.of(Integer.toString(rows), Integer.toString(warmups), Integer.toString(runs), ids),
                Map.of("LAZYPG_TEST_URL", url),
                30);
        List<String> heap = output.linesStartingWith("HEAP maxBytes=");
        List<String> lines = output.linesStartingWith("RESULT ");
        if (output.timedOut() || output.exitStatus() != 0 || heap.isEmpty() || lines.size() != cases.size()) {
            String why = output.timedOut() ? "timed out" : "exit " + output.exitStatus();
            return new Result(false, 0, List.of(), why + ": " + output.tail().trim());
        }
        List<CaseResult> results = new ArrayList<>();
        for (String line : lines) {
            Map<String, String> kv = new HashMap<>();
            for (String part : line.split(" ")) {
                int eq = part.indexOf('=');
                kv.put(part.substring(0, eq), part.substring(eq + 1));
            }
            BenchCase benchCase = cases.stream()
                    .filter(c -> c.id().equals(kv.get("id")))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("The child reported a case not asked for: " + line));
            results.add(new CaseResult(
                    benchCase,
                    rows,
                    longs(kv.get("wallNanos")),
                    longs(kv.get("cpuNanos")),
                    longs(kv.get("threadCpuNanos")),
                    longs(kv.get("allocatedBytes")),
                    Long.parseLong(kv.get("retainedBytes"))));
        }
        return new Result(true, Long.parseLong(heap.get(0)), List.copyOf(results), "ok");
    }

    private static long[] longs(String joined) {
        return Arrays.stream(joined.split(",")).mapToLong(Long::parseLong).toArray();
    }
}
