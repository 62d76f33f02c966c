package io.lazypg.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

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
 * <p><b>Latency.</b> A relay made by {@link #withLatency} delays every chunk it reads, in each
 * direction, by a fixed one-way latency: a chunk read from one side at time t is written to the
 * other side at t + latency (never earlier; later by the scheduler's wake-up delay). Each direction
 * has its own queue and writer thread, so chunks keep their order within a direction and are written
 * byte for byte as read (never reordered, split or merged); the two directions do not wait for each
 * other. A round trip through such a relay costs at least twice the latency.
 *
 * <p><b>Round trips</b> ({@link #roundTrips()}) are the client's turns to speak: a chunk read from a
 * client counts as the start of a new round trip when the relay has forwarded at least one chunk
 * from the server to that client since the client's previous chunk (and the first chunk of each
 * connection counts too). A client write burst that follows a server answer is thus one round trip,
 * however many TCP chunks it takes; several statements sent in one burst are one round trip; bytes
 * the client sends while answers are still arriving (pipelining across threads) may or may not start
 * a new one, depending on when they arrive. Connecting counts its own turns (startup,
 * authentication), so a benchmark takes the difference of two readings around its work.
 *
 * <p>Threads are daemons named {@code tcp-relay-*}; {@link #close()} stops listening and closes every
 * connection. Thread-safe.
 */
public final class TcpRelay implements AutoCloseable {

    private final InetSocketAddress target;
    private final ServerSocket listener;
    private final List<Pair> pairs = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final LongAdder roundTrips = new LongAdder();
    /** One-way delay per chunk in nanoseconds; 0 forwards each chunk as soon as it is read. */
    private final long latencyNanos;

    private volatile boolean closed;

    private TcpRelay(InetSocketAddress target, Duration latency) throws IOException {
        this.target = target;
        this.latencyNanos = latency.toNanos();
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "tcp-relay-accept-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A relay listening on 127.0.0.1 that forwards to {@code host:port}. */
    public static TcpRelay to(String host, int port) {
        return withLatency(host, port, Duration.ZERO);
    }

    /**
     * A relay listening on 127.0.0.1 that forwards to {@code host:port}, delaying every chunk in each
     * direction by {@code oneWay} (see the class comment); {@link Duration#ZERO} relays at once, as
     * {@link #to} does.
     */
    public static TcpRelay withLatency(String host, int port, Duration oneWay) {
        if (oneWay.isNegative()) {
            throw new IllegalArgumentException("The relay's one-way latency cannot be negative, got " + oneWay);
        }
        try {
            return new TcpRelay(new InetSocketAddress(host, port), oneWay);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open the relay's listening socket", e);
        }
    }

    /** The one-way delay added to every chunk in each direction. */
    public Duration latency() {
        return Duration.ofNanos(latencyNanos);
    }

    /**
     * Round trips started by clients since the relay started, over every connection it accepted
     * (see the class comment for what counts).
     */
    public long roundTrips() {
        return roundTrips.sum();
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
                // No Nagle delay in the relay: it forwards each chunk as it read it, as a router would.
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                server.connect(target, 10_000);
            } catch (IOException e) {
                closeQuietly(client);
                closeQuietly(server);
                continue; // the target is down: the client sees its connection closed
            }
            Pair pair = new Pair(client, server, latencyNanos, roundTrips);
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

    /**
     * One relayed connection: two pumps, one per direction; with a latency, each pump is a reader
     * that stamps and queues chunks and a writer that writes them when due.
     */
    private static final class Pair {

        /** Queued after a direction's last chunk: the reader saw end of stream or an error (reads are never empty). */
        private static final Chunk END = new Chunk(0, new byte[0]);

        private final Socket client;
        private final Socket server;
        private final long latencyNanos;
        private final LongAdder roundTrips;
        /**
         * Set just before a server chunk is written to the client, cleared by the client chunk that
         * then counts as a new round trip. Set before the write, so the client cannot answer
         * before it is set. True at first: the connection's first client chunk counts.
         */
        private final AtomicBoolean serverSpoke = new AtomicBoolean(true);

        private final Object lock = new Object();
        private boolean stalled;
        private volatile boolean done;

        Pair(Socket client, Socket server, long latencyNanos, LongAdder roundTrips) {
            this.client = client;
            this.server = server;
            this.latencyNanos = latencyNanos;
            this.roundTrips = roundTrips;
        }

        void start(int relayPort) {
            startPump(client, server, true, "tcp-relay-" + relayPort + "-up");
            startPump(server, client, false, "tcp-relay-" + relayPort + "-down");
        }

        private void startPump(Socket from, Socket to, boolean up, String name) {
            if (latencyNanos == 0) {
                startThread(() -> pump(from, to, up), name);
                return;
            }
            BlockingQueue<Chunk> queue = new LinkedBlockingQueue<>();
            startThread(() -> read(from, queue, up), name + "-read");
            startThread(() -> writeWhenDue(queue, to, up), name + "-write");
        }

        private static void startThread(Runnable body, String name) {
            Thread t = new Thread(body, name);
            t.setDaemon(true);
            t.start();
        }

        /** Without latency: reads a chunk and writes it at once. */
        private void pump(Socket from, Socket to, boolean up) {
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
                    if (up) {
                        countTurn();
                    }
                    // What arrived while stalled is held here, not forwarded, until resumed.
                    awaitNotStalled();
                    if (!up) {
                        serverSpoke.set(true);
                    }
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // one side went away, or the relay closed
            } finally {
                close();
            }
        }

        /** With latency: reads chunks and queues each, stamped with when it is due. */
        private void read(Socket from, BlockingQueue<Chunk> queue, boolean up) {
            byte[] buffer = new byte[16 * 1024];
            try {
                InputStream in = from.getInputStream();
                while (true) {
                    awaitNotStalled();
                    int n = in.read(buffer);
                    if (n < 0) {
                        break;
                    }
                    long due = System.nanoTime() + latencyNanos;
                    if (up) {
                        countTurn();
                    }
                    queue.add(new Chunk(due, Arrays.copyOf(buffer, n)));
                }
            } catch (IOException | InterruptedException e) {
                // one side went away, or the relay closed
            } finally {
                // The chunks already queued are still delivered, then the connection closes.
                queue.add(END);
            }
        }

        /** With latency: writes each queued chunk, in order, once it is due. */
        private void writeWhenDue(BlockingQueue<Chunk> queue, Socket to, boolean up) {
            try {
                OutputStream out = to.getOutputStream();
                while (true) {
                    Chunk chunk = queue.take();
                    if (chunk.bytes.length == 0) { // END
                        break;
                    }
                    for (long wait = chunk.due - System.nanoTime(); wait > 0; wait = chunk.due - System.nanoTime()) {
                        LockSupport.parkNanos(wait);
                        if (done) {
                            return;
                        }
                    }
                    awaitNotStalled();
                    if (!up) {
                        serverSpoke.set(true);
                    }
                    out.write(chunk.bytes);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // one side went away, or the relay closed
            } finally {
                close();
            }
        }

        private void countTurn() {
            if (serverSpoke.getAndSet(false)) {
                roundTrips.increment();
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

    /** Bytes read from one side, and the {@link System#nanoTime()} at which they may be written to the other. */
    private record Chunk(long due, byte[] bytes) {}
}
