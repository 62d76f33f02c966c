package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * What leaves the client after a refused authentication request, seen from a server of the test's
 * own that answers the startup with one request and records what follows: nothing, the client
 * closes the connection without a message.
 */
class RefusedAuthenticationWireTest {

    /** The bytes the client sent after the StartupMessage, until it closed the connection. */
    private static byte[] afterRequest(byte[] request, UnaryOperator<LazyPgConfigBuilder> settings) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
                try (Socket s = listener.accept()) {
                    s.setSoTimeout(20_000);
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    byte[] startup = new byte[in.readInt() - 4];
                    in.readFully(startup);
                    DataOutputStream out = new DataOutputStream(s.getOutputStream());
                    out.write(request);
                    out.flush();
                    return firstMessage(in);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            LazyPgConfig config = settings.apply(LazyPgConfig.builder()
                            .environment(Map.of())
                            .host("127.0.0.1")
                            .port(listener.getLocalPort())
                            .user("alice")
                            .password("the-Secret-pw")
                            .sslMode(SslMode.DISABLE)
                            .poolMaxSize(1))
                    .build();
            try (LazyPgClient client = LazyPgClient.create(config)) {
                Throwable failure = catchThrowable(() -> client.query("select 1"));
                assertThat(failure).isInstanceOf(PgConnectException.class);
                assertThat(failure.getMessage()).doesNotContain("the-Secret-pw");
            }
            return received.get(30, TimeUnit.SECONDS);
        }
    }

    /** The client's first message after the request, or nothing when it closed without one. */
    private static byte[] firstMessage(DataInputStream in) throws IOException {
        int type = in.read();
        if (type < 0) {
            return new byte[0];
        }
        byte[] body = new byte[in.readInt() - 4];
        in.readFully(body);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.write(type);
        all.write(body);
        return all.toByteArray(); // closing now ends the client's wait for an answer
    }

    private static byte[] authRequest(int code, byte[] data) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            out.writeByte('R');
            out.writeInt(8 + data.length);
            out.writeInt(code);
            out.write(data);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return b.toByteArray();
    }

    @Test
    void anMd5RequestUnderRequireAuthScramGetsNoAnswer() throws Exception {
        assertThat(afterRequest(authRequest(5, new byte[] {1, 2, 3, 4}), b -> b.requireAuth("scram-sha-256")))
                .isEmpty();
    }

    @Test
    void aCleartextRequestUnderChannelBindingRequireGetsNoAnswer() throws Exception {
        assertThat(afterRequest(authRequest(3, new byte[0]), b -> b.channelBinding("require")))
                .isEmpty();
    }

    @Test
    void aSaslRequestWithoutTlsUnderChannelBindingRequireGetsNoAnswer() throws Exception {
        byte[] mechanisms = "SCRAM-SHA-256-PLUS\0SCRAM-SHA-256\0\0".getBytes(StandardCharsets.US_ASCII);
        assertThat(afterRequest(authRequest(10, mechanisms), b -> b.channelBinding("require")))
                .isEmpty();
    }

    @Test
    void withoutARequirementTheSameMd5RequestIsAnswered() throws Exception {
        // The control: the fake server does see an answer when nothing refuses the request.
        assertThat(afterRequest(authRequest(5, new byte[] {1, 2, 3, 4}), b -> b))
                .isNotEmpty()
                .startsWith((byte) 'p');
    }
}
