package io.lazypg.client;

/**
 * Hooks for metrics. Called synchronously on the pool's threads (the acquiring or releasing thread,
 * or the housekeeper), so an implementation must be thread-safe, quick and must not block; an
 * exception it throws is logged and otherwise ignored.
 */
public interface PoolListener {

    /** A listener that does nothing. */
    PoolListener NONE = new PoolListener() {};

    /** A connection was handed out after {@code waitNanos} in {@code acquire()} (validation and connecting included). */
    default void acquired(long waitNanos) {}

    /** A new connection was opened. */
    default void created() {}

    /** A connection was closed (broken, expired, idle too long, evicted or pool closed). */
    default void closed() {}

    /** An {@code acquire()} gave up after the acquire timeout. */
    default void acquireTimedOut() {}
}
