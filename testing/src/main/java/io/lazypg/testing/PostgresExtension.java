package io.lazypg.testing;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Provides one real PostgreSQL per test JVM, resolved as a {@link TestPostgres} parameter.
 *
 * <p>The server is chosen once, in this order:
 * <ol>
 *   <li>the server at {@code LAZYPG_TEST_URL} (environment variable or system property), a
 *       {@code postgresql://user:password@host:port/db} URI;</li>
 *   <li>a Testcontainers {@code PostgreSQLContainer} when Testcontainers is on the class path and a
 *       Docker engine answers;</li>
 *   <li>an embedded PostgreSQL from the Maven-shipped zonky binaries (the version comes from the
 *       {@code postgres.binaries.version} Maven property), with fsync off, our own pg_hba.conf
 *       (see {@link TestPostgres#authRoles()}) and TLS on with a certificate made at start (see
 *       {@link TestPostgres#tls()}).</li>
 * </ol>
 * It is stopped when the JVM's root extension context closes.
 */
public final class PostgresExtension implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(PostgresExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getParameter().getType() == TestPostgres.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext)
            throws ParameterResolutionException {
        return server(extensionContext);
    }

    /** The shared server, started on first use. */
    public static TestPostgres server(ExtensionContext context) {
        ExtensionContext.Store store = context.getRoot().getStore(NAMESPACE);
        return store.getOrComputeIfAbsent(RunningServer.class, key -> RunningServer.start(), RunningServer.class)
                .server();
    }
}
