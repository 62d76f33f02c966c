package io.lazypg.benchmarks.latency;

/**
 * The units of work of issue #28's table, each measured in several ways ({@link LatencyCase}).
 * One operation of a unit is what the title says; {@link #floor} is the fewest round trips it can
 * take (the floor), or 0 where connections are shared between threads and no per-operation
 * floor applies.
 */
public enum Unit {
    POINT_SELECT("point select", 1, 1),
    SERVICE_TRANSACTION("BEGIN; select ... for update; update; insert; COMMIT", 1, 2),
    TEN_LOOKUPS("10 independent point selects whose results are all needed", 1, 1),
    READ_ONLY_TRANSACTION("read-only transaction: BEGIN + select + COMMIT", 1, 1),
    INSERT_100("insert 100 rows", 1, 1),
    POOL_64_ON_8("64 threads on a pool of 8 (point selects)", 64, 0);

    private final String title;
    private final int threads;
    private final int floor;

    Unit(String title, int threads, int floor) {
        this.title = title;
        this.threads = threads;
        this.floor = floor;
    }

    public String title() {
        return title;
    }

    /** Threads running the unit at once. */
    public int threads() {
        return threads;
    }

    /** The fewest round trips one operation can take; 0 for none (shared connections). */
    public int floor() {
        return floor;
    }

    /** A short key for case ids. */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
