package io.lazypg.client;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A relay in front of a PostgreSQL server that forwards sessions as they are but intercepts
 * CancelRequests, which clients send on a connection of their own to the same host and port:
 * <ul>
 *   <li>{@link #holdingCancels}: each CancelRequest is held for a while, then forwarded; the client's
 *       cancel connection is closed only after the server closed its side, as the server itself
 *       would (so a client that waits for that close learns when the cancel was delivered).</li>
 *   <li>{@link #swallowingCancels}: each CancelRequest is accepted and never read, answered or
 *       closed, so a client waiting for the server to close the cancel connection blocks.</li>
 * </ul>
 *
 * <p>Daemon threads named {@code cancel-relay-*}; {@link #close()} closes every socket. Thread-safe.
 */
final class CancelInterceptingRelay implements AutoCloseable {

    private static final int CANCEL_REQUEST_CODE = 80877102;

    private final InetSocketAddress target;
    /** How long a CancelRequest is held before it is forwarded; null: never forwarded. */
    private final Duration cancelDelay;

    private final ServerSocket listener;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger cancelsReceived = new AtomicInteger();
    private final AtomicInteger cancelsDelivered = new AtomicInteger();
    private volatile boolean closed;

    private CancelInterceptingRelay(String host, int port, Duration cancelDelay) {
        this.target = new InetSocketAddress(host, port);
        this.cancelDelay = cancelDelay;
        try {
            this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start(this::acceptLoop, "cancel-relay-accept");
    }

    /** Forwards sessions to {@code host:port}; holds each CancelRequest for {@code delay}, then forwards it. */
    static CancelInterceptingRelay holdingCancels(String host, int port, Duration delay) {
        return new CancelInterceptingRelay(host, port, delay);
    }

    /** Forwards sessions to {@code host:port}; CancelRequests are accepted and never answered. */
    static CancelInterceptingRelay swallowingCancels(String host, int port) {
        return new CancelInterceptingRelay(host, port, null);
    }

    String host() {
        return "127.0.0.1";
    }

    int port() {
        return listener.getLocalPort();
    }

    /** CancelRequests received (read in full) so far. */
    int cancelsReceived() {
        return cancelsReceived.get();
    }

    /** CancelRequests forwarded whose server side has closed: the server has signalled the backend. */
    int cancelsDelivered() {
        return cancelsDelivered.get();
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        sockets.forEach(CancelInterceptingRelay::closeQuietly);
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            sockets.add(client);
            start(() -> serve(client), "cancel-relay-conn");
        }
    }

    private void serve(Socket client) {
        try {
            DataInputStream in = new DataInputStream(client.getInputStream());
            byte[] head = new byte[8];
            in.readFully(head);
            ByteBuffer b = ByteBuffer.wrap(head);
            int length = b.getInt();
            int code = b.getInt();
            if (length == 16 && code == CANCEL_REQUEST_CODE) {
                byte[] request = new byte[16];
                System.arraycopy(head, 0, request, 0, 8);
                in.readFully(request, 8, 8);
                cancelsReceived.incrementAndGet();
                if (cancelDelay != null) {
                    Thread.sleep(cancelDelay.toMillis());
                    forwardCancel(client, request);
                }
                return; // swallowed: the socket stays open until close()
            }
            Socket server = connect();
            server.getOutputStream().write(head);
            start(() -> pump(server, client), "cancel-relay-down");
            pump(client, server);
        } catch (IOException | InterruptedException e) {
            closeQuietly(client);
        }
    }

    private void forwardCancel(Socket client, byte[] request) throws IOException {
        try (Socket server = connect()) {
            server.getOutputStream().write(request);
            server.getOutputStream().flush();
            // PostgreSQL closes the cancel connection once the backend has been signalled.
            while (server.getInputStream().read() >= 0) {
                // nothing is ever sent; wait for the close
            }
            cancelsDelivered.incrementAndGet();
        } finally {
            closeQuietly(client);
        }
    }

    private Socket connect() throws IOException {
        Socket server = new Socket();
        sockets.add(server);
        server.connect(target, 10_000);
        return server;
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

    private static void start(Runnable task, String name) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }
}
