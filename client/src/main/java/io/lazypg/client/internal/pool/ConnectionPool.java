package io.lazypg.client.internal.pool;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.PoolListener;
import io.lazypg.client.PoolStats;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A bounded pool of connections. Acquire and release take no lock and allocate nothing while no
 * thread waits; waiting threads are served in arrival order, and none is passed over for longer
 * than the barging window (1 ms) by threads arriving after it.
 *
 * <p>Three parts, as in HikariCP: the {@link ConnectionBag} holds the connections (idle, handed
 * out, being opened) and the waiting threads, and hands connections over between them (its class
 * comment says how, and why each structure was chosen); {@link PooledConnections} is what is done
 * to one connection (open, check, close, read an answer left pending); this class is the policy:
 * what acquire and release decide, lifetimes, {@code minIdle}, leak reports and housekeeping.
 *
 * <h2>Housekeeping</h2>
 * One daemon thread per pool ({@code lazypg-pool-<name>-housekeeper}) opens connections for
 * waiters (see {@link ConnectionBag}), reads the answers released connections carry unread
 * ({@link PendingAnswerReads}), and periodically detaches the
 * whole idle stack in one CAS, closes those past {@code maxLifetime} and those idle longer than
 * {@code idleTimeout} beyond {@code minIdle}, pushes the rest back in their order, and opens
 * connections up to {@code minIdle}. While it holds the stack (no I/O happens then) an acquirer sees
 * no idle connection and waits, and may have one more opened, which later idles out; that is the
 * price of never removing from the middle of a lock-free stack. Its failures are logged, never thrown.
 *
 * <p>Thread-safe. Each connection must be given back exactly once, by {@link #release} or
 * {@link #evict}.
 *
 * @param <C> the connection type
 */
public final class ConnectionPool<C extends Poolable> implements AutoCloseable {

    private static final Logger LOG = System.getLogger(ConnectionPool.class.getName());

    /** How long the oldest waiter may be passed over by arriving threads; see {@link ConnectionBag#waitersFirst}. */
    static final long BARGING_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private static final long HOUSEKEEPING_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long MIN_HOUSEKEEPING_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final String name;
    private final LazyPgConfig.PoolSettings settings;

    private final long maxLifetimeNanos;
    private final long idleTimeoutNanos;
    private final long leakThresholdNanos;

    private final PooledConnections<C> connections;
    private final ConnectionBag<C> bag;
    private final ScheduledThreadPoolExecutor scheduler;
    /** A spare connection is being opened ({@link #openSpare}): at most one at a time. */
    private final AtomicBoolean openingSpare = new AtomicBoolean();

    public ConnectionPool(String name, LazyPgConfig.PoolSettings settings, ConnectionFactory<C> factory) {
        this(name, settings, factory, PoolListener.NONE);
    }

    public ConnectionPool(
            String name, LazyPgConfig.PoolSettings settings, ConnectionFactory<C> factory, PoolListener listener) {
        this(name, settings, factory, listener, System::nanoTime, true, BARGING_WINDOW_NANOS);
    }

    /**
     * For tests: {@code clock} drives connection ages, with {@code scheduleHousekeeping} false
     * the housekeeper runs only when {@link #housekeep()} is called (leak reports still run), and
     * {@code bargingWindowNanos} replaces {@link #BARGING_WINDOW_NANOS} (0: strictly in order).
     */
    ConnectionPool(
            String name,
            LazyPgConfig.PoolSettings settings,
            ConnectionFactory<C> factory,
            PoolListener listener,
            LongSupplier clock,
            boolean scheduleHousekeeping,
            long bargingWindowNanos) {
        this.name = Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(listener, "listener");
        this.maxLifetimeNanos = PooledConnections.nanos(settings.maxLifetime());
        this.idleTimeoutNanos = PooledConnections.nanos(settings.idleTimeout());
        this.leakThresholdNanos = PooledConnections.nanos(settings.leakDetectionThreshold());

        String threadName = "lazypg-pool-" + name + "-housekeeper";
        this.scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        // Leak reports are cancelled on almost every release; drop them from the queue at once.
        scheduler.setRemoveOnCancelPolicy(true);
        scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.connections = new PooledConnections<>(name, settings, factory, listener, clock);
        this.bag = new ConnectionBag<>(name, settings, connections, scheduler, this::openSpare, bargingWindowNanos);
        if (scheduleHousekeeping) {
            long period = housekeepingPeriodNanos();
            // Run at once when minIdle asks for connections, so the pool is warm early.
            long initialDelay = settings.minIdle() > 0 ? 0 : period;
            // Never cancelled: shutting the scheduler down ends it, and housekeepQuietly logs its own failures.
            var unused = scheduler.scheduleWithFixedDelay(
                    this::housekeepQuietly, initialDelay, period, TimeUnit.NANOSECONDS);
        }
    }

    /** The name given at construction, used in thread names and messages. */
    public String name() {
        return name;
    }

    /**
     * Hands out a connection: while nobody waits, the most recently released idle one (validated
     * first when it was idle longer than {@code validateAfterIdle}; discarded and the next tried when
     * broken, retired ({@link Poolable#isRetired()}), past {@code maxLifetime} or invalid).
     * Otherwise the calling thread waits its turn, behind threads already waiting, for a released
     * connection or one the background thread opens while fewer than {@code maxSize} are open, up
     * to {@code acquireTimeout}.
     *
     * @throws PgTimeoutException of kind ACQUIRE when none became available in time
     * @throws PgConnectionClosedException when the pool is closed
     * @throws PgException when interrupted while waiting (the interrupt flag is restored)
     * @throws RuntimeException whatever the factory threw when opening a connection for this thread failed
     */
    public C acquire() {
        long start = System.nanoTime();
        if (bag.isClosed()) {
            throw bag.closedException();
        }
        // An arriving thread may take an idle connection ahead of waiters whose turn is not due yet.
        PoolEntry<C> entry = bag.waitersFirst() ? null : bag.takeIdle();
        if (entry == null) {
            entry = bag.awaitEntry(start);
        }
        return handOut(entry, start);
    }

    /**
     * {@link #acquire()} when a connection is idle, or when the pool may open another (then waiting
     * for it as {@code acquire} does); null at once when every connection the pool may have is
     * handed out or being opened, or when the oldest waiter's turn is due. For pipelining, which
     * then shares a busy connection instead of waiting.
     */
    public @Nullable C acquireUnlessAllBusy() {
        long start = System.nanoTime();
        if (bag.isClosed()) {
            throw bag.closedException();
        }
        if (bag.waitersFirst()) {
            return null;
        }
        PoolEntry<C> entry = bag.takeIdle();
        if (entry != null) {
            return handOut(entry, start);
        }
        if (bag.hasRoom()) {
            return acquire(); // room for one more: open it rather than share
        }
        return null;
    }

    /** How many threads are waiting in {@link #acquire()}. */
    public int waiters() {
        return bag.waiting();
    }

    private C handOut(PoolEntry<C> entry, long start) {
        entry.connection.claimForUse();
        if (leakThresholdNanos > 0) {
            scheduleLeakReport(entry);
        }
        try {
            connections.listener().acquired(System.nanoTime() - start);
        } catch (RuntimeException e) {
            connections.listenerFailed(e);
        }
        return entry.connection;
    }

    /**
     * Gives a connection back. A broken or retired one, one past {@code maxLifetime}, or any after
     * {@link #close()} is closed and its slot freed; otherwise it goes to the longest-waiting thread,
     * or becomes idle when nobody waits.
     *
     * @throws PgUsageException if the connection is not currently handed out by this pool
     */
    public void release(C connection) {
        PoolEntry<C> entry = bag.entryOf(connection, "released");
        if (!entry.compareAndSetState(PoolEntry.IN_USE, PoolEntry.IDLE)) {
            throw bag.notHandedOut("released");
        }
        cancelLeakReport(entry);
        long now = connections.now();
        if (bag.isClosed() || connections.unfitForReturn(entry, now)) {
            bag.discard(entry);
            return;
        }
        entry.releasedAt = now;
        boolean answerPending = connection.answerPending(); // asked before another thread may own it
        bag.giveBack(entry);
        if (answerPending) {
            connections.readParkedAnswerLater(scheduler, connection);
        }
    }

    /**
     * Closes a handed-out connection and frees its slot, for a connection found broken while held.
     *
     * @throws PgUsageException if the connection is not currently handed out by this pool
     */
    public void evict(C connection) {
        PoolEntry<C> entry = bag.entryOf(connection, "evicted");
        if (!entry.compareAndSetState(PoolEntry.IN_USE, PoolEntry.CLOSED)) {
            throw bag.notHandedOut("evicted");
        }
        cancelLeakReport(entry);
        bag.discard(entry);
    }

    /** A snapshot of the pool's counts. */
    public PoolStats stats() {
        return bag.stats();
    }

    /**
     * Calls {@code visitor} with each open connection and whether it is handed out ({@code true}) or
     * idle, for counts by host. Like {@link #stats()}, a snapshot read without stopping the pool.
     * Connections still being opened are not visited (they have no connection yet). The visitor
     * runs on the caller's thread and must only read what is safe to read from any thread (final
     * fields): another thread may hold the connection.
     */
    public void forEachOpen(java.util.function.BiConsumer<? super C, Boolean> visitor) {
        bag.forEachOpen(visitor);
    }

    /**
     * Closes idle connections now and handed-out ones when they are released; threads waiting in
     * {@link #acquire()} fail with {@link PgConnectionClosedException}. Idempotent.
     */
    @Override
    public void close() {
        if (!bag.markClosed()) {
            return;
        }
        scheduler.shutdownNow();
        bag.closeIdleAndFailWaiters();
    }

    // ---- a spare for answers on their way -------------------------------------------------

    /**
     * An acquirer found every idle connection waiting for an answer on its way (a read-only COMMIT
     * or a ROLLBACK sent without waiting, which the next user reads before writing) and took the one
     * waiting longest: opens one more connection in the background when a slot is free, so the next
     * acquire finds a connection whose answer has arrived. Why grow: a thread that runs such
     * transactions back to back on one connection would otherwise wait for each COMMIT's answer
     * before its next BEGIN, two round trips per transaction instead of one; with a second
     * connection the two alternate, each one's answer arriving while the other is used. Opening
     * costs several round trips and a server process, once, on the housekeeper, never on the
     * acquiring thread; the connection then stays while it is used and idles out past
     * {@code minIdle} like any other. At most one such open at a time; none when the pool is full
     * (then the acquirer reads the answer first, as it always does). A failed open is logged at DEBUG:
     * nobody waits for it.
     */
    private void openSpare() {
        if (bag.isClosed() || !openingSpare.compareAndSet(false, true)) {
            return;
        }
        int slot = bag.reserveSlot();
        if (slot < 0) {
            openingSpare.set(false);
            return;
        }
        try {
            scheduler.execute(() -> openSpareInto(slot));
        } catch (RejectedExecutionException e) {
            bag.freeSlot(slot); // the pool is closing
            openingSpare.set(false);
        }
    }

    private void openSpareInto(int slot) {
        try {
            PoolEntry<C> entry;
            try {
                entry = bag.open(slot);
            } catch (RuntimeException e) {
                bag.freeSlot(slot);
                LOG.log(Level.DEBUG, "Pool '" + name + "' could not open a spare connection", e);
                return;
            }
            if (bag.isClosed()) {
                bag.discard(entry);
            } else {
                bag.giveBack(entry);
            }
        } finally {
            openingSpare.set(false);
        }
    }

    // ---- leak detection ---------------------------------------------------------------------

    private void scheduleLeakReport(PoolEntry<C> entry) {
        Throwable acquiredAt = new Exception(
                "Connection acquired here by thread '" + Thread.currentThread().getName() + "'");
        String message = "A connection from pool '" + name + "' has been held for more than "
                + settings.leakDetectionThreshold().toMillis() + " ms without being released: a possible leak."
                + " The stack trace shows where it was acquired.";
        try {
            entry.leakReport = scheduler.schedule(
                    () -> LOG.log(Level.WARNING, message, acquiredAt), leakThresholdNanos, TimeUnit.NANOSECONDS);
        } catch (RuntimeException e) {
            // Rejected because the pool is closing: nothing left to watch.
        }
    }

    private static void cancelLeakReport(PoolEntry<?> entry) {
        Future<?> report = entry.leakReport;
        if (report != null) {
            entry.leakReport = null;
            report.cancel(false);
        }
    }

    // ---- housekeeping -----------------------------------------------------------------------

    private void housekeepQuietly() {
        try {
            housekeep();
        } catch (Throwable t) {
            // A scheduled task that throws is never run again: log and keep going.
            LOG.log(Level.WARNING, "Housekeeping of pool '" + name + "' failed", t);
        }
    }

    /**
     * Closes idle connections past {@code maxLifetime} or (beyond {@code minIdle}) past
     * {@code idleTimeout}, then opens connections up to {@code minIdle}. Runs on the housekeeper
     * thread; package-private so tests can run it with a controlled clock.
     */
    void housekeep() {
        if (bag.isClosed()) {
            return;
        }
        long now = connections.now();
        int minIdle = settings.minIdle();
        bag.sweepIdle((e, idleNow) -> !connections.expired(e, now)
                && !(idleTimeoutNanos > 0 && now - e.releasedAt >= idleTimeoutNanos && idleNow > minIdle));
        if (bag.isClosed()) {
            bag.drainIdle(); // close() ran while we held the stack
            return;
        }
        fillToMinIdle();
    }

    private void fillToMinIdle() {
        int missing = settings.minIdle() - stats().idle();
        while (missing-- > 0 && !bag.isClosed()) {
            int slot = bag.reserveSlot();
            if (slot < 0) {
                return;
            }
            PoolEntry<C> entry;
            try {
                entry = bag.open(slot);
            } catch (RuntimeException e) {
                bag.freeSlot(slot);
                // One line: this runs in the background, typically while the server is down, and the
                // message says where and why. The stack trace is for DEBUG.
                LOG.log(
                        Level.WARNING,
                        "Pool '" + name + "' could not open a connection to keep " + settings.minIdle()
                                + " idle (it retries in the background): " + e.getMessage());
                LOG.log(Level.DEBUG, "Pool '" + name + "' could not open a connection", e);
                return;
            }
            bag.giveBack(entry);
            if (bag.isClosed()) {
                return;
            }
        }
    }

    private long housekeepingPeriodNanos() {
        long period = HOUSEKEEPING_PERIOD_NANOS;
        if (idleTimeoutNanos > 0) {
            period = Math.min(period, idleTimeoutNanos / 2);
        }
        if (maxLifetimeNanos > 0) {
            period = Math.min(period, maxLifetimeNanos / 2);
        }
        return Math.max(period, MIN_HOUSEKEEPING_PERIOD_NANOS);
    }

    /** Tasks waiting in the housekeeper's queue (housekeeping and leak reports); for tests. */
    int scheduledTasks() {
        return scheduler.getQueue().size();
    }
}
