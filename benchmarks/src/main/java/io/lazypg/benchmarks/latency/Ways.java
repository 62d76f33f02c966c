package io.lazypg.benchmarks.latency;

import java.util.ArrayList;
import java.util.List;

/**
 * A family of ways to do the units of work: one class per client style, each giving a case per
 * unit it can do. A new way (issue #28's "lazypg pipelined": {@code template.pipeline} in {@link PipelinedWays}, writes
 * riding with COMMIT, batches in one write) is one more class implementing this, added to {@link
 * #ALL}; the runner, the report and {@code LatencyCasesIT} pick it up.
 */
public interface Ways {

    /** Every family the benchmark measures, in report order. */
    List<Ways> ALL = List.of(new PgjdbcWays(), new LazyPgWays(), new PipelinedWays(), new LazyPgTransactionWays());

    /** This family's cases, over the clients of {@code endpoints} (opened through relays at one latency). */
    List<LatencyCase> cases(Endpoints endpoints);

    /** Every family's cases, grouped by unit in {@link Unit} order. */
    static List<LatencyCase> all(Endpoints endpoints) {
        List<LatencyCase> cases = new ArrayList<>();
        for (Ways w : ALL) {
            cases.addAll(w.cases(endpoints));
        }
        cases.sort(java.util.Comparator.comparing(LatencyCase::unit));
        return cases;
    }
}
