package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * Observes each statement a client runs, for metrics and tracing (the Spring Boot starter binds it
 * to a Micrometer Observation). Called on the thread that runs the statement; implementations must
 * be thread-safe and quick, and what they throw is logged and otherwise ignored.
 */
public interface QueryObserver {

    /** An observer that does nothing. */
    QueryObserver NONE = new QueryObserver() {};

    /**
     * A statement is about to run. The returned token (may be null) is handed to {@link #finished}.
     *
     * @param operation one of {@code query}, {@code callback}, {@code stream}, {@code execute},
     *                  {@code batch}, {@code script}
     */
    default @Nullable Object started(String sql, String operation) {
        return null;
    }

    /**
     * The statement finished: its rows were received (for a stream: the cursor was closed), or it failed.
     *
     * @param rows  rows received (for execute and batch: rows affected)
     * @param error the failure, or null
     */
    default void finished(@Nullable Object token, String sql, String operation, long rows, @Nullable Throwable error) {}
}
