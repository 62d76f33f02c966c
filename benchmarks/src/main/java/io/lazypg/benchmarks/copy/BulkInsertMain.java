package io.lazypg.benchmarks.copy;

import io.lazypg.benchmarks.e2e.Meters;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.Servers;
import io.lazypg.testing.TestPostgres;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * Bulk insert of the same rows into the same six-column table, three ways, in one JVM against one
 * PostgreSQL, in rotation (so the ratios are taken under the same conditions):
 *
 * <ul>
 *   <li>{@code lazypg-copy}: {@code LazyPgTemplate.copy}, binary COPY;</li>
 *   <li>{@code lazypg-batch}: {@code LazyPgTemplate.batchUpdate}, one pipelined Bind/Execute per row;</li>
 *   <li>{@code pgjdbc-rewrite}: Spring's {@code JdbcTemplate.batchUpdate} on pgjdbc with
 *       {@code reWriteBatchedInserts=true} (multi-row INSERTs of up to 128 rows).</li>
 * </ul>
 *
 * Each run empties the table first (TRUNCATE, not timed). Measured per run: wall time (rows/s from
 * the best run) and bytes allocated by the calling thread per row (every case does its work on the
 * calling thread). The rows are built once before the runs and shared, so building them is not counted.
 *
 * <pre>java -cp ... io.lazypg.benchmarks.copy.BulkInsertMain --rows=100000 --runs=3 --out=docs/benchmarks/copy.md</pre>
 */
public final class BulkInsertMain {

    private static final String TABLE = "bulk_rows";
    private static final List<String> COLUMNS = List.of("id", "n", "name", "amount", "created", "flag");
    private static final String INSERT =
            "insert into " + TABLE + " (" + String.join(", ", COLUMNS) + ") values (?, ?, ?, ?, ?, ?)";

    private BulkInsertMain() {}

    interface Case {
        void insert(List<Object[]> rows);
    }

    record Named(String id, String what, Case run) {}

    public static void main(String[] args) throws Exception {
        int rows = 100_000;
        int warmups = 1;
        int runs = 3;
        Path out = null;
        for (String a : args) {
            if (a.startsWith("--rows=")) {
                rows = Integer.parseInt(a.substring(7));
            } else if (a.startsWith("--runs=")) {
                runs = Integer.parseInt(a.substring(7));
            } else if (a.startsWith("--warmups=")) {
                warmups = Integer.parseInt(a.substring(10));
            } else if (a.startsWith("--out=")) {
                out = Path.of(a.substring(6));
            }
        }
        List<Object[]> data = rows(rows);
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        double loadBefore = Meters.loadAverage();
        try (Servers.Started s = Servers.start();
                LazyPgClient client = LazyPgClient.create(lazyConfig(s.server()));
                SingleConnectionDataSource pgjdbc = pgjdbc(s.server())) {
            LazyPgTemplate template = new LazyPgTemplate(client);
            JdbcTemplate jdbcTemplate = new JdbcTemplate(pgjdbc);
            template.execute("drop table if exists " + TABLE + "; create table " + TABLE
                    + " (id bigint, n integer, name text, amount numeric(12, 2), created timestamptz, flag boolean)");
            List<Named> cases = List.of(
                    new Named(
                            "lazypg-copy",
                            "LazyPgTemplate.copy (binary COPY)",
                            r -> template.copy(TABLE, COLUMNS, r.stream())),
                    new Named("lazypg-batch", "LazyPgTemplate.batchUpdate", r -> template.batchUpdate(INSERT, r)),
                    new Named(
                            "pgjdbc-rewrite",
                            "JdbcTemplate.batchUpdate, pgjdbc reWriteBatchedInserts=true",
                            r -> jdbcTemplate.batchUpdate(INSERT, r)));
            long[][] wall = new long[cases.size()][runs];
            long[][] bytes = new long[cases.size()][runs];
            for (int round = 0; round < warmups + runs; round++) {
                for (int c = 0; c < cases.size(); c++) {
                    template.execute("truncate " + TABLE);
                    long a0 = Meters.allocatedBytes(false);
                    long t0 = System.nanoTime();
                    cases.get(c).run().insert(data);
                    long t = System.nanoTime() - t0;
                    long a = Meters.allocatedBytes(false) - a0;
                    long count = template.queryForObject("select count(*) from " + TABLE, Long.class);
                    if (count != rows) {
                        throw new IllegalStateException(cases.get(c).id() + " inserted " + count + " of " + rows);
                    }
                    if (round >= warmups) {
                        wall[c][round - warmups] = t;
                        bytes[c][round - warmups] = a;
                    }
                    System.out.printf(
                            Locale.ROOT,
                            "%s %-15s %7.0f ms %6.0f B/row%n",
                            round < warmups ? "warm-up" : "run    ",
                            cases.get(c).id(),
                            t / 1e6,
                            (double) a / rows);
                }
            }
            String report = report(cases, wall, bytes, rows, runs, warmups, started, loadBefore, version(template));
            System.out.println(report);
            if (out != null) {
                Files.writeString(out, report);
            }
        }
    }

