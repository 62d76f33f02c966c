package io.lazypg.onestack.slices.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import io.micrometer.core.instrument.MeterRegistry;
import java.sql.Connection;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.LazyConnectionDataSourceProxy;

/**
 * Boot's {@code jdbc.connections.*} meters and the DataSource health indicator describe the lazypg
 * pool under the LazyPgDataSource, also through a {@code LazyConnectionDataSourceProxy}; lazypg's own
 * meters carry the pool's name (issue #30 item 5).
 */
@LazyPgTest
class PoolMetadataMetersIT {

    static ConfigurableApplicationContext start(TestPostgres server, Class<?> application) {
        Map<String, Object> properties = new HashMap<>();
        properties.put("spring.datasource.url", server.jdbcUrl());
        properties.put("spring.datasource.username", server.username());
        properties.put("spring.datasource.password", server.password());
        properties.put("lazypg.application-name", "meters-app");
        properties.put("lazypg.pool.max-size", "7");
        properties.put("lazypg.pool.min-idle", "1");
        properties.put("spring.main.banner-mode", "off");
        return new SpringApplicationBuilder(application)
                .web(WebApplicationType.NONE)
                .properties(properties)
                .run();
    }

    @Test
    void bootsJdbcConnectionMetersReadTheLazyPgPool(TestPostgres server) throws Exception {
        try (ConfigurableApplicationContext context = start(server, Application.class)) {
            MeterRegistry meters = context.getBean(MeterRegistry.class);
            LazyPgClient client = context.getBean(LazyPgClient.class);
            assertThat(context.getBean(DataSource.class)).isInstanceOf(LazyPgDataSource.class);

            assertThat(jdbcGauge(meters, "max")).isEqualTo(7);
            assertThat(jdbcGauge(meters, "min")).isEqualTo(1);
            try (Connection held = context.getBean(DataSource.class).getConnection()) {
                held.createStatement().execute("select 1");
                assertThat(jdbcGauge(meters, "active"))
                        .isEqualTo(client.poolStats().active())
                        .isGreaterThanOrEqualTo(1);
            }
            assertThat(jdbcGauge(meters, "idle")).isEqualTo(client.poolStats().idle());

            // lazypg's own meters, named after the pool
            assertThat(meters.get("lazypg.connections.max")
                            .tag("name", "meters-app")
                            .gauge()
                            .value())
                    .isEqualTo(7);
            assertThat(meters.get("lazypg.connections.acquire")
                            .tag("name", "meters-app")
                            .timer()
                            .count())
                    .isPositive();

            Health health = context.getBean("dbHealthContributor", HealthIndicator.class)
                    .health(true);
            assertThat(health.getStatus()).isEqualTo(Status.UP);
            assertThat(health.getDetails()).containsEntry("database", "PostgreSQL");
        }
    }

    @Test
    void aLazyConnectionProxyOverTheLazyPgDataSourceIsSeenThrough(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server, ProxiedApplication.class)) {
            assertThat(context.getBean(DataSource.class)).isInstanceOf(LazyConnectionDataSourceProxy.class);
            MeterRegistry meters = context.getBean(MeterRegistry.class);
            assertThat(jdbcGauge(meters, "max")).isEqualTo(7);
            assertThat(jdbcGauge(meters, "min")).isEqualTo(1);
        }
    }

    private static double jdbcGauge(MeterRegistry meters, String what) {
        return meters.get("jdbc.connections." + what)
                .tag("name", "dataSource")
                .gauge()
                .value();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {}

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class ProxiedApplication {

        @Bean
        DataSource dataSource(LazyPgClient client) {
            return new LazyConnectionDataSourceProxy(new LazyPgDataSource(client));
        }
    }
}
