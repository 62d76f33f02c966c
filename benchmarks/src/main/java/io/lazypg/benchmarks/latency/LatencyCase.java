package io.lazypg.benchmarks.latency;

import io.lazypg.benchmarks.e2e.PointSelect;
import io.lazypg.testing.TcpRelay;
import org.jspecify.annotations.Nullable;

/**
 * One way of doing one unit of work: a client, how it is used, and the relay its connections go
 * through (whose {@link TcpRelay#roundTrips()} the runner reads around each window; every case
 * whose client shares a relay runs alone in its window, so the count is the case's own).
 *
 * @param unit               the unit of work
 * @param way                the way's short id, unique within the unit (for example {@code lazypg}, {@code pgjdbc-hikari})
 * @param title              what the report shows
 * @param role               how the report ranks it
 * @param expectedRoundTrips the round trips one operation takes today, checked by {@code LatencyCasesIT}
 *                           so the benchmark cannot silently measure something else; null where
 *                           connections are shared between threads (pipelining across threads)
 * @param relay              the relay the case's connections go through
 * @param worker             opens the operation of one thread; each operation checks its own answer
 *                           and returns the id it was given
 */
public record LatencyCase(
        Unit unit,
        String way,
        String title,
        Role role,
        @Nullable Double expectedRoundTrips,
        TcpRelay relay,
        PointSelect.Worker worker) {

    /** How the report ranks a case. */
    public enum Role {
        /** pgjdbc + HikariCP used plainly: the other cases' ratios are to it. */
        BASELINE,
        /** A way an application would use: ranked against the baseline. */
        RANKED,
        /** Shown for reference, not ranked (multi-statement {@code Statement.execute}: literal SQL, no parameters). */
        REFERENCE
    }

    public String id() {
        return unit.key() + "/" + way;
    }
}
