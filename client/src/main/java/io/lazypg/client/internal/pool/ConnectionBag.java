package io.lazypg.client.internal.pool;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.PoolStats;
import io.lazypg.client.internal.waiting.Parking;
import io.lazypg.client.internal.waiting.WaitingThreads;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.jspecify.annotations.Nullable;

/**
 * The pool's connections and the threads waiting for them: which connection is idle, which is
 * handed out, which slot is free, and how a released connection reaches a waiting thread.
 * HikariCP's {@code ConcurrentBag} plays this part; what is done to a connection is
 * {@link PooledConnections}, and when (sizing, lifetimes, housekeeping) is {@link ConnectionPool}.
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
 * <h2>Taking and giving back</h2>
 * <ul>
 *   <li>While nobody waits, {@link #takeIdle} pops the idle stack (one CAS) and {@link #giveBack}
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
 * <h2>Opening for waiters</h2>
 * The acquiring thread never connects. When a thread has to wait and a slot is free, it reserves
 * the slot and the background thread opens a connection into it; the connection then goes to the
 * oldest waiter. A failed open is thrown, as is, in the thread it was opened for (when it still
 * waits), so a pool that cannot connect fails each waiter with the connect error as soon as its
 * attempt fails, without waiting for {@code acquireTimeout}. The acquire timeout does not run out
 * while a thread's own open is in flight: {@code connectTimeout} bounds that (so an acquire timeout
 * of zero still lets a thread have a new connection when there is room). A freed slot is given to
 * the oldest waiter with no open in flight.
 *
 * <p>Why one file of about 770 lines, past the client's ~600: the hand-over above is one protocol.
 * Its invariants (no wake-up lost, no waiter passed over past the window, a freed slot offered to a
 * waiter) hold between {@link #giveBack}, the serving from the idle stack, the opens for waiters
 * and a waiter's park loop, which read and write the same few fields under one lock; any cut
 * through them would leave each half with an invariant it cannot state alone.
 *
 * <p>Thread-safe. An entry taken from the bag ({@link #takeIdle}, {@link #awaitEntry}) is owned by
 * its taker until it is given back ({@link #giveBack}) or discarded ({@link #discard}), exactly once.
 *
 * @param <C> the connection type
 */
final class ConnectionBag<C extends Poolable> {

    private static final Logger LOG = System.getLogger(ConnectionPool.class.getName());

    /** Marks a slot reserved while its connection is being opened. */
    // A marker put in a slot, never handed out: its connection is never read, so no check on the
    // acquire path has to allow for a null one.
    @SuppressWarnings("NullAway")
    private static final PoolEntry<Poolable> CONNECTING = new PoolEntry<>(-1, null, 0, PoolEntry.CLOSED);

    private final String name;
    private final LazyPgConfig.PoolSettings settings;
    private final PooledConnections<C> connections;
    /** Runs the opens for waiters: the pool's housekeeper thread. */
    private final Executor background;
    /**
     * Told when an acquirer found every idle connection waiting for an answer on its way
     * ({@link #preferArrived}); the pool decides whether to open one more. Runs on the acquirer's thread.
     */
    private final Runnable allIdleAwaiting;

    private final int maxSize;
    private final long acquireTimeoutNanos;
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

    private final AtomicBoolean closed = new AtomicBoolean();

    ConnectionBag(
            String name,
            LazyPgConfig.PoolSettings settings,
            PooledConnections<C> connections,
            Executor background,
            Runnable allIdleAwaiting,
            long bargingWindowNanos) {
        this.name = name;
        this.settings = settings;
        this.connections = connections;
        this.background = background;
        this.allIdleAwaiting = allIdleAwaiting;
        this.bargingWindowNanos = bargingWindowNanos;
        this.maxSize = settings.maxSize();
        this.acquireTimeoutNanos = PooledConnections.nanos(settings.acquireTimeout());
        this.slots = new AtomicReferenceArray<>(maxSize);
        this.idle = new IdleStack(maxSize);
    }

    /** How many threads are waiting for a connection. */
    int waiting() {
        return waiting;
    }

    /** Whether the oldest waiter's turn is due: a thread arriving now must queue behind it. */
    boolean waitersFirst() {
        return waiting != 0 && turnDue();
    }

    boolean isClosed() {
        return closed.get();
    }

