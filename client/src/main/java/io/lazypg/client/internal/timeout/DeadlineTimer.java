package io.lazypg.client.internal.timeout;

import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one daemon thread ({@code lazypg-timer}) that fires every deadline of every client in the JVM:
 * query timeouts, connect timeouts, validation timeouts, and the give-up after a cancel.
 *
 * <p>Its tasks only fire: they flip an atomic state and close a socket, or hand blocking work (a
 * CancelRequest, which connects and waits for the server) to {@link CancelRequests}' own threads.
 * A task that blocked here would hold up every other deadline in the JVM.
 *
 * <p>Cancelled tasks leave the queue at once (a query timeout is scheduled and cancelled for every
 * statement, and most never fire). Thread-safe.
 */
final class DeadlineTimer {

    /** Where tasks are scheduled; tests in this package may swap it to fire deadlines by hand. */
    @FunctionalInterface
    interface Scheduler {
        /**
         * Runs {@code task} after {@code delayNanos}. {@code cancel(false)} on the result keeps a
         * task that has not started from running, and does not wait for one that has.
         */
        Future<?> schedule(Runnable task, long delayNanos);
    }

    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private static final Scheduler REAL = (task, delayNanos) -> TIMER.schedule(task, delayNanos, TimeUnit.NANOSECONDS);

    /** The scheduler in use: {@link #REAL} except while a test of this package replaces it. */
    static volatile Scheduler scheduler = REAL;

    private DeadlineTimer() {}

    static Future<?> schedule(Runnable task, long delayNanos) {
        return scheduler.schedule(task, delayNanos);
    }

    /** The real scheduler, for tests that replace {@link #scheduler} and pass some tasks through. */
    static Scheduler real() {
        return REAL;
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "lazypg-timer");
            t.setDaemon(true);
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
