package io.lazypg.autoconfigure.metrics;

import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.client.LazyPgClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer metrics and observations for the auto-configured lazypg client, when Micrometer is on
 * the classpath: {@link LazyPgPoolMetrics} and {@link LazyPgQueryObservation} (attached to the
 * client at construction by {@link LazyPgAutoConfiguration}) and {@link LazyPgClientMetrics}.
 *
 * <p>The meters are {@link io.micrometer.core.instrument.binder.MeterBinder} beans, which Spring
 * Boot's metrics support (spring-boot-micrometer-metrics, part of the actuator starter) binds to
 * the application's {@link MeterRegistry}; without a registry they cost nothing.
 *
 * <p>Only with a {@link LazyPgClient} bean: when the application's JDBC pool pools lazypg
 * connections (no client), that pool's own metrics (Boot's {@code hikaricp.*}) describe the pool in
 * use, and no lazypg meter would ever move.
 */
@AutoConfiguration(after = LazyPgAutoConfiguration.class)
@ConditionalOnClass({LazyPgClient.class, MeterRegistry.class, ObservationRegistry.class})
@ConditionalOnBean(LazyPgClient.class)
public class LazyPgMetricsAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public LazyPgPoolMetrics lazyPgPoolMetrics(ObjectProvider<LazyPgClient> client) {
        // Looked up when the meters are bound: this listener is handed to the client as it is built.
        return new LazyPgPoolMetrics(() -> {
            LazyPgClient built = client.getIfAvailable();
            return built != null ? built.config().applicationName() : "lazypg";
        });
    }

    @Bean
    @ConditionalOnMissingBean
    public LazyPgQueryObservation lazyPgQueryObservation(
            ObjectProvider<ObservationRegistry> observationRegistry, ObjectProvider<MeterRegistry> meterRegistry) {
        return new LazyPgQueryObservation(observationRegistry, meterRegistry);
    }

    @Bean
    @ConditionalOnMissingBean
    public LazyPgClientMetrics lazyPgClientMetrics(LazyPgClient client) {
        return new LazyPgClientMetrics(client);
    }
}