    /** Whether a slot is free for one more connection (a racy look, for a decision that may be wrong). */
    boolean hasRoom() {
        for (int i = 0; i < maxSize; i++) {
            if (slots.get(i) == null) {
                return true;
            }
        }
        return false;
    }

    // ---- taking ------------------------------------------------------------------------------

    /**
     * An idle usable entry, now owned by the caller (IN_USE); null when none is idle. The most
     * recently released one, unless its connection has an answer still on its way (see
     * {@link #preferArrived}).
     */
    @Nullable
    PoolEntry<C> takeIdle() {
        for (int i; (i = idle.pop()) >= 0; ) {
            PoolEntry<C> entry = slots.get(i);
            if (entry.connection.answerOnItsWay()) {
                entry = preferArrived(entry);
            }
            entry.setState(PoolEntry.IN_USE);
            if (connections.usable(entry)) {
                return entry;
            }
            discard(entry);
        }
        return null;
    }

    /**
     * {@code first}, just popped, would make its next user wait for an answer still on its way (a
     * read-only COMMIT or a ROLLBACK not waited for, which the channel reads before it writes, see
     * {@link Poolable#answerOnItsWay()}): returns instead the first idle entry below it whose
     * connection has no such answer, or, when every idle one is waiting, the one that has waited
     * longest (released first: its answer is the nearest), and then asks {@link #allIdleAwaiting}
     * for one more connection. The entries looked at and not taken go back on the stack in their
     * order. Off the common path: a connection released with no answer pending is never looked at
     * twice. Meanwhile another acquirer may find the stack empty and wait, as during housekeeping;
     * the look costs a non-blocking socket check per entry. Allocates nothing: the entries held
     * form a chain through the stack's own links ({@link IdleStack#link}).
     */
    private PoolEntry<C> preferArrived(PoolEntry<C> first) {
        idle.link(first.slot, -1);
        int held = first.slot; // the chain of entries looked at, last popped first
        PoolEntry<C> chosen = null;
        for (int i; (i = idle.pop()) >= 0; ) {
            PoolEntry<C> e = slots.get(i);
            if (!e.connection.answerOnItsWay()) {
                chosen = e;
                break;
            }
            idle.link(i, held);
            held = i;
        }
        if (chosen == null) {
            chosen = first;
            for (int i = held; i >= 0; i = idle.below(i)) {
                PoolEntry<C> e = slots.get(i);
                if (e.releasedAt < chosen.releasedAt) {
                    chosen = e;
                }
            }
            allIdleAwaiting.run();
        }
        // Deepest first, so the stack is as it was, less the chosen one.
        for (int i = held; i >= 0; ) {
            int next = idle.below(i); // read before the push overwrites it
            if (i != chosen.slot) {
                idle.push(i);
            }
            i = next;
        }
        if (closed.get()) {
            drainIdle(); // close() may have drained the stack while we held these
        } else if (waiting > 0) {
            Waiter w = oldest; // a thread may have queued while we held them, as in giveBack
            if (w != null) {
                w.wake();
            }
        }
        return chosen;
    }

