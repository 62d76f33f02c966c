package io.lazypg.client.internal.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.net.SocketTimeoutException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A Unix-domain stream socket (JDK 16+ {@link SocketChannel} of {@link StandardProtocolFamily#UNIX},
 * no native library) behind the {@link Socket} API that the session, TLS negotiation, deadlines and
 * cancel requests already speak: streams, {@link #close()} from any thread, and
 * {@link #setSoTimeout(int)} for timed reads.
 *
 * <p>The channel stays in blocking mode, so an untimed read or write costs what it costs on TCP.
 * A read with an {@code SO_TIMEOUT} (used only while a session waits for notifications, and by a
 * cancel request's wait for the close) switches the channel to non-blocking mode for the wait and
 * back after it; a write that meets the channel in that window loops until all is written.
 *
 * <p>TCP options ({@code TCP_NODELAY}, {@code SO_KEEPALIVE}) mean nothing here and are accepted and
 * ignored. One difference from a TCP socket: a channel is interruptible, so interrupting a thread
 * blocked in a read or write closes the socket (the session is then broken and a pool discards it).
 *
 * <p>Thread safety: one reader and one writer may work at once, and any thread may close.
 */
final class UnixDomainSocket extends Socket {

    private final SocketChannel channel;
    private final InputStream in = new In();
    private final OutputStream out = new Out();
    private volatile int soTimeoutMillis;

    UnixDomainSocket() throws IOException {
        super((SocketImpl) null);
        this.channel = SocketChannel.open(StandardProtocolFamily.UNIX);
    }

    /**
     * Connects to a {@link UnixDomainSocketAddress}. The timeout is not used: a local connect is
     * accepted or refused at once (a missing file, nobody listening, no permission), and a full
     * backlog is bounded by whoever closes this socket on a deadline.
     */
    @Override
    public void connect(SocketAddress endpoint, int timeout) throws IOException {
        if (!(endpoint instanceof UnixDomainSocketAddress)) {
            throw new IllegalArgumentException("A Unix-domain socket connects to a socket file, not to " + endpoint);
        }
        channel.connect(endpoint);
    }

    @Override
    public void connect(SocketAddress endpoint) throws IOException {
        connect(endpoint, 0);
    }

    @Override
    public InputStream getInputStream() throws IOException {
        ensureOpen();
        return in;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        ensureOpen();
        return out;
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        if (timeout < 0) {
            throw new IllegalArgumentException("timeout must not be negative: " + timeout);
        }
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        soTimeoutMillis = timeout;
    }

    @Override
    public int getSoTimeout() {
        return soTimeoutMillis;
    }

    @Override
    public void setTcpNoDelay(boolean on) {
        // not a TCP socket: nothing to delay
    }

    @Override
    public void setKeepAlive(boolean on) {
        // not a TCP socket: a local peer that dies closes the socket
    }

    @Override
    public boolean isConnected() {
        return channel.isConnected();
    }

    @Override
    public boolean isBound() {
        return channel.isConnected();
    }

    @Override
    public boolean isClosed() {
        return !channel.isOpen();
    }

    @Override
    public @Nullable SocketAddress getRemoteSocketAddress() {
        try {
            return channel.getRemoteAddress();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void shutdownOutput() throws IOException {
        channel.shutdownOutput();
    }

    @Override
    public void shutdownInput() throws IOException {
        channel.shutdownInput();
    }

    @Override
    public boolean isOutputShutdown() {
        return false;
    }

    @Override
    public boolean isInputShutdown() {
        return false;
    }

    /** Closes the channel; a thread blocked in a read or write gets an {@link IOException}. */
    @Override
    public void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        SocketAddress remote = getRemoteSocketAddress();
        return "UnixDomainSocket[" + (remote == null ? "unconnected" : remote) + "]";
    }

    private void ensureOpen() throws SocketException {
        if (isClosed()) {
            throw new SocketException("Socket is closed");
        }
        if (!channel.isConnected()) {
            throw new SocketException("Socket is not connected");
        }
    }

    private int read(ByteBuffer buffer) throws IOException {
        int timeout = soTimeoutMillis;
        return timeout == 0 ? channel.read(buffer) : timedRead(buffer, timeout);
    }

    private int timedRead(ByteBuffer buffer, int timeoutMillis) throws IOException {
        synchronized (channel.blockingLock()) {
            channel.configureBlocking(false);
            try {
                // Closing the selector deregisters the channel, which blocking mode requires.
                try (Selector selector = Selector.open()) {
                    channel.register(selector, SelectionKey.OP_READ);
                    long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
                    while (true) {
                        int n = channel.read(buffer);
                        if (n != 0) {
                            return n;
                        }
                        long left = (deadline - System.nanoTime()) / 1_000_000L;
                        if (left <= 0) {
                            throw new SocketTimeoutException("Read timed out");
                        }
                        selector.select(left);
                    }
                }
            } finally {
                if (channel.isOpen()) {
                    channel.configureBlocking(true);
                }
            }
        }
    }

    private final class In extends InputStream {
        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            if (len == 0) {
                return 0;
            }
            return UnixDomainSocket.this.read(ByteBuffer.wrap(b, off, len));
        }

        @Override
        public void close() throws IOException {
            UnixDomainSocket.this.close();
        }
    }

    private final class Out extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            Objects.checkFromIndexSize(off, len, b.length);
            ByteBuffer buffer = ByteBuffer.wrap(b, off, len);
            while (buffer.hasRemaining()) {
                if (channel.write(buffer) == 0) {
                    // Non-blocking only while a timed read waits: its window is short.
                    Thread.onSpinWait();
                }
            }
        }

        @Override
        public void close() throws IOException {
            UnixDomainSocket.this.close();
        }
    }
}
