package io.lazypg.client.internal.timeout;

import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * A {@link DeadlineTimer.Scheduler} for tests that fires chosen deadlines at the worst moment: a
 * task scheduled with one of the given delays never fires on its own, but runs when its owner
 * cancels it, just before the cancel takes effect, as if the timer thread had started it an instant
 * earlier. Every other task goes to the real timer. Installed until {@link #close()}.
 *
 * <p>Pick delays nothing else in the JVM uses (such as 7777 ms), so that only the deadlines under
 * test are intercepted.
 */
final class FiringScheduler implements DeadlineTimer.Scheduler, AutoCloseable {

    private final Set<Long> delays;
    private final AtomicInteger fired = new AtomicInteger();

    private FiringScheduler(Duration... delays) {
        this.delays = Arrays.stream(delays).map(Duration::toNanos).collect(Collectors.toSet());
    }

    /** Fires the deadlines of these delays as their owners cancel them. */
    static FiringScheduler install(Duration... delays) {
        FiringScheduler scheduler = new FiringScheduler(delays);
        DeadlineTimer.scheduler = scheduler;
        return scheduler;
    }

    /** How many intercepted deadlines fired. */
    int fired() {
        return fired.get();
    }

    @Override
    public Future<?> schedule(Runnable task, long delayNanos) {
        if (!delays.contains(delayNanos)) {
            return DeadlineTimer.real().schedule(task, delayNanos);
        }
        return new FutureTask<Void>(task, null) {
            @Override
            public boolean cancel(boolean mayInterruptIfRunning) {
                if (!isDone()) {
                    fired.incrementAndGet();
                    run();
                }
                return false;
            }
        };
    }

    @Override
    public void close() {
        DeadlineTimer.scheduler = DeadlineTimer.real();
    }
}
