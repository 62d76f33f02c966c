package io.lazypg.autoconfigure.listen;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.ObjectProvider;

/**
 * {@code lazypg.notifications.received} (counter, tags {@code channel} and {@code outcome}
 * {@code success} or {@code error}): notifications delivered to listener methods, per channel; and
 * {@code lazypg.notifications.processing} (timer, tag {@code channel}): how long the methods took.
 * Methods run one at a time on the listener thread, so their time is the lag they add to every
 * notification behind them. The
 * registry is looked up at the first notification, so this bean does not force the registry's
 * creation early. Thread-safe.
 */
public final class MicrometerNotificationMetrics implements NotificationMetrics {

    static final String RECEIVED = "lazypg.notifications.received";
    static final String PROCESSING = "lazypg.notifications.processing";

    private final ObjectProvider<MeterRegistry> registry;
    /** Counters by channel and outcome; channels are the application's own, so the map stays small. */
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    public MicrometerNotificationMetrics(ObjectProvider<MeterRegistry> registry) {
        this.registry = registry;
    }

    @Override
    public void received(String channel, boolean failed, long nanos) {
        String outcome = failed ? "error" : "success";
        Counter counter = counters.computeIfAbsent(outcome + '\0' + channel, key -> {
            MeterRegistry r = registry.getIfAvailable();
            return r == null
                    ? null
                    : Counter.builder(RECEIVED)
                            .description("Notifications delivered to @LazyPgListener methods")
                            .tag("channel", channel)
                            .tag("outcome", outcome)
                            .register(r);
        });
        if (counter != null) {
            counter.increment();
        }
        Timer timer = timers.computeIfAbsent(channel, key -> {
            MeterRegistry r = registry.getIfAvailable();
            return r == null
                    ? null
                    : Timer.builder(PROCESSING)
                            .description("Time @LazyPgListener methods took per notification; they run one at a time")
                            .tag("channel", channel)
                            .register(r);
        });
        if (timer != null) {
            timer.record(nanos, TimeUnit.NANOSECONDS);
        }
    }
}
