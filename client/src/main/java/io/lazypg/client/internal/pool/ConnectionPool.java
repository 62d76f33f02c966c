package io.lazypg.client.internal.pool;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.PoolListener;
import io.lazypg.client.PoolStats;
import io.lazypg.client.internal.waiting.Parking;
import io.lazypg.client.internal.waiting.WaitingThreads;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A bounded pool of connections. Acquire and release take no lock and allocate nothing while no
 * thread waits; waiting threads are served in arrival order, and none is passed over for longer
 * than the barging window (1 ms) by threads arriving after it.
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
 *   <li>{@code queue}: the threads waiting in {@code acquire}, oldest first, each a {@link Waiter},
 *       guarded by {@code queueLock}. {@code waiting} is its size, volatile so the common path can
 *       see "nobody waits" without the lock. The lock is held for a few field writes only, never
 *       across I/O, a park or a listener call.</li>
 * </ul>
 *
 * <h2>Acquire and release</h2>
 * <ul>
 *   <li>While nobody waits, {@code acquire} pops the idle stack (one CAS) and {@code release}
 *       pushes it (one CAS) after reading {@code waiting}.</li>
 *   <li>While threads wait but the oldest has waited less than the barging window, an arriving
 *       thread may still take an idle connection, and a release pushes its connection on the idle
 *       stack and wakes the oldest waiter, which takes it unless an arriving thread (often the
 *       releasing one, asking again) was first. Handing every connection to a parked thread would
 *       cost a wake-up per statement: on 2 cores with 8 threads on 4 connections that held point
 *       selects to about half of HikariCP's throughput, which lets threads barge the same way.</li>
 *   <li>Once the oldest waiter's turn is due, an acquiring thread queues behind the waiters, even
 *       when a connection is idle, and a released connection goes straight to the oldest waiter
 *       (its state stays handed out; it never touches the idle stack); a connection found idle
 *       while threads wait goes to the oldest of them too. A waiter also serves itself from the
 *       idle stack when woken and when its turn falls due.</li>
 *   <li>A waiter first yields its core a few times ({@link Parking#SPINS_BEFORE_PARKING}), serving the
 *       oldest waiters from the idle stack when it finds a connection there, and only then parks.
 *       Releasers and hand-offs unpark a waiter only when it has parked: a wake-up costs a futex
 *       call and a context switch, a yield on a busy core less.</li>
 *   <li>No wake-up is lost: a releaser publishes its push before it reads {@code waiting}, and a
 *       waiter publishes {@code waiting} before it looks at the idle stack, so at least one of them
 *       sees the other (both are volatile/CAS accesses). Likewise a waiter publishes that it is
 *       parking before its last look at its outcome and the idle stack, and whoever sets the outcome
 *       or pushes reads that flag afterwards.</li>
 *   <li>A connection handed to a waiter is checked by the waiter on its own thread (validation may
 *       do a round trip); if unusable it is discarded and the waiter goes back to the front.</li>
 * </ul>
 *
 * <h2>Opening connections</h2>
 * The acquiring thread never connects. When a thread has to wait and a slot is free, it reserves
 * the slot and the background thread opens a connection into it; the connection then goes to the
 * oldest waiter. A failed open is thrown, as is, in the thread it was opened for (when it still
 * waits), so a pool that cannot connect fails each waiter with the connect error as soon as its
 * attempt fails, without waiting for {@code acquireTimeout}. The acquire timeout does not run out
 * while a thread's own open is in flight: {@code connectTimeout} bounds that (so an acquire timeout
 * of zero still lets a thread have a new connection when there is room). A freed slot is given to
 * the oldest waiter with no open in flight.
 *
 * <h2>Housekeeping</h2>
 * One daemon thread per pool ({@code lazypg-pool-<name>-housekeeper}) opens connections for
 * waiters (above), and periodically detaches the
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

    /** Marks a slot reserved while its connection is being opened. */
    // A marker put in a slot, never handed out: its connection is never read, so no check on the
    // acquire path has to allow for a null one.
    @SuppressWarnings("NullAway")
    private static final PoolEntry<Poolable> CONNECTING = new PoolEntry<>(-1, null, 0, PoolEntry.CLOSED);

    /** How long the oldest waiter may be passed over by arriving threads; see {@link #turnDue}. */
    static final long BARGING_WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

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
    /** See {@link #turnDue}. */
    private final long bargingWindowNanos;

    private final AtomicReferenceArray<PoolEntry<C>> slots;
    private final IdleStack idle;
    /** Threads waiting in acquire, oldest first; guarded by {@link #queueLock}. */
    private final ArrayDeque<Waiter> queue = new ArrayDeque<>();

    private final ReentrantLock queueLock = new ReentrantLock();
    /** {@code queue.size()}, written under {@link #queueLock}, read without it. */
    private volatile int waiting;
    /**
     * The oldest waiter (null when none) and since when it waits, written under {@link #queueLock}
     * with {@link #waiting}, read without it: whether its turn is due ({@link #turnDue}).
     */
    private volatile @Nullable Waiter oldest;

    private final AtomicLong totalCreated = new AtomicLong();
    private final AtomicLong totalClosed = new AtomicLong();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final ScheduledThreadPoolExecutor scheduler;

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
        this.factory = Objects.requireNonNull(factory, "factory");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.clock = clock;
        this.bargingWindowNanos = bargingWindowNanos;
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
        if (closed.get()) {
            throw closedException();
        }
        // An arriving thread may take an idle connection ahead of waiters whose turn is not due yet.
        PoolEntry<C> entry = waiting == 0 || !turnDue() ? takeIdle() : null;
        if (entry == null) {
            entry = awaitEntry(start);
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
        if (closed.get()) {
            throw closedException();
        }
        if (waiting != 0 && turnDue()) {
            return null;
        }
        PoolEntry<C> entry = takeIdle();
        if (entry != null) {
            return handOut(entry, start);
        }
        for (int i = 0; i < maxSize; i++) {
            if (slots.get(i) == null) {
                return acquire(); // room for one more: open it rather than share
            }
        }
        return null;
    }

    /** How many threads are waiting in {@link #acquire()}. */
    public int waiters() {
        return waiting;
    }

    private C handOut(PoolEntry<C> entry, long start) {
        entry.connection.claimForUse();
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
     * {@link #close()} is closed and its slot freed; otherwise it goes to the longest-waiting thread,
     * or becomes idle when nobody waits.
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
        boolean answerPending = connection.answerPending(); // asked before another thread may own it
        giveBack(entry);
        if (answerPending) {
            PendingAnswerReads.schedule(scheduler, connection);
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
            // A slot still being opened is neither: since the background thread opens for the pool,
            // not for one caller, an open can still be on its way after every caller has gone.
            if (e != CONNECTING && e.state() == PoolEntry.IN_USE) {
                active++;
            } else if (e.state() == PoolEntry.IDLE) {
                idleCount++;
            }
        }
        return new PoolStats(active, idleCount, waiting, maxSize, totalCreated.get(), totalClosed.get());
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
        queueLock.lock();
        try {
            for (Waiter w; (w = queue.pollFirst()) != null; ) {
                w.complete(Waiter.CLOSED);
            }
            queueChangedLocked();
        } finally {
            queueLock.unlock();
        }
    }

    // ---- acquire internals ------------------------------------------------------------------

    /** An idle usable entry, now owned by the caller (IN_USE); null when none is idle. */
    private @Nullable PoolEntry<C> takeIdle() {
        for (int i; (i = idle.pop()) >= 0; ) {
            PoolEntry<C> entry = slots.get(i);
            entry.setState(PoolEntry.IN_USE);
            if (usable(entry)) {
                return entry;
            }
            discard(entry);
        }
        return null;
    }

    private boolean usable(PoolEntry<C> entry) {
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

    private boolean expired(PoolEntry<C> entry, long now) {
        return maxLifetimeNanos > 0 && now - entry.createdAt >= maxLifetimeNanos;
    }

    /**
     * Queues the calling thread behind those already waiting and parks it until it is handed a
     * usable entry, fails, times out or is interrupted.
     */
    private PoolEntry<C> awaitEntry(long start) {
        Waiter me = new Waiter();
        enqueue(me, false);
        for (; ; ) {
            Object outcome = awaitOutcome(me, start);
            if (outcome instanceof PoolEntry<?>) {
                @SuppressWarnings("unchecked")
                PoolEntry<C> entry = (PoolEntry<C>) outcome;
                if (usable(entry)) {
                    return entry;
                }
                me = new Waiter();
                enqueue(me, true); // back to the front: it was this thread's turn
                discard(entry); // after enqueueing, so the freed slot is opened for this thread
            } else if (outcome == Waiter.CLOSED) {
                throw closedException();
            } else if (outcome instanceof RuntimeException e) {
                throw e;
            } else {
                throw (Error) outcome;
            }
        }
    }

    /**
     * Adds a waiter (at the back, or at the front when it lost a turn to an unusable connection),
     * then serves the queue from the idle stack and, when that is empty, has a connection opened
     * into a free slot for the oldest waiter without one on the way.
     */
    private void enqueue(Waiter w, boolean front) {
        queueLock.lock();
        try {
            if (closed.get()) {
                w.complete(Waiter.CLOSED);
                return;
            }
            if (front) {
                queue.addFirst(w);
            } else {
                queue.addLast(w);
            }
            queueChangedLocked();
            serveFromIdleLocked();
            openForWaitersLocked();
        } finally {
            queueLock.unlock();
        }
    }

    /**
     * Parks until the waiter has an outcome; on timeout or interrupt takes it off the queue and
     * throws. Counted in {@link WaitingThreads} meanwhile, so reads do not spin while threads queue.
     */
    private Object awaitOutcome(Waiter me, long start) {
        WaitingThreads.enter();
        try {
            return awaitOutcomeCounted(me, start);
        } finally {
            WaitingThreads.leave();
        }
    }

    private Object awaitOutcomeCounted(Waiter me, long start) {
        int spins = 0;
        for (; ; ) {
            Object outcome = me.outcome();
            if (outcome != null) {
                return outcome;
            }
            boolean interrupted = Thread.currentThread().isInterrupted();
            long remaining = acquireTimeoutNanos - (System.nanoTime() - start);
            if (!interrupted && remaining <= 0) {
                serveWaitersFromIdle(); // a connection left idle for us while we slept
                if (me.outcome() != null) {
                    continue;
                }
            }
            if (interrupted || remaining <= 0 && !openingFor(me)) {
                PgException failure = interrupted
                        ? new PgException(
                                "Interrupted while waiting for a connection from pool '" + name + "'",
                                new InterruptedException())
                        : timeoutException();
                if (leaveQueue(me)) {
                    if (!interrupted) {
                        notifyTimedOut();
                    }
                    throw failure;
                }
                continue; // an outcome arrived meanwhile: take it
            }
            if (spins < Parking.SPINS_BEFORE_PARKING) {
                spins++;
                if (!idle.isEmpty()) {
                    serveWaitersFromIdle(); // the oldest waiters first, as a woken one does
                }
                Thread.yield();
                continue;
            }
            // Publish "parked" before the last look: a releaser pushes, then reads the flag, so
            // either it sees the flag and unparks, or this look sees its connection (or outcome).
            me.parking(true);
            if (me.outcome() == null && idle.isEmpty()) {
                if (remaining > 0) {
                    // at most until this waiter's turn is due, when it serves itself from what is idle
                    long untilDue = bargingWindowNanos - (System.nanoTime() - me.since);
                    LockSupport.parkNanos(this, untilDue > 0 ? Math.min(remaining, untilDue) : remaining);
                } else {
                    LockSupport.park(this); // the open on its way completes, then unparks
                }
            }
            me.parking(false);
            if (me.outcome() == null) {
                serveWaitersFromIdle(); // woken by a release that left its connection idle, or due
            }
        }
    }

    private boolean openingFor(Waiter w) {
        queueLock.lock();
        try {
            return w.opening && w.outcome() == null;
        } finally {
            queueLock.unlock();
        }
    }

    /**
     * Takes a waiter off the queue when it still has no outcome; true if it did. Otherwise the
     * outcome has been set and belongs to the waiter.
     */
    private boolean leaveQueue(Waiter w) {
        queueLock.lock();
        try {
            if (w.outcome() != null) {
                return false;
            }
            queue.remove(w);
            queueChangedLocked();
            w.opening = false; // an open on its way now goes to the next waiter
            return true;
        } finally {
            queueLock.unlock();
        }
    }

    /** Hands idle connections to the oldest waiters while both exist. Caller holds the queue lock. */
    private void serveFromIdleLocked() {
        while (!queue.isEmpty()) {
            int i = idle.pop();
            if (i < 0) {
                return;
            }
            PoolEntry<C> entry = slots.get(i);
            entry.setState(PoolEntry.IN_USE);
            handToOldestLocked(entry);
        }
    }

    private void handToOldestLocked(PoolEntry<C> entry) {
        Waiter w = queue.pollFirst();
        queueChangedLocked();
        w.complete(entry);
    }

    /**
     * Reserves free slots for the oldest waiters with no open on the way and has the background
     * thread open them. Caller holds the queue lock.
     */
    private void openForWaitersLocked() {
        for (Waiter w : queue) {
            if (w.opening) {
                continue;
            }
            int slot = reserveSlot();
            if (slot < 0) {
                return;
            }
            w.opening = true;
            try {
                scheduler.execute(() -> openFor(slot, w));
            } catch (RejectedExecutionException e) {
                // The pool is closing: close() fails every waiter.
                w.opening = false;
                slots.set(slot, null);
                return;
            }
        }
    }

    /**
     * Runs on the background thread: opens a connection into a reserved slot for a waiter, then
     * hands it to the oldest waiter. A failure goes to that waiter when it still waits; its slot is
     * then offered to the next waiter.
     */
    private void openFor(int slot, Waiter requester) {
        PoolEntry<C> entry;
        try {
            // IDLE until giveBack hands it out: the waiter it was opened for may have been served from
            // the idle stack meanwhile (and left), and a connection nobody holds is not active.
            entry = open(slot, PoolEntry.IDLE);
        } catch (RuntimeException | Error e) {
            // The slot is free before the failure reaches its thread, which may look at the pool's
            // counts (or acquire again) the moment it wakes.
            slots.set(slot, null);
            boolean delivered = false;
            queueLock.lock();
            try {
                if (requester.opening && queue.remove(requester)) {
                    queueChangedLocked();
                    requester.complete(e);
                    delivered = true;
                }
                requester.opening = false;
                openForWaitersLocked(); // the freed slot goes to the next waiter, if any
            } finally {
                queueLock.unlock();
            }
            if (!delivered) {
                LOG.log(
                        Level.DEBUG,
                        "Pool '" + name + "' could not open a connection for a thread that stopped waiting",
                        e);
            }
            return;
        }
        if (closed.get()) {
            discard(entry);
        } else {
            giveBack(entry, true); // it was opened for the waiters: no barging for it
        }
        // Only now: a requester past its timeout must not give up before the entry was handed out.
        queueLock.lock();
        try {
            requester.opening = false;
        } finally {
            queueLock.unlock();
        }
        LockSupport.unpark(requester.thread); // it may be parked past its timeout, waiting for this open
    }

    /**
     * Hands an entry the caller owns (usable, state IDLE or IN_USE) to the oldest waiter, or pushes
     * it on the idle stack when nobody waits.
     */
    private void giveBack(PoolEntry<C> entry) {
        giveBack(entry, false);
    }

    /** {@link #giveBack(PoolEntry)}; {@code toOldest}: to the oldest waiter even when its turn is not due. */
    private void giveBack(PoolEntry<C> entry, boolean toOldest) {
        if (waiting > 0 && (toOldest || turnDue())) {
            queueLock.lock();
            try {
                if (!queue.isEmpty()) {
                    entry.setState(PoolEntry.IN_USE);
                    handToOldestLocked(entry);
                    return;
                }
            } finally {
                queueLock.unlock();
            }
        }
        entry.setState(PoolEntry.IDLE);
        idle.push(entry.slot);
        if (closed.get()) {
            // close() may have drained the stack just before our push: drain again.
            drainIdle();
        } else if (waiting > 0) {
            // Either a thread queued between our check and our push, or the oldest waiter's turn is
            // not due: wake it to take the connection, unless a thread arriving meanwhile (often
            // the one that just released it) takes it first.
            Waiter w = oldest;
            if (w != null) {
                w.wake(); // only when parked: a spinning waiter finds the connection itself
            }
        }
    }

    /**
     * Whether the oldest waiter has waited the barging window ({@link #BARGING_WINDOW_NANOS}): from then on a released
     * connection goes straight to it and arriving threads queue behind it. Before, an arriving
     * thread may take an idle connection first (as HikariCP lets it): handing every connection to a
     * parked thread costs a wake-up per statement, which on few cores halves throughput when
     * threads outnumber connections, while the window bounds how long a waiter can be passed over.
     */
    private boolean turnDue() {
        Waiter w = oldest;
        return w != null && System.nanoTime() - w.since >= bargingWindowNanos;
    }

    private void queueChangedLocked() {
        waiting = queue.size();
        oldest = queue.peekFirst();
    }

    private void serveWaitersFromIdle() {
        queueLock.lock();
        try {
            serveFromIdleLocked();
        } finally {
            queueLock.unlock();
        }
    }

    private PgTimeoutException timeoutException() {
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

    private void notifyTimedOut() {
        try {
            listener.acquireTimedOut();
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
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

    /** Opens a connection into a reserved slot; on failure rethrows as is, the slot still reserved. */
    private PoolEntry<C> open(int slot, int state) {
        C connection = factory.connect();
        if (connection == null) {
            throw new PgException("Connection factory of pool '" + name + "' returned null");
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

    /** Frees a slot, and gives it to a waiter when one has no open on its way. */
    private void freeSlot(int slot) {
        slots.set(slot, null);
        if (waiting > 0) {
            queueLock.lock();
            try {
                openForWaitersLocked();
            } finally {
                queueLock.unlock();
            }
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
            }
        }
        if (waiting > 0) {
            serveWaitersFromIdle();
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
            PoolEntry<C> entry;
            try {
                entry = open(slot, PoolEntry.IDLE);
            } catch (RuntimeException e) {
                freeSlot(slot);
                // One line: this runs in the background, typically while the server is down, and the
                // message says where and why. The stack trace is for DEBUG.
                LOG.log(
                        Level.WARNING,
                        "Pool '" + name + "' could not open a connection to keep " + settings.minIdle()
                                + " idle (it retries in the background): " + e.getMessage());
                LOG.log(Level.DEBUG, "Pool '" + name + "' could not open a connection", e);
                return;
            }
            giveBack(entry);
            if (closed.get()) {
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
