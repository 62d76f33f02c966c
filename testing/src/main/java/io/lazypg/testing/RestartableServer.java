package io.lazypg.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A private embedded PostgreSQL that a test may stop and start again, on the same port and over the
 * same data directory, to see what clients do while the server is away and after it is back.
 *
 * <p>Unlike {@link PostgresExtension}'s shared server (and {@link Servers#start()}, which may hand out
 * an external server or a container), this is always an embedded zonky server: zonky runs initdb only
 * when the data directory has no {@code postgresql.conf}, and with {@code setCleanDataDirectory(false)}
 * keeps the directory when stopped, so a second {@code start()} with the same port and directory
 * brings back the same cluster. Trust authentication, no TLS. Every stop is a fast shutdown (zonky's
 * {@code pg_ctl stop -m fast}): sessions are terminated and clients see their sockets closed.
 *
 * <pre>{@code
 * try (RestartableServer pg = RestartableServer.start()) {
 *     TestPostgres server = pg.server();
 *     pg.stop();
 *     pg.restart();
 * }
 * }</pre>
 *
 * <p>Thread safety: stop/restart/close are synchronized; {@link #server()} is immutable.
 */
public final class RestartableServer implements AutoCloseable {

    private final Path dataDirectory;
    private final int port;
    private final TestPostgres server;
    private EmbeddedPostgres postgres;

    private RestartableServer(Path dataDirectory, int port) {
        this.dataDirectory = dataDirectory;
        this.port = port;
        this.postgres = launch();
        int major = RunningServer.probeMajorVersion("127.0.0.1", port, "postgres", "postgres", "");
        this.server = new Coordinates(
                TestPostgres.Source.EMBEDDED,
                "127.0.0.1",
                port,
                "postgres",
                "postgres",
                "",
                major,
                Optional.empty(),
                Optional.empty());
    }

    /** Starts a new server on a free port with a fresh data directory. */
    public static RestartableServer start() {
        try {
            Path dir = Files.createTempDirectory("lazypg-restartable-");
            // zonky creates the cluster itself when the directory is missing or empty of a configuration
            Files.delete(dir);
            return new RestartableServer(dir, freePort());
        } catch (IOException e) {
            throw RunningServer.unchecked("Cannot start a restartable embedded PostgreSQL", e);
        }
    }

    /** Where the server listens, the same before and after a restart. */
    public TestPostgres server() {
        return server;
    }

    public synchronized boolean isRunning() {
        return postgres != null;
    }

    /** Stops the server (fast shutdown), keeping its data directory and port. Idempotent. */
    public synchronized void stop() {
        if (postgres == null) {
            return;
        }
        try {
            postgres.close();
        } catch (IOException e) {
            throw RunningServer.unchecked("Cannot stop the restartable embedded PostgreSQL", e);
        } finally {
            postgres = null;
        }
    }

    /** Starts the stopped server again on the same port, over the same data directory. */
    public synchronized void restart() {
        if (postgres != null) {
            throw new IllegalStateException("The server is running; stop() it first");
        }
        postgres = launch();
    }

    /** Stops the server and deletes its data directory. */
    @Override
    public synchronized void close() {
        try {
            stop();
        } finally {
            deleteRecursively(dataDirectory);
        }
    }

    private EmbeddedPostgres launch() {
        try {
            return EmbeddedPostgres.builder()
                    .setPort(port)
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(false)
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .setServerConfig("full_page_writes", "off")
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .start();
        } catch (IOException e) {
            throw RunningServer.unchecked("Cannot start the restartable embedded PostgreSQL on port " + port, e);
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // a temporary directory left behind is not worth failing a test for
        }
    }
}
