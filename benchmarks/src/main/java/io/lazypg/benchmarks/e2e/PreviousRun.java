package io.lazypg.benchmarks.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of the run before this one, read back from the results.json it wrote (the file this
 * run is about to replace), so that results.md can show before → after for the same cases. Only
 * what {@link ReportWriter#json} writes is read, line by line: one case or point select per line.
 */
public record PreviousRun(String startedUtc, Map<String, Figures> cases, Map<String, Double> pointMedians) {

    /** One case's figures in the previous run; retainedBytes -1 when it held nothing. */
    public record Figures(
            double cpuMinMs, double threadCpuMinMs, double bytesPerRow, long retainedBytes, double ratioVsBean) {}

    private static final Pattern STARTED = Pattern.compile("\"startedUtc\": \"([^\"]*)\"");
    private static final Pattern ID = Pattern.compile("\\{\"id\": \"([^\"]+)\"");

    /** The previous run's figures, or null when {@code file} does not exist or holds no case. */
    public static PreviousRun read(Path file) throws IOException {
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        String started = "?";
        Map<String, Figures> cases = new LinkedHashMap<>();
        Map<String, Double> points = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Matcher s = STARTED.matcher(line);
            if (s.find()) {
                started = s.group(1);
            }
            Matcher id = ID.matcher(line);
            if (!id.find()) {
                continue;
            }
            if (line.contains("\"cpuMinMs\"")) {
                cases.put(
                        id.group(1),
                        new Figures(
                                number(line, "cpuMinMs"),
                                number(line, "threadCpuMinMs"),
                                number(line, "bytesPerRow"),
                                Double.isNaN(number(line, "retainedBytes")) ? -1 : (long) number(line, "retainedBytes"),
                                number(line, "cpuRatioVsBeanPropertyRowMapper")));
            } else if (line.contains("\"opsPerSecondMedian\"")) {
                points.put(id.group(1), number(line, "opsPerSecondMedian"));
            }
        }
        return cases.isEmpty() ? null : new PreviousRun(started, cases, points);
    }

    /** A number field of a one-line JSON object; NaN for null or missing. */
    static double number(String line, String field) {
        Matcher m = Pattern.compile("\"" + field + "\": (null|-?[0-9.]+)").matcher(line);
        return m.find() && !m.group(1).equals("null") ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
