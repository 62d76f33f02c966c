package io.lazypg.autoconfigure.endpoint;

import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.client.LazyPgClient;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/** The {@code lazypg} statistics endpoint ({@link LazyPgStatisticsEndpoint}) when the actuator is present and the endpoint is exposed. */
@AutoConfiguration(after = LazyPgAutoConfiguration.class)
@ConditionalOnClass({LazyPgClient.class, Endpoint.class, ConditionalOnAvailableEndpoint.class})
@ConditionalOnBean(LazyPgClient.class)
@ConditionalOnAvailableEndpoint(LazyPgStatisticsEndpoint.class)
public class LazyPgStatisticsEndpointAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public LazyPgStatisticsEndpoint lazyPgStatisticsEndpoint(LazyPgClient client) {
        return new LazyPgStatisticsEndpoint(client);
    }
}
