package io.lazypg.autoconfigure.health;

import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.client.LazyPgClient;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code lazypg} health indicator ({@link LazyPgHealthIndicator}) when spring-boot-health is on
 * the classpath and a {@link LazyPgClient} bean exists; {@code management.health.lazypg.enabled=false}
 * turns it off.
 */
@AutoConfiguration(after = LazyPgAutoConfiguration.class)
@ConditionalOnClass({LazyPgClient.class, HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class})
@ConditionalOnBean(LazyPgClient.class)
@ConditionalOnEnabledHealthIndicator("lazypg")
public class LazyPgHealthContributorAutoConfiguration {

    /** Named so that the contributor is called {@code lazypg}. */
    @Bean
    @ConditionalOnMissingBean(name = "lazypgHealthIndicator")
    public LazyPgHealthIndicator lazypgHealthIndicator(LazyPgClient client) {
        return new LazyPgHealthIndicator(client);
    }
}
