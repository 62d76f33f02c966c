package io.lazypg.autoconfigure.metrics;

import io.lazypg.client.ClientStatistics;
import io.lazypg.client.HostRole;
import io.lazypg.client.HostStatus;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PgHost;
import io.lazypg.client.PoolStats;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;

/**
 * Gauges of the client's pool ({@code lazypg.connections.active, idle, pending, max}) and counters
 * that show how lazy the application really is: {@code lazypg.rows.received},
 * {@code lazypg.cells.received}, {@code lazypg.cells.decoded} and {@code lazypg.bytes.received}. A
 * wide gap between cells received and cells decoded means statements fetch columns nobody reads;
 * the {@code lazypg} actuator endpoint names them.
 *
 * <p>With read-only routing, {@code lazypg.read-only.connections.active, idle, pending, max} gauge
 * the read-only pool. With several hosts, {@code lazypg.host.role} has one gauge per host and role
 * (tags {@code host} = host:port, {@code role} = primary, read_only, standby, unreachable,
 * unknown), 1 for the role the host was last found in and 0 for the others, and
 * {@code lazypg.host.connections} the connections open to each host (tags {@code host},
 * {@code pool} = read-write or, with routing, read-only, {@code state} = active or idle). With
 * read_your_writes, {@code lazypg.read-your-writes.fallbacks} counts the read-only transactions
 * that went to the primary because their standby had not caught up in time. With pipelining,
 * {@code lazypg.statements.pipelined} counts the statements sent behind another on a shared
 * connection.
 *
 * <p>Every meter is tagged {@code name} with the pool's name, its {@code application_name}
 * ({@code lazypg.application-name}), so two clients in one application stay apart.
 *
 * <p>Every meter reads the client when the registry polls it; nothing is counted twice.
 */
public final class LazyPgClientMetrics implements MeterBinder {

    /** Tag key naming the pool on every lazypg meter: its application_name (lazypg.application-name). */
    static final String POOL_NAME_TAG = "name";

    private final LazyPgClient client;
    private final Tags poolName;

    public LazyPgClientMetrics(LazyPgClient client) {
        this.client = client;
        this.poolName = Tags.of(POOL_NAME_TAG, client.config().applicationName());
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        gauge(registry, "lazypg.connections.active", "Connections in use (or being opened)", PoolStats::active);
        gauge(registry, "lazypg.connections.idle", "Connections open and waiting to be used", PoolStats::idle);
        gauge(registry, "lazypg.connections.pending", "Callers waiting for a connection", PoolStats::pending);
        gauge(registry, "lazypg.connections.max", "Most connections the pool opens at once", PoolStats::max);
        if (client.routesReadOnly()) {
            readOnlyGauge(
                    registry, "active", "Read-only pool: connections in use (or being opened)", PoolStats::active);
            readOnlyGauge(registry, "idle", "Read-only pool: connections open and waiting", PoolStats::idle);
            readOnlyGauge(registry, "pending", "Read-only pool: callers waiting", PoolStats::pending);
            readOnlyGauge(registry, "max", "Read-only pool: most connections at once", PoolStats::max);
        }
        if (client.config().hosts().size() > 1) {
            for (PgHost host : client.config().hosts()) {
                for (HostRole role : HostRole.values()) {
                    Gauge.builder("lazypg.host.role", client, c -> roleOf(c, host) == role ? 1 : 0)
                            .description("1 when the host was last found in this role, else 0")
                            .tag("host", host.toString())
                            .tag("role", role.name().toLowerCase(Locale.ROOT))
                            .tags(poolName)
                            .register(registry);
                }
                hostConnections(
                        registry, host, "read-write", "active", s -> s.pool().active());
                hostConnections(
                        registry, host, "read-write", "idle", s -> s.pool().idle());
                if (client.routesReadOnly()) {
                    hostConnections(
                            registry,
                            host,
                            "read-only",
                            "active",
                            s -> s.readOnlyPool().active());
                    hostConnections(
                            registry,
                            host,
                            "read-only",
                            "idle",
                            s -> s.readOnlyPool().idle());
                }
            }
        }
        if (client.config().pipeliningLimit() > 1) {
            FunctionCounter.builder("lazypg.statements.pipelined", client, c -> (double) c.pipelinedStatements())
                    .description("Statements sent on a connection while another statement's answer was still owed"
                            + " on it (pipelining-limit above 1)")
                    .tags(poolName)
                    .register(registry);
        }
        if (client.routesReadOnly() && client.config().readYourWrites()) {
            FunctionCounter.builder(
                            "lazypg.read-your-writes.fallbacks", client, c -> (double) c.readYourWritesFallbacks())
                    .description("Read-only transactions sent to the primary because their standby had not"
                            + " replayed this client's last write within read-your-writes-timeout")
                    .tags(poolName)
                    .register(registry);
        }
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
                .tags(poolName)
                .register(registry);
    }

    private void readOnlyGauge(
            MeterRegistry registry, String what, String description, ToIntFunction<PoolStats> value) {
        Gauge.builder(
                        "lazypg.read-only.connections." + what,
                        client,
                        c -> c.readOnlyPoolStats().map(value::applyAsInt).orElse(0))
                .description(description)
                .baseUnit(BaseUnits.CONNECTIONS)
                .tags(poolName)
                .register(registry);
    }

    private void hostConnections(
            MeterRegistry registry, PgHost host, String pool, String state, ToIntFunction<HostStatus> value) {
        Gauge.builder("lazypg.host.connections", client, c -> {
                    for (HostStatus status : c.hosts()) {
                        if (status.host().equals(host)) {
                            return value.applyAsInt(status);
                        }
                    }
                    return 0;
                })
                .description("Connections a pool has open to the host, by state")
                .tag("host", host.toString())
                .tag("pool", pool)
                .tag("state", state)
                .baseUnit(BaseUnits.CONNECTIONS)
                .tags(poolName)
                .register(registry);
    }

    private static HostRole roleOf(LazyPgClient client, PgHost host) {
        for (HostStatus status : client.hosts()) {
            if (status.host().equals(host)) {
                return status.role();
            }
        }
        return HostRole.UNKNOWN;
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
                .tags(poolName)
                .register(registry);
    }
}
