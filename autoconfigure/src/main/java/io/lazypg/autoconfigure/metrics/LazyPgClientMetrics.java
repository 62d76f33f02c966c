package io.lazypg.autoconfigure.metrics;

import io.lazypg.client.ClientStatistics;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PoolStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * Gauges of the client's pool ({@code lazypg.connections.active, idle, pending, max}) and counters
 * that show how lazy the application really is: {@code lazypg.rows.received},
 * {@code lazypg.cells.received}, {@code lazypg.cells.decoded} and {@code lazypg.bytes.received}. A
 * wide gap between cells received and cells decoded means statements fetch columns nobody reads;
 * the {@code lazypg} actuator endpoint names them.
 *
 * <p>Every meter reads the client when the registry polls it; nothing is counted twice.
 */
public final class LazyPgClientMetrics implements MeterBinder {

    private final LazyPgClient client;

    public LazyPgClientMetrics(LazyPgClient client) {
        this.client = client;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, "lazypg.connections.active", "Connections in use (or being opened)", PoolStats::active);
        gauge(registry, "lazypg.connections.idle", "Connections open and waiting to be used", PoolStats::idle);
        gauge(registry, "lazypg.connections.pending", "Callers waiting for a connection", PoolStats::pending);
        gauge(registry, "lazypg.connections.max", "Most connections the pool opens at once", PoolStats::max);
        counter(
                registry,
                "lazypg.rows.received",
                "Rows received from the server",
                BaseUnits.ROWS,
                ClientStatistics::rowsReceived);
        counter(
                registry,
                "lazypg.cells.received",
                "Cells received from the server (rows times columns)",
                "cells",
                ClientStatistics::cellsReceived);
        counter(
                registry,
                "lazypg.cells.decoded",
                "Cells the application actually decoded",
                "cells",
                ClientStatistics::cellsDecoded);
        counter(
                registry,
                "lazypg.bytes.received",
                "Protocol bytes received for statements",
                BaseUnits.BYTES,
                ClientStatistics::bytesReceived);
    }

    private void gauge(MeterRegistry registry, String name, String description, ToIntFunction<PoolStats> value) {
        Gauge.builder(name, client, c -> value.applyAsInt(c.poolStats()))
                .description(description)
                .baseUnit(BaseUnits.CONNECTIONS)
                .register(registry);
    }

    private void counter(
            MeterRegistry registry,
            String name,
            String description,
            String unit,
            ToDoubleFunction<ClientStatistics> value) {
        FunctionCounter.builder(name, client, c -> value.applyAsDouble(c.statistics()))
                .description(description)
                .baseUnit(unit)
                .register(registry);
    }
}
