package io.lazypg.client.internal.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Socket API over a Unix-domain channel, against a listening channel of the test's own. */
class UnixDomainSocketTest {

    private Path directory;
    private ServerSocketChannel server;

    @BeforeEach
    void listen() throws IOException {
        directory = Files.createTempDirectory("lazypg-uds");
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(Transport.socketFile(directory.toString(), 5432)));
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        Files.deleteIfExists(Transport.socketFile(directory.toString(), 5432));
        Files.deleteIfExists(directory);
    }

    @Test
    void aHostStartingWithASlashIsASocketDirectoryAndItsFileIsNamedAfterThePort() {
        assertThat(Transport.isUnixSocket("/var/run/postgresql")).isTrue();
        assertThat(Transport.isUnixSocket("localhost")).isFalse();
        assertThat(Transport.address("/tmp", 5433)).isEqualTo(UnixDomainSocketAddress.of("/tmp/.s.PGSQL.5433"));
        assertThat(Transport.address("db.example", 5433)).isInstanceOf(InetSocketAddress.class);
        assertThat(Transport.describe("/tmp", 5433)).isEqualTo("/tmp/.s.PGSQL.5433");
        assertThat(Transport.describe("db.example", 5433)).isEqualTo("db.example:5433");
    }

    @Test
    void bytesTravelBothWaysThroughTheStreams() throws Exception {
        try (Socket socket = connected();
                SocketChannel peer = server.accept()) {
            socket.getOutputStream().write(new byte[] {1, 2, 3});
            ByteBuffer got = ByteBuffer.allocate(3);
            while (got.hasRemaining()) {
                peer.read(got);
            }
            assertThat(got.array()).containsExactly(1, 2, 3);
            peer.write(ByteBuffer.wrap(new byte[] {9, 8}));
            InputStream in = socket.getInputStream();
            assertThat(in.read()).isEqualTo(9);
            assertThat(in.read()).isEqualTo(8);
            peer.close();
            assertThat(in.read()).as("end of stream after the peer closed").isEqualTo(-1);
        }
    }

    @Test
    void aTimedReadTimesOutKeepsTheSocketUsableAndAnUntimedReadBlocksAgain() throws Exception {
        try (Socket socket = connected();
                SocketChannel peer = server.accept()) {
            socket.setSoTimeout(50);
            assertThatThrownBy(() -> socket.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
            socket.setSoTimeout(0);
            peer.write(ByteBuffer.wrap(new byte[] {7}));
            assertThat(socket.getInputStream().read()).isEqualTo(7);
            socket.getOutputStream().write(new byte[8192]); // blocking again: all of it is written
            assertThat(socket.isClosed()).isFalse();
        }
    }

    @Test
    void closingFromAnotherThreadEndsABlockedRead() throws Exception {
        try (Socket socket = connected();
                SocketChannel peer = server.accept()) {
            CompletableFuture<Throwable> reader = CompletableFuture.supplyAsync(() -> {
                try {
                    socket.getInputStream().read();
                    return null;
                } catch (IOException e) {
                    return e;
                }
            });
            Thread.sleep(100); // let the read block; the assertion holds whether or not it had started
            socket.close();
            Throwable failure = reader.get(10, TimeUnit.SECONDS);
            assertThat(socket.isClosed()).isTrue();
            assertThat(failure).isInstanceOf(IOException.class);
        }
    }

    @Test
    void aMissingSocketFileFailsToConnect() throws IOException {
        try (Socket socket = Transport.newSocket(directory.toString())) {
            assertThatThrownBy(() -> socket.connect(Transport.address(directory.toString(), 1)))
                    .isInstanceOf(IOException.class);
        }
    }

    private Socket connected() throws IOException {
        Socket socket = Transport.newSocket(directory.toString());
        assertThat(socket).isInstanceOf(UnixDomainSocket.class);
        socket.connect(Transport.address(directory.toString(), 5432));
        assertThat(socket.isConnected()).isTrue();
        return socket;
    }
}
