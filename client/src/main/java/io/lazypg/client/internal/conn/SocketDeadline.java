package io.lazypg.client.internal.conn;

import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.Future;

/**
 * Bounds a blocking socket operation by closing the socket from the timer thread when time runs out,
 * which makes the blocked read, write or connect fail at once.
 *
 * <p>Why not {@code Socket.setSoTimeout}: on JDK 17 (NioSocketImpl) a timed read, like a timed
 * connect, switches the socket to non-blocking mode for good, after which every read that finds no
 * data yet costs read + poll + read instead of one blocking read. A point select would pay that on
 * every query for the connection's whole life.
 *
 * <p>Thread-safe: {@link #expired()} is written by the timer thread and read by the socket's owner.
 */
final class SocketDeadline {

    private final Future<?> task;
    private volatile boolean expired;

    private SocketDeadline(Socket socket, Duration after, Runnable beforeClose) {
        this.task = DeadlineTimer.schedule(() -> {
            expired = true;
            if (beforeClose != null) {
                beforeClose.run();
            }
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing is all we wanted
            }
        }, after.toNanos());
    }

    /** Closes {@code socket} after {@code after} unless {@link #cancel()} is called first. */
    static SocketDeadline closeAfter(Socket socket, Duration after) {
        return new SocketDeadline(socket, after, null);
    }

    /** As {@link #closeAfter(Socket, Duration)}, running {@code beforeClose} on the timer thread first. */
    static SocketDeadline closeAfter(Socket socket, Duration after, Runnable beforeClose) {
        return new SocketDeadline(socket, after, beforeClose);
    }

    /** Whether the deadline passed and the socket was closed because of it. */
    boolean expired() {
        return expired;
    }

    void cancel() {
        task.cancel(false);
    }
}
