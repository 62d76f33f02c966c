package io.lazypg.autoconfigure.health;

import io.lazypg.client.HostStatus;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PoolStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health of a {@link LazyPgClient}: UP with {@code version} ({@code show server_version}) and the
 * pool's counts when a pooled connection answers; DOWN with {@code error} (exception class and
 * message) and the pool's counts when it does not. With several hosts, {@code hosts} maps each
 * {@code host:port} to its last known {@code role} (primary, read_only, standby, unreachable,
 * unknown), when it was learnt, the last error, and the {@code active} and {@code idle} connections
 * the {@code pool} (and with read-only routing the {@code readOnlyPool}) has open to it; with
 * read-only routing, {@code readOnlyPool.*} gives the read-only pool's counts. The client's messages never contain the password, so neither
 * does this.
 */
public final class LazyPgHealthIndicator implements HealthIndicator {

    private final LazyPgClient client;

    public LazyPgHealthIndicator(LazyPgClient client) {
        this.client = client;
    }

    @Override
    public Health health() {
        Health.Builder builder;
        try {
            String version = client.query("show server_version").get(0).getString(0);
            builder = Health.up().withDetail("version", String.valueOf(version));
        } catch (RuntimeException e) {
            builder = Health.down().withDetail("error", e.getClass().getName() + ": " + e.getMessage());
        }
        poolDetails(builder, "pool", client.poolStats());
        Optional<PoolStats> readOnlyPool = client.readOnlyPoolStats();
        if (readOnlyPool.isPresent()) {
            poolDetails(builder, "readOnlyPool", readOnlyPool.get());
        }
        List<HostStatus> hosts = client.hosts();
        if (hosts.size() > 1) {
            Map<String, Object> byHost = new LinkedHashMap<>();
            for (HostStatus h : hosts) {
                Map<String, Object> detail = new LinkedHashMap<>();
                detail.put("role", h.role().name().toLowerCase(Locale.ROOT));
                if (h.checkedAt() != null) {
                    detail.put("checkedAt", h.checkedAt().toString());
                }
                if (h.lastError() != null) {
                    detail.put("lastError", h.lastError());
                }
                detail.put("pool", connections(h.pool()));
                if (readOnlyPool.isPresent()) {
                    detail.put("readOnlyPool", connections(h.readOnlyPool()));
                }
                byHost.put(h.host().toString(), detail);
            }
            builder.withDetail("hosts", byHost);
        }
        return builder.build();
    }

    private static Map<String, Object> connections(HostStatus.Connections c) {
        Map<String, Object> counts = new LinkedHashMap<>();
        counts.put("active", c.active());
        counts.put("idle", c.idle());
        return counts;
    }

    private static void poolDetails(Health.Builder builder, String prefix, PoolStats pool) {
        builder.withDetail(prefix + ".active", pool.active())
                .withDetail(prefix + ".idle", pool.idle())
                .withDetail(prefix + ".pending", pool.pending())
                .withDetail(prefix + ".max", pool.max());
    }
}
