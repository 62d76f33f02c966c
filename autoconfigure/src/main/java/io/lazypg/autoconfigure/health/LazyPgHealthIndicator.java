package io.lazypg.autoconfigure.health;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PoolStats;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health of a {@link LazyPgClient}: UP with {@code version} ({@code show server_version}) and the
 * pool's counts when a pooled connection answers; DOWN with {@code error} (exception class and
 * message) and the pool's counts when it does not. The client's messages never contain the
 * password, so neither does this.
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
            builder = Health.up().withDetail("version", version);
        } catch (RuntimeException e) {
            builder = Health.down().withDetail("error", e.getClass().getName() + ": " + e.getMessage());
        }
        PoolStats pool = client.poolStats();
        return builder.withDetail("pool.active", pool.active())
                .withDetail("pool.idle", pool.idle())
                .withDetail("pool.pending", pool.pending())
                .withDetail("pool.max", pool.max())
                .build();
    }
}
