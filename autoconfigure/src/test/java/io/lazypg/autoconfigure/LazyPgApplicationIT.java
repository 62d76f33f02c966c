package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.endpoint.LazyPgStatisticsEndpoint;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.LazyPgTransactionManager;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * The way an application uses the starter: auto-configuration found through the imports file,
 * next to Boot's own (metrics with its SimpleMeterRegistry, observations, health, Jackson), with
 * nothing but properties.
 */
@LazyPgTest
class LazyPgApplicationIT {

    @Test
    void applicationWithPropertiesOnlyGetsTemplateMetricsHealthAndEndpoint(TestPostgres server) {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(
                        "lazypg.url=" + server.url(),
                        "management.endpoints.web.exposure.include=lazypg",
                        "spring.main.banner-mode=off")
                .run()) {
            LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
            assertThat(template.queryForObject("select 2 * 21", Integer.class)).isEqualTo(42);
            assertThat(context.getBean(LazyPgTransactionManager.class).getClient())
                    .isSameAs(template.getClient());

            MeterRegistry meters = context.getBean(MeterRegistry.class);
            assertThat(meters.get("lazypg.query")
                            .tag("outcome", "SUCCESS")
                            .timer()
                            .count())
                    .isEqualTo(1);
            assertThat(meters.get("lazypg.connections.acquire").timer().count()).isEqualTo(1);
            assertThat(meters.get("lazypg.cells.decoded").functionCounter().count())
                    .isEqualTo(1);
            assertThat(meters.get("lazypg.connections.max").gauge().value()).isEqualTo(10);

            assertThat(context.getBean(LazyPgStatisticsEndpoint.class)
                            .statistics()
                            .totals()
                            .queries())
                    .isEqualTo(1);
            // The health check runs a query of its own, so it comes after the count.
            assertThat(context.getBean("lazypgHealthIndicator", HealthIndicator.class)
                            .health()
                            .getStatus())
                    .isEqualTo(Status.UP);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {}
}
