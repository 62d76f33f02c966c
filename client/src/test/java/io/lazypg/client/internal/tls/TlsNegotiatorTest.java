package io.lazypg.client.internal.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.SslMode;
import io.lazypg.testing.TestCertificateAuthority;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The negotiation against a scripted fake server, and the sslmode policy, without PostgreSQL. */
class TlsNegotiatorTest {

    @TempDir
    Path dir;

    private ServerSocket listener;

    @BeforeEach
    void listen() throws IOException {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    @AfterEach
    void close() throws IOException {
        listener.close();
    }

    @Test
    void attemptsFollowLibpq() {
        assertThat(TlsNegotiator.tryTls(SslMode.DISABLE, true)).isFalse();
        assertThat(TlsNegotiator.tryTls(SslMode.ALLOW, true)).isFalse();
        assertThat(TlsNegotiator.tryTls(SslMode.ALLOW, false)).isTrue();
        assertThat(TlsNegotiator.tryTls(SslMode.PREFER, true)).isTrue();
        assertThat(TlsNegotiator.tryTls(SslMode.PREFER, false)).isFalse();
        for (SslMode mode : new SslMode[] {SslMode.REQUIRE, SslMode.VERIFY_CA, SslMode.VERIFY_FULL}) {
            assertThat(TlsNegotiator.tryTls(mode, true)).as(mode.libpqName()).isTrue();
            assertThat(TlsNegotiator.retryOnNewConnection(mode, true))
                    .as(mode.libpqName())
                    .isFalse();
            assertThat(TlsNegotiator.retryOnNewConnection(mode, false))
                    .as(mode.libpqName())
                    .isFalse();
        }
        assertThat(TlsNegotiator.retryOnNewConnection(SslMode.DISABLE, false)).isFalse();
        assertThat(TlsNegotiator.retryOnNewConnection(SslMode.ALLOW, false)).isTrue();
        assertThat(TlsNegotiator.retryOnNewConnection(SslMode.ALLOW, true)).isFalse();
        assertThat(TlsNegotiator.retryOnNewConnection(SslMode.PREFER, true)).isTrue();
        assertThat(TlsNegotiator.retryOnNewConnection(SslMode.PREFER, false)).isFalse();
    }

    @Test
    void defaultRootIsInTheHomeDirectory() {
        assertThat(TlsNegotiator.defaultRootCertificate())
                .isEqualTo(Path.of(System.getProperty("user.home"), ".postgresql", "root.crt"));
    }

    @Test
    void verifyModesNeedARootFileAndSaySo() {
        Path missing = dir.resolve("root.crt");
        for (SslMode mode : new SslMode[] {SslMode.VERIFY_CA, SslMode.VERIFY_FULL}) {
            assertThatThrownBy(() ->
                            TlsNegotiator.certificateCheck(mode, null, missing, "Server h:1 (sslmode=" + mode + ")"))
                    .isInstanceOf(PgConnectException.class)
                    .hasMessageContaining("Server h:1 (sslmode=" + mode.libpqName() + ")")
                    .hasMessageContaining(missing.toString())
                    .hasMessageContaining("does not exist")
                    .hasMessageContaining("Set sslrootcert");
        }
    }

    @Test
    void otherModesCheckTheChainOnlyWhenARootFileExists() {
        Path root = TestCertificateAuthority.create("ca").writeCertificate(dir.resolve("root.crt"));
        Path missing = dir.resolve("missing.crt");
        for (SslMode mode : new SslMode[] {SslMode.ALLOW, SslMode.PREFER, SslMode.REQUIRE}) {
            assertThat(TlsNegotiator.certificateCheck(mode, null, missing, "w").checksChain())
                    .isFalse();
            ServerCertificateCheck given = TlsNegotiator.certificateCheck(mode, root, missing, "w");
            assertThat(given.checksChain()).isTrue();
            assertThat(given.checksHostName()).isFalse();
            // The default file counts too when it exists, as in libpq.
            assertThat(TlsNegotiator.certificateCheck(mode, null, root, "w").checksChain())
                    .isTrue();
        }
        assertThat(TlsNegotiator.certificateCheck(SslMode.VERIFY_CA, root, missing, "w")
                        .checksHostName())
                .isFalse();
        assertThat(TlsNegotiator.certificateCheck(SslMode.VERIFY_FULL, root, missing, "w")
                        .checksHostName())
                .isTrue();
    }

    @Test
    void disableIsNotNegotiated() throws IOException {
        try (Socket socket = new Socket()) {
            assertThatThrownBy(() -> TlsNegotiator.negotiate(socket, "h", 1, SslMode.DISABLE, null, 1000))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void sendsTheSslRequestAndKeepsThePlainSocketWhenDeclinedUnderPrefer() throws Exception {
        CompletableFuture<byte[]> request = serve(new byte[] {'N'});
        try (Socket socket = connect()) {
            socket.setSoTimeout(1234);

            Socket result = TlsNegotiator.negotiate(
                    socket, "localhost", listener.getLocalPort(), SslMode.PREFER, null, dir.resolve("none.crt"), 5000);

            assertThat(result).isSameAs(socket);
            assertThat(result.isClosed()).isFalse();
            assertThat(result.getSoTimeout()).as("timeout restored").isEqualTo(1234);
        }
        assertThat(request.get(5, TimeUnit.SECONDS)).containsExactly(0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f);
    }

    @Test
    void allowFailsOnADeclineBecauseItAsksOnlyAfterAPlainConnectionWasRefused() throws Exception {
        answerOnce(new byte[] {'N'});
        Socket socket = connect();
        assertThatThrownBy(() -> negotiate(socket, SslMode.ALLOW))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("(sslmode=allow)")
                .hasMessageContaining("refused a connection without TLS")
                .hasMessageContaining("pg_hba.conf");
        assertThat(socket.isClosed()).isTrue();
    }

    @Test
    void declinedTlsFailsWhenRequired() throws Exception {
        for (SslMode mode : new SslMode[] {SslMode.REQUIRE, SslMode.VERIFY_CA, SslMode.VERIFY_FULL}) {
            Path root = TestCertificateAuthority.create("ca").writeCertificate(dir.resolve("root.crt"));
            answerOnce(new byte[] {'N'});
            Socket socket = connect();
            assertThatThrownBy(() -> TlsNegotiator.negotiate(
                            socket, "db.example", listener.getLocalPort(), mode, root, dir.resolve("none.crt"), 5000))
                    .isInstanceOf(PgConnectException.class)
                    .hasMessageContaining("Server db.example:" + listener.getLocalPort() + " (sslmode=" + mode + ")")
                    .hasMessageContaining("does not support TLS")
                    .hasMessageContaining("ssl = on");
            assertThat(socket.isClosed()).as("closed on failure").isTrue();
        }
    }

    @Test
    void anErrorAnswerIsReportedWithoutItsText() throws Exception {
        answerOnce(new byte[] {'E', 0, 0, 0, 12, 'S', 'F', 'A', 'T', 'A', 'L', 0, 0});
        Socket socket = connect();
        assertThatThrownBy(() -> negotiate(socket, SslMode.PREFER))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("(sslmode=prefer)")
                .hasMessageContaining("answered the TLS request with an error")
                .hasMessageNotContaining("FATAL");
        assertThat(socket.isClosed()).isTrue();
    }

    @Test
    void anyOtherAnswerIsAProtocolError() throws Exception {
        answerOnce(new byte[] {'H', 'T', 'T', 'P'});
        Socket socket = connect();
        assertThatThrownBy(() -> negotiate(socket, SslMode.REQUIRE))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("byte 0x48")
                .hasMessageContaining("127.0.0.1:" + listener.getLocalPort())
                .hasMessageContaining("(sslmode=require)");
        assertThat(socket.isClosed()).isTrue();
    }

    @Test
    void aClosedConnectionIsReported() throws Exception {
        answerOnce(new byte[0]);
        Socket socket = connect();
        assertThatThrownBy(() -> negotiate(socket, SslMode.REQUIRE))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("closed the connection");
    }

    @Test
    void unencryptedBytesAfterTheYesAreRefused() throws Exception {
        // A man in the middle could append a forged answer to 'S' (CVE-2021-23222).
        answerOnce(new byte[] {'S', 'R', 0, 0, 0, 8, 0, 0, 0, 0});
        Socket socket = connect();
        Thread.sleep(200); // let both bytes arrive together
        assertThatThrownBy(() -> negotiate(socket, SslMode.REQUIRE))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("unencrypted data");
    }

    @Test
    void silenceTimesOut() throws Exception {
        serveAndHold();
        Socket socket = connect();
        assertThatThrownBy(() -> TlsNegotiator.negotiate(
                        socket,
                        "127.0.0.1",
                        listener.getLocalPort(),
                        SslMode.REQUIRE,
                        null,
                        dir.resolve("none.crt"),
                        200))
                .isInstanceOf(PgTimeoutException.class)
                .hasMessageContaining("200 ms")
                .satisfies(e -> assertThat(((PgTimeoutException) e).kind()).isEqualTo(PgTimeoutException.Kind.CONNECT));
        assertThat(socket.isClosed()).isTrue();
    }

    private Socket negotiate(Socket socket, SslMode mode) {
        return TlsNegotiator.negotiate(
                socket, "127.0.0.1", listener.getLocalPort(), mode, null, dir.resolve("none.crt"), 5000);
    }

    private Socket connect() throws IOException {
        return new Socket(listener.getInetAddress(), listener.getLocalPort());
    }

    /** {@link #serve} for tests that do not look at the request. */
    private void answerOnce(byte[] answer) {
        var unused = serve(answer);
    }

    /** Accepts one connection, reads the 8-byte request, writes {@code answer}, then closes. */
    private CompletableFuture<byte[]> serve(byte[] answer) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket peer = listener.accept()) {
                byte[] request = new byte[8];
                new DataInputStream(peer.getInputStream()).readFully(request);
                peer.getOutputStream().write(answer);
                peer.getOutputStream().flush();
                // Give the client time to read before the close, so "closed" is not confused with data.
                peer.setSoTimeout(2000);
                peer.getInputStream().read();
                return request;
            } catch (IOException e) {
                return new byte[0];
            }
        });
    }

    /** Accepts one connection and never answers, until the client goes away. */
    private void serveAndHold() {
        var unused = CompletableFuture.runAsync(() -> {
            try (Socket peer = listener.accept()) {
                peer.setSoTimeout(5000);
                while (peer.getInputStream().read() >= 0) {
                    // Swallow the request and wait for the client to close.
                }
            } catch (IOException ignored) {
                // The client closed: done.
            }
        });
    }
}
