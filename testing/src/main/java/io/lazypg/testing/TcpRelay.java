package io.lazypg.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay for fault-injection tests: listens on 127.0.0.1 (an ephemeral port), and forwards each
 * accepted connection, in both directions, to a target host and port. A test points its client at
 * {@link #port()} and can then make the network misbehave:
 * <ul>
 *   <li>{@link #stallExisting()}: every connection open now stops forwarding, in both directions,
 *       without closing: bytes are read from neither side's socket past what is already in flight, so
 *       a client waits as it would behind a stalled network. Connections accepted afterwards
 *       forward normally (so a CancelRequest, which PostgreSQL clients send on a new connection to
 *       the same host and port, still reaches the server).</li>
 *   <li>{@link #resumeAll()}: stalled connections forward again.</li>
 *   <li>{@link #dropAll()}: every open connection is reset (closed on both sides).</li>
 * </ul>
 *
 * <p>Threads are daemons named {@code tcp-relay-*}; {@link #close()} stops listening and closes every
 * connection. Thread-safe.
 */
public final class TcpRelay implements AutoCloseable {

    private final InetSocketAddress target;
    private final ServerSocket listener;
    private final List<Pair> pairs = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private volatile boolean closed;

    private TcpRelay(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "tcp-relay-accept-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A relay listening on 127.0.0.1 that forwards to {@code host:port}. */
    public static TcpRelay to(String host, int port) {
        try {
            return new TcpRelay(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the relay's listening socket", e);
        }
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Connections accepted since the relay started. */
    public int acceptedConnections() {
        return accepted.get();
    }

    /** Connections currently open (not yet closed by either side). */
    public int openConnections() {
        return (int) pairs.stream().filter(p -> !p.done).count();
    }

    /** Stops forwarding on every connection open now, without closing them; returns how many. */
    public int stallExisting() {
        int n = 0;
        for (Pair p : pairs) {
            if (!p.done) {
                p.stall(true);
                n++;
            }
        }
        return n;
    }

    /** Forwarding resumes on every stalled connection. */
    public void resumeAll() {
        for (Pair p : pairs) {
            p.stall(false);
        }
    }

    /** Closes every open connection on both sides (a reset, as far as the peers can tell). */
    public void dropAll() {
        for (Pair p : pairs) {
            p.close();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        dropAll();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            accepted.incrementAndGet();
            Socket server = new Socket();
            try {
                server.connect(target, 10_000);
            } catch (IOException e) {
                closeQuietly(client);
                closeQuietly(server);
                continue; // the target is down: the client sees its connection closed
            }
            Pair pair = new Pair(client, server);
            pairs.removeIf(p -> p.done);
            pairs.add(pair);
            pair.start(listener.getLocalPort());
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** One relayed connection: two pumps, one per direction. */
    private static final class Pair {

        private final Socket client;
        private final Socket server;
        private final Object lock = new Object();
        private boolean stalled;
        private volatile boolean done;

        Pair(Socket client, Socket server) {
            this.client = client;
            this.server = server;
        }

        void start(int relayPort) {
            startPump(client, server, "tcp-relay-" + relayPort + "-up");
            startPump(server, client, "tcp-relay-" + relayPort + "-down");
        }

        private void startPump(Socket from, Socket to, String name) {
            Thread t = new Thread(() -> pump(from, to), name);
            t.setDaemon(true);
            t.start();
        }

        private void pump(Socket from, Socket to) {
            byte[] buffer = new byte[16 * 1024];
            try {
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream();
                while (true) {
                    awaitNotStalled();
                    int n = in.read(buffer);
                    if (n < 0) {
                        break;
                    }
                    // What arrived while stalled is held here, not forwarded, until resumed.
                    awaitNotStalled();
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // one side went away, or the relay closed
            } finally {
                close();
            }
        }

        private void awaitNotStalled() throws InterruptedException, IOException {
            synchronized (lock) {
                while (stalled && !done) {
                    lock.wait();
                }
            }
            if (done) {
                throw new IOException("relay connection closed");
            }
        }

        void stall(boolean value) {
            synchronized (lock) {
                stalled = value;
                lock.notifyAll();
            }
        }

        void close() {
            done = true;
            synchronized (lock) {
                lock.notifyAll();
            }
            closeQuietly(client);
            closeQuietly(server);
        }
    }
}
