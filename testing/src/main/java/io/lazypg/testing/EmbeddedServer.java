package io.lazypg.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

/**
 * An embedded PostgreSQL from Maven-shipped binaries (zonky), with a pg_hba.conf we write, so
 * that each authentication method has a role of its own for the authentication tests, and with
 * {@code ssl=on} and certificates made at start ({@link ServerTlsFiles}), with one role that may
 * connect only over TLS and one that may connect only without.
 *
 * <p>Zonky unpacks the binaries and, when run as root, starts the server as another user by itself.
 */
final class EmbeddedServer {

    static final TestPostgres.AuthRoles ROLES = new TestPostgres.AuthRoles(
            new TestPostgres.Role("lazypg_trust", ""),
            new TestPostgres.Role("lazypg_cleartext", "clear-Pa55 word"),
            new TestPostgres.Role("lazypg_md5", "md5-Pa55:w@rd/"),
            new TestPostgres.Role("lazypg_scram", "scram-Pa55_wörd"));

    /** May connect only over TLS, by SCRAM. */
    static final TestPostgres.Role TLS_ONLY = new TestPostgres.Role("lazypg_tls", "tls-Pa55 wörd");

    /** May connect only without TLS, trusted. */
    static final TestPostgres.Role PLAIN_ONLY = new TestPostgres.Role("lazypg_plain", "");

    /** May connect over the Unix-domain socket only by peer authentication; every OS user maps to it. */
    static final TestPostgres.Role PEER = new TestPostgres.Role("lazypg_peer", "");

    private EmbeddedServer() {}

    static RunningServer start() {
        try {
            Path hba = writeHbaFile();
            Path ident = writeIdentFile();
            Path socketDirectory = socketDirectory();
            ServerTlsFiles tlsFiles = ServerTlsFiles.create();
            EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                    .setServerConfig("fsync", "off")
                    .setServerConfig("synchronous_commit", "off")
                    .setServerConfig("full_page_writes", "off")
                    .setServerConfig("max_connections", "200")
                    .setServerConfig("hba_file", hba.toString())
                    .setServerConfig("ident_file", ident.toString())
                    .setServerConfig("unix_socket_directories", socketDirectory.toString())
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("ssl", "on")
                    .setServerConfig(
                            "ssl_cert_file", tlsFiles.serverCertificate().toString())
                    .setServerConfig("ssl_key_file", tlsFiles.serverKey().toString())
                    .start();
            TestPostgres.Tls tls = new TestPostgres.Tls(
                    tlsFiles.rootCertificate(), ServerTlsFiles.SERVER_HOST_NAME, TLS_ONLY, PLAIN_ONLY);
            TestPostgres server = new Coordinates(
                    TestPostgres.Source.EMBEDDED,
                    "127.0.0.1",
                    postgres.getPort(),
                    "postgres",
                    "postgres",
                    "",
                    0,
                    Optional.of(ROLES),
                    Optional.of(tls),
                    Optional.of(new TestPostgres.UnixSocket(socketDirectory, PEER)));
            createRoles(server);
            int major = RunningServer.probeMajorVersion(
                    server.host(), server.port(), server.database(), server.username(), server.password());
            TestPostgres versioned = new Coordinates(
                    server.source(),
                    server.host(),
                    server.port(),
                    server.database(),
                    server.username(),
                    server.password(),
                    major,
                    server.authRoles(),
                    server.tls(),
                    server.unixSocket());
            return RunningServer.of(versioned, () -> {
                postgres.close();
                Files.deleteIfExists(hba);
                Files.deleteIfExists(ident);
                Files.deleteIfExists(socketDirectory);
                tlsFiles.close();
            });
        } catch (IOException e) {
            throw RunningServer.unchecked("Cannot start the embedded PostgreSQL", e);
        }
    }

    private static Path writeHbaFile() throws IOException {
        Path hba = Files.createTempFile("lazypg-pg_hba", ".conf");
        Files.write(
                hba,
                List.of(
                        "# Written by lazypg-testing: one role per authentication method.",
                        "# 'host' lines match with and without TLS; first match wins.",
                        "local all " + PEER.name() + " peer map=lazypg",
                        "local all all trust",
                        "host all " + ROLES.cleartext().name() + " all password",
                        "host all " + ROLES.md5().name() + " all md5",
                        "host all " + ROLES.scram().name() + " all scram-sha-256",
                        "# for tests that create the role and change its password (rotating credentials)",
                        "host all lazypg_rotating all scram-sha-256",
                        "hostssl all " + TLS_ONLY.name() + " all scram-sha-256",
                        "hostnossl all " + TLS_ONLY.name() + " all reject",
                        "hostnossl all " + PLAIN_ONLY.name() + " all trust",
                        "hostssl all " + PLAIN_ONLY.name() + " all reject",
                        "host all all all trust"));
        return hba;
    }

    /** Maps every OS user to the peer role, so that peer authentication works whoever runs the tests. */
    private static Path writeIdentFile() throws IOException {
        Path ident = Files.createTempFile("lazypg-pg_ident", ".conf");
        Files.write(ident, List.of("# Written by lazypg-testing.", "lazypg /^(.*)$ " + PEER.name()));
        return ident;
    }

    /**
     * A directory of its own for the server's socket, short enough for the 107-byte limit of a
     * socket path, and open to the server's OS user (zonky runs the server as another user under root).
     */
    private static Path socketDirectory() throws IOException {
        Path directory = Files.createTempDirectory("lazypg-sock");
        Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxrwxrwx"));
        return directory;
    }

    private static void createRoles(TestPostgres server) {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            for (TestPostgres.Role role :
                    List.of(ROLES.trust(), ROLES.cleartext(), ROLES.scram(), TLS_ONLY, PLAIN_ONLY, PEER)) {
                s.execute("set password_encryption = 'scram-sha-256'");
                s.execute(createRole(role));
            }
            // An md5 role needs its password stored as an md5 hash.
            s.execute("set password_encryption = 'md5'");
            s.execute(createRole(ROLES.md5()));
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot create the authentication test roles: " + e.getMessage(), e);
        }
    }

    private static String createRole(TestPostgres.Role role) {
        String password =
                role.password().isEmpty() ? "" : " password '" + role.password().replace("'", "''") + "'";
        return "create role " + role.name() + " login superuser" + password;
    }
}
