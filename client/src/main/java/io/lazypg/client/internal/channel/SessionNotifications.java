package io.lazypg.client.internal.channel;

import io.lazypg.client.PgNotification;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Where a connection's NotificationResponse messages go: a listener connection's sink, or, with no
 * sink (every session's connection), kept unread ({@link UnreadNotifications}, created by the first
 * one: almost no connection receives any, so the point-select path allocates nothing) until the
 * session takes them.
 *
 * <p>Not thread-safe: used by the thread that holds the connection (the sink runs on it, inside
 * whatever exchange is reading).
 */
public final class SessionNotifications {

    private @Nullable Consumer<PgNotification> sink;
    private @Nullable UnreadNotifications unread;

    /** A notification arrived on the connection to backend {@code backendPid}. */
    void received(PgNotification notification, int backendPid) {
        Consumer<PgNotification> s = sink;
        if (s != null) {
            s.accept(notification); // its failures are its own business: it must not throw
            return;
        }
        UnreadNotifications u = unread;
        if (u == null) {
            u = new UnreadNotifications();
            unread = u;
        }
        u.add(notification, backendPid);
    }

    /** Sends notifications to {@code sink} from now on instead of keeping them (null: keep them again). */
    public void sink(@Nullable Consumer<PgNotification> sink) {
        this.sink = sink;
    }

    /** Moves the unread notifications, oldest first, to the end of {@code into}; returns how many. */
    public int takeInto(List<? super PgNotification> into) {
        UnreadNotifications u = unread;
        return u == null ? 0 : u.drainTo(into);
    }

    /** Drops what a borrower left unread. */
    public void clearUnread() {
        UnreadNotifications u = unread;
        if (u != null) {
            u.clear();
        }
    }

    /**
     * Waits up to {@code poll} for the server to send something while {@code channel}'s session is
     * idle and handles what arrives (see {@code ConnectionNotifications.await}); the caller
     * brackets it as work. The wait is a read with {@code SO_TIMEOUT}; a timeout in the middle of a
     * message loses nothing, the reader keeps the partial message for the next read.
     */
    public static void await(SessionChannel channel, Duration poll) throws IOException {
        if (channel.answerOutstanding()) {
            throw new PgUsageException("awaitNotifications needs an idle session; an answer is still owed.");
        }
        MessageReader reader = channel.reader();
        Socket socket = channel.socket();
        reader.retainViews(false); // notifications are copied into Strings at once
        socket.setSoTimeout((int) Math.max(1, poll.toMillis()));
        try {
            do {
                byte type = reader.next();
                if (type == BackendMessages.ERROR_RESPONSE) {
                    // Unasked, an error can only be FATAL: the server is ending the session
                    // (pg_terminate_backend, shutdown, idle_session_timeout). Report its words.
                    throw channel.markBroken(channel.serverError());
                }
                if (!channel.messages().handled(type, reader, channel.processId())) {
                    throw MessageLoop.unexpected(type, "waiting for notifications");
                }
            } while (reader.hasBufferedBytes());
        } catch (SocketTimeoutException e) {
            // the poll elapsed: nothing more came, and a partial message stays buffered for the next read
        } finally {
            if (!channel.isBroken()) {
                socket.setSoTimeout(0); // a closed socket would throw here and hide why it closed
            }
        }
    }
}
