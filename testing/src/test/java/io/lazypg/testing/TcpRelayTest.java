package io.lazypg.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The relay's latency and round-trip counter, against an echo server on loopback (no database). */
class TcpRelayTest {

    private ServerSocket echoListener;

    @BeforeEach
    void startEchoServer() throws IOException {
        echoListener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(
                () -> {
                    while (!echoListener.isClosed()) {
                        try {
                            Socket s = echoListener.accept();
                            Thread echo = new Thread(() -> echo(s), "echo");
                            echo.setDaemon(true);
                            echo.start();
                        } catch (IOException e) {
                            return;
                        }
                    }
                },
                "echo-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    @AfterEach
    void stopEchoServer() throws IOException {
        echoListener.close();
    }

    private static void echo(Socket s) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            byte[] buffer = new byte[8192];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException ignored) {
            // the test closed its side
        }
    }

    @Test
    void bytesArriveIntactAndInOrderUnderLatency() throws Exception {
        byte[] sent = new byte[2 << 20];
        new SplittableRandom(42).nextBytes(sent);
        try (TcpRelay relay = TcpRelay.withLatency("127.0.0.1", echoListener.getLocalPort(), Duration.ofMillis(1));
                Socket socket = new Socket(relay.host(), relay.port())) {
            AtomicReference<Exception> writeFailure = new AtomicReference<>();
            // Many writes of varying sizes from one thread while another reads the echo back.
            Thread writer = new Thread(() -> {
                try {
                    OutputStream out = socket.getOutputStream();
                    SplittableRandom sizes = new SplittableRandom(7);
                    for (int at = 0; at < sent.length; ) {
                        int n = Math.min(sent.length - at, 1 + sizes.nextInt(20_000));
                        out.write(sent, at, n);
                        out.flush();
                        at += n;
                    }
                } catch (IOException e) {
                    writeFailure.set(e);
                }
            });
            writer.start();
            byte[] received = socket.getInputStream().readNBytes(sent.length);
            writer.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(writeFailure.get()).isNull();
            assertThat(received.length).isEqualTo(sent.length);
            assertThat(Arrays.mismatch(received, sent))
                    .as("first differing byte")
                    .isEqualTo(-1);
        }
    }

    @Test
    void aRoundTripTakesAtLeastTwiceTheLatency() throws Exception {
        Duration oneWay = Duration.ofMillis(25);
        try (TcpRelay relay = TcpRelay.withLatency("127.0.0.1", echoListener.getLocalPort(), oneWay);
                Socket socket = new Socket(relay.host(), relay.port())) {
            assertThat(relay.latency()).isEqualTo(oneWay);
            for (int i = 0; i < 5; i++) {
                long t0 = System.nanoTime();
                socket.getOutputStream().write(new byte[] {(byte) i});
                socket.getOutputStream().flush();
                assertThat(socket.getInputStream().read()).isEqualTo(i);
                long elapsed = System.nanoTime() - t0;
                // up and down: each direction's chunk is held at least the one-way latency
                assertThat(elapsed).isGreaterThanOrEqualTo(2 * oneWay.toNanos());
            }
        }
    }

    @Test
    void withoutLatencyTheRelayStillForwardsAndCounts() throws Exception {
        try (TcpRelay relay = TcpRelay.to("127.0.0.1", echoListener.getLocalPort());
                Socket socket = new Socket(relay.host(), relay.port())) {
            assertThat(relay.latency()).isEqualTo(Duration.ZERO);
            assertThat(exchange(socket, 3, 100)).isEqualTo(300);
            assertThat(relay.roundTrips()).isEqualTo(3);
        }
    }

    @Test
    void countsOneRoundTripPerAnsweredRequest() throws Exception {
        try (TcpRelay relay = TcpRelay.withLatency("127.0.0.1", echoListener.getLocalPort(), Duration.ofMillis(20));
                Socket socket = new Socket(relay.host(), relay.port())) {
            // As database clients do: no Nagle delay holding the second piece back until an ACK.
            socket.setTcpNoDelay(true);
            assertThat(relay.roundTrips()).isZero();
            // 4 requests, each written in 3 flushed pieces before its echo is read: 4 turns, not 12
            // (the pieces leave well inside the 20 ms before the first piece's echo can come back).
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 4; i++) {
                for (int piece = 0; piece < 3; piece++) {
                    out.write(new byte[10]);
                    out.flush();
                }
                assertThat(in.readNBytes(30)).hasSize(30);
            }
            assertThat(relay.roundTrips()).isEqualTo(4);
        }
    }

    @Test
    void requestsSentTogetherAreOneRoundTrip() throws Exception {
        try (TcpRelay relay = TcpRelay.withLatency("127.0.0.1", echoListener.getLocalPort(), Duration.ofMillis(5));
                Socket socket = new Socket(relay.host(), relay.port())) {
            // Ten "statements" in one write, then all ten answers: one turn.
            socket.getOutputStream().write(new byte[10 * 16]);
            socket.getOutputStream().flush();
            assertThat(socket.getInputStream().readNBytes(160)).hasSize(160);
            assertThat(relay.roundTrips()).isEqualTo(1);
            // and each connection's turns add up in the relay's total
            try (Socket second = new Socket(relay.host(), relay.port())) {
                assertThat(exchange(second, 2, 8)).isEqualTo(16);
            }
            assertThat(relay.roundTrips()).isEqualTo(3);
        }
    }

    @Test
    void aNegativeLatencyIsRefused() {
        assertThatThrownBy(() -> TcpRelay.withLatency("127.0.0.1", 5432, Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("latency cannot be negative");
    }

    /** {@code requests} request/answer exchanges of {@code size} bytes each; returns the bytes echoed. */
    private static int exchange(Socket socket, int requests, int size) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (int i = 0; i < requests; i++) {
            socket.getOutputStream().write(new byte[size]);
            socket.getOutputStream().flush();
            all.write(socket.getInputStream().readNBytes(size));
        }
        return all.size();
    }
}
