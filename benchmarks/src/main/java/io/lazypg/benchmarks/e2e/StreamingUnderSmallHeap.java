package io.lazypg.benchmarks.e2e;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Launches {@link StreamingChild} in a JVM of its own with a small heap and reads back its one result line. */
public final class StreamingUnderSmallHeap {

    /** The child's figures; {@code success} false with {@code detail} saying why (OOM, timeout, wrong count). */
    public record Result(
            boolean success,
            long rows,
            String heapFlag,
            long millis,
            long peakHeapBytes,
            double allocatedPerRow,
            String detail) {}

    private StreamingUnderSmallHeap() {}

    public static Result run(String url, int rows, String heapFlag) throws Exception {
        ChildJvm.Output output = ChildJvm.run(
                List.of(heapFlag),
                StreamingChild.class,
                List.of(Integer.toString(rows)),
                Map.of("LAZYPG_TEST_URL", url),
                10);
        if (output.timedOut()) {
            return new Result(false, rows, heapFlag, 0, 0, 0, "timed out");
        }
        List<String> results = output.linesStartingWith("RESULT ");
        String resultLine = results.isEmpty() ? null : results.get(results.size() - 1);
        int exit = output.exitStatus();
        if (exit != 0 || resultLine == null || resultLine.startsWith("failed")) {
            return new Result(
                    false,
                    rows,
                    heapFlag,
                    0,
                    0,
                    0,
                    "exit " + exit + ": " + output.tail().trim());
        }
        Map<String, String> kv = new LinkedHashMap<>();
        for (String part : resultLine.split(" ")) {
            int eq = part.indexOf('=');
            kv.put(part.substring(0, eq), part.substring(eq + 1));
        }
        return new Result(
                true,
                Long.parseLong(kv.get("rows")),
                heapFlag,
                Long.parseLong(kv.get("millis")),
                Long.parseLong(kv.get("peakHeapBytes")),
                Double.parseDouble(kv.get("allocatedPerRow")),
                "ok");
    }
}
