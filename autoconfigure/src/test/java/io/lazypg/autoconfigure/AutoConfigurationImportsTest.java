package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.endpoint.LazyPgStatisticsEndpointAutoConfiguration;
import io.lazypg.autoconfigure.health.LazyPgHealthContributorAutoConfiguration;
import io.lazypg.autoconfigure.jackson.LazyPgJacksonAutoConfiguration;
import io.lazypg.autoconfigure.listen.LazyPgListenerAutoConfiguration;
import io.lazypg.autoconfigure.metrics.LazyPgMetricsAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.annotation.ImportCandidates;

/** Boot finds every auto-configuration through META-INF/spring/...AutoConfiguration.imports. */
class AutoConfigurationImportsTest {

    @Test
    void everyAutoConfigurationIsListed() {
        assertThat(ImportCandidates.load(AutoConfiguration.class, getClass().getClassLoader())
                        .getCandidates())
                .contains(
                        LazyPgAutoConfiguration.class.getName(),
                        OtherEmbeddedDatabaseWarning.class.getName(),
                        LazyPgMetricsAutoConfiguration.class.getName(),
                        LazyPgHealthContributorAutoConfiguration.class.getName(),
                        LazyPgStatisticsEndpointAutoConfiguration.class.getName(),
                        LazyPgJacksonAutoConfiguration.class.getName(),
                        LazyPgListenerAutoConfiguration.class.getName());
    }
}
