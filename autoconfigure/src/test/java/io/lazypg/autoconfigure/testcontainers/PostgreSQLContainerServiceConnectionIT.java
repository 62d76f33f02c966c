package io.lazypg.autoconfigure.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.autoconfigure.LazyPgConnectionDetails;
import io.lazypg.spring.LazyPgTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.testcontainers.lifecycle.TestcontainersLifecycleApplicationContextInitializer;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.boot.testcontainers.service.connection.ServiceConnectionAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** {@code @ServiceConnection} end to end; needs a Docker engine and is skipped without one. */
class PostgreSQLContainerServiceConnectionIT {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withInitializer(new TestcontainersLifecycleApplicationContextInitializer())
            .withConfiguration(
                    AutoConfigurations.of(ServiceConnectionAutoConfiguration.class, LazyPgAutoConfiguration.class));

    @Test
    void serviceConnectionPointsTheClientAtTheContainer() {
        assumeTrue(DockerClientFactory.instance().isDockerAvailable(), "no Docker engine: skipped");
        contextRunner.withUserConfiguration(ContainerConfiguration.class).run(context -> {
            assertThat(context.getBean(LazyPgConnectionDetails.class).getClass().getName())
                    .contains("PostgreSQLContainerLazyPgConnectionDetailsFactory");
            assertThat(context.getBean(LazyPgTemplate.class).queryForObject("select 41 + 1", Integer.class))
                    .isEqualTo(42);
        });
    }

    @Configuration(proxyBeanMethods = false)
    static class ContainerConfiguration {

        @Bean
        @ServiceConnection
        PostgreSQLContainer postgres() {
            return new PostgreSQLContainer("postgres:17-alpine");
        }
    }
}
