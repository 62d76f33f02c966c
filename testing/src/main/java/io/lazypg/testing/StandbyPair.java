package io.lazypg.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A private primary and a hot standby streaming from it, both embedded zonky servers on free ports,
 * for tests of multi-host URLs, read-only routing and failover.
 *
 * <p>How it is built, with only the binaries zonky ships ({@code initdb}, {@code pg_ctl},
 * {@code postgres}; there is no {@code pg_basebackup}): the primary is created (initdb's default
 * pg_hba.conf, written with {@code -A trust}, already trusts {@code replication} connections from
 * 127.0.0.1) and stopped cleanly; its data directory is copied (a cold copy of a cleanly stopped
 * cluster is a valid base backup); the copy gets {@code standby.signal} and a
 * {@code primary_conninfo} pointing at the primary; then both start. Each start costs about a
 * second, so start a pair only in the test classes that need one ({@code @BeforeAll}/{@code
 * @AfterAll}), never in the shared extension.
 *
 * <pre>{@code
 * try (StandbyPair pair = StandbyPair.start()) {
 *     pair.primary().url();            // read-write
 *     pair.standby().url();            // hot standby, read-only
 *     pair.awaitStandbyCaughtUp();     // the standby has replayed everything committed so far
 *     pair.stopPrimaryImmediately();   // pg_ctl stop -m immediate: sessions are cut
 *     pair.promoteStandby();           // the standby becomes a primary
 * }
 * }</pre>
 *
 * <p>Thread safety: the state-changing methods are synchronized; the coordinates are immutable.
 */
public final class StandbyPair implements AutoCloseable {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private final Path root;
    private final Path primaryDirectory;
    private final Path standbyDirectory;
    private final int primaryPort;
    private final int standbyPort;
    private final TestPostgres primary;
    private final TestPostgres standby;
    private EmbeddedPostgres primaryServer;
    private EmbeddedPostgres standbyServer;

