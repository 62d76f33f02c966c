package io.lazypg.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Where the auto-configured {@link io.lazypg.client.LazyPgClient} connects, as Boot's
 * {@link ConnectionDetails}: from {@code lazypg.*} (or {@code spring.datasource.*}) properties by
 * default, from a Testcontainers {@code PostgreSQLContainer} annotated {@code @ServiceConnection},
 * from the embedded PostgreSQL the starter starts, or from a bean of this type that the application
 * defines (which wins over all of those).
 *
 * <p>Settings other than the connection itself (pool, timeouts, statistics) always come from
 * {@link LazyPgProperties}; a setting written in the URL's query string wins over its property.
 */
public interface LazyPgConnectionDetails extends ConnectionDetails {

    /**
     * A libpq URI ({@code postgresql://host:5432/db?sslmode=require}) or a pgjdbc URL
     * ({@code jdbc:postgresql://host:5432/db}); never {@code null}. It may carry credentials, but
     * {@link #getUsername()} and {@link #getPassword()}, when not {@code null}, win over them.
     */
    String getUrl();

    /** The login role, or {@code null} to take it from the URL. */
    @Nullable
    String getUsername();

    /** The password, or {@code null} to take it from the URL (or when the server needs none). */
    @Nullable
    String getPassword();
}
