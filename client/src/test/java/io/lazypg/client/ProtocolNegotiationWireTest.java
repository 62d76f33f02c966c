package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.protocol.ProtocolVersion;
import io.lazypg.client.internal.timeout.CancelRequests;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The startup's protocol version and cancel key, against a server of the test's own that answers the
 * StartupMessage with scripted bytes (NegotiateProtocolVersion, AuthenticationOk, BackendKeyData,
 * ReadyForQuery) and records the version the client asked for and what the client sent after.
 */
class ProtocolNegotiationWireTest {

    private static final byte[] SECRET_32 = "0123456789abcdef0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    /** What the server saw: the version in the StartupMessage and the first bytes after the answer (empty: none). */
    record Seen(int requestedVersion, byte[] after) {}

    /** A session the fake server started, and what it saw. */
    record Outcome(PgConnection connection, Seen seen) {}

    private static LazyPgConfigBuilder config(int port) {
        return LazyPgConfig.builder()
                .environment(Map.of())
                .host("127.0.0.1")
                .port(port)
                .user("alice")
                .password("the-Secret-pw")
                .sslMode(SslMode.DISABLE);
    }

    /** Runs one startup against a server answering {@code answer}; fails when the client did not connect. */
    private static Outcome connect(byte[] answer, UnaryOperator<LazyPgConfigBuilder> settings) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Seen> seen = serve(listener, answer);
            PgConnection c = PgConnection.open(
                    settings.apply(config(listener.getLocalPort())).build(), ClientHooks.NONE);
            c.abort(); // the fake server has nothing more to say; its side sees the close
            return new Outcome(c, seen.get(30, TimeUnit.SECONDS));
        }
    }

    /** Runs one startup that must fail; returns the failure and what the server saw. */
    private static Map.Entry<Throwable, Seen> refused(byte[] answer, UnaryOperator<LazyPgConfigBuilder> settings)
            throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Seen> seen = serve(listener, answer);
            Throwable failure = catchThrowable(() -> PgConnection.open(
                    settings.apply(config(listener.getLocalPort())).build(), ClientHooks.NONE));
            assertThat(failure).as("the startup must fail").isNotNull();
            assertThat(failure.getMessage()).doesNotContain("the-Secret-pw");
            return Map.entry(failure, seen.get(30, TimeUnit.SECONDS));
        }
    }

    private static CompletableFuture<Seen> serve(ServerSocket listener, byte[] answer) {
        return CompletableFuture.supplyAsync(() -> {
            try (Socket s = listener.accept()) {
                s.setSoTimeout(20_000);
                DataInputStream in = new DataInputStream(s.getInputStream());
                byte[] startup = new byte[in.readInt() - 4];
                in.readFully(startup);
                int version = (startup[0] & 0xFF) << 24
                        | (startup[1] & 0xFF) << 16
                        | (startup[2] & 0xFF) << 8
                        | (startup[3] & 0xFF);
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                out.write(answer);
                out.flush();
                int first = in.read();
                byte[] after = first < 0 ? new byte[0] : new byte[] {(byte) first};
                return new Seen(version, after);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    // ---------------------------------------------------------------- backend messages

    private static byte[] message(char type, byte[] body) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            out.writeByte(type);
            out.writeInt(4 + body.length);
            out.write(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    private static byte[] negotiate(int version, String... options) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            out.writeInt(version);
            out.writeInt(options.length);
            for (String o : options) {
                out.write(o.getBytes(StandardCharsets.UTF_8));
                out.writeByte(0);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return message('v', b.toByteArray());
    }

    private static byte[] authenticationOk() {
        return message('R', new byte[4]);
    }

    private static byte[] backendKey(int processId, byte[] secret) {
        byte[] body = new byte[4 + secret.length];
        body[0] = (byte) (processId >>> 24);
        body[1] = (byte) (processId >>> 16);
        body[2] = (byte) (processId >>> 8);
        body[3] = (byte) processId;
        System.arraycopy(secret, 0, body, 4, secret.length);
        return message('K', body);
    }

    private static byte[] ready() {
        return message('Z', new byte[] {'I'});
    }

    private static byte[] md5Request() {
        return message('R', new byte[] {0, 0, 0, 5, 1, 2, 3, 4});
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            b.writeBytes(p);
        }
        return b.toByteArray();
    }

    // ---------------------------------------------------------------- tests

    @Test
    void byDefaultTheStartupAsksFor30AndTakesAFourByteKey() throws Exception {
        Outcome o = connect(concat(authenticationOk(), backendKey(77, new byte[] {9, 8, 7, 6}), ready()), b -> b);
        assertThat(o.seen().requestedVersion()).isEqualTo(196608);
        assertThat(o.connection().protocolVersion()).isEqualTo(ProtocolVersion.V3_0);
        assertThat(o.connection().cancelKey().processId()).isEqualTo(77);
        assertThat(o.connection().cancelKey().secretLength()).isEqualTo(4);
    }

    @Test
    void max32AsksFor196610AndAServerThatSpeaksItGivesALongKey() throws Exception {
        Outcome o = connect(
                concat(authenticationOk(), backendKey(78, SECRET_32), ready()), b -> b.maxProtocolVersion("3.2"));
        assertThat(o.seen().requestedVersion()).isEqualTo(196610);
        assertThat(o.connection().protocolVersion()).isEqualTo(ProtocolVersion.V3_2);
        assertThat(o.connection().cancelKey().secretLength()).isEqualTo(32);
    }

    @Test
    void aServerOffering30ToA32RequestIsAcceptedUnderTheDefaultMinimum() throws Exception {
        // What PostgreSQL 17 and older answer: NegotiateProtocolVersion with 3.0 and no options.
        Outcome o = connect(
                concat(negotiate(196608), authenticationOk(), backendKey(79, new byte[] {1, 2, 3, 4}), ready()),
                b -> b.maxProtocolVersion("latest"));
        assertThat(o.seen().requestedVersion()).isEqualTo(196610);
        assertThat(o.connection().protocolVersion()).isEqualTo(ProtocolVersion.V3_0);
        assertThat(o.connection().cancelKey().secretLength()).isEqualTo(4);
    }

    @Test
    void min32RefusesAServerOffering30BeforeAnyPasswordIsSent() throws Exception {
        // The server goes on to ask for an MD5 password: the client must have given up already.
        Map.Entry<Throwable, Seen> r =
                refused(concat(negotiate(196608), md5Request()), b -> b.minProtocolVersion("3.2"));
        assertThat(r.getValue().requestedVersion())
                .as("an unset max follows a 3.2 minimum up")
                .isEqualTo(196610);
        assertThat(r.getKey())
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("speaks protocol 3.0 at most, but min_protocol_version is 3.2")
                .hasMessageContaining("127.0.0.1");
        assertThat(r.getValue().after()).as("nothing after the answer").isEmpty();
    }

    @Test
    void unrecognisedProtocolOptionsAreRefusedByName() throws Exception {
        Map.Entry<Throwable, Seen> r = refused(
                concat(negotiate(196610, "_pq_.one", "_pq_.two"), authenticationOk(), ready()),
                b -> b.maxProtocolVersion("3.2")
                        .serverParameter("_pq_.one", "on")
                        .serverParameter("_pq_.two", "x"));
        assertThat(r.getKey())
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("does not recognise the protocol options _pq_.one, _pq_.two");
    }

    @Test
    void aNegotiationThatIsNotOneAServerMaySendIsAProtocolError() throws Exception {
        assertThat(refused(concat(negotiate(196610), authenticationOk(), ready()), b -> b)
                        .getKey())
                .as("3.2 offered to a 3.0 request")
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("offers protocol 3.2, higher than the 3.0 asked for");
        assertThat(refused(concat(negotiate(196609), authenticationOk(), ready()), b -> b.maxProtocolVersion("3.2"))
                        .getKey())
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("offers protocol 3.1, which does not exist");
        assertThat(refused(concat(negotiate(2), authenticationOk(), ready()), b -> b.maxProtocolVersion("3.2"))
                        .getKey())
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("offers protocol 0.2");
    }

    @Test
    void aKeyLongerThanTheNegotiatedVersionAllowsIsRefused() throws Exception {
        assertThat(refused(concat(authenticationOk(), backendKey(80, SECRET_32), ready()), b -> b)
                        .getKey())
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("cancel key of 32 bytes, which protocol 3.0 does not allow");
        assertThat(refused(
                                concat(authenticationOk(), backendKey(81, new byte[257]), ready()),
                                b -> b.maxProtocolVersion("3.2"))
                        .getKey())
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("257 bytes");
    }

    @Test
    void theCancelRequestCarriesTheWholeLongKey() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 2, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Seen> startup =
                    serve(listener, concat(authenticationOk(), backendKey(4711, SECRET_32), ready()));
            LazyPgConfig config =
                    config(listener.getLocalPort()).maxProtocolVersion("3.2").build();
            PgConnection c = PgConnection.open(config, ClientHooks.NONE);
            try {
                CompletableFuture<byte[]> cancel = CompletableFuture.supplyAsync(() -> {
                    try (Socket s = listener.accept()) {
                        s.setSoTimeout(20_000);
                        DataInputStream in = new DataInputStream(s.getInputStream());
                        byte[] request = new byte[in.readInt()];
                        in.readFully(request, 4, request.length - 4);
                        return request; // closing: the request was delivered
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
                // An unconnected socket: the cancel goes to the configured host and port.
                assertThat(CancelRequests.send(config, new Socket(), c.cancelKey()))
                        .isEqualTo(CancelRequests.Outcome.DELIVERED);
                byte[] request = cancel.get(30, TimeUnit.SECONDS);
                assertThat(request).hasSize(44);
                DataInputStream r = new DataInputStream(new java.io.ByteArrayInputStream(request, 4, 40));
                assertThat(r.readInt()).isEqualTo(80877102);
                assertThat(r.readInt()).isEqualTo(4711);
                assertThat(Arrays.copyOfRange(request, 12, 44)).isEqualTo(SECRET_32);
            } finally {
                c.abort();
            }
            assertThat(startup.get(30, TimeUnit.SECONDS).requestedVersion()).isEqualTo(196610);
        }
    }

    @Test
    void aMinimumAboveTheMaximumIsRefusedWhenTheConfigIsBuilt() {
        assertThat(catchThrowable(() -> config(5432)
                        .minProtocolVersion("3.2")
                        .maxProtocolVersion("3.0")
                        .build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("min_protocol_version (3.2) is greater than max_protocol_version (3.0)");
        assertThat(catchThrowable(() -> config(5432).maxProtocolVersion("4.0").build()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "max_protocol_version (maxProtocolVersion) must be 3.0, 3.2 or latest, got '4.0'");
        assertThat(List.of(
                        LazyPgConfig.fromUrl("postgresql://a@h/db?max_protocol_version=3.2&min_protocol_version=3.2")
                                .maxProtocolVersion(),
                        LazyPgConfig.fromUrl("postgresql://a@h/db?max_protocol_version=3.2&min_protocol_version=3.2")
                                .minProtocolVersion()))
                .containsExactly("3.2", "3.2");
    }

    private static byte[] badPacketHeader() {
        byte[] fields = "SFATAL\0VFATAL\0C08P01\0Mbad packet header\0\0".getBytes(StandardCharsets.US_ASCII);
        return message('E', fields);
    }

    @Test
    void aStartupRefusedAsABadPacketWhileAskingFor32SaysToSetMaxProtocolVersion() throws Exception {
        // What PgBouncer 1.18 answers to a 3.2 StartupMessage (ProtocolVersionIT sees it do so).
        Throwable asked32 =
                refused(badPacketHeader(), b -> b.maxProtocolVersion("3.2")).getKey();
        assertThat(asked32)
                .isInstanceOfSatisfying(
                        PgServerException.class, e -> assertThat(e.sqlState()).isEqualTo("08P01"))
                .hasMessageContaining("asking for protocol 3.2 (max_protocol_version)")
                .hasMessageContaining("set max_protocol_version=3.0")
                .hasMessageContaining("bad packet header");
        Throwable asked30 = refused(badPacketHeader(), b -> b).getKey();
        assertThat(asked30).isInstanceOf(PgServerException.class).hasMessageNotContaining("max_protocol_version");
    }
}
