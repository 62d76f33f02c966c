package io.lazypg.autoconfigure.listen;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;

/**
 * {@code lazypg.notifications.received} (counter, tags {@code channel} and {@code outcome}
 * {@code success} or {@code error}): notifications delivered to listener methods, per channel. The
 * registry is looked up at the first notification, so this bean does not force the registry's
 * creation early. Thread-safe.
 */
public final class MicrometerNotificationMetrics implements NotificationMetrics {

    static final String RECEIVED = "lazypg.notifications.received";

    private final ObjectProvider<MeterRegistry> registry;
    /** Counters by channel and outcome; channels are the application's own, so the map stays small. */
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    public MicrometerNotificationMetrics(ObjectProvider<MeterRegistry> registry) {
        this.registry = registry;
    }

    @Override
    public void received(String channel, boolean failed) {
        String outcome = failed ? "error" : "success";
        Counter counter = counters.computeIfAbsent(outcome + '\0' + channel, key -> {
            MeterRegistry r = registry.getIfAvailable();
            return r == null ? null : Counter.builder(RECEIVED)
                    .description("Notifications delivered to @LazyPgListener methods")
                    .tag("channel", channel).tag("outcome", outcome).register(r);
        });
        if (counter != null) {
            counter.increment();
        }
    }
}
