package io.lazypg.testing;

import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;
import org.testcontainers.utility.DockerImageName;

/** Touches Testcontainers types; only loaded once {@link ContainerServer} found them on the class path. */
final class ContainerStarter {

    private ContainerStarter() {}

    static Optional<RunningServer> start() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            return Optional.empty();
        }
        String version = System.getProperty("lazypg.test.postgresVersion", "17");
        PostgreSQLContainer container = new PostgreSQLContainer(DockerImageName.parse("postgres:" + version))
                .withCommand("postgres", "-c", "fsync=off");
        container.start();
        String host = container.getHost();
        int port = container.getMappedPort(5432);
        int major = RunningServer.probeMajorVersion(
                host, port, container.getDatabaseName(), container.getUsername(), container.getPassword());
        TestPostgres server = new Coordinates(
                TestPostgres.Source.TESTCONTAINERS,
                host,
                port,
                container.getDatabaseName(),
                container.getUsername(),
                container.getPassword(),
                major,
                Optional.empty(),
                Optional.empty());
        return Optional.of(RunningServer.of(server, container::stop));
    }
}
