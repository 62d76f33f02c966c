package io.lazypg.client.internal.conn;

import io.lazypg.client.PgNotification;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.SessionNotifications;
import io.lazypg.client.internal.channel.UnreadNotifications;
import io.lazypg.client.internal.command.Exchange;
import io.lazypg.client.internal.command.ExchangeBracket;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The LISTEN side of one connection, as its session and a listener connection use it: where its
 * NotificationResponse messages go, taking those kept unread, and waiting on the idle session for
 * more. Where each message goes as it arrives is the channel's business ({@link
 * SessionNotifications}); this class is what the rest of the client asks of it.
 *
 * <p>Not thread-safe: used by the thread that holds the connection, as {@link PgConnection} is.
 */
public final class ConnectionNotifications {

    private final PgConnection connection;
    private final SessionNotifications notifications;
    private final ExchangeBracket bracket;

    ConnectionNotifications(PgConnection connection, SessionNotifications notifications, ExchangeBracket bracket) {
        this.connection = connection;
        this.notifications = notifications;
        this.bracket = bracket;
    }

    /**
     * Sends NotificationResponse messages to {@code sink} from now on, instead of keeping them for
     * {@link #takeInto} (null: keep them again). For a listener connection. The sink runs on the
     * thread that reads this connection, inside whatever exchange is reading, so it must not throw
     * and must not use this connection.
     */
    public void sink(@Nullable Consumer<PgNotification> sink) {
        notifications.sink(sink);
    }

    /**
     * For the session that holds this connection: moves the notifications received since the last
     * call (with no sink set; oldest first) to the end of {@code into}, and returns how many. Those
     * arrive with the answers to any exchange, or during {@link #await}. At most {@value
     * UnreadNotifications#LIMIT} are kept unread: past that the oldest are dropped, with a warning
     * once per connection. {@link PgConnection#prepareForReuse()} drops what the borrower left unread.
     */
    public int takeInto(List<? super PgNotification> into) {
        return notifications.takeInto(into);
    }

    /**
     * Waits up to {@code poll} for the server to send something while the session is idle, handles
     * what arrives (notifications go to the {@linkplain #sink sink}, or are kept for {@link
     * #takeInto}) and returns: at the end of the poll when nothing arrived, or once the messages that
     * arrived together are handled. Only asynchronous messages may arrive on an idle session, and a
     * FATAL error as the server ends it (thrown as that {@link PgServerException}, the connection
     * broken); anything else is a protocol error.
     *
     * <p>The wait is a read with {@code SO_TIMEOUT}, which {@link
     * io.lazypg.client.internal.timeout.SocketDeadline} avoids for pooled sessions (on JDK 17 it
     * leaves the socket non-blocking, so every later read costs more). Meant for a connection that
     * only ever waits for notifications, where that cost does not matter. Any failure but the poll's
     * end breaks the connection.
     */
    public void await(Duration poll) {
        connection.ensureUsable();
        bracket.run(new Exchange() {
            @Override
            protected void perform() throws IOException {
                SessionNotifications.await(connection.channel(), poll);
            }
        });
    }
}
