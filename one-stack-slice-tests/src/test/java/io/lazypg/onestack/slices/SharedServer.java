package io.lazypg.onestack.slices;

import io.lazypg.testing.PostgresExtension;
import io.lazypg.testing.TestPostgres;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The shared test server as {@code spring.datasource.*} properties, as an application's
 * {@code postgres} profile would set them: a {@code jdbc:postgresql:} URL that Boot's own DataSource
 * (HikariCP over pgjdbc, both on this classpath) would serve if lazypg's were not in the slice.
 *
 * <p>JUnit runs this extension's {@link #beforeAll} before Spring's extension loads the context (at
 * the first test instance), so {@link #register} finds the server started.
 */
public final class SharedServer implements BeforeAllCallback {

    private static volatile @Nullable TestPostgres server;

    @Override
    public void beforeAll(ExtensionContext context) {
        server = PostgresExtension.server(context);
    }

    public static TestPostgres server() {
        return Objects.requireNonNull(server, "SharedServer is not registered as an extension of this test class");
    }

    /** For a {@code @DynamicPropertySource} method; {@code applicationName} names this test's sessions. */
    public static void register(DynamicPropertyRegistry registry, String applicationName) {
        registry.add("spring.datasource.url", () -> server().jdbcUrl());
        registry.add("spring.datasource.username", () -> server().username());
        registry.add("spring.datasource.password", () -> server().password());
        registry.add("lazypg.application-name", () -> applicationName);
    }
}
