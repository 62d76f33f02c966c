package io.lazypg.benchmarks.e2e;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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
        List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        command.add(heapFlag);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(StreamingChild.class.getName());
        command.add(url);
        command.add(Integer.toString(rows));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder output = new StringBuilder();
        String resultLine = null;
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                output.append(line).append('\n');
                if (line.startsWith("RESULT ")) {
                    resultLine = line;
                }
            }
        }
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            return new Result(false, rows, heapFlag, 0, 0, 0, "timed out");
        }
        int exit = process.exitValue();
        if (exit != 0 || resultLine == null || resultLine.startsWith("RESULT failed")) {
            String tail = output.length() > 2000 ? output.substring(output.length() - 2000) : output.toString();
            return new Result(false, rows, heapFlag, 0, 0, 0, "exit " + exit + ": " + tail.trim());
        }
        Map<String, String> kv = new LinkedHashMap<>();
        for (String part : resultLine.substring(7).split(" ")) {
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
