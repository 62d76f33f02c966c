package io.lazypg.benchmarks.e2e;

import io.lazypg.client.LazyPgClient;
import io.lazypg.testing.Servers;
import io.lazypg.testing.TestPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * Runs one end-to-end case (or one point-select configuration) repeatedly under a JFR recording
 * that starts only after the warm-up, so the profile holds the measured work and nothing else
 * (no server start, no table creation, no other case). For finding where a case's time and
 * allocation go; the figures it prints are rough (no rotation, no GC between runs).
 *
 * <pre>
 * java -cp &lt;class path&gt; io.lazypg.benchmarks.e2e.ProfileCase --case=spring-entity-2 --runs=20 \
 *      --jfc=profile --out=/tmp/spring-entity-2.jfr
 * java ... ProfileCase --case=point:lazypg-1 --millis=10000 --out=/tmp/point.jfr
 * jfr print --events jdk.ExecutionSample /tmp/spring-entity-2.jfr
 * </pre>
 *
 * Options: case (an id of {@link Cases#all}, or point:lazypg-1, point:pgjdbc-1, point:lazypg-8, point:hikari-8), rows (100000),
 * warmups (5), runs (20), millis (point selects: 10000), jfc (a JFR configuration name or file;
 * "profile"), out (the .jfr file).
 */
public final class ProfileCase {

    private ProfileCase() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> o = EndToEndMain.options(args);
        String id = o.get("case");
        int rows = Integer.parseInt(o.getOrDefault("rows", "100000"));
        int warmups = Integer.parseInt(o.getOrDefault("warmups", "5"));
        int runs = Integer.parseInt(o.getOrDefault("runs", "20"));
        long millis = Long.parseLong(o.getOrDefault("millis", "10000"));
        String jfc = o.getOrDefault("jfc", "profile");
        Path out = Path.of(o.getOrDefault("out", id.replace(':', '-') + ".jfr"));
        Configuration configuration =
                jfc.endsWith(".jfc") ? Configuration.create(Path.of(jfc)) : Configuration.getConfiguration(jfc);
        try (Servers.Started started = Servers.start()) {
            TestPostgres server = started.server();
            try (Connection c = Fixtures.jdbc(server, false)) {
                WideTable.create(c, rows);
            }
            if (id.startsWith("point:")) {
                point(server, rows, id.substring("point:".length()), warmups, millis, configuration, out);
                return;
            }
            try (Fixtures fixtures = new Fixtures(server)) {
                BenchCase c = Cases.all(fixtures).stream()
                        .filter(x -> x.id().equals(id))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("No case " + id));
                CaseRunner checker = new CaseRunner(0, 0, rows);
                for (int i = 0; i < warmups; i++) {
                    release(checker.check(c, c.run()));
                }
                System.gc();
                long cpu0 = Meters.processCpuNanos();
                long thread0 = Meters.threadCpuNanos();
                long alloc0 = Meters.allocatedBytes(false);
                try (Recording recording = new Recording(configuration)) {
                    recording.setDestination(out);
                    recording.start();
                    for (int i = 0; i < runs; i++) {
                        release(checker.check(c, c.run()));
                    }
                    recording.stop();
                }
                System.out.printf(
                        Locale.ROOT,
                        "%s: %d runs, process CPU %.0f ms/run, thread CPU %.0f ms/run, %.0f B/row; recording %s%n",
                        id,
                        runs,
                        (Meters.processCpuNanos() - cpu0) / 1e6 / runs,
                        (Meters.threadCpuNanos() - thread0) / 1e6 / runs,
                        (Meters.allocatedBytes(false) - alloc0) / (double) runs / rows,
                        out.toAbsolutePath());
            }
        }
    }

    private static void point(
            TestPostgres server,
            int rows,
            String config,
            int warmups,
            long millis,
            Configuration configuration,
            Path out)
            throws Exception {
        PointSelect bench = new PointSelect(server, rows, 0, 0, 0);
        try (Connection single = Fixtures.jdbc(server, false);
                com.zaxxer.hikari.HikariDataSource hikari = PointSelect.hikari(server, 4);
                LazyPgClient lazy = LazyPgClient.create(Fixtures.lazyConfig(server, 4))) {
            PreparedStatement ps = single.prepareStatement(PointSelect.JDBC_SQL);
            PointSelect.Worker worker = switch (config) {
                case "lazypg-1", "lazypg-8" -> () -> id -> PointSelect.lazySelect(lazy, id);
                case "pgjdbc-1" -> () -> id -> PointSelect.jdbcSelect(ps, id);
                case "hikari-8" -> () -> id -> PointSelect.hikariSelect(hikari, id);
                default ->
                    throw new IllegalArgumentException("point:lazypg-1, lazypg-8, pgjdbc-1 or hikari-8, not " + config);
            };
            int threads = config.endsWith("-8") ? 8 : 1;
            bench.run(threads, worker, Math.max(1000, warmups * 400L), new java.util.concurrent.atomic.LongAdder());
            long cpu0 = Meters.processCpuNanos();
            long ops;
            try (Recording recording = new Recording(configuration)) {
                recording.setDestination(out);
                recording.start();
                ops = bench.run(threads, worker, millis, new java.util.concurrent.atomic.LongAdder());
                recording.stop();
            }
            double cpuMs = (Meters.processCpuNanos() - cpu0) / 1e6;
            System.out.printf(
                    Locale.ROOT,
                    "point %s: %.0f ops/s, process CPU %.1f us/op (all threads); recording %s%n",
                    config,
                    ops * 1000.0 / millis,
                    cpuMs * 1000 / ops,
                    out.toAbsolutePath());
        }
    }

    private static void release(Outcome o) throws Exception {
        if (o.held() instanceof AutoCloseable closeable) {
            closeable.close();
        }
    }
}
