package io.lazypg.client.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketOption;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Keepalive options on a real, connected TCP socket, read back from the socket. */
class KeepAliveTest {

    @Test
    void theTimingsReachTheSocketWhereThePlatformHasThem() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            assumeThat(option(socket, "TCP_KEEPIDLE"))
                    .as("a platform with TCP_KEEPIDLE")
                    .isNotNull();
            new KeepAlive(true, Duration.ofSeconds(37), Duration.ofSeconds(7), 4).applyTo(socket);
            assertThat(socket.getKeepAlive()).isTrue();
            assertThat(socket.getOption(option(socket, "TCP_KEEPIDLE"))).isEqualTo(37);
            assertThat(socket.getOption(option(socket, "TCP_KEEPINTERVAL"))).isEqualTo(7);
            assertThat(socket.getOption(option(socket, "TCP_KEEPCOUNT"))).isEqualTo(4);
        }
    }

    @Test
    void keepalivesOffTurnsSoKeepaliveOffAndUnsetTimingsKeepTheSystemsValues() throws IOException {
        try (Socket socket = new Socket()) {
            new KeepAlive(false, Duration.ofSeconds(5), null, null).applyTo(socket);
            assertThat(socket.getKeepAlive()).isFalse();
            SocketOption<Integer> idle = option(socket, "TCP_KEEPIDLE");
            assumeThat(idle).isNotNull();
            int before = socket.getOption(idle);
            KeepAlive.DEFAULTS.applyTo(socket);
            assertThat(socket.getKeepAlive()).isTrue();
            assertThat(socket.getOption(idle)).as("unchanged").isEqualTo(before);
        }
    }

    @Test
    void negativeValuesAreRefusedNamingTheSetting() {
        assertThatThrownBy(() -> new KeepAlive(true, Duration.ofSeconds(-1), null, null))
                .hasMessageContaining("keepalives_idle");
        assertThatThrownBy(() -> new KeepAlive(true, null, null, -2)).hasMessageContaining("keepalives_count");
    }

    @SuppressWarnings("unchecked")
    private static SocketOption<Integer> option(Socket socket, String name) {
        return (SocketOption<Integer>) socket.supportedOptions().stream()
                .filter(o -> o.name().equals(name))
                .findFirst()
                .orElse(null);
    }
}
