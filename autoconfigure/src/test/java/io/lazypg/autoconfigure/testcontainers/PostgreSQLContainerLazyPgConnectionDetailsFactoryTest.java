package io.lazypg.autoconfigure.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgConfig;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** The service-connection factory's registration and its mapping, without Docker. */
class PostgreSQLContainerLazyPgConnectionDetailsFactoryTest {

    @Test
    void factoryIsRegisteredUnderBootsConnectionDetailsFactoryKey() {
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation(getClass().getClassLoader())
                        // Other modules' factories may need classes absent here (Docker Compose): skip those.
                        .load(
                                ConnectionDetailsFactory.class,
                                SpringFactoriesLoader.FailureHandler.handleMessage((m, e) -> {})))
                .anyMatch(f -> f instanceof PostgreSQLContainerLazyPgConnectionDetailsFactory);
    }

    @Test
    void urlComesFromTheContainersHostMappedPortAndDatabase() {
        // Never started: host and mapped port are what Docker would report once it runs.
        PostgreSQLContainer container = new PortMappedContainer("docker.example", 49153)
                .withDatabaseName("orders db")
                .withUsername("shop")
                .withPassword("pw");
        String url = PostgreSQLContainerUrls.url(container);
        assertThat(url)
                .isEqualTo("postgresql://docker.example:49153/orders%20db")
                .doesNotContain("pw");
        LazyPgConfig config =
                LazyPgConfig.builder().url(url).user(container.getUsername()).build();
        assertThat(config.host()).isEqualTo("docker.example");
        assertThat(config.port()).isEqualTo(49153);
        assertThat(config.database()).isEqualTo("orders db");
    }

    @Test
    void ipv6HostIsBracketed() {
        assertThat(PostgreSQLContainerUrls.url(new PortMappedContainer("::1", 5000)))
                .startsWith("postgresql://[::1]:5000/");
    }

    /** A container whose host and port are fixed, so the mapping can be checked without a Docker engine. */
    private static final class PortMappedContainer extends PostgreSQLContainer {

        private final String host;
        private final int port;

        PortMappedContainer(String host, int port) {
            super("postgres:17-alpine");
            this.host = host;
            this.port = port;
        }

        @Override
        public String getHost() {
            return host;
        }

        @Override
        public Integer getMappedPort(int originalPort) {
            assertThat(originalPort).isEqualTo(POSTGRESQL_PORT);
            return port;
        }
    }
}
