package io.lazypg.autoconfigure.metrics;

import io.lazypg.client.PoolListener;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Pool events as meters: timer {@code lazypg.connections.acquire} (time a caller waited for a
 * connection, connecting and validation included) and counter {@code lazypg.connections.timeouts}
 * (acquires that gave up), both tagged {@code name} with the pool's name.
 *
 * <p>It is a {@link PoolListener} handed to the client when the client is built, and a
 * {@link MeterBinder} that Boot binds to the registry later; it must therefore not depend on the
 * client. Events before binding are dropped, which loses nothing that a registry could have shown.
 * Lock-free on the event path (a copy-on-write list read per event).
 */
public final class LazyPgPoolMetrics implements PoolListener, MeterBinder {

    private final List<Timer> acquireTimers = new CopyOnWriteArrayList<>();
    private final List<Counter> timeoutCounters = new CopyOnWriteArrayList<>();
    private final Supplier<String> poolName;

    /**
     * @param poolName the pool's name for the {@code name} tag (its application_name), asked for
     *                 when the meters are bound, after the client exists
     */
    public LazyPgPoolMetrics(Supplier<String> poolName) {
        this.poolName = poolName;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        String name = poolName.get();
        acquireTimers.add(Timer.builder("lazypg.connections.acquire")
                .description("Time to obtain a connection from the lazypg pool")
                .tag(LazyPgClientMetrics.POOL_NAME_TAG, name)
                .register(registry));
        timeoutCounters.add(Counter.builder("lazypg.connections.timeouts")
                .description("Connection acquires that gave up after pool.acquire-timeout")
                .tag(LazyPgClientMetrics.POOL_NAME_TAG, name)
                .register(registry));
    }

    @Override
    public void acquired(long waitNanos) {
        for (Timer timer : acquireTimers) {
            timer.record(waitNanos, TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public void acquireTimedOut() {
        for (Counter counter : timeoutCounters) {
            counter.increment();
        }
    }
}
