package io.lazypg.client.internal.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.SslMode;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestCertificateAuthority;
import io.lazypg.testing.TestPostgres;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link TlsNegotiator} against the embedded server, which runs with ssl=on and a certificate for
 * DNS:localhost signed by a throwaway CA. The socket always goes to {@code server.host()}
 * (127.0.0.1); the host name given to the negotiator is what gets verified.
 */
@LazyPgTest
class TlsNegotiatorIT {

    private static final int TIMEOUT = 10_000;

    @TempDir
    Path dir;

    private TestPostgres server;
    private TestPostgres.Tls tls;
    private Path missingDefaultRoot;

    @BeforeEach
    void embeddedServerWithTls(TestPostgres server) {
        assumeThat(server.tls()).as("TLS is set up on the embedded server only").isPresent();
        this.server = server;
        this.tls = server.tls().orElseThrow();
        this.missingDefaultRoot = dir.resolve("no-default-root.crt");
    }

    @Test
    void preferAndRequireGetTls() throws Exception {
        for (SslMode mode : new SslMode[] {SslMode.PREFER, SslMode.REQUIRE}) {
            try (Socket socket = negotiate(server.host(), mode, null)) {
                assertThat(socket).as(mode.libpqName()).isInstanceOf(SSLSocket.class);
                assertThat(((SSLSocket) socket).getSession().getProtocol())
                        .as(mode.libpqName())
                        .startsWith("TLSv1.");
                assertThat(StartupProbe.startup(socket, server.username(), server.database())
                                .accepted())
                        .isTrue();
            }
        }
    }

    @Test
    void verifyCaWithTheServersRootPasses() throws Exception {
        // Even to the IP address: verify-ca does not check the host name.
        try (Socket socket = negotiate(server.host(), SslMode.VERIFY_CA, tls.rootCertificate())) {
            assertThat(((SSLSocket) socket).getSession().getProtocol()).isIn("TLSv1.2", "TLSv1.3");
            assertThat(StartupProbe.startup(socket, server.username(), server.database())
                            .accepted())
                    .isTrue();
        }
    }

    @Test
    void verifyCaWithAnotherRootFails() {
        Path otherRoot = TestCertificateAuthority.create("some other CA").writeCertificate(dir.resolve("other.crt"));
        assertThatThrownBy(() -> negotiate(tls.serverHostName(), SslMode.VERIFY_CA, otherRoot)
                        .close())
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("Server localhost:" + server.port() + " (sslmode=verify-ca)")
                .hasMessageContaining("not signed by a CA in the root certificate file " + otherRoot)
                .hasMessageContaining("Set sslrootcert");
    }

    @Test
    void requireWithAGivenRootChecksTheChainLikeVerifyCa() {
        Path otherRoot = TestCertificateAuthority.create("some other CA").writeCertificate(dir.resolve("other.crt"));
        assertThatThrownBy(() ->
                        negotiate(server.host(), SslMode.REQUIRE, otherRoot).close())
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("(sslmode=require)")
                .hasMessageContaining("not signed by a CA");
    }

    @Test
    void verifyCaWithoutARootFileSaysToSetSslrootcert() {
        assertThatThrownBy(
                        () -> negotiate(server.host(), SslMode.VERIFY_CA, null).close())
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining(missingDefaultRoot.toString())
                .hasMessageContaining("Set sslrootcert");
    }

    @Test
    void verifyFullToTheCertificateNamePasses() throws Exception {
        try (Socket socket = negotiate(tls.serverHostName(), SslMode.VERIFY_FULL, tls.rootCertificate())) {
            assertThat(((SSLSocket) socket).getSession().getProtocol()).isIn("TLSv1.2", "TLSv1.3");
            assertThat(StartupProbe.startup(socket, server.username(), server.database())
                            .accepted())
                    .isTrue();
        }
    }

    @Test
    void verifyFullToTheIpAddressFailsOnTheHostName() {
        assertThatThrownBy(() -> negotiate(server.host(), SslMode.VERIFY_FULL, tls.rootCertificate())
                        .close())
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("Server 127.0.0.1:" + server.port() + " (sslmode=verify-full)")
                .hasMessageContaining("not valid for the host name '127.0.0.1'")
                .hasMessageContaining("sslmode=verify-ca");
    }

    @Test
    void verifyFullToAnotherNameFailsOnTheHostName() {
        assertThatThrownBy(() -> negotiate("db.invalid", SslMode.VERIFY_FULL, tls.rootCertificate())
                        .close())
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("not valid for the host name 'db.invalid'");
    }

