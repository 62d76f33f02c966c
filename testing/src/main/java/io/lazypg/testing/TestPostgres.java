package io.lazypg.testing;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Coordinates of the one real PostgreSQL server that a test JVM talks to.
 *
 * <p>Obtained as a test-method or constructor parameter under {@link PostgresExtension}
 * (or {@link LazyPgTest}). The server is started at most once per JVM and shared by all tests,
 * so tests create their own tables (or use unique names) rather than assuming an empty database.
 *
 * <p>Thread safety: immutable.
 */
public interface TestPostgres {

    /** Where the server comes from. */
    enum Source {
        EXTERNAL,
        TESTCONTAINERS,
        EMBEDDED
    }

    Source source();

    String host();

    int port();

    String database();

    /** A role that may connect and create objects (a superuser for embedded and container servers). */
    String username();

    /** The password of {@link #username()}; may be empty when the server trusts it. */
    String password();

    /** {@code postgresql://user:password@host:port/database}, percent-encoded. */
    String url();

    /** {@code jdbc:postgresql://host:port/database} for pgjdbc (credentials passed separately). */
    default String jdbcUrl() {
        return "jdbc:postgresql://" + host() + ":" + port() + "/" + database();
    }

    /** A pgjdbc connection as {@link #username()}: the test oracle and the place to run setup SQL. */
    default Connection openJdbc() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), username(), password());
    }

    /** The server's major version, for example 17. */
    int majorVersion();

    /**
     * Roles that authenticate by one method each, when this server's pg_hba.conf is ours to write
     * (embedded); empty for an external server, whose authentication we do not control.
     */
    Optional<AuthRoles> authRoles();

    /**
     * How this server speaks TLS, when its configuration is ours to write (embedded); empty for an
     * external server and a container, whose certificates we do not know.
     */
    Optional<Tls> tls();

    /**
     * The embedded server's TLS setup: it runs with {@code ssl=on} and a server certificate issued at
     * start by a throwaway CA.
     *
     * <p>The certificate's SubjectAltName is {@code DNS:<serverHostName>} only ("localhost"): connect
     * the socket to {@link #host()} (127.0.0.1) and verify the name {@code serverHostName}; verifying
     * "127.0.0.1" itself must fail, which is what tests of verify-full rely on.
     *
     * @param rootCertificate PEM file with the CA certificate, for {@code sslrootcert}
     * @param serverHostName  the one DNS name in the server certificate
     * @param tlsOnlyRole     may connect only over TLS ({@code hostssl ... scram-sha-256}); refused
     *                        without TLS ({@code hostnossl ... reject})
     * @param plainOnlyRole   may connect only without TLS ({@code hostnossl ... trust}, empty
     *                        password); refused over TLS ({@code hostssl ... reject})
     */
    record Tls(Path rootCertificate, String serverHostName, Role tlsOnlyRole, Role plainOnlyRole) {}

    /**
     * Where this server's Unix-domain socket is, when its configuration is ours to write (embedded);
     * empty otherwise.
     */
    default Optional<UnixSocket> unixSocket() {
        return Optional.empty();
    }

    /**
     * The embedded server's Unix-domain socket: {@code unix_socket_directories} is a directory of
     * its own, so the socket file is {@code <directory>/.s.PGSQL.<port>}.
     *
     * @param directory the socket directory, for libpq's {@code host=/dir}
     * @param peerRole  may connect over the socket only by {@code peer} authentication (any OS user
     *                  is mapped to it), with no password; over TCP it is trusted as any other role
     */
    record UnixSocket(Path directory, Role peerRole) {}

    /** One role per authentication method, each with its own password. */
    record AuthRoles(Role trust, Role cleartext, Role md5, Role scram) {}

    /** A login role and its password. */
    record Role(String name, String password) {}
}
