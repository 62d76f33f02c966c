package io.lazypg.client.internal.timeout;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.Future;
import org.jspecify.annotations.Nullable;

/**
 * Bounds a blocking socket operation by closing the socket from the timer thread when time runs out,
 * which makes the blocked read, write or connect fail at once.
 *
 * <p>Why not {@code Socket.setSoTimeout}: on JDK 17 (NioSocketImpl) a timed read, like a timed
 * connect, switches the socket to non-blocking mode for good, after which every read that finds no
 * data yet costs read + poll + read instead of one blocking read. A point select would pay that on
 * every query for the connection's whole life.
 *
 * <p>Give it the TCP socket, never a TLS socket layered on it: closing a TLS socket sends
 * close_notify under a lock that a writer blocked on a stalled network holds, and would block the
 * timer thread with it (see {@code SessionChannel.transport()}).
 *
 * <p>Firing and {@link #cancel()} race for one atomic state, PENDING to FIRED (the timer) or PENDING
 * to CANCELLED (the owner), so exactly one of them wins. When the timer wins, even at the very
 * moment the operation completes, {@code cancel()} returns false and the owner must treat the socket
 * as closed: it is closed, or about to be, by the timer.
 *
 * <p>Thread-safe: the state is the only thing the timer thread and the socket's owner share.
 */
public final class SocketDeadline implements Runnable {

    private static final int PENDING = 0;
    private static final int CANCELLED = 1;
    private static final int FIRED = 2;

    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SocketDeadline.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Socket socket;
    private final @Nullable Runnable beforeClose;
    private final Future<?> task;
    /** PENDING (0) at first; read and written only through {@link #STATE}. */
    @SuppressWarnings("unused")
    private volatile int state;

    private SocketDeadline(Socket socket, Duration after, @Nullable Runnable beforeClose) {
        this.socket = socket;
        this.beforeClose = beforeClose;
        // The fields the timer reads are written above: scheduling publishes them to it.
        this.task = DeadlineTimer.schedule(this, after.toNanos());
    }

    /** Closes {@code socket} after {@code after} unless {@link #cancel()} is called first. */
    public static SocketDeadline closeAfter(Socket socket, Duration after) {
        return new SocketDeadline(socket, after, null);
    }

    /** As {@link #closeAfter(Socket, Duration)}, running {@code beforeClose} on the timer thread first. */
    public static SocketDeadline closeAfter(Socket socket, Duration after, Runnable beforeClose) {
        return new SocketDeadline(socket, after, beforeClose);
    }

    /** On the timer thread: closes the socket unless the owner cancelled first. */
    @Override
    public void run() {
        if (!STATE.compareAndSet(this, PENDING, FIRED)) {
            return;
        }
        if (beforeClose != null) {
            beforeClose.run();
        }
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all we wanted
        }
    }

    /** Whether the deadline fired: the socket is closed, or about to be, because of it. */
    public boolean expired() {
        return (int) STATE.getVolatile(this) == FIRED;
    }

    /**
     * Called by the owner when the operation ended. Returns true when the deadline will never fire
     * (the socket is untouched), false when it fired: then the socket is closed or being closed, and
     * the connection must not be used again. Idempotent.
     */
    public boolean cancel() {
        // Unschedule first (a task not yet started then never runs); the state decides the race with
        // one that has started.
        task.cancel(false);
        STATE.compareAndSet(this, PENDING, CANCELLED);
        return (int) STATE.getVolatile(this) == CANCELLED;
    }
}