    @Test
    void tlsOnlyRoleIsAcceptedOverTlsAndRejectedInTheClear() throws Exception {
        String role = tls.tlsOnlyRole().name();
        try (Socket socket = negotiate(tls.serverHostName(), SslMode.VERIFY_FULL, tls.rootCertificate())) {
            StartupProbe.Answer answer = StartupProbe.startup(socket, role, server.database());
            assertThat(answer.accepted()).as(String.valueOf(answer)).isTrue();
            assertThat(answer.authenticationCode())
                    .as("SASL, for scram-sha-256")
                    .isEqualTo(10);
        }
        try (Socket socket = plain()) {
            StartupProbe.Answer answer = StartupProbe.startup(socket, role, server.database());
            assertThat(answer.accepted()).isFalse();
            assertThat(answer.errorMessage())
                    .contains("pg_hba.conf rejects connection")
                    .contains(role);
        }
    }

    @Test
    void plainOnlyRoleIsAcceptedInTheClearAndRejectedOverTls() throws Exception {
        String role = tls.plainOnlyRole().name();
        try (Socket socket = plain()) {
            StartupProbe.Answer answer = StartupProbe.startup(socket, role, server.database());
            assertThat(answer.accepted()).as(String.valueOf(answer)).isTrue();
            assertThat(answer.authenticationCode())
                    .as("AuthenticationOk, for trust")
                    .isEqualTo(0);
        }
        try (Socket socket = negotiate(server.host(), SslMode.REQUIRE, null)) {
            assertThat(socket).isInstanceOf(SSLSocket.class);
            StartupProbe.Answer answer = StartupProbe.startup(socket, role, server.database());
            assertThat(answer.accepted()).isFalse();
            assertThat(answer.errorMessage())
                    .contains("pg_hba.conf rejects connection")
                    .contains(role);
        }
    }

    /**
     * The tryTls / retryOnNewConnection policy driven the way the connection code will drive it,
     * against the pg_hba roles, must give the event traces of libpq's own negotiation test
     * (src/test/libpq_encryption, "SSL enabled in the server" table; "authok" here means the server
     * went on to authenticate, "authfail" that pg_hba refused).
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "any      | disable | connect, authok                                 | plain",
                "any      | allow   | connect, authok                                 | plain",
                "any      | prefer  | connect, sslaccept, authok                      | ssl",
                "any      | require | connect, sslaccept, authok                      | ssl",
                "tlsOnly  | disable | connect, authfail                               | fail",
                "tlsOnly  | allow   | connect, authfail, reconnect, sslaccept, authok | ssl",
                "tlsOnly  | prefer  | connect, sslaccept, authok                      | ssl",
                "tlsOnly  | require | connect, sslaccept, authok                      | ssl",
                "plainOnly| disable | connect, authok                                 | plain",
                "plainOnly| allow   | connect, authok                                 | plain",
                "plainOnly| prefer  | connect, sslaccept, authfail, reconnect, authok | plain",
                "plainOnly| require | connect, sslaccept, authfail                    | fail",
            })
    void attemptsFollowLibpqsNegotiationTrace(String user, String sslMode, String events, String outcome)
            throws Exception {
        String role = user.equals("tlsOnly")
                ? tls.tlsOnlyRole().name()
                : user.equals("plainOnly") ? tls.plainOnlyRole().name() : server.username();
        SslMode mode = SslMode.fromString(sslMode);
        List<String> trace = new ArrayList<>();
        String result = "fail";
        for (boolean first = true; ; first = false) {
            trace.add(first ? "connect" : "reconnect");
            boolean tryTls = TlsNegotiator.tryTls(mode, first);
            Socket socket = tryTls ? negotiate(server.host(), mode, null) : plain();
            boolean usedTls = socket instanceof SSLSocket;
            if (tryTls) {
                trace.add(usedTls ? "sslaccept" : "sslreject");
            }
            try (socket) {
                boolean accepted =
                        StartupProbe.startup(socket, role, server.database()).accepted();
                trace.add(accepted ? "authok" : "authfail");
                if (accepted) {
                    result = usedTls ? "ssl" : "plain";
                    break;
                }
            }
            if (!first || !TlsNegotiator.retryOnNewConnection(mode, usedTls)) {
                break;
            }
        }
        assertThat(String.join(", ", trace)).isEqualTo(events);
        assertThat(result).isEqualTo(outcome);
    }

    private Socket negotiate(String hostName, SslMode mode, Path root) throws IOException {
        Socket socket = plain();
        return TlsNegotiator.negotiate(socket, hostName, server.port(), mode, root, missingDefaultRoot, TIMEOUT);
    }

    private Socket plain() throws IOException {
        Socket socket = new Socket(server.host(), server.port());
        socket.setSoTimeout(TIMEOUT);
        return socket;
    }
}
