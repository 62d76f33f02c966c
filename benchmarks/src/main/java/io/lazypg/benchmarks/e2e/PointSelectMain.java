package io.lazypg.benchmarks.e2e;

import io.lazypg.testing.Servers;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The point selects alone ({@link PointSelect}: every configuration warmed, then measured window by
 * window in rotation), printed as median and spread of ops/s, bytes allocated per operation, and
 * lazypg's ratios against pgjdbc (1 thread) and pgjdbc + HikariCP (8 threads, pool of 4). Options:
 * rows (10000), window-millis (1000), windows (5), virtual (worker threads are virtual threads:
 * run on JDK 21+; B/op then reads 0 as the JDK counts no allocation per virtual thread).
 */
public final class PointSelectMain {

    private PointSelectMain() {}

    public static void main(String[] args) throws Exception {
        int rows = 10_000;
        long windowMillis = 1000;
        int windows = 5;
        boolean virtual = false;
        for (String a : args) {
            String[] kv = a.replaceFirst("^--", "").split("=", 2);
            switch (kv[0]) {
                case "rows" -> rows = Integer.parseInt(kv[1]);
                case "window-millis" -> windowMillis = Long.parseLong(kv[1]);
                case "windows" -> windows = Integer.parseInt(kv[1]);
                case "virtual" -> virtual = kv.length == 1 || Boolean.parseBoolean(kv[1]);
                default ->
                    throw new IllegalArgumentException(
                            "unknown option " + a + "; use --rows=N, --window-millis=N, --windows=N, --virtual");
            }
        }
        System.out.printf(
                Locale.ROOT,
                "load average before: %.2f; JDK %s; %s worker threads%n",
                Meters.loadAverage(),
                System.getProperty("java.version"),
                virtual ? "virtual" : "platform");
        try (Servers.Started started = Servers.start()) {
            TestPostgres server = started.server();
            try (Connection c = Fixtures.jdbc(server, false)) {
                WideTable.create(c, rows);
            }
            List<PointSelect.Result> results =
                    new PointSelect(server, rows, windowMillis, windowMillis, windows, virtual).runAll();
            for (PointSelect.Result r : results) {
                double[] s = r.opsPerSecond().clone();
                Arrays.sort(s);
                System.out.printf(
                        Locale.ROOT,
                        "%-9s median %8.0f ops/s (min %8.0f, max %8.0f); %6.0f B/op; %5.1f us CPU/op; windows %s%n",
                        r.id(),
                        r.median(),
                        s[0],
                        s[s.length - 1],
                        r.medianBytesPerOp(),
                        r.medianCpuMicrosPerOp(),
                        Arrays.toString(r.opsPerSecond()));
            }
            ratio(results, "lazypg-1", "pgjdbc-1");
            ratio(results, "lazypg-1-spin", "pgjdbc-1");
            ratio(results, "lazypg-1", "hikari-1");
            ratio(results, "lazypg-8", "hikari-8");
            ratio(results, "lazypg-8-pipelined", "hikari-8");
            ratio(results, "lazypg-8-pipelined", "lazypg-8");
            ratio(results, "lazypg-8-spin", "hikari-8");
        }
        System.out.printf(Locale.ROOT, "load average after: %.2f%n", Meters.loadAverage());
    }

    /** The ratio of medians, and its range over the windows taken pairwise (window i against window i). */
    private static void ratio(List<PointSelect.Result> results, String ours, String theirs) {
        PointSelect.Result a = find(results, ours);
        PointSelect.Result b = find(results, theirs);
        double[] pairwise = new double[a.opsPerSecond().length];
        for (int i = 0; i < pairwise.length; i++) {
            pairwise[i] = a.opsPerSecond()[i] / b.opsPerSecond()[i];
        }
        Arrays.sort(pairwise);
        System.out.printf(
                Locale.ROOT,
                "%s / %s: %.2fx of medians (per window %.2f .. %.2f)%n",
                ours,
                theirs,
                a.median() / b.median(),
                pairwise[0],
                pairwise[pairwise.length - 1]);
    }

    private static PointSelect.Result find(List<PointSelect.Result> results, String id) {
        return results.stream()
                .filter(r -> r.id().equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no point-select configuration " + id));
    }
}
