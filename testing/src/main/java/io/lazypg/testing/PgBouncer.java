package io.lazypg.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real PgBouncer (the installed {@code pgbouncer} binary) in front of a test server, on a free
 * port of 127.0.0.1, for tests of what clients see through a connection pooler.
 *
 * <p>PgBouncer is not shipped through Maven: it is found on the {@code PATH} or in
 * {@code /usr/sbin} (Debian's package, {@code apt-get install pgbouncer}). A test that needs it
 * calls {@link #assumeInstalled()} first, which skips the test with that command as its reason when
 * the binary is missing.
 *
 * <p>Set-up: one database entry with the server's name, logging in to the server as the server's
 * {@linkplain TestPostgres#username() role} (with its password), whatever user a client names;
 * clients are not authenticated ({@code auth_type=any}), so the {@link #server()} coordinates carry
 * the same user and password as the real server's. {@code default_pool_size} server connections
 * at most, in the {@linkplain PoolMode pool mode} asked for, and PgBouncer's other defaults (1.18
 * tracks no prepared statements). PgBouncer refuses to run as root: as root it runs under
 * {@code unshare -U}, as the user "nobody" of a new user namespace.
 *
 * <pre>{@code
 * PgBouncer.assumeInstalled();
 * try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.TRANSACTION, 2)) {
 *     String url = bouncer.server().url() + "?statement_cache_size=0";
 * }
 * }</pre>
 *
 * <p>Thread safety: {@link #server()} is immutable; {@link #close()} is idempotent.
 */
public final class PgBouncer implements AutoCloseable {

    /** PgBouncer's {@code pool_mode}. */
    public enum PoolMode {
        /** A server connection per client connection, for as long as the client stays connected. */
        SESSION,
        /** A server connection per transaction: outside a transaction block, per Sync. */
        TRANSACTION;

        String setting() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    static final String INSTALL_HINT = "PgBouncer is not installed (no pgbouncer on the PATH or in /usr/sbin);"
            + " install it with 'apt-get install pgbouncer' to run this test";

    private static final long START_TIMEOUT_MILLIS = 15_000;

    private final Path directory;
    private final Process process;
    private final TestPostgres server;

    private PgBouncer(Path directory, Process process, TestPostgres server) {
        this.directory = directory;
        this.process = process;
        this.server = server;
    }

    /** The installed pgbouncer binary: on the PATH, else {@code /usr/sbin/pgbouncer}; empty when neither. */
    public static Optional<Path> binary() {
        List<Path> candidates = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String dir : path.split(java.io.File.pathSeparator)) {
                if (!dir.isEmpty()) {
                    candidates.add(Path.of(dir, "pgbouncer"));
                }
            }
        }
        candidates.add(Path.of("/usr/sbin/pgbouncer"));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    /** Skips the calling test, naming {@code apt-get install pgbouncer}, when PgBouncer is not installed. */
    public static void assumeInstalled() {
        Assumptions.assumeTrue(binary().isPresent(), INSTALL_HINT);
    }

    /**
     * Starts PgBouncer in front of {@code target} and waits until it accepts connections.
     *
     * @param poolSize the server connections PgBouncer may open ({@code default_pool_size})
     * @throws IllegalStateException when PgBouncer is not installed or does not start (its log is in the message)
     */
    public static PgBouncer start(TestPostgres target, PoolMode mode, int poolSize) {
        Path binary = binary().orElseThrow(() -> new IllegalStateException(INSTALL_HINT));
        try {
            Path dir = Files.createTempDirectory("lazypg-pgbouncer-");
            // readable by the namespace's "nobody" when run under unshare -U as root
            dir.toFile().setReadable(true, false);
            dir.toFile().setWritable(true, false);
            dir.toFile().setExecutable(true, false);
            int port = RestartableServer.freePort();
            Path ini = dir.resolve("pgbouncer.ini");
            Path log = dir.resolve("pgbouncer.log");
            Files.write(ini, configuration(target, mode, poolSize, port, log));
            List<String> command = new ArrayList<>();
            if (runningAsRoot()) {
                command.add("unshare");
                command.add("-U");
            }
            command.add(binary.toString());
            command.add(ini.toString());
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(dir.resolve("pgbouncer.out").toFile())
                    .start();
            TestPostgres coordinates = new Coordinates(
                    target.source(),
                    "127.0.0.1",
                    port,
                    target.database(),
                    target.username(),
                    target.password(),
                    target.majorVersion(),
                    Optional.empty(),
                    Optional.empty());
            PgBouncer bouncer = new PgBouncer(dir, process, coordinates);
            bouncer.awaitListening(port, log);
            return bouncer;
        } catch (IOException e) {
            throw RunningServer.unchecked("Cannot start PgBouncer", e);
        }
    }

    /**
     * Where clients connect: PgBouncer's host and port, the server's database, user and password.
     * No authentication roles and no TLS: PgBouncer here speaks plain TCP and asks for no password.
     */
    public TestPostgres server() {
        return server;
    }

    /** Stops PgBouncer (its server connections close with it) and deletes its files. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        RestartableServer.deleteRecursively(directory);
    }

    @Override
    public String toString() {
        return "PgBouncer at 127.0.0.1:" + server.port() + " in front of the test server";
    }

    private static List<String> configuration(TestPostgres target, PoolMode mode, int poolSize, int port, Path log) {
        String backend = "host=" + target.host() + " port=" + target.port() + " dbname=" + target.database()
                + " user=" + target.username()
                + (target.password().isEmpty() ? "" : " password=" + quoted(target.password()));
        return List.of(
                "; written by lazypg-testing",
                "[databases]",
                target.database() + " = " + backend,
                "[pgbouncer]",
                "listen_addr = 127.0.0.1",
                "listen_port = " + port,
                "unix_socket_dir =",
                "auth_type = any",
                "pool_mode = " + mode.setting(),
                "default_pool_size = " + poolSize,
                "max_client_conn = 500",
                "logfile = " + log,
                "log_connections = 0",
                "log_disconnections = 0");
    }

    /** A libpq-style quoted value: single quotes, with quote and backslash escaped. */
    private static String quoted(String value) {
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private void awaitListening(int port, Path log) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                break;
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return;
            } catch (IOException notYet) {
                sleep();
            }
        }
        String output = read(log) + read(directory.resolve("pgbouncer.out"));
        close();
        throw new IllegalStateException("PgBouncer did not start listening on 127.0.0.1:" + port + " within "
                + START_TIMEOUT_MILLIS + " ms; its output:\n" + output);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for PgBouncer to start", e);
        }
    }

    private static boolean runningAsRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
