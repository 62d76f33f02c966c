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
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongSupplier;

/**
 * A bounded pool of connections, with acquire and release free of locks and allocation on the
 * common path.
 *
 * <h2>Structure</h2>
 * <ul>
 *   <li>{@code slots}: a fixed array of {@code maxSize} entries. A slot is free ({@code null}),
 *       reserved while a connection is being opened ({@link #CONNECTING}), or holds one entry. A
 *       slot is claimed by CAS, so the pool can never open more than {@code maxSize} connections,
 *       and a connection is closed <em>before</em> its slot is freed.</li>
 *   <li>{@code idle}: an {@link IdleStack} of slot indices, LIFO so the most recently used
 *       connection (warm caches, known alive) goes out first and the surplus ones age towards
 *       {@code idleTimeout}. It is a versioned Treiber stack over preallocated links, because a
 *       {@code ConcurrentLinkedDeque} allocates a node on every release.</li>
 *   <li>{@code signal} + {@code waiters}: a thread finding neither an idle connection nor a free
 *       slot counts itself in {@code waiters} and waits on the semaphore. Whoever makes a connection
 *       or a slot available releases one permit if anyone waits. The waiter counts itself before
 *       re-checking and the releaser publishes before reading the count, so a wake-up cannot be
 *       lost; a surplus permit only causes one extra re-check. Waiters are not FIFO: a thread
 *       arriving may take a connection a waiter was woken for (the waiter then waits on, bounded by
 *       its own timeout), which keeps the common path free of hand-off machinery.</li>
 * </ul>
 *
 * <h2>Common path</h2>
 * {@code acquire}: pop (one CAS), set the entry state, read the clock, maybe validate.
 * {@code release}: find the entry by an identity scan over at most {@code maxSize} references (the
 * {@link Poolable} interface carries no back-pointer, and a scan over a small array beats hashing),
 * one CAS on its state, push (one CAS), read {@code waiters}. Leak detection, when on, schedules a
 * report per acquire and so allocates; it is off by default.
 *
 * <h2>Housekeeping</h2>
 * One daemon thread per pool ({@code lazypg-pool-<name>-housekeeper}) periodically detaches the
 * whole idle stack in one CAS, closes those past {@code maxLifetime} and those idle longer than
 * {@code idleTimeout} beyond {@code minIdle}, pushes the rest back in their order, and opens
 * connections up to {@code minIdle}. While it holds the stack (no I/O happens then) an acquirer sees
 * no idle connection and may open one more, which later idles out; that is the price of never
 * removing from the middle of a lock-free stack. Its failures are logged, never thrown.
 *
 * <p>Thread-safe. Each connection must be given back exactly once, by {@link #release} or
 * {@link #evict}.
 *
 * @param <C> the connection type
 */
public final class ConnectionPool<C extends Poolable> implements AutoCloseable {

    private static final Logger LOG = System.getLogger(ConnectionPool.class.getName());

    /** Marks a slot reserved while its connection is being opened. */
    private static final PoolEntry<Poolable> CONNECTING = new PoolEntry<>(-1, null, 0, PoolEntry.CLOSED);

    private static final long HOUSEKEEPING_PERIOD_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final long MIN_HOUSEKEEPING_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final String name;
    private final LazyPgConfig.PoolSettings settings;
    private final ConnectionFactory<C> factory;
    private final PoolListener listener;
    /** Clock for ages (lifetime, idle time); waits always use System.nanoTime(). */
    private final LongSupplier clock;

    private final int maxSize;
    private final long acquireTimeoutNanos;
    private final long maxLifetimeNanos;
    private final long idleTimeoutNanos;
    private final long validateAfterIdleNanos;
    private final long leakThresholdNanos;

    private final AtomicReferenceArray<PoolEntry<C>> slots;
    private final IdleStack idle;
    private final AtomicInteger waiters = new AtomicInteger();
    private final Semaphore signal = new Semaphore(0);
    private final AtomicLong totalCreated = new AtomicLong();
    private final AtomicLong totalClosed = new AtomicLong();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final ScheduledThreadPoolExecutor scheduler;

    public ConnectionPool(String name, LazyPgConfig.PoolSettings settings, ConnectionFactory<C> factory) {
        this(name, settings, factory, PoolListener.NONE);
    }

