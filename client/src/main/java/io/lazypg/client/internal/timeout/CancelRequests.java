package io.lazypg.client.internal.timeout;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.internal.protocol.CancelKey;
import io.lazypg.client.internal.transport.Transport;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketAddress;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sends CancelRequest messages (on a fresh socket, as the protocol requires), and runs the ones that
 * query timeouts fire on a few daemon threads of their own ({@code lazypg-cancel-N}), never on
 * {@link DeadlineTimer}'s: a cancel connects and waits for the server, which may take up to twice
 * the connect timeout when the server or the network is slow, and no other deadline may wait for it.
 *
 * <p>Thread-safe.
 */
public final class CancelRequests {

    /** What became of one CancelRequest. */
    public enum Outcome {
        /** The server closed the cancel connection: it has signalled the backend (or found no such backend). */
        DELIVERED,
        /** Nothing reached the server (the connect failed): no cancel will ever arrive. */
        NOT_SENT,
        /** The request may have been sent, but the server's close was not seen: it may still arrive at any time. */
        UNKNOWN
    }

    /** At most this many CancelRequests are in flight at once; more wait their turn. */
    static final int MAX_THREADS = 16;

    private static final System.Logger LOG = System.getLogger(CancelRequests.class.getName());

    private CancelRequests() {}

    /** Runs {@code cancel} on a cancel thread, soon: it must be bounded in time (as {@link #send} is). */
    static void execute(Runnable cancel) {
        Threads.POOL.execute(cancel);
    }

    /**
     * Sends one CancelRequest carrying {@code key} whole (4 bytes of secret in protocol 3.0, up to 256
     * in 3.2) and waits until the server closes the connection, which it does only after signalling
     * the backend. The connect and the wait for the close are each bounded by the connect timeout.
     * Blocks the calling thread.
     */
    public static Outcome send(LazyPgConfig config, Socket session, CancelKey key) {
        int processId = key.processId();
        // The same kind of socket as the session's: TCP, or Unix-domain for a socket directory.
        SocketAddress remote = session.getRemoteSocketAddress();
        SocketAddress target = remote != null ? remote : Transport.address(config.host(), config.port());
        int timeoutMillis = (int)
                Math.max(1, Math.min(Integer.MAX_VALUE, config.connectTimeout().toMillis()));
        boolean written = false;
        try (Socket s = Transport.newSocket(config.host())) {
            // Timed socket operations are fine here: this socket lives for one request (see SocketDeadline).
            s.connect(target, timeoutMillis);
            OutputStream out = s.getOutputStream();
            written = true; // from here on, the bytes may reach the server even if a call fails
            byte[] request = key.cancelRequest();
            out.write(request, 0, request.length);
            out.flush();
            s.setSoTimeout(timeoutMillis);
            if (s.getInputStream().read() < 0) {
                return Outcome.DELIVERED;
            }
            LOG.log(
                    System.Logger.Level.WARNING,
                    "The server answered a cancel request for backend " + processId + " at " + target
                            + " instead of closing the connection");
            return Outcome.UNKNOWN;
        } catch (IOException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "Could not " + (written ? "confirm" : "send") + " a cancel request for backend " + processId
                            + " to " + target + ": " + e.getMessage());
            return written ? Outcome.UNKNOWN : Outcome.NOT_SENT;
        }
    }

    /** The cancel threads, started on first use and gone again after a minute without work. */
    private static final class Threads {

        static final ThreadPoolExecutor POOL = pool();

        private static ThreadPoolExecutor pool() {
            AtomicInteger count = new AtomicInteger();
            ThreadPoolExecutor pool = new ThreadPoolExecutor(
                    MAX_THREADS, MAX_THREADS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), r -> {
                        Thread t = new Thread(r, "lazypg-cancel-" + count.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });
            pool.allowCoreThreadTimeOut(true);
            return pool;
        }
    }
}
