package io.lazypg.benchmarks.latency;

import io.lazypg.benchmarks.e2e.EndToEndMain;
import io.lazypg.benchmarks.e2e.Meters;
import io.lazypg.testing.Servers;
import io.lazypg.testing.TestPostgres;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Issue #28's latency benchmark: the units of work ({@link Unit}) in every way ({@link Ways}), at
 * each one-way latency through {@code TcpRelay}s, written to {@code latency.md} ({@link LatencyReport}).
 * One PostgreSQL (embedded unless LAZYPG_TEST_URL is set), one JVM.
 *
 * <p>Options ({@code --name=value}): rows (10000), latencies (milliseconds one way, comma-separated;
 * "0,1"), warmup-millis (1000), window-millis (1000), rounds (5), only (comma-separated unit keys
 * such as {@code point-select}, or case ids such as {@code insert-100/lazypg-copy}), out
 * (docs/benchmarks/latency.md).
 */
public final class LatencyMain {

    private LatencyMain() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = EndToEndMain.options(args);
        int rows = Integer.parseInt(o.getOrDefault("rows", "10000"));
        long warmupMillis = Long.parseLong(o.getOrDefault("warmup-millis", "1000"));
        long windowMillis = Long.parseLong(o.getOrDefault("window-millis", "1000"));
        int rounds = Integer.parseInt(o.getOrDefault("rounds", "5"));
        Path out = Path.of(o.getOrDefault("out", "docs/benchmarks/latency.md"));
        String only = o.get("only");
        List<Duration> latencies = new ArrayList<>();
        for (String ms : o.getOrDefault("latencies", "0,1").split(",")) {
            latencies.add(Duration.ofNanos((long) (Double.parseDouble(ms.trim()) * 1_000_000)));
        }
        if (rows < 20) {
            throw new IllegalArgumentException(
                    "--rows must be at least 20 (the 10 lookups need distinct ids), got " + rows);
        }

        String started = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        long t0 = System.nanoTime();
        double loadBefore = Meters.loadAverage();
        EndToEndMain.log("Starting PostgreSQL ...");
        try (Servers.Started s = Servers.start()) {
            TestPostgres server = s.server();
            String postgres;
            try (Connection c = io.lazypg.benchmarks.e2e.Fixtures.jdbc(server, false)) {
                LatencyTables.create(c, rows);
                postgres = EndToEndMain.version(c);
            }
            List<LatencyResult> results = new ArrayList<>();
            LatencyRunner runner = new LatencyRunner(server, rows, warmupMillis, windowMillis, rounds);
            for (Duration latency : latencies) {
                try (Endpoints endpoints = new Endpoints(server, latency)) {
                    List<LatencyCase> cases = selected(Ways.all(endpoints), only);
                    for (LatencyResult r : runner.runAll(endpoints, cases, EndToEndMain::log)) {
                        EndToEndMain.log(String.format(
                                java.util.Locale.ROOT,
                                "  %4d ms %-40s %9.1f ops/s  %5.2f round trips/op",
                                latency.toMillis(),
                                r.benchCase().id(),
                                r.medianOps(),
                                r.medianRoundTrips()));
                        results.add(r);
                    }
                }
            }
            String machine = Runtime.getRuntime().availableProcessors() + " cores, "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                    + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
            LatencyReport.Run run = new LatencyReport.Run(
                    started,
                    (System.nanoTime() - t0) / 60e9,
                    "java "
                            + String.join(
                                    " ", ManagementFactory.getRuntimeMXBean().getInputArguments())
                            + " -cp <module class path> " + LatencyMain.class.getName() + " " + String.join(" ", args),
                    machine,
                    postgres,
                    loadBefore,
                    Meters.loadAverage(),
                    rows,
                    warmupMillis,
                    windowMillis,
                    rounds);
            LatencyReport.write(out, run, latencies, results);
            EndToEndMain.log("Wrote " + out.toAbsolutePath());
        }
    }

    static List<LatencyCase> selected(List<LatencyCase> cases, String only) {
        if (only == null) {
            return cases;
        }
        List<String> wanted = List.of(only.split(","));
        List<LatencyCase> chosen = cases.stream()
                .filter(c -> wanted.contains(c.id()) || wanted.contains(c.unit().key()))
                .toList();
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("--only=" + only + " matches no case; the cases are "
                    + cases.stream().map(LatencyCase::id).toList());
        }
        return chosen;
    }
}
