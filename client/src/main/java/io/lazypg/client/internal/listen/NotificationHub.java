package io.lazypg.client.internal.listen;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgException;
import io.lazypg.client.PgNotification;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgSubscription;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.conn.PgConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The LISTEN side of one client: one connection, outside the pool, serving every subscription,
 * read by one daemon thread ({@code lazypg-listener}) that delivers notifications as they arrive.
 *
 * <h2>How LISTEN and UNLISTEN reach a connection that is blocked reading</h2>
 * The listener thread owns the connection; no other thread ever touches it (except
 * {@link PgConnection#abort()} on close). Subscribing threads only change the registry (a
 * map from channel to subscriptions, replaced as a whole under a lock and read without one). The
 * thread alternates between
 * <ol>
 *   <li><b>reconciling</b>: it compares the registry's channels with the channels its session
 *       listens to, sends {@code LISTEN} for each missing one and {@code UNLISTEN} for each
 *       channel nobody subscribes to any more (one simple query each, so a refused channel does
 *       not undo the others), then completes the subscriptions whose channel is now listened to,
 *       which releases their {@code listen()} calls; and</li>
 *   <li><b>waiting</b> for up to {@link #POLL} in a read on the socket
 *       ({@link io.lazypg.client.internal.conn.ConnectionNotifications#await}), which returns as soon as a notification
 *       arrives.</li>
 * </ol>
 * So a notification is delivered when it arrives, and a new subscription waits at most one poll
 * before its LISTEN is sent. A read that ends with the poll needs no wake-up signal: no private
 * wake-up channel, no second connection, no thread touching a socket another thread reads.
 *
 * <h2>Failure</h2>
 * A session that sent nothing for 30 s sends an empty query, so a network that silently stopped delivering
 * is noticed (within the 30 s command timeout) like any other failure. Any failure of the connection (the backend terminated, the server restarted, the network failed)
 * ends it; the thread reconnects after a {@link Backoff} delay (100 ms doubling to 5 s) and the next
 * reconciliation sends LISTEN for every channel, since the new session listens to none. Every
 * subscription that was active when the connection broke then gets its gap callback, after LISTEN
 * is in effect again. Subscriptions still waiting for their first LISTEN fail instead: their
 * {@code listen()} throws the failure, so a caller learns at once that the server is unreachable. A
 * channel the server refuses to LISTEN to fails (and drops) its subscriptions; active ones are told
 * through the gap callback.
 *
 * <h2>Delivery</h2>
 * Listeners run on the listener thread, one at a time, in the order the server sent the
 * notifications (per channel that is commit order). A listener that throws is logged and does not
 * stop delivery to others. A listener may subscribe and close subscriptions; a {@code listen()}
 * called there returns at once (its LISTEN follows after the listener returns, as waiting for it
 * there would wait for the thread itself).
 *
 * <p>Thread-safe.
 */
public final class NotificationHub implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(NotificationHub.class.getName());

    /** How long one wait for notifications lasts before the thread looks at the registry again. */
    static final Duration POLL = Duration.ofMillis(100);
    /** Bound on one LISTEN, UNLISTEN or keep-alive: a server that does not answer within it breaks the connection. */
    static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(30);
    /**
     * How often an idle listener session sends an empty query. A network that drops packets without
     * a reset leaves a waiting read silent forever; the keep-alive's answer, bounded by
     * {@link #COMMAND_TIMEOUT}, notices it, and the thread reconnects.
     */
    static final long KEEPALIVE_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Supplier<PgConnection> opener;
    private final Duration subscribeTimeout;
    private final Object lock = new Object();
    /** Channel to its subscriptions; immutable, replaced under {@link #lock}. */
    private volatile Map<String, List<ListenerSubscription>> channels = Map.of();

    private volatile boolean stopped;
    /** The listener thread's connection, published for {@link #close()} to abort. */
    private volatile @Nullable PgConnection current;

    private @Nullable Thread thread; // guarded by lock

    // ---- listener thread only
    private final Set<String> listening = new HashSet<>();
    private final Backoff backoff = new Backoff();
    private @Nullable PgConnection connection;
    private long lastKeepAlive;
    /** What broke the last connection, while the reconnection has not succeeded yet. */
    private @Nullable Throwable brokenBy;

    /** A hub whose connections {@code opener} opens (a fresh, unpooled session each time). */
    public NotificationHub(Supplier<PgConnection> opener, LazyPgConfig config) {
        this.opener = opener;
        this.subscribeTimeout =
                config.connectTimeout().multipliedBy(2L * config.hosts().size()).plus(COMMAND_TIMEOUT);
    }

    /**
     * Subscribes {@code listener} to {@code channel} and returns once LISTEN is in effect on the
     * server, so a notification sent after this returns is delivered.
     *
     * @throws PgUsageException when the channel name is unusable or the hub is closed
     * @throws PgException the failure that kept LISTEN from taking effect (server unreachable,
     *                     LISTEN refused); the subscription is then dropped
     */
    public PgSubscription subscribe(
            String channel, Consumer<PgNotification> listener, @Nullable Consumer<Throwable> onGap) {
        ChannelNames.check(channel);
        if (listener == null) {
            throw new PgUsageException("The notification listener must not be null.");
        }
        ListenerSubscription s = new ListenerSubscription(this, channel, listener, onGap);
        boolean onListenerThread;
        synchronized (lock) {
            if (stopped) {
                throw new PgUsageException("The client is closed: cannot listen to '" + channel + "'.");
            }
            Map<String, List<ListenerSubscription>> next = new HashMap<>(channels);
            List<ListenerSubscription> subs = new ArrayList<>(next.getOrDefault(channel, List.of()));
            subs.add(s);
            next.put(channel, List.copyOf(subs));
            channels = Map.copyOf(next);
            startThread();
            lock.notifyAll(); // an idle thread waits for a first subscription
            onListenerThread = Thread.currentThread() == thread;
        }
        if (!onListenerThread) {
            awaitActive(s);
        }
        return s;
    }

    private void awaitActive(ListenerSubscription s) {
        try {
            s.active.get(subscribeTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            s.close();
            // A CompletableFuture fails get() with the exception it was completed with as the cause.
            Throwable cause = Objects.requireNonNull(e.getCause());
            if (cause instanceof PgServerException server) {
                throw server;
            }
            throw new PgException("Could not LISTEN to '" + s.channel + "': " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            s.close();
            throw new PgTimeoutException(
                    PgTimeoutException.Kind.QUERY,
                    "LISTEN to '" + s.channel + "' did not take" + " effect within " + subscribeTimeout.toSeconds()
                            + " s; the subscription was dropped.");
        } catch (InterruptedException e) {
            s.close();
            Thread.currentThread().interrupt();
            throw new PgException(
                    "Interrupted while waiting for LISTEN to '" + s.channel + "'; the subscription was" + " dropped.",
                    e);
        }
    }

    /** Drops {@code s} from the registry; the thread sends UNLISTEN at its next reconciliation if it was the last. */
    void remove(ListenerSubscription s) {
        synchronized (lock) {
            List<ListenerSubscription> subs = channels.get(s.channel);
            if (subs == null || !subs.contains(s)) {
                return;
            }
            Map<String, List<ListenerSubscription>> next = new HashMap<>(channels);
            List<ListenerSubscription> rest = new ArrayList<>(subs);
            rest.remove(s);
            if (rest.isEmpty()) {
                next.remove(s.channel);
            } else {
                next.put(s.channel, List.copyOf(rest));
            }
            channels = Map.copyOf(next);
        }
    }

    /** The channels the listener session listens to now; for tests (read on another thread: a hint, not a guarantee). */
    Set<String> listeningChannels() {
        synchronized (listening) {
            return Set.copyOf(listening);
        }
    }

    /**
     * Stops the listener thread and closes its connection; every subscription is closed. Waits
     * a bounded time for the thread to end (not when called from a listener).
     */
    @Override
    public void close() {
        Thread t;
        synchronized (lock) {
            if (stopped) {
                return;
            }
            stopped = true;
            lock.notifyAll();
            t = thread;
            PgUsageException closing = new PgUsageException("The client was closed before LISTEN took effect.");
            for (List<ListenerSubscription> subs : channels.values()) {
                for (ListenerSubscription s : subs) {
                    s.dropped();
                    s.active.completeExceptionally(closing); // a listen() still waiting returns now
                }
            }
            channels = Map.of();
        }
        PgConnection c = current;
        if (c != null) {
            c.abort(); // wakes a read at once; the thread closes the connection on its way out
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void startThread() {
        if (thread == null) {
            thread = new Thread(this::run, "lazypg-listener");
            thread.setDaemon(true);
            thread.start();
        }
    }

    // ---------------------------------------------------------------- the listener thread

    private void run() {
        try {
            while (!stopped) {
                try {
                    step();
                } catch (RuntimeException | Error e) {
                    // An Error too: if this thread died, every subscription would go silent for good.
                    connectionFailed(e);
                }
            }
        } catch (InterruptedException e) {
            // only close() ends the thread; an interrupt from elsewhere ends it too, quietly
        } finally {
            closeConnection();
        }
    }

    /** One round: connect if needed (after the backoff), reconcile, report gaps, wait for notifications. */
    private void step() throws InterruptedException {
        if (connection == null) {
            if (!awaitSubscriptions()) {
                return;
            }
            if (brokenBy != null && !pause(backoff.nextDelayMillis())) {
                return;
            }
            open();
            if (connection == null) {
                return;
            }
        }
        reconcile();
        if (brokenBy != null) {
            brokenBy = null; // connected and listening again
            backoff.reset();
            reportGaps();
        }
        if (System.nanoTime() - lastKeepAlive > KEEPALIVE_NANOS) {
            connection.queryScript("");
            lastKeepAlive = System.nanoTime();
        }
        connection.notifications().await(POLL);
    }

    private void open() {
        PgConnection c = opener.get();
        c.notifications().sink(this::deliver);
        c.queryTimeout(COMMAND_TIMEOUT);
        connection = c;
        current = c;
        lastKeepAlive = System.nanoTime();
        if (stopped) {
            closeConnection(); // close() looked before the connection was published
        }
    }

    /** LISTEN what the registry has and the session lacks, UNLISTEN the reverse, then release the waiting subscribers. */
    private void reconcile() {
        // step() reconciles only once connected, and nothing here closes the connection.
        PgConnection connection = Objects.requireNonNull(this.connection);
        Map<String, List<ListenerSubscription>> wanted = channels;
        for (String channel : wanted.keySet()) {
            if (!listening.contains(channel)) {
                try {
                    connection.queryScript("LISTEN " + ChannelNames.quote(channel));
                    lastKeepAlive = System.nanoTime(); // an answer proves the session alive as well as a keep-alive
                    synchronized (listening) {
                        listening.add(channel);
                    }
                } catch (PgServerException e) {
                    refused(channel, e);
                }
            }
        }
        for (String channel : new ArrayList<>(listening)) {
            if (!wanted.containsKey(channel)) {
                connection.queryScript("UNLISTEN " + ChannelNames.quote(channel));
                lastKeepAlive = System.nanoTime();
                synchronized (listening) {
                    listening.remove(channel);
                }
            }
        }
        for (List<ListenerSubscription> subs : wanted.values()) {
            for (ListenerSubscription s : subs) {
                if (listening.contains(s.channel)) {
                    s.active.complete(null);
                }
            }
        }
    }

    /** The server refused LISTEN for {@code channel}: its subscriptions are dropped and told. */
    private void refused(String channel, PgServerException e) {
        LOG.log(System.Logger.Level.WARNING, "The server refused LISTEN " + channel + ": " + e.getMessage());
        List<ListenerSubscription> subs = channels.getOrDefault(channel, List.of());
        for (ListenerSubscription s : subs) {
            remove(s);
            s.dropped();
            if (!s.active.completeExceptionally(e)) {
                gap(s, e); // it was active before: it learns that nothing more will come
            }
        }
    }

    private void connectionFailed(Throwable e) throws InterruptedException {
        if (stopped) {
            return;
        }
        // The break is worth a WARNING; each further failed attempt while the server stays away is DEBUG
        // (one every 5 s would flood the log during an outage).
        LOG.log(
                brokenBy == null ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG,
                "The notification listener's connection failed (" + e.getMessage() + "); reconnecting");
        closeConnection();
        if (brokenBy == null) {
            brokenBy = e;
        }
        for (List<ListenerSubscription> subs : channels.values()) {
            for (ListenerSubscription s : subs) {
                if (s.active.isDone()) {
                    if (s.gapCause == null) {
                        s.gapCause = e;
                    }
                } else if (s.active.completeExceptionally(e)) {
                    remove(s); // its listen() throws e: it never started, there is no gap to report
                    s.dropped();
                }
            }
        }
    }

    /** After a reconnection: every subscription that was active when the connection broke learns of the gap. */
    private void reportGaps() {
        for (List<ListenerSubscription> subs : channels.values()) {
            for (ListenerSubscription s : subs) {
                Throwable cause = s.gapCause;
                if (cause != null) {
                    s.gapCause = null;
                    gap(s, cause);
                }
            }
        }
    }

    private void gap(ListenerSubscription s, Throwable cause) {
        if (s.onGap == null) {
            return;
        }
        try {
            s.onGap.accept(cause);
        } catch (Throwable t) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "A notification gap callback for channel '" + s.channel + "' threw; ignoring it",
                    t);
        }
    }

    /** The connection's sink: runs inside its message loop, so it never throws. */
    private void deliver(PgNotification n) {
        List<ListenerSubscription> subs = channels.get(n.channel());
        if (subs == null) {
            return; // UNLISTEN is on its way, or the channel's notification raced with the last close()
        }
        for (ListenerSubscription s : subs) {
            if (s.isClosed()) {
                continue;
            }
            try {
                s.listener.accept(n);
            } catch (Throwable t) {
                LOG.log(
                        System.Logger.Level.WARNING,
                        "A notification listener for channel '" + n.channel() + "' threw; delivery goes on",
                        t);
            }
        }
    }

    /** Waits until there is a subscription (true) or the hub is stopped (false). */
    private boolean awaitSubscriptions() throws InterruptedException {
        synchronized (lock) {
            while (!stopped && channels.isEmpty()) {
                lock.wait();
            }
            return !stopped;
        }
    }

    /** Sleeps {@code millis} unless the hub stops first; false when it did. */
    private boolean pause(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        synchronized (lock) {
            long left;
            while (!stopped && (left = deadline - System.nanoTime()) > 0) {
                TimeUnit.NANOSECONDS.timedWait(lock, left);
            }
            return !stopped;
        }
    }

    private void closeConnection() {
        PgConnection c = connection;
        connection = null;
        current = null;
        synchronized (listening) {
            listening.clear();
        }
        if (c != null) {
            c.close();
        }
    }
}
