package io.lazypg.autoconfigure;

import io.lazypg.autoconfigure.endpoint.LazyPgStatisticsEndpointAutoConfiguration;
import io.lazypg.autoconfigure.health.LazyPgHealthContributorAutoConfiguration;
import io.lazypg.autoconfigure.jackson.LazyPgJacksonAutoConfiguration;
import io.lazypg.autoconfigure.metrics.LazyPgMetricsAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The starter's core auto-configurations in one runner, as an application that adds the starter gets them. */
final class StarterContextRunner {

    private StarterContextRunner() {}

    /** A fresh runner with the client, metrics, health, statistics endpoint and Jackson auto-configurations. */
    static ApplicationContextRunner create() {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(
                        LazyPgAutoConfiguration.class,
                        LazyPgMetricsAutoConfiguration.class,
                        LazyPgHealthContributorAutoConfiguration.class,
                        LazyPgStatisticsEndpointAutoConfiguration.class,
                        LazyPgJacksonAutoConfiguration.class));
    }
}
