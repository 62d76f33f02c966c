package io.lazypg.benchmarks.latency;

import io.lazypg.benchmarks.latency.LatencyCase.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes {@code latency.md}: the method, per latency a table per unit of work (ops/s median and
 * spread over the rounds, round trips per operation, ratio to pgjdbc + HikariCP) and a text chart,
 * and the machine with its load. Everything in it comes from the run.
 */
final class LatencyReport {

    /** What the run was: where, when, how long, how loaded. */
    record Run(
            String started,
            double minutes,
            String command,
            String machine,
            String postgres,
            double loadBefore,
            double loadAfter,
            int rows,
            long warmupMillis,
            long windowMillis,
            int rounds) {}

    private static final int BAR = 40;

    private LatencyReport() {}

    static void write(Path out, Run run, List<Duration> latencies, List<LatencyResult> results) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("# Round trips under latency (issue #28, item 4)\n\n");
        md.append("Written by `io.lazypg.benchmarks.latency.LatencyMain` (started ")
                .append(run.started())
                .append(", ")
                .append(format("%.1f", run.minutes()))
                .append(" min). ")
                .append("**The machine was shared with other builds and test runs while this ran**: load average ")
                .append(format("%.2f", run.loadBefore()))
                .append(" before and ")
                .append(format("%.2f", run.loadAfter()))
                .append(" after, on ")
                .append(run.machine())
                .append(". Read the ratios between ways of one run, not the absolute figures.\n\n");
        method(md, run);
        for (Duration latency : latencies) {
            List<LatencyResult> at =
                    results.stream().filter(r -> r.latency().equals(latency)).toList();
            if (at.isEmpty()) {
                continue;
            }
            md.append("## ")
                    .append(latency.toMillis())
                    .append(" ms one-way latency")
                    .append(latency.isZero() ? " (through the relay, no delay)" : "")
                    .append("\n\n");
            table(md, at);
            md.append("\n```text\n");
            chart(md, at);
            md.append("```\n\n");
        }
        md.append("## Run\n\n```sh\n").append(run.command()).append("\n```\n\n");
        md.append("PostgreSQL: ").append(run.postgres()).append("\n");
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md.toString());
    }

    private static void method(StringBuilder md, Run run) {
        md.append("## Method\n\n");
        md.append("- Every client reaches PostgreSQL through a `TcpRelay` of its own (module `testing`) that delays"
                + " each chunk, in each direction and in order, by the one-way latency; a round trip costs at least"
                + " twice that. The relay counts **round trips** as the client's turns to speak: a chunk from the"
                + " client after the server has spoken (see `TcpRelay`'s Javadoc). Round trips per operation are"
                + " that count over a window divided by the window's operations; connecting is outside the"
                + " windows, and so are the pools' own checks of idle connections: before each window every"
                + " pooled connection is borrowed and given back (HikariCP checks one idle over 500 ms when"
                + " borrowed, lazypg one idle for `pool_validate_after_idle`), and HikariCP's keepalive pings are"
                + " off (`LatencyRunner`).\n");
        md.append("- Units of work and ways are `Unit` and the `Ways` classes (`PgjdbcWays`, `LazyPgWays`) in"
                + " `io.lazypg.benchmarks.latency`. Every operation checks its answer (ids, payloads, counts);"
                + " the inserts are also counted in the table after each window.\n");
        md.append("- pgjdbc + HikariCP (pool 8, pgjdbc defaults, a connection borrowed per operation) is the"
                + " baseline of each unit (×1.00); lazypg is the client with a pool of 8. `(reference)` rows"
                + " (multi-statement `Statement.execute` with literal values) are shown unranked.\n");
        md.append("- ")
                .append(run.rows())
                .append(" rows per table; each case warmed in windows of ")
                .append(run.warmupMillis())
                .append(" ms until one was no more than " + Math.round((LatencyRunner.STILL_RISING - 1) * 100)
                        + "% faster than the one before (at most ")
                .append(LatencyRunner.MAX_WARM_WINDOWS)
                .append("), then ")
                .append(run.rounds())
                .append(" rounds of one ")
                .append(run.windowMillis())
                .append(" ms window per case, cases in the same order each round (alternating rounds, as the"
                        + " end-to-end report's point selects). Medians over the rounds; the spread is the"
                        + " slowest and fastest window.\n\n");
    }

    private static void table(StringBuilder md, List<LatencyResult> at) {
        md.append("| unit of work | way | ops/s (median) | slowest – fastest window | round trips / op | floor |"
                + " × pgjdbc + HikariCP |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|\n");
        for (Unit unit : Unit.values()) {
            List<LatencyResult> of = of(at, unit);
            Optional<LatencyResult> baseline = of.stream()
                    .filter(r -> r.benchCase().role() == Role.BASELINE)
                    .findFirst();
            boolean first = true;
            for (LatencyResult r : of) {
                md.append("| ")
                        .append(first ? unit.title() : "")
                        .append(" | ")
                        .append(r.benchCase().title())
                        .append(" | ")
                        .append(ops(r.medianOps()))
                        .append(" | ")
                        .append(ops(r.minOps()))
                        .append(" – ")
                        .append(ops(r.maxOps()))
                        .append(" | ")
                        .append(format("%.2f", r.medianRoundTrips()))
                        .append(" | ")
                        .append(first ? (unit.floor() == 0 ? "shared" : String.valueOf(unit.floor())) : "")
                        .append(" | ")
                        .append(ratio(r, baseline))
                        .append(" |\n");
                first = false;
            }
        }
    }

    private static String ratio(LatencyResult r, Optional<LatencyResult> baseline) {
        if (r.benchCase().role() == Role.REFERENCE) {
            return "(reference)";
        }
        if (baseline.isEmpty() || baseline.get().medianOps() == 0) {
            return "";
        }
        return format("%.2f", r.medianOps() / baseline.get().medianOps());
    }

    /** A bar per case, scaled to the fastest way of its unit. */
    private static void chart(StringBuilder md, List<LatencyResult> at) {
        int width =
                at.stream().mapToInt(r -> r.benchCase().way().length()).max().orElse(10);
        for (Unit unit : Unit.values()) {
            List<LatencyResult> of = of(at, unit);
            if (of.isEmpty()) {
                continue;
            }
            md.append(unit.title()).append(" (ops/s, round trips / op)\n");
            double max = of.stream().mapToDouble(LatencyResult::medianOps).max().orElse(1);
            for (LatencyResult r : of) {
                int n = (int) Math.round(BAR * r.medianOps() / max);
                md.append("  ")
                        .append(pad(r.benchCase().way(), width))
                        .append(" ")
                        .append("#".repeat(Math.max(n, 1)))
                        .append(" ".repeat(BAR - Math.max(n, 1)))
                        .append(" ")
                        .append(ops(r.medianOps()))
                        .append(", ")
                        .append(format("%.2f", r.medianRoundTrips()))
                        .append(r.benchCase().role() == Role.REFERENCE ? " (reference)" : "")
                        .append("\n");
            }
            md.append("\n");
        }
    }

    private static List<LatencyResult> of(List<LatencyResult> at, Unit unit) {
        List<LatencyResult> of = new ArrayList<>();
        for (LatencyResult r : at) {
            if (r.benchCase().unit() == unit) {
                of.add(r);
            }
        }
        return of;
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    private static String ops(double v) {
        return v >= 100 ? format("%,.0f", v) : format("%.1f", v);
    }

    private static String format(String pattern, Object... args) {
        return String.format(Locale.ROOT, pattern, args);
    }
}
