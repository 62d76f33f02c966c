package io.lazypg.client.internal.pool;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgException;
import io.lazypg.client.PoolListener;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * What the pool does to one connection, wherever in the pool it happens: opens it (the factory,
 * the created count, the listener), checks it before it is handed out (broken, retired, past
 * {@code maxLifetime}, validated after {@code validateAfterIdle}), closes it (the closed count, the
 * listener), and has the answer it carries back unread read on the housekeeper
 * ({@link PendingAnswerReads}). HikariCP's {@code PoolBase} plays this part; {@link ConnectionBag}
 * holds the connections and {@link ConnectionPool} decides when each of these happens.
 *
 * <p>Thread-safe: the counts are atomic, everything else is final. Each method touches only a
 * connection its caller owns at that moment (see {@link PoolEntry}).
 *
 * @param <C> the connection type
 */
final class PooledConnections<C extends Poolable> {

    private static final Logger LOG = System.getLogger(ConnectionPool.class.getName());

    private final String name;
    private final LazyPgConfig.PoolSettings settings;
    private final ConnectionFactory<C> factory;
    private final PoolListener listener;
    /** Clock for ages (lifetime, idle time); waits always use System.nanoTime(). */
    private final LongSupplier clock;

    private final long maxLifetimeNanos;
    private final long validateAfterIdleNanos;

    private final AtomicLong totalCreated = new AtomicLong();
    private final AtomicLong totalClosed = new AtomicLong();

    PooledConnections(
            String name,
            LazyPgConfig.PoolSettings settings,
            ConnectionFactory<C> factory,
            PoolListener listener,
            LongSupplier clock) {
        this.name = name;
        this.settings = settings;
        this.factory = factory;
        this.listener = listener;
        this.clock = clock;
        this.maxLifetimeNanos = nanos(settings.maxLifetime());
        this.validateAfterIdleNanos = nanos(settings.validateAfterIdle());
    }

    /** The pool's clock for ages. */
    long now() {
        return clock.getAsLong();
    }

    PoolListener listener() {
        return listener;
    }

    long totalCreated() {
        return totalCreated.get();
    }

    long totalClosed() {
        return totalClosed.get();
    }

    /**
     * Opens a connection for {@code slot} in {@code state}; on failure rethrows what the factory
     * threw, as is. The caller puts it in its slot, then calls {@link #created()}.
     */
    PoolEntry<C> open(int slot, int state) {
        C connection = factory.connect();
        if (connection == null) {
            throw new PgException("Connection factory of pool '" + name + "' returned null");
        }
        return new PoolEntry<>(slot, connection, clock.getAsLong(), state);
    }

    /** A connection {@link #open opened} is in its slot: counted and reported as created. */
    void created() {
        totalCreated.incrementAndGet();
        try {
            listener.created();
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
    }

    /**
     * Whether an entry the caller just took (state IN_USE) may be handed out: claims it first (the
     * housekeeper may be reading its pending answer), then rejects a broken, retired or expired one,
     * and validates one idle longer than {@code validateAfterIdle}.
     */
    boolean usable(PoolEntry<C> entry) {
        C connection = entry.connection;
        connection.claimForUse(); // before validation: the housekeeper may be reading a pending answer
        if (connection.isBroken() || connection.isRetired()) {
            return false;
        }
        long now = clock.getAsLong();
        if (expired(entry, now)) {
            return false;
        }
        if (now - entry.releasedAt > validateAfterIdleNanos) {
            try {
                // The round trip also brings the server's reports (a standby promoted): ask again.
                return connection.isValid(settings.validationTimeout()) && !connection.isRetired();
            } catch (RuntimeException e) {
                LOG.log(Level.DEBUG, "Validation of a connection from pool '" + name + "' failed", e);
                return false;
            }
        }
        return true;
    }

    /** Whether a connection given back at {@code now} must be closed instead of kept. */
    boolean unfitForReturn(PoolEntry<C> entry, long now) {
        C connection = entry.connection;
        return connection.isBroken() || connection.isRetired() || expired(entry, now);
    }

    boolean expired(PoolEntry<C> entry, long now) {
        return maxLifetimeNanos > 0 && now - entry.createdAt >= maxLifetimeNanos;
    }

    /**
     * A connection went back to the pool carrying an answer unread ({@link Poolable#answerPending()},
     * asked before it was given back: another thread may own it right after): has the housekeeper
     * read it shortly, unless it is handed out first ({@link PendingAnswerReads}).
     */
    void readParkedAnswerLater(ScheduledExecutorService housekeeper, C connection) {
        PendingAnswerReads.schedule(housekeeper, connection);
    }

    /** Closes an entry the caller owns, quietly, counted and reported as closed; the caller frees its slot. */
    void close(PoolEntry<C> entry) {
        entry.setState(PoolEntry.CLOSED);
        try {
            entry.connection.close();
        } catch (RuntimeException e) {
            LOG.log(Level.DEBUG, "Closing a connection of pool '" + name + "' failed", e);
        }
        totalClosed.incrementAndGet();
        try {
            listener.closed();
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
    }

    void listenerFailed(RuntimeException e) {
        LOG.log(Level.WARNING, "A listener of pool '" + name + "' threw; ignored", e);
    }

    static long nanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE; // "practically forever"; beyond ~292 years
        }
    }
}
