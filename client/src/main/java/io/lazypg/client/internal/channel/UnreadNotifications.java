package io.lazypg.client.internal.channel;

import io.lazypg.client.PgNotification;
import java.util.ArrayDeque;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The notifications a connection received with no sink set (a pooled or direct session's
 * connection) that its session has not taken yet, oldest first. Bounded: past {@link #LIMIT}
 * unread, the oldest are dropped, with one warning per connection, so a connection that LISTENs
 * while nobody reads cannot grow without bound.
 *
 * <p>Owned by one connection ({@link SessionNotifications}) and created by its first such notification (almost no
 * connection receives any, so the point-select path allocates nothing). Not thread-safe: used by
 * the thread that holds the connection.
 */
public final class UnreadNotifications {

    /** How many unread notifications are kept at most. */
    static final int LIMIT = 10_000;

    private static final System.Logger LOG = System.getLogger(ConnectionLog.NAME);

    /** Null while empty after {@link #clear()}: the memory of a burst is given back with it. */
    private @Nullable ArrayDeque<PgNotification> queue;
    /** Whether dropping was logged; once per connection, so a flood does not flood the log too. */
    private boolean warned;

    void add(PgNotification notification, int backendPid) {
        ArrayDeque<PgNotification> q = queue;
        if (q == null) {
            q = new ArrayDeque<>();
            queue = q;
        }
        if (q.size() >= LIMIT) {
            q.removeFirst();
            if (!warned) {
                warned = true;
                LOG.log(
                        System.Logger.Level.WARNING,
                        "Notifications are being dropped on the connection to backend " + backendPid + ": more than "
                                + LIMIT + " arrived that nobody read, so the oldest are dropped to protect memory."
                                + " Call LazyPgSession.notifications() (JDBC: getNotifications()) on the session that"
                                + " runs LISTEN, or UNLISTEN the channels it does not read. Logged once per"
                                + " connection.");
            }
        }
        q.addLast(notification);
    }

    /** Moves every unread notification, oldest first, to the end of {@code into}; returns how many. */
    int drainTo(List<? super PgNotification> into) {
        ArrayDeque<PgNotification> q = queue;
        if (q == null || q.isEmpty()) {
            return 0;
        }
        int n = q.size();
        into.addAll(q);
        q.clear();
        return n;
    }

    /** Drops every unread notification. */
    void clear() {
        queue = null;
    }
}