    private static String version(LazyPgTemplate template) {
        return template.queryForObject("show server_version", String.class);
    }

    private static String report(
            List<Named> cases,
            long[][] wall,
            long[][] bytes,
            int rows,
            int runs,
            int warmups,
            Instant started,
            double loadBefore,
            String version) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Bulk insert: binary COPY vs batched INSERTs\n\n");
        sb.append("Written by `io.lazypg.benchmarks.copy.BulkInsertMain` on ")
                .append(started)
                .append(": ")
                .append(rows)
                .append(" rows of (bigint, integer, text, numeric(12,2), timestamptz, boolean) into an empty table, ")
                .append(warmups)
                .append(" warm-up round and ")
                .append(runs)
                .append(" measured rounds, the cases in rotation; PostgreSQL ")
                .append(version)
                .append(String.format(
                        Locale.ROOT,
                        " (embedded, same machine); load average %.1f at the start, %.1f at the end.%n%n",
                        loadBefore,
                        Meters.loadAverage()));
        sb.append(
                "| case | what | best wall | median wall | rows/s (best) | vs copy | bytes allocated per row (median) |\n");
        sb.append("|---|---|---:|---:|---:|---:|---:|\n");
        double copyRate = 0;
        for (int c = 0; c < cases.size(); c++) {
            long[] w = wall[c].clone();
            Arrays.sort(w);
            long[] b = bytes[c].clone();
            Arrays.sort(b);
            double rate = rows / (w[0] / 1e9);
            if (c == 0) {
                copyRate = rate;
            }
            sb.append(String.format(
                    Locale.ROOT,
                    "| `%s` | %s | %.0f ms | %.0f ms | %,.0f | %.2fx | %.0f |%n",
                    cases.get(c).id(),
                    cases.get(c).what(),
                    w[0] / 1e6,
                    w[runs / 2] / 1e6,
                    rate,
                    copyRate / rate,
                    (double) b[runs / 2] / rows));
        }
        sb.append(
                "\n\"vs copy\": how many times faster `lazypg-copy` was than the case (best run against best run).\n");
        return sb.toString();
    }

    private static List<Object[]> rows(int n) {
        List<Object[]> rows = new ArrayList<>(n);
        OffsetDateTime base = OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
        for (int i = 0; i < n; i++) {
            rows.add(new Object[] {
                (long) i, i % 1000, "customer " + i, BigDecimal.valueOf(i * 7L, 2), base.plusSeconds(i), i % 2 == 0
            });
        }
        return rows;
    }

    private static LazyPgConfig lazyConfig(TestPostgres server) {
        return LazyPgConfig.fromUrl(server.url()).toBuilder()
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1)
                .build();
    }

    private static SingleConnectionDataSource pgjdbc(TestPostgres server) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", server.username());
        p.setProperty("password", server.password());
        p.setProperty("sslmode", "disable");
        p.setProperty("reWriteBatchedInserts", "true");
        return new SingleConnectionDataSource(DriverManager.getConnection(server.jdbcUrl(), p), true) {
            @Override
            public void close() {
                destroy();
            }
        };
    }
}