    private StandbyPair() throws IOException {
        root = Files.createTempDirectory("lazypg-standby-pair-");
        primaryDirectory = root.resolve("primary");
        standbyDirectory = root.resolve("standby");
        primaryPort = RestartableServer.freePort();
        standbyPort = RestartableServer.freePort();
        try {
            // First start: zonky runs initdb. Then a clean stop, so the copy is consistent.
            launch(primaryDirectory, primaryPort).close();
            copyDirectory(primaryDirectory, standbyDirectory);
            Files.deleteIfExists(standbyDirectory.resolve("postmaster.pid"));
            Files.deleteIfExists(standbyDirectory.resolve("epg-lock"));
            Files.write(standbyDirectory.resolve("standby.signal"), new byte[0]);
            Files.writeString(
                    standbyDirectory.resolve("postgresql.auto.conf"),
                    "\nprimary_conninfo = 'host=127.0.0.1 port=" + primaryPort
                            + " user=postgres application_name=lazypg_standby'\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
            primaryServer = launch(primaryDirectory, primaryPort);
            standbyServer = launch(standbyDirectory, standbyPort);
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
        primary = Coordinates.privateEmbedded(primaryPort);
        standby = Coordinates.privateEmbedded(standbyPort);
        awaitStreaming();
    }

    /** Starts a primary and a standby streaming from it, on two free ports. */
    public static StandbyPair start() {
        try {
            return new StandbyPair();
        } catch (IOException e) {
            throw RunningServer.unchecked("Cannot start an embedded primary and standby", e);
        }
    }

    /** The primary (read-write until {@link #stopPrimaryImmediately()}). */
    public TestPostgres primary() {
        return primary;
    }

    /** The hot standby (read-only until {@link #promoteStandby()}). */
    public TestPostgres standby() {
        return standby;
    }

    /** Waits until the standby has replayed everything the primary has written so far. */
    public void awaitStandbyCaughtUp() {
        String target = single(primary, "select pg_catalog.pg_current_wal_insert_lsn()::text");
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            String caughtUp = single(standby, "select pg_catalog.pg_last_wal_replay_lsn() >= '" + target + "'::pg_lsn");
            if ("t".equals(caughtUp)) {
                return;
            }
            sleep(20);
        }
        throw new IllegalStateException("The standby did not replay up to " + target + " within " + WAIT);
    }

    /**
     * Stops the primary as a crash would ({@code SIGQUIT} to the postmaster: immediate shutdown, no
     * checkpoint), and waits until it is gone. Its sessions see their sockets closed. Idempotent.
     */
    public synchronized void stopPrimaryImmediately() {
        if (primaryServer == null) {
            return;
        }
        try {
            long pid = Long.parseLong(Files.readAllLines(primaryDirectory.resolve("postmaster.pid"))
                    .get(0)
                    .trim());
            Process kill = new ProcessBuilder("kill", "-QUIT", Long.toString(pid))
                    .redirectErrorStream(true)
                    .start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -QUIT " + pid + " failed: "
                        + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
            Optional<ProcessHandle> postmaster = ProcessHandle.of(pid);
            if (postmaster.isPresent()) {
                postmaster.get().onExit().get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            throw RunningServer.unchecked("Cannot stop the primary", e);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot stop the primary: " + e, e);
        } finally {
            closeQuietly(primaryServer); // its pg_ctl stop finds nothing left to stop
            primaryServer = null;
        }
    }

    /** Promotes the standby ({@code pg_promote()}) and waits until it accepts writes. */
    public synchronized void promoteStandby() {
        if (!"t".equals(single(standby, "select pg_catalog.pg_promote(true, 60)"))) {
            throw new IllegalStateException("pg_promote() did not finish within 60 s");
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!"f".equals(single(standby, "select pg_catalog.pg_is_in_recovery()"))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The standby is still in recovery after " + WAIT);
            }
            sleep(20);
        }
    }

    /** Stops both servers (whichever still run) and deletes their data directories. */
    @Override
    public synchronized void close() {
        closeQuietly(standbyServer);
        standbyServer = null;
        closeQuietly(primaryServer);
        primaryServer = null;
        RestartableServer.deleteRecursively(root);
    }

    // ---- internals ---------------------------------------------------------------------------

    private void awaitStreaming() {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!"1".equals(single(primary, "select count(*) from pg_catalog.pg_stat_replication"))) {
            if (System.nanoTime() > deadline) {
                close();
                throw new IllegalStateException("The standby did not start streaming from the primary within " + WAIT);
            }
            sleep(50);
        }
    }

    private static EmbeddedPostgres launch(Path dataDirectory, int port) throws IOException {
        return EmbeddedPostgres.builder()
                .setPort(port)
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                .setServerConfig("fsync", "off")
                .setServerConfig("synchronous_commit", "off")
                .setServerConfig("full_page_writes", "on") // a standby replays from these after a crash
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setServerConfig("wal_level", "replica")
                .setServerConfig("max_wal_senders", "5")
                .setServerConfig("hot_standby", "on")
                .setServerConfig("wal_receiver_status_interval", "1s")
                .start();
    }

    private static String single(TestPostgres server, String sql) {
        String url = "jdbc:postgresql://127.0.0.1:" + server.port() + "/postgres";
        try (Connection c = DriverManager.getConnection(url, "postgres", "");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            String value = rs.getString(1);
            return value == null ? null : (value.equals("true") ? "t" : value.equals("false") ? "f" : value);
        } catch (SQLException e) {
            throw new IllegalStateException("'" + sql + "' failed on port " + server.port() + ": " + e.getMessage(), e);
        }
    }

    private static void copyDirectory(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Files.copy(dir, to.resolve(from.relativize(dir)), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.copy(file, to.resolve(from.relativize(file)), StandardCopyOption.COPY_ATTRIBUTES);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void closeQuietly(EmbeddedPostgres server) {
        if (server == null) {
            return;
        }
        try {
            server.close();
        } catch (IOException | RuntimeException e) {
            // already stopped, or stopping failed: nothing a test can do about it
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }
}
