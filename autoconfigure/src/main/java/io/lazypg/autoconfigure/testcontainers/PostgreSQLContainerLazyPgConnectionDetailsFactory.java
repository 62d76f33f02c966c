package io.lazypg.autoconfigure.testcontainers;

import io.lazypg.autoconfigure.LazyPgConnectionDetails;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * Makes {@code @ServiceConnection} on a Testcontainers {@link PostgreSQLContainer} provide
 * {@link LazyPgConnectionDetails}, so the auto-configured client connects to the container.
 * Registered in {@code META-INF/spring.factories}.
 */
public final class PostgreSQLContainerLazyPgConnectionDetailsFactory
        extends ContainerConnectionDetailsFactory<PostgreSQLContainer, LazyPgConnectionDetails> {

    public PostgreSQLContainerLazyPgConnectionDetailsFactory() {
        super(ANY_CONNECTION_NAME, "io.lazypg.client.LazyPgClient");
    }

    @Override
    protected LazyPgConnectionDetails getContainerConnectionDetails(
            ContainerConnectionSource<PostgreSQLContainer> source) {
        return new ContainerDetails(source);
    }

    /** Reads the container when asked (it is started by then), not when the details are created. */
    private static final class ContainerDetails extends ContainerConnectionDetails<PostgreSQLContainer>
            implements LazyPgConnectionDetails {

        ContainerDetails(ContainerConnectionSource<PostgreSQLContainer> source) {
            super(source);
        }

        @Override
        public String getUrl() {
            return PostgreSQLContainerUrls.url(getContainer());
        }

        @Override
        public String getUsername() {
            return getContainer().getUsername();
        }

        @Override
        public String getPassword() {
            return getContainer().getPassword();
        }
    }
}