    public ConnectionPool(
            String name, LazyPgConfig.PoolSettings settings, ConnectionFactory<C> factory, PoolListener listener) {
        this(name, settings, factory, listener, System::nanoTime, true);
    }

    /**
     * For tests: {@code clock} drives connection ages, and with {@code scheduleHousekeeping} false
     * the housekeeper runs only when {@link #housekeep()} is called (leak reports still run).
     */
    ConnectionPool(
            String name,
            LazyPgConfig.PoolSettings settings,
            ConnectionFactory<C> factory,
            PoolListener listener,
            LongSupplier clock,
            boolean scheduleHousekeeping) {
        this.name = Objects.requireNonNull(name, "name");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.factory = Objects.requireNonNull(factory, "factory");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.clock = clock;
        this.maxSize = settings.maxSize();
        this.acquireTimeoutNanos = nanos(settings.acquireTimeout());
        this.maxLifetimeNanos = nanos(settings.maxLifetime());
        this.idleTimeoutNanos = nanos(settings.idleTimeout());
        this.validateAfterIdleNanos = nanos(settings.validateAfterIdle());
        this.leakThresholdNanos = nanos(settings.leakDetectionThreshold());
        this.slots = new AtomicReferenceArray<>(maxSize);
        this.idle = new IdleStack(maxSize);

        String threadName = "lazypg-pool-" + name + "-housekeeper";
        this.scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            return t;
        });
        // Leak reports are cancelled on almost every release; drop them from the queue at once.
        scheduler.setRemoveOnCancelPolicy(true);
        scheduler.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
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
     * Hands out a connection: the most recently released idle one (validated first when it was
     * idle longer than {@code validateAfterIdle}; discarded and the next tried when broken, retired
     * ({@link Poolable#isRetired()}), past {@code maxLifetime} or invalid), else a new one while fewer than {@code maxSize} are open, else
     * waits up to {@code acquireTimeout} for one of those.
     *
     * @throws PgTimeoutException of kind ACQUIRE when none became available in time
     * @throws PgConnectionClosedException when the pool is closed
     * @throws PgException when interrupted while waiting (the interrupt flag is restored)
     * @throws RuntimeException whatever the factory threw when opening a connection failed
     */
    public C acquire() {
        long start = System.nanoTime();
        if (closed.get()) {
            throw closedException();
        }
        PoolEntry<C> entry = tryTake();
        if (entry == null) {
            entry = awaitEntry(start);
        }
        if (leakThresholdNanos > 0) {
            scheduleLeakReport(entry);
        }
        try {
            listener.acquired(System.nanoTime() - start);
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
        return entry.connection;
    }

    /**
     * Gives a connection back. A broken or retired one, one past {@code maxLifetime}, or any after
     * {@link #close()} is closed and its slot freed; otherwise it becomes idle and a waiting thread
     * is woken to take it.
     *
     * @throws PgUsageException if the connection is not currently handed out by this pool
     */
    public void release(C connection) {
        PoolEntry<C> entry = entryOf(connection, "released");
        if (!entry.compareAndSetState(PoolEntry.IN_USE, PoolEntry.IDLE)) {
            throw notHandedOut("released");
        }
        cancelLeakReport(entry);
        long now = clock.getAsLong();
        if (closed.get() || connection.isBroken() || connection.isRetired() || expired(entry, now)) {
            discard(entry);
            return;
        }
        entry.releasedAt = now;
        idle.push(entry.slot);
        if (closed.get()) {
            // close() may have drained the stack just before our push: drain again.
            drainIdle();
        } else {
            wakeOneWaiter();
        }
    }

    /**
     * Closes a handed-out connection and frees its slot, for a connection found broken while held.
     *
     * @throws PgUsageException if the connection is not currently handed out by this pool
     */
    public void evict(C connection) {
        PoolEntry<C> entry = entryOf(connection, "evicted");
        if (!entry.compareAndSetState(PoolEntry.IN_USE, PoolEntry.CLOSED)) {
            throw notHandedOut("evicted");
        }
        cancelLeakReport(entry);
        discard(entry);
    }

    /** A snapshot of the pool's counts. */
    public PoolStats stats() {
        int active = 0;
        int idleCount = 0;
        for (int i = 0; i < maxSize; i++) {
            PoolEntry<C> e = slots.get(i);
            if (e == null) {
                continue;
            }
            if (e == CONNECTING || e.state() == PoolEntry.IN_USE) {
                active++;
            } else if (e.state() == PoolEntry.IDLE) {
                idleCount++;
            }
        }
        return new PoolStats(active, idleCount, waiters.get(), maxSize, totalCreated.get(), totalClosed.get());
    }

    /**
     * Calls {@code visitor} with each open connection and whether it is handed out ({@code true}) or
     * idle, for counts by host. Like {@link #stats()}, a snapshot read without stopping the pool.
     * Connections still being opened are not visited (they have no connection yet). The visitor
     * runs on the caller's thread and must only read what is safe to read from any thread (final
     * fields): another thread may hold the connection.
     */
    public void forEachOpen(java.util.function.BiConsumer<? super C, Boolean> visitor) {
        for (int i = 0; i < maxSize; i++) {
            PoolEntry<C> e = slots.get(i);
            if (e == null || e == CONNECTING) {
                continue;
            }
            int state = e.state();
            if (state != PoolEntry.CLOSED) {
                visitor.accept(e.connection, state == PoolEntry.IN_USE);
            }
        }
    }

    /**
     * Closes idle connections now and handed-out ones when they are released; threads waiting in
     * {@link #acquire()} fail with {@link PgConnectionClosedException}. Idempotent.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        scheduler.shutdownNow();
        drainIdle();
        // One permit: each woken waiter sees the pool closed and passes the permit on.
        signal.release();
    }

    // ---- acquire internals ------------------------------------------------------------------

    /** An idle usable entry or a newly opened one, owned by the caller; null when neither is possible. */
    private PoolEntry<C> tryTake() {
        for (int i; (i = idle.pop()) >= 0; ) {
            PoolEntry<C> entry = slots.get(i);
            entry.setState(PoolEntry.IN_USE);
            if (usable(entry)) {
                return entry;
            }
            discard(entry);
        }
        return openIfRoom();
    }

    private boolean usable(PoolEntry<C> entry) {
        C connection = entry.connection;
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

    private boolean expired(PoolEntry<C> entry, long now) {
        return maxLifetimeNanos > 0 && now - entry.createdAt >= maxLifetimeNanos;
    }

    /** Opens a connection into a free slot, handed out (IN_USE); null when all slots are taken. */
    private PoolEntry<C> openIfRoom() {
        int slot = reserveSlot();
        if (slot < 0) {
            return null;
        }
        PoolEntry<C> entry = open(slot, PoolEntry.IN_USE);
        if (closed.get()) {
            discard(entry);
            throw closedException();
        }
        return entry;
    }

    private PoolEntry<C> awaitEntry(long start) {
        waiters.incrementAndGet();
        try {
            for (; ; ) {
                if (closed.get()) {
                    signal.release(); // pass the close wake-up on to the next waiter
                    throw closedException();
                }
                PoolEntry<C> entry = tryTake();
                if (entry != null) {
                    return entry;
                }
                long remaining = acquireTimeoutNanos - (System.nanoTime() - start);
                if (remaining <= 0) {
                    throw timedOut();
                }
                signal.tryAcquire(remaining, TimeUnit.NANOSECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PgException("Interrupted while waiting for a connection from pool '" + name + "'", e);
        } finally {
            waiters.decrementAndGet();
        }
    }

    private PgTimeoutException timedOut() {
        try {
            listener.acquireTimedOut();
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
        PoolStats s = stats();
        return new PgTimeoutException(
                PgTimeoutException.Kind.ACQUIRE,
                "Timed out after "
                        + settings.acquireTimeout().toMillis() + " ms waiting for a connection from pool '" + name
                        + "' (max size " + s.max() + ", active " + s.active() + ", idle " + s.idle()
                        + ", waiting threads " + s.pending() + "). All connections are in use: raise pool.max-size"
                        + " if the database can take more, shorten transactions that hold connections,"
                        + " or look for leaked connections that are never released"
                        + " (set pool.leak-detection-threshold to have them reported).");
    }

    // ---- slots and entries ------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    private int reserveSlot() {
        PoolEntry<C> connecting = (PoolEntry<C>) (PoolEntry<?>) CONNECTING;
        for (int i = 0; i < maxSize; i++) {
            if (slots.get(i) == null && slots.compareAndSet(i, null, connecting)) {
                return i;
            }
        }
        return -1;
    }

    /** Opens a connection into a reserved slot; on failure frees the slot and rethrows as is. */
    private PoolEntry<C> open(int slot, int state) {
        C connection;
        try {
            connection = factory.connect();
            if (connection == null) {
                throw new PgException("Connection factory of pool '" + name + "' returned null");
            }
        } catch (RuntimeException | Error e) {
            freeSlot(slot);
            throw e;
        }
        PoolEntry<C> entry = new PoolEntry<>(slot, connection, clock.getAsLong(), state);
        slots.set(slot, entry);
        totalCreated.incrementAndGet();
        try {
            listener.created();
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
        return entry;
    }

    /** Closes an entry the caller owns, then frees its slot (in that order: never above maxSize). */
    private void discard(PoolEntry<C> entry) {
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
        freeSlot(entry.slot);
    }

    private void freeSlot(int slot) {
        slots.set(slot, null);
        wakeOneWaiter();
    }

    private void wakeOneWaiter() {
        if (waiters.get() > 0) {
            signal.release();
        }
    }

    private PoolEntry<C> entryOf(C connection, String verb) {
        if (connection != null) {
            for (int i = 0; i < maxSize; i++) {
                PoolEntry<C> e = slots.get(i);
                if (e != null && e.connection == connection) {
                    return e;
                }
            }
        }
        throw notHandedOut(verb);
    }

    private PgUsageException notHandedOut(String verb) {
        return new PgUsageException("A connection was " + verb + " to pool '" + name
                + "' that is not currently handed out by it (released twice, evicted before, or from another pool)");
    }

    /** Closes every idle connection; safe to call concurrently (each entry is taken once). */
    private void drainIdle() {
        for (int i = idle.takeAll(); i >= 0; ) {
            int next = idle.below(i); // read before discard frees the slot
            discard(slots.get(i));
            i = next;
        }
    }

    private PgConnectionClosedException closedException() {
        return new PgConnectionClosedException("Pool '" + name + "' is closed");
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
        if (closed.get()) {
            return;
        }
        // Detach the whole idle stack; we own every entry on it until pushed back.
        int count = 0;
        int[] chain = new int[maxSize];
        for (int i = idle.takeAll(); i >= 0; i = idle.below(i)) {
            chain[count++] = i;
        }
        long now = clock.getAsLong();
        int idleCount = count;
        int removed = 0;
        int[] toClose = new int[count];
        // Bottom (least recently used) first, so idle-timeout evictions take the coldest ones.
        for (int k = count - 1; k >= 0; k--) {
            PoolEntry<C> e = slots.get(chain[k]);
            boolean idleTooLong =
                    idleTimeoutNanos > 0 && now - e.releasedAt >= idleTimeoutNanos && idleCount > settings.minIdle();
            if (expired(e, now) || idleTooLong) {
                toClose[removed++] = chain[k];
                idleCount--;
                chain[k] = -1;
            }
        }
        for (int k = count - 1; k >= 0; k--) {
            if (chain[k] >= 0) {
                idle.push(chain[k]);
                wakeOneWaiter();
            }
        }
        for (int k = 0; k < removed; k++) {
            discard(slots.get(toClose[k]));
        }
        if (closed.get()) {
            drainIdle(); // close() ran while we held the stack
            return;
        }
        fillToMinIdle();
    }

    private void fillToMinIdle() {
        int missing = settings.minIdle() - stats().idle();
        while (missing-- > 0 && !closed.get()) {
            int slot = reserveSlot();
            if (slot < 0) {
                return;
            }
            try {
                open(slot, PoolEntry.IDLE);
            } catch (RuntimeException e) {
                // One line: this runs in the background, typically while the server is down, and the
                // message says where and why. The stack trace is for DEBUG.
                LOG.log(
                        Level.WARNING,
                        "Pool '" + name + "' could not open a connection to keep " + settings.minIdle()
                                + " idle (it retries in the background): " + e.getMessage());
                LOG.log(Level.DEBUG, "Pool '" + name + "' could not open a connection", e);
                return;
            }
            idle.push(slot);
            if (closed.get()) {
                drainIdle();
                return;
            }
            wakeOneWaiter();
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

    private void listenerFailed(RuntimeException e) {
        LOG.log(Level.WARNING, "A listener of pool '" + name + "' threw; ignored", e);
    }

    private static long nanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE; // "practically forever"; beyond ~292 years
        }
    }
}
