package io.lazypg.benchmarks.e2e;

import io.lazypg.testing.Servers;
import io.lazypg.testing.TestPostgres;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The end-to-end comparison in one JVM against one PostgreSQL (embedded unless LAZYPG_TEST_URL is
 * set): creates {@code wide}, runs every case, the point selects, the small-heap streaming child and
 * the default-heap child ({@link DefaultHeapRun}), and writes results.md, results.json and the charts.
 *
 * <p>Options ({@code --name=value}): rows (100000), warmups (2), runs (7), out (docs/benchmarks),
 * point-millis (2000 per window; each configuration warmed for one window, then 5 windows in rotation), stream-rows (1000000),
 * stream-heap (-Xmx64m), only (comma-separated case ids, for trying one case), previous (the results.json of
 * the run to compare with; default: the one in out, which this run replaces; "none" for no comparison).
 */
public final class EndToEndMain {

    private EndToEndMain() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        int rows = Integer.parseInt(o.getOrDefault("rows", "100000"));
        int warmups = Integer.parseInt(o.getOrDefault("warmups", "2"));
        int runs = Integer.parseInt(o.getOrDefault("runs", "7"));
        Path out = Path.of(o.getOrDefault("out", "docs/benchmarks"));
        long pointMillis = Long.parseLong(o.getOrDefault("point-millis", "2000"));
        int streamRows = Integer.parseInt(o.getOrDefault("stream-rows", "1000000"));
        String streamHeap = o.getOrDefault("stream-heap", "-Xmx64m");
        String only = o.get("only");
        // The figures this run replaces, for the before -> after section (--previous=none to leave it out).
        String previousOption =
                o.getOrDefault("previous", out.resolve("results.json").toString());
        PreviousRun previous = previousOption.equals("none") ? null : PreviousRun.read(Path.of(previousOption));

        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        long t0 = System.nanoTime();
        double loadBefore = Meters.loadAverage();
        log("Starting PostgreSQL ...");
        try (Servers.Started started0 = Servers.start()) {
            TestPostgres server = started0.server();
            String postgres;
            try (Connection c = Fixtures.jdbc(server, false)) {
                log("Creating " + WideTable.NAME + " with " + rows + " rows ...");
                WideTable.create(c, rows);
                postgres = version(c);
            }
            List<CaseResult> results;
            try (Fixtures fixtures = new Fixtures(server)) {
                List<BenchCase> cases = new ArrayList<>();
                for (BenchCase c : Cases.all(fixtures)) {
                    if (only == null || List.of(only.split(",")).contains(c.id())) {
                        cases.add(c);
                    }
                }
                results = new CaseRunner(warmups, runs, rows).runAll(cases, EndToEndMain::log);
                for (CaseResult r : results) {
                    log(String.format(
                            java.util.Locale.ROOT,
                            "  %-22s cpu min %5.0f ms, median %5.0f ms; wall min %5.0f ms; %6.0f B/row; retained %6.1f MiB",
                            r.benchCase().id(),
                            r.cpuMinMs(),
                            r.cpuMedianMs(),
                            r.wallMinMs(),
                            r.bytesPerRow(),
                            r.retainedMiB()));
                }
            }
            log("Point selects ...");
            List<PointSelect.Result> points =
                    new ArrayList<>(new PointSelect(server, rows, pointMillis, pointMillis, 5).runAll());
            log("OLTP mix ...");
            points.addAll(new OltpMix(server, rows, pointMillis, pointMillis, 5).runAll());
            for (PointSelect.Result p : points) {
                log(String.format(java.util.Locale.ROOT, "  %s: %.0f ops/s median", p.id(), p.median()));
            }
            log("Streaming " + streamRows + " rows in a child JVM with " + streamHeap + " ...");
            StreamingUnderSmallHeap.Result streaming =
                    StreamingUnderSmallHeap.run(server.url(), streamRows, streamHeap);
            log("  " + streaming);
            List<BenchCase> heapCases = results.stream()
                    .map(CaseResult::benchCase)
                    .filter(c -> DefaultHeapRun.CASES.contains(c.id()))
                    .toList();
            DefaultHeapRun.Result defaultHeap = null;
            if (!heapCases.isEmpty()) {
                log("Reading all 40 in a child JVM with the default heap sizing ...");
                defaultHeap = DefaultHeapRun.run(server.url(), rows, warmups, runs, heapCases);
                log("  "
                        + (defaultHeap.success()
                                ? defaultHeap.cases().size() + " cases, max heap "
                                        + defaultHeap.maxHeapBytes() / (1 << 20) + " MiB"
                                : defaultHeap.detail()));
            }
            Report.Machine machine = new Report.Machine(
                    Runtime.getRuntime().availableProcessors(),
                    Meters.totalMemoryBytes(),
                    System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                    String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()),
                    System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                            + System.getProperty("os.arch"),
                    postgres,
                    server.source().toString().toLowerCase(java.util.Locale.ROOT));
            double minutes = (System.nanoTime() - t0) / 60e9;
            Report report = new Report(
                    machine,
                    command(args),
                    started.toString(),
                    minutes,
                    rows,
                    warmups,
                    runs,
                    results,
                    points,
                    streaming,
                    defaultHeap,
                    loadBefore,
                    Meters.loadAverage(),
                    previous);
            ReportWriter.write(report, out);
            log("Wrote " + out.toAbsolutePath() + "/results.md, results.json, cpu-chart.svg");
        }
    }

    public static String version(Connection c) throws Exception {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select version()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    static String command(String[] args) {
        // What the e2e profile runs (see benchmarks/pom.xml); the arguments show what it passed.
        return "mvn -B -pl benchmarks -am package -DskipTests -Pe2e\n# = java "
                + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments())
                + " -cp <module class path> "
                + EndToEndMain.class.getName() + " " + String.join(" ", args);
    }

    public static Map<String, String> options(String[] args) {
        Map<String, String> o = new HashMap<>();
        for (String a : args) {
            if (!a.startsWith("--") || !a.contains("=")) {
                throw new IllegalArgumentException("Options are --name=value, got " + a);
            }
            o.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
        }
        return o;
    }

    public static void log(String message) {
        System.out.println("[" + Instant.now().truncatedTo(ChronoUnit.SECONDS) + "] " + message);
    }
}
