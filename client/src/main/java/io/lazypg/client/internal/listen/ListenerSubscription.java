package io.lazypg.client.internal.listen;

import io.lazypg.client.PgNotification;
import io.lazypg.client.PgSubscription;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * One listener on one channel, as registered with a {@link NotificationHub}.
 *
 * <p>Thread-safety: {@link #close()} may be called from any thread; {@link #active} is completed
 * by the listener thread and awaited by the subscribing thread; {@link #gapCause} is touched by
 * the listener thread only.
 */
final class ListenerSubscription implements PgSubscription {

    final String channel;
    final Consumer<PgNotification> listener;
    final @Nullable Consumer<Throwable> onGap;
    /** Completed once LISTEN for the channel is in effect; failed when it could not be made so. */
    final CompletableFuture<Void> active = new CompletableFuture<>();

    private final NotificationHub hub;
    private volatile boolean closed;
    /** Listener thread only: what broke the connection while this subscription was active, until reported. */
    @Nullable
    Throwable gapCause;

    ListenerSubscription(
            NotificationHub hub,
            String channel,
            Consumer<PgNotification> listener,
            @Nullable Consumer<Throwable> onGap) {
        this.hub = hub;
        this.channel = channel;
        this.listener = listener;
        this.onGap = onGap;
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            hub.remove(this);
        }
    }

    /** Marks the subscription closed without going through the hub (the hub dropped it itself). */
    void dropped() {
        closed = true;
    }

    @Override
    public String toString() {
        return "PgSubscription[" + channel + (closed ? ", closed" : "") + "]";
    }
}