    /**
     * Queues the calling thread behind those already waiting and parks it until it is handed a
     * usable entry, fails, times out or is interrupted.
     *
     * @param start when the caller began to acquire (System.nanoTime()), for the acquire timeout
     */
    PoolEntry<C> awaitEntry(long start) {
        Waiter me = new Waiter();
        enqueue(me, false);
        for (; ; ) {
            Object outcome = awaitOutcome(me, start);
            if (outcome instanceof PoolEntry<?>) {
                @SuppressWarnings("unchecked")
                PoolEntry<C> entry = (PoolEntry<C>) outcome;
                if (connections.usable(entry)) {
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

    /** Hands idle connections to the oldest waiters while both exist. */
    void serveWaitersFromIdle() {
        queueLock.lock();
        try {
            serveFromIdleLocked();
        } finally {
            queueLock.unlock();
        }
    }

    /**
     * Whether the oldest waiter has waited the barging window: from then on a released connection
     * goes straight to it and arriving threads queue behind it. Before, an arriving thread may take
     * an idle connection first (as HikariCP lets it): handing every connection to a parked thread
     * costs a wake-up per statement, which on few cores halves throughput when threads outnumber
     * connections, while the window bounds how long a waiter can be passed over.
     */
    private boolean turnDue() {
        Waiter w = oldest;
        return w != null && System.nanoTime() - w.since >= bargingWindowNanos;
    }

    private void queueChangedLocked() {
        waiting = queue.size();
        oldest = queue.peekFirst();
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
            connections.listener().acquireTimedOut();
        } catch (RuntimeException e) {
            connections.listenerFailed(e);
        }
    }

    // ---- opening for waiters -----------------------------------------------------------------

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
                background.execute(() -> openFor(slot, w));
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
            entry = open(slot);
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

    // ---- giving back -------------------------------------------------------------------------

    /**
     * Hands an entry the caller owns (usable, state IDLE or IN_USE) to the oldest waiter when its
     * turn is due, or pushes it on the idle stack (waking the oldest waiter, if any).
     */
    void giveBack(PoolEntry<C> entry) {
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

    // ---- slots and entries -------------------------------------------------------------------

    /** Reserves a free slot for a connection about to be opened; -1 when none is free. */
    @SuppressWarnings("unchecked")
    int reserveSlot() {
        PoolEntry<C> connecting = (PoolEntry<C>) (PoolEntry<?>) CONNECTING;
        for (int i = 0; i < maxSize; i++) {
            if (slots.get(i) == null && slots.compareAndSet(i, null, connecting)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Opens a connection into a reserved slot, IDLE (nobody holds it yet); on failure rethrows as
     * is, the slot still reserved.
     */
    PoolEntry<C> open(int slot) {
        PoolEntry<C> entry = connections.open(slot, PoolEntry.IDLE);
        slots.set(slot, entry);
        connections.created();
        return entry;
    }

    /** Closes an entry the caller owns, then frees its slot (in that order: never above maxSize). */
    void discard(PoolEntry<C> entry) {
        connections.close(entry);
        freeSlot(entry.slot);
    }

    /** Frees a slot, and gives it to a waiter when one has no open on its way. */
    void freeSlot(int slot) {
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

    /** The entry holding {@code connection}; throws when it is not one of this bag's. */
    PoolEntry<C> entryOf(C connection, String verb) {
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

    PgUsageException notHandedOut(String verb) {
        return new PgUsageException("A connection was " + verb + " to pool '" + name
                + "' that is not currently handed out by it (released twice, evicted before, or from another pool)");
    }

    /** Closes every idle connection; safe to call concurrently (each entry is taken once). */
    void drainIdle() {
        for (int i = idle.takeAll(); i >= 0; ) {
            int next = idle.below(i); // read before discard frees the slot
            discard(slots.get(i));
            i = next;
        }
    }

    /**
     * For the housekeeper: detaches the whole idle stack (an acquirer meanwhile sees none idle),
     * asks {@code keep} of each entry from the least recently used up, pushes those kept back in
     * their order, serves waiters from them, and only then discards the others (the I/O of closing
     * happens after the stack is whole again). Returns how many were discarded.
     */
    int sweepIdle(IdleSweep<C> keep) {
        int count = 0;
        int[] chain = new int[maxSize];
        for (int i = idle.takeAll(); i >= 0; i = idle.below(i)) {
            chain[count++] = i;
        }
        int idleCount = count;
        int removed = 0;
        int[] toClose = new int[count];
        // Bottom (least recently used) first, so idle-timeout evictions take the coldest ones.
        for (int k = count - 1; k >= 0; k--) {
            if (!keep.keep(slots.get(chain[k]), idleCount)) {
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
        return removed;
    }

    /** Decides, during {@link #sweepIdle}, whether an idle entry stays. */
    @FunctionalInterface
    interface IdleSweep<C extends Poolable> {
        /** {@code idleNow}: idle entries left if this one stays, counting those not yet asked. */
        boolean keep(PoolEntry<C> entry, int idleNow);
    }

    /** A snapshot of the counts. */
    PoolStats stats() {
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
        return new PoolStats(
                active, idleCount, waiting, maxSize, connections.totalCreated(), connections.totalClosed());
    }

    /** Calls {@code visitor} with each open connection and whether it is handed out; see {@link ConnectionPool#forEachOpen}. */
    void forEachOpen(java.util.function.BiConsumer<? super C, Boolean> visitor) {
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

    // ---- closing -----------------------------------------------------------------------------

    /** Marks the bag closed; true for the one call that did. */
    boolean markClosed() {
        return closed.compareAndSet(false, true);
    }

    /** After {@link #markClosed()}: closes what is idle and fails every waiter. */
    void closeIdleAndFailWaiters() {
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

    PgConnectionClosedException closedException() {
        return new PgConnectionClosedException("Pool '" + name + "' is closed");
    }
}
