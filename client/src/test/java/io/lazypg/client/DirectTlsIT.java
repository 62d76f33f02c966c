package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code sslnegotiation=direct} against the embedded PostgreSQL (17, ssl=on with test
 * certificates): the session runs over TLS and the client's first byte is a TLS record
 * (ClientHello, content type 0x16), not the SSLRequest (whose length field starts with 0x00),
 * as a relay in front of the server sees it.
 */
@LazyPgTest
class DirectTlsIT {

    /** TLS record content type "handshake": the first byte of a ClientHello. */
    private static final int TLS_HANDSHAKE_RECORD = 0x16;

    private TestPostgres server;
    private TestPostgres.Tls tls;

    @BeforeEach
    void serverWithTls(TestPostgres server) {
        assumeThat(server.tls()).as("TLS is set up on the embedded server only").isPresent();
        assumeThat(server.majorVersion())
                .as("direct TLS needs PostgreSQL 17 or later")
                .isGreaterThanOrEqualTo(17);
        this.server = server;
        this.tls = server.tls().orElseThrow();
    }

    private LazyPgConfigBuilder config(String host, int port, SslMode mode, Path root) {
        TestPostgres.Role role = tls.tlsOnlyRole();
        return LazyPgConfig.builder()
                .host(host)
                .port(port)
                .database(server.database())
                .user(role.name())
                .password(role.password())
                .sslMode(mode)
                .sslRootCert(root)
                .poolMaxSize(1);
    }

    private static boolean sessionUsesTls(LazyPgConfig config) {
        try (LazyPgClient client = LazyPgClient.create(config)) {
            return client.query("select ssl from pg_stat_ssl where pid = pg_backend_pid()")
                    .get(0)
                    .getBoolean(0);
        }
    }

    @Test
    void directStartsWithTheTlsHandshakeAndNoSslRequest() {
        try (FirstByteRelay relay = new FirstByteRelay(server.host(), server.port())) {
            LazyPgConfig direct = config(relay.host(), relay.port(), SslMode.REQUIRE, null)
                    .sslNegotiation("direct")
                    .build();
            assertThat(sessionUsesTls(direct)).isTrue();
            assertThat(relay.firstBytes()).containsOnly(TLS_HANDSHAKE_RECORD);
        }
    }

    @Test
    void postgresNegotiationStillSendsTheSslRequestFirst() {
        try (FirstByteRelay relay = new FirstByteRelay(server.host(), server.port())) {
            LazyPgConfig viaRequest =
                    config(relay.host(), relay.port(), SslMode.REQUIRE, null).build();
            assertThat(viaRequest.sslNegotiation()).isEqualTo("postgres");
            assertThat(sessionUsesTls(viaRequest)).isTrue();
            assertThat(relay.firstBytes()).containsOnly(0x00); // int32 8, the SSLRequest's length
        }
    }

    @Test
    void directVerifyFullChecksTheCertificateAsBefore() {
        LazyPgConfig good = config(tls.serverHostName(), server.port(), SslMode.VERIFY_FULL, tls.rootCertificate())
                .sslNegotiation("direct")
                .build();
        assertThat(sessionUsesTls(good)).isTrue();

        LazyPgConfig wrongName = config(server.host(), server.port(), SslMode.VERIFY_FULL, tls.rootCertificate())
                .sslNegotiation("direct")
                .build();
        assertThatThrownBy(() -> sessionUsesTls(wrongName))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("sslnegotiation=direct")
                .hasMessageContaining("not valid for the host name '" + server.host() + "'")
                .hasMessageNotContaining(tls.tlsOnlyRole().password());
    }

    @Test
    void directWithAnSslmodeThatAllowsPlainIsRefusedBeforeConnecting() {
        for (SslMode mode : new SslMode[] {SslMode.DISABLE, SslMode.ALLOW, SslMode.PREFER}) {
            assertThatThrownBy(() -> config(server.host(), server.port(), mode, null)
                            .sslNegotiation("direct")
                            .build())
                    .as(mode.libpqName())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("sslnegotiation=direct")
                    .hasMessageContaining("sslmode=" + mode.libpqName());
        }
        assertThatThrownBy(() -> LazyPgConfig.fromUrl(
                        "postgresql://u@" + server.host() + ":" + server.port() + "/db?sslnegotiation=direct"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sslnegotiation=direct needs sslmode=require")
                .hasMessageContaining("got sslmode=prefer");
        assertThat(LazyPgConfig.fromUrl("postgresql://u@h/db?sslnegotiation=direct&sslmode=require")
                        .sslNegotiation())
                .isEqualTo("direct");
    }

    /**
     * Forwards each connection to the server and records the first byte the client sent on it.
     * Daemon threads; {@link #close()} closes every socket. Thread-safe.
     */
    private static final class FirstByteRelay implements AutoCloseable {

        private final InetSocketAddress target;
        private final ServerSocket listener;
        private final List<Integer> firstBytes = new CopyOnWriteArrayList<>();
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();

        FirstByteRelay(String host, int port) {
            target = new InetSocketAddress(host, port);
            try {
                listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            start(this::acceptLoop);
        }

        String host() {
            return listener.getInetAddress().getHostAddress();
        }

        int port() {
            return listener.getLocalPort();
        }

        List<Integer> firstBytes() {
            return List.copyOf(firstBytes);
        }

        private void acceptLoop() {
            while (!listener.isClosed()) {
                try {
                    Socket client = listener.accept();
                    sockets.add(client);
                    start(() -> serve(client));
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        private void serve(Socket client) {
            try {
                int first = client.getInputStream().read();
                if (first < 0) {
                    return;
                }
                firstBytes.add(first);
                Socket upstream = new Socket();
                sockets.add(upstream);
                upstream.connect(target, 10_000);
                upstream.getOutputStream().write(first);
                start(() -> pump(upstream, client));
                pump(client, upstream);
            } catch (IOException e) {
                closeQuietly(client);
            }
        }

        private static void pump(Socket from, Socket to) {
            byte[] buffer = new byte[16 * 1024];
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // one side went away
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }

        private static void start(Runnable task) {
            Thread t = new Thread(task, "first-byte-relay");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() {
            closeQuietly(listener);
            sockets.forEach(FirstByteRelay::closeQuietly);
        }

        private static void closeQuietly(AutoCloseable c) {
            try {
                c.close();
            } catch (Exception ignored) {
                // closing anyway
            }
        }
    }
}
