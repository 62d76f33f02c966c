package io.lazypg.client.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgConfig.PoolSettings;
import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.PoolListener;
import io.lazypg.client.PoolStats;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class ConnectionPoolTest {

    private static final PoolSettings SETTINGS = PoolSettings.DEFAULTS
            .withMaxSize(4)
            .withAcquireTimeout(Duration.ofSeconds(30))
            .withValidateAfterIdle(Duration.ofSeconds(1));

    private final FakeConnections factory = new FakeConnections();
    /** The pool's clock for ages, moved by hand. */
    private final AtomicLong now = new AtomicLong(1_000_000_000L);

    private final List<ConnectionPool<?>> pools = new ArrayList<>();

    @AfterEach
    void closePools() {
        pools.forEach(ConnectionPool::close);
    }

    private ConnectionPool<FakeConnections.Conn> pool(PoolSettings settings) {
        return pool(settings, PoolListener.NONE);
    }

    private ConnectionPool<FakeConnections.Conn> pool(PoolSettings settings, PoolListener listener) {
        return pool(settings, listener, ConnectionPool.BARGING_WINDOW_NANOS);
    }

    private ConnectionPool<FakeConnections.Conn> pool(
            PoolSettings settings, PoolListener listener, long bargingWindowNanos) {
        ConnectionPool<FakeConnections.Conn> p =
                new ConnectionPool<>("test", settings, factory, listener, now::get, false, bargingWindowNanos);
        pools.add(p);
        return p;
    }

    private void advance(Duration d) {
        now.addAndGet(d.toNanos());
    }

    @Test
    void releasedConnectionIsHandedOutAgain() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn first = pool.acquire();
        pool.release(first);
        FakeConnections.Conn second = pool.acquire();

        assertThat(second).isSameAs(first);
        assertThat(factory.created).hasValue(1);
        assertThat(first.validations).hasValue(0); // idle for less than validateAfterIdle
        assertThat(pool.stats()).isEqualTo(new PoolStats(1, 0, 0, 4, 1, 0));
    }

    @Test
    void mostRecentlyReleasedGoesOutFirst() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn a = pool.acquire();
        FakeConnections.Conn b = pool.acquire();
        FakeConnections.Conn c = pool.acquire();
        pool.release(a);
        pool.release(c);
        pool.release(b);

        assertThat(pool.acquire()).isSameAs(b);
        assertThat(pool.acquire()).isSameAs(c);
        assertThat(pool.acquire()).isSameAs(a);
    }

    /** The body of one of {@link #inThreads}' threads; {@code seed} is the thread's number. */
    @FunctionalInterface
    private interface ThreadBody {
        void run(int seed) throws Exception;
    }

    /** Runs {@code body} on {@code threads} threads started together; fails if one throws or any outlasts {@code seconds}. */
    private static void inThreads(int threads, int seconds, ThreadBody body) throws Exception {
        CyclicBarrier start = new CyclicBarrier(threads);
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int seed = t;
                futures.add(executor.submit(() -> {
                    start.await();
                    body.run(seed);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(seconds, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void maxSizeHoldsUnderContentionAndNothingIsLost() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(3));
        AtomicInteger handedOutNow = new AtomicInteger();
        AtomicInteger maxHandedOut = new AtomicInteger();
        inThreads(16, 50, seed -> {
            for (int i = 0; i < 2_000; i++) {
                FakeConnections.Conn c = pool.acquire();
                maxHandedOut.accumulateAndGet(handedOutNow.incrementAndGet(), Math::max);
                if ((i + seed) % 97 == 0) {
                    c.broken = true; // exercise discard-and-replace under contention too
                }
                if ((i + seed) % 10 == 0) {
                    Thread.yield();
                }
                handedOutNow.decrementAndGet();
                if ((i + seed) % 211 == 0) {
                    pool.evict(c);
                } else {
                    pool.release(c);
                }
            }
        });

        PoolStats stats = pool.stats();
        assertThat(factory.maxOpen.get()).isLessThanOrEqualTo(3);
        assertThat(maxHandedOut.get()).isLessThanOrEqualTo(3);
        assertThat(stats.active()).isZero();
        assertThat(stats.pending()).isZero();
        assertThat(stats.totalCreated() - stats.totalClosed()).isEqualTo(stats.idle());
        assertThat(factory.open.get()).isEqualTo(stats.idle());
        assertThat(stats.totalCreated()).isEqualTo(factory.created.get()).isGreaterThan(1);
        // Every connection still open is idle and can be handed out.
        List<FakeConnections.Conn> drained = new ArrayList<>();
        for (int i = 0; i < stats.idle(); i++) {
            drained.add(pool.acquire());
        }
        assertThat(drained)
                .doesNotHaveDuplicates()
                .allSatisfy(c -> assertThat(c.closed).isFalse());
    }

    /**
     * One connection, many threads, a barging window no waiter reaches: every hand-over then rests
     * on a release waking (or a spinning waiter finding) the idle connection. A lost wake-up leaves
     * a waiter parked until its 30 s acquire timeout and fails the run.
     */
    @Test
    void spinningAndParkingWaitersLoseNoWakeUp() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool =
                pool(SETTINGS.withMaxSize(1), PoolListener.NONE, TimeUnit.HOURS.toNanos(1));
        AtomicInteger handedOutNow = new AtomicInteger();
        AtomicInteger maxHandedOut = new AtomicInteger();
        long began = System.nanoTime();
        // 25 s, below the acquire timeout: a stranded waiter fails the run here
        inThreads(8, 25, seed -> {
            for (int i = 0; i < 3_000; i++) {
                FakeConnections.Conn c = pool.acquire();
                maxHandedOut.accumulateAndGet(handedOutNow.incrementAndGet(), Math::max);
                if ((i + seed) % 3 == 0) {
                    Thread.yield(); // let waiters run out their spins and park
                }
                handedOutNow.decrementAndGet();
                pool.release(c);
            }
        });

        assertThat(maxHandedOut.get()).isEqualTo(1);
        assertThat(factory.created).hasValue(1);
        assertThat(pool.stats()).isEqualTo(new PoolStats(0, 1, 0, 1, 1, 0));
        assertThat(Duration.ofNanos(System.nanoTime() - began)).isLessThan(Duration.ofSeconds(25));
    }

    @Test
    void housekeepingConcurrentWithAcquireAndReleaseKeepsTheCounts() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(3)
                .withMinIdle(1)
                .withIdleTimeout(Duration.ofSeconds(5))
                .withMaxLifetime(Duration.ofSeconds(60))
                .withValidateAfterIdle(Duration.ofSeconds(2)));
        int threads = 8;
        CyclicBarrier start = new CyclicBarrier(threads + 1);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        AtomicInteger rounds = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(threads + 1);
        try {
            Future<?> housekeeper = executor.submit(() -> {
                start.await();
                while (!stop.get()) {
                    advance(Duration.ofSeconds(1)); // ages pass quickly: expiry and idle eviction happen
                    pool.housekeep();
                    rounds.incrementAndGet();
                    Thread.yield();
                }
                return null;
            });
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(executor.submit(() -> {
                    start.await();
                    // Keep going until the housekeeper has aged connections past lifetime many times.
                    for (int i = 0; i < 3_000 || rounds.get() < 300; i++) {
                        FakeConnections.Conn c = pool.acquire();
                        assertThat(c.closed).isFalse();
                        pool.release(c);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(50, TimeUnit.SECONDS);
            }
            stop.set(true);
            housekeeper.get(50, TimeUnit.SECONDS);
        } finally {
            stop.set(true);
            executor.shutdownNow();
        }

        PoolStats stats = pool.stats();
        assertThat(factory.maxOpen.get()).isLessThanOrEqualTo(3);
        assertThat(stats.active()).isZero();
        assertThat(stats.totalCreated() - stats.totalClosed()).isEqualTo(stats.idle());
        assertThat(factory.open.get()).isEqualTo(stats.idle());
        assertThat(stats.totalClosed()).isPositive();
    }

    @Test
    void waiterIsWokenWhenAnEvictionFreesASlot() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1));
        FakeConnections.Conn held = pool.acquire();
        AtomicReference<FakeConnections.Conn> got = new AtomicReference<>();
        Thread waiter = new Thread(() -> got.set(pool.acquire()));
        waiter.start();
        awaitPending(pool, 1);
        pool.evict(held);
        waiter.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(got.get()).isNotNull().isNotSameAs(held);
        assertThat(factory.created).hasValue(2);
    }

    @Test
    void acquireTimeoutNamesThePoolItsCountsAndWhatToDo() {
        ConnectionPool<FakeConnections.Conn> pool =
                pool(SETTINGS.withMaxSize(2).withAcquireTimeout(Duration.ofMillis(50)));
        AtomicInteger timeouts = new AtomicInteger();
        ConnectionPool<FakeConnections.Conn> counted =
                pool(SETTINGS.withMaxSize(1).withAcquireTimeout(Duration.ZERO), new PoolListener() {
                    @Override
                    public void acquireTimedOut() {
                        timeouts.incrementAndGet();
                    }
                });
        pool.acquire();
        pool.acquire();

        assertThatThrownBy(pool::acquire)
                .isInstanceOfSatisfying(
                        PgTimeoutException.class, e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.ACQUIRE))
                .hasMessageContaining("pool 'test'")
                .hasMessageContaining("max size 2")
                .hasMessageContaining("active 2")
                .hasMessageContaining("idle 0")
                .hasMessageContaining("waiting threads 1")
                .hasMessageContaining("raise pool.max-size")
                .hasMessageContaining("shorten transactions")
                .hasMessageContaining("leaked connections");
        assertThat(pool.stats().pending()).isZero();

        counted.acquire();
        assertThatThrownBy(counted::acquire).isInstanceOf(PgTimeoutException.class);
        assertThat(timeouts).hasValue(1);
    }

    @Test
    void waiterGetsTheConnectionReleasedByAnotherThread() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1));
        FakeConnections.Conn held = pool.acquire();
        AtomicReference<FakeConnections.Conn> got = new AtomicReference<>();
        Thread waiter = new Thread(() -> got.set(pool.acquire()));
        waiter.start();
        awaitPending(pool, 1);
        pool.release(held);
        waiter.join(TimeUnit.SECONDS.toMillis(30));

        assertThat(got.get()).isSameAs(held);
        assertThat(factory.created).hasValue(1);
    }

    @Test
    void withinTheBargingWindowAThreadAskingAgainTakesTheConnectionItJustReleased() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool =
                pool(SETTINGS.withMaxSize(1), PoolListener.NONE, TimeUnit.HOURS.toNanos(1));
        FakeConnections.Conn held = pool.acquire();
        AtomicReference<FakeConnections.Conn> got = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            FakeConnections.Conn c = pool.acquire();
            got.set(c);
            pool.release(c);
        });
        waiter.start();
        awaitPending(pool, 1);

        pool.release(held);
        FakeConnections.Conn again = pool.acquire(); // the waiter's turn is not due: no wait

        assertThat(again).isSameAs(held);
        assertThat(got.get()).isNull();
        pool.release(again); // now the woken waiter takes it
        waiter.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(got.get()).isSameAs(held);
        assertThat(pool.stats().pending()).isZero();
    }

    @Test
    void onceItsTurnIsDueAWaiterGetsTheReleasedConnectionBeforeAThreadAskingAgain() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1), PoolListener.NONE, 0);
        FakeConnections.Conn held = pool.acquire();
        AtomicReference<FakeConnections.Conn> got = new AtomicReference<>();
        CountDownLatch waiterHasIt = new CountDownLatch(1);
        CountDownLatch mayRelease = new CountDownLatch(1);
        Thread waiter = new Thread(() -> {
            FakeConnections.Conn c = pool.acquire();
            got.set(c);
            waiterHasIt.countDown();
            try {
                mayRelease.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool.release(c);
        });
        waiter.start();
        awaitPending(pool, 1);

        pool.release(held); // handed straight to the waiter
        assertThat(waiterHasIt.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(got.get()).isSameAs(held);
        mayRelease.countDown();
        FakeConnections.Conn again = pool.acquire(); // waits for the waiter to give it back
        assertThat(again).isSameAs(held);
        pool.release(again);
        waiter.join(TimeUnit.SECONDS.toMillis(30));
    }

    @Test
    void brokenConnectionIsClosedOnReleaseAndReplaced() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn first = pool.acquire();
        first.broken = true;
        pool.release(first);

        assertThat(first.closed).isTrue();
        assertThat(pool.stats()).isEqualTo(new PoolStats(0, 0, 0, 4, 1, 1));
        FakeConnections.Conn second = pool.acquire();
        assertThat(second).isNotSameAs(first);
        assertThat(second.closed).isFalse();
    }

    @Test
    void connectionBrokenWhileIdleIsNotHandedOut() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn first = pool.acquire();
        pool.release(first);
        first.broken = true;

        FakeConnections.Conn second = pool.acquire();
        assertThat(second).isNotSameAs(first);
        assertThat(first.closed).isTrue();
    }

    @Test
    void evictClosesAndFreesTheSlot() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1).withAcquireTimeout(Duration.ZERO));
        FakeConnections.Conn first = pool.acquire();
        pool.evict(first);

        assertThat(first.closed).isTrue();
        FakeConnections.Conn second = pool.acquire(); // would time out if the slot were still taken
        assertThat(second).isNotSameAs(first);
        assertThatThrownBy(() -> pool.evict(first)).isInstanceOf(PgUsageException.class);
    }

    @Test
    void doubleReleaseAndForeignConnectionsAreUsageErrors() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn c = pool.acquire();
        pool.release(c);

        assertThatThrownBy(() -> pool.release(c))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("pool 'test'");
        assertThatThrownBy(() -> pool.release(new FakeConnections().connect())).isInstanceOf(PgUsageException.class);
        assertThat(pool.stats().idle()).isEqualTo(1);
    }

    @Test
    void idleConnectionPastValidateAfterIdleIsValidatedAndReplacedWhenInvalid() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn first = pool.acquire();
        pool.release(first);
        advance(Duration.ofSeconds(2));
        first.valid = false;

        FakeConnections.Conn second = pool.acquire();

        assertThat(first.validations).hasValue(1);
        assertThat(first.closed).isTrue();
        assertThat(second).isNotSameAs(first);
        assertThat(pool.stats()).isEqualTo(new PoolStats(1, 0, 0, 4, 2, 1));
    }

    @Test
    void idleConnectionPastValidateAfterIdleIsHandedOutWhenValid() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn first = pool.acquire();
        pool.release(first);
        advance(Duration.ofSeconds(2));

        assertThat(pool.acquire()).isSameAs(first);
        assertThat(first.validations).hasValue(1);
    }

    @Test
    void connectionPastMaxLifetimeIsReplacedOnAcquireAndClosedOnRelease() {
        ConnectionPool<FakeConnections.Conn> pool =
                pool(SETTINGS.withMaxLifetime(Duration.ofMinutes(30)).withValidateAfterIdle(Duration.ofHours(1)));
        FakeConnections.Conn first = pool.acquire();
        pool.release(first);
        advance(Duration.ofMinutes(31));

        FakeConnections.Conn second = pool.acquire();
        assertThat(second).isNotSameAs(first);
        assertThat(first.closed).isTrue();

        advance(Duration.ofMinutes(31));
        pool.release(second);
        assertThat(second.closed).isTrue();
        assertThat(pool.stats().idle()).isZero();
    }

    @Test
    void housekeeperClosesExpiredIdleConnections() {
        ConnectionPool<FakeConnections.Conn> pool =
                pool(SETTINGS.withMaxLifetime(Duration.ofMinutes(30)).withIdleTimeout(Duration.ZERO));
        FakeConnections.Conn first = pool.acquire();
        pool.release(first);
        advance(Duration.ofMinutes(31));

        pool.housekeep();

        assertThat(first.closed).isTrue();
        assertThat(pool.stats().idle()).isZero();
    }

    @Test
    void idleTimeoutEvictionKeepsMinIdleAndHousekeeperTopsUp() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(5)
                .withMinIdle(2)
                .withIdleTimeout(Duration.ofMinutes(10))
                .withMaxLifetime(Duration.ZERO)
                .withValidateAfterIdle(Duration.ofHours(1)));
        pool.housekeep();
        assertThat(pool.stats().idle()).isEqualTo(2);

        List<FakeConnections.Conn> held = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            held.add(pool.acquire());
        }
        held.forEach(pool::release);
        assertThat(pool.stats().idle()).isEqualTo(4);
        // The most recently released stays warm: it is on top, the eviction takes the bottom.
        FakeConnections.Conn top = held.get(3);

        advance(Duration.ofMinutes(11));
        pool.housekeep();

        PoolStats stats = pool.stats();
        assertThat(stats.idle()).isEqualTo(2);
        assertThat(factory.open.get()).isEqualTo(2);
        assertThat(stats.totalClosed()).isEqualTo(2);
        assertThat(held.get(0).closed).isTrue();
        assertThat(held.get(1).closed).isTrue();
        assertThat(top.closed).isFalse();
        assertThat(pool.acquire()).isSameAs(top);

        // Top-up: with one handed out, the housekeeper opens another to keep two idle.
        pool.housekeep();
        assertThat(pool.stats().idle()).isEqualTo(2);
        assertThat(pool.stats().active()).isEqualTo(1);
    }

    @Test
    void housekeeperTopUpFailureIsLoggedNotThrown() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMinIdle(1));
        factory.failNext = () -> new PgConnectException("Cannot connect to db:5432/shop as app: Connection refused");
        Logger julLogger = Logger.getLogger(ConnectionPool.class.getName());
        List<LogRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        java.util.logging.Level previousLevel = julLogger.getLevel();
        boolean useParent = julLogger.getUseParentHandlers();
        julLogger.addHandler(handler);
        julLogger.setLevel(java.util.logging.Level.ALL);
        julLogger.setUseParentHandlers(false); // keep the expected warning out of the build output
        try {
            pool.housekeep();
        } finally {
            julLogger.setUseParentHandlers(useParent);
            julLogger.setLevel(previousLevel);
            julLogger.removeHandler(handler);
        }

        // The database being down is one WARN line with the cause; the stack trace only at DEBUG.
        List<LogRecord> warnings = records.stream()
                .filter(r -> r.getLevel().equals(java.util.logging.Level.WARNING))
                .toList();
        assertThat(warnings).singleElement().satisfies(r -> {
            assertThat(r.getThrown()).isNull();
            assertThat(r.getMessage())
                    .contains("could not open a connection to keep 1 idle")
                    .contains("Cannot connect to db:5432/shop as app: Connection refused")
                    .doesNotContain("\n");
        });
        assertThat(records)
                .filteredOn(r -> r.getLevel().intValue() < java.util.logging.Level.INFO.intValue())
                .singleElement()
                .satisfies(r -> assertThat(r.getThrown()).isInstanceOf(PgConnectException.class));

        assertThat(pool.stats()).isEqualTo(new PoolStats(0, 0, 0, 4, 0, 0));
        pool.housekeep();
        assertThat(pool.stats().idle()).isEqualTo(1);
    }

    @Test
    void factoryFailurePropagatesAsIsAndFreesTheSlot() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1).withAcquireTimeout(Duration.ZERO));
        PgConnectException refused = new PgConnectException("connection refused");
        factory.failNext = () -> refused;

        assertThatThrownBy(pool::acquire).isSameAs(refused);
        assertThat(pool.stats()).isEqualTo(new PoolStats(0, 0, 0, 1, 0, 0));
        assertThat(pool.acquire()).isNotNull(); // would time out if the slot had leaked
    }

    @Test
    void closeClosesIdleNowAndHandedOutOnRelease() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(2));
        FakeConnections.Conn idle = pool.acquire();
        FakeConnections.Conn held = pool.acquire();
        pool.release(idle);

        pool.close();

        assertThat(idle.closed).isTrue();
        assertThat(held.closed).isFalse();
        pool.release(held);
        assertThat(held.closed).isTrue();
        assertThat(factory.open).hasValue(0);
        assertThat(pool.stats()).isEqualTo(new PoolStats(0, 0, 0, 2, 2, 2));
        assertThatThrownBy(pool::acquire)
                .isInstanceOf(PgConnectionClosedException.class)
                .hasMessageContaining("'test'");
        pool.close(); // idempotent
    }

    @Test
    void closeFailsEveryWaiter() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1));
        FakeConnections.Conn held = pool.acquire();
        int waiting = 3;
        CountDownLatch done = new CountDownLatch(waiting);
        List<Throwable> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int i = 0; i < waiting; i++) {
            new Thread(() -> {
                        try {
                            pool.acquire();
                        } catch (Throwable t) {
                            errors.add(t);
                        }
                        done.countDown();
                    })
                    .start();
        }
        awaitPending(pool, waiting);

        pool.close();

        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(errors).hasSize(waiting).allMatch(e -> e instanceof PgConnectionClosedException);
        assertThat(held.closed).isFalse();
        pool.release(held);
        assertThat(held.closed).isTrue();
        assertThat(factory.open).hasValue(0);
    }

    @Test
    void interruptWhileWaitingThrowsAndKeepsTheFlag() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1));
        pool.acquire();
        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(pool::acquire)
                    .isExactlyInstanceOf(PgException.class)
                    .hasMessageContaining("Interrupted")
                    .hasCauseInstanceOf(InterruptedException.class);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted();
        }
        assertThat(pool.stats().pending()).isZero();
    }

    @Test
    void connectionHeldPastLeakThresholdIsReportedOnceWithTheAcquirersStack() throws Exception {
        Logger julLogger = Logger.getLogger(ConnectionPool.class.getName());
        List<LogRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();
        CountDownLatch reported = new CountDownLatch(1);
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getMessage() != null && record.getMessage().contains("possible leak")) {
                    records.add(record);
                    reported.countDown();
                }
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
        julLogger.addHandler(handler);
        boolean useParent = julLogger.getUseParentHandlers();
        julLogger.setUseParentHandlers(false); // keep the expected warning out of the build output
        try {
            ConnectionPool<FakeConnections.Conn> pool =
                    new ConnectionPool<>("leaky", SETTINGS.withLeakDetectionThreshold(Duration.ofMillis(20)), factory);
            pools.add(pool);
            FakeConnections.Conn leaked = acquireForLeak(pool);

            assertThat(reported.await(30, TimeUnit.SECONDS)).isTrue();
            LogRecord record = records.get(0);
            assertThat(record.getLevel()).isEqualTo(java.util.logging.Level.WARNING);
            assertThat(record.getMessage()).contains("pool 'leaky'").contains("20 ms");
            StringWriter trace = new StringWriter();
            record.getThrown().printStackTrace(new PrintWriter(trace));
            assertThat(trace.toString()).contains("acquireForLeak");
            // Reported once, not again while still held.
            Thread.sleep(100);
            pool.release(leaked);
            pool.close();
            assertThat(records).hasSize(1);
        } finally {
            julLogger.setUseParentHandlers(useParent);
            julLogger.removeHandler(handler);
        }
    }

    @Test
    void releaseInTimeCancelsTheLeakReport() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withLeakDetectionThreshold(Duration.ofHours(1)));
        ConnectionPool<FakeConnections.Conn> off = pool(SETTINGS);

        FakeConnections.Conn c = pool.acquire();
        assertThat(pool.scheduledTasks()).isEqualTo(1);
        pool.release(c);
        assertThat(pool.scheduledTasks()).isZero();

        off.release(off.acquire());
        assertThat(off.scheduledTasks()).isZero(); // detection off: nothing scheduled, nothing captured
    }

    private static FakeConnections.Conn acquireForLeak(ConnectionPool<FakeConnections.Conn> pool) {
        return pool.acquire();
    }

    @Test
    void listenerSeesCreatedAcquiredAndClosed() {
        AtomicInteger created = new AtomicInteger();
        AtomicInteger acquired = new AtomicInteger();
        AtomicInteger closed = new AtomicInteger();
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS, new PoolListener() {
            @Override
            public void acquired(long waitNanos) {
                assertThat(waitNanos).isNotNegative();
                acquired.incrementAndGet();
            }

            @Override
            public void created() {
                created.incrementAndGet();
            }

            @Override
            public void closed() {
                closed.incrementAndGet();
            }
        });
        FakeConnections.Conn c = pool.acquire();
        pool.release(c);
        pool.evict(pool.acquire());

        assertThat(created).hasValue(1);
        assertThat(acquired).hasValue(2);
        assertThat(closed).hasValue(1);
    }

    @Test
    void housekeeperThreadIsNamedAfterThePoolAndTopsUpOnStart() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = new ConnectionPool<>("orders", SETTINGS.withMinIdle(1), factory);
        pools.add(pool);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pool.stats().idle() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertThat(pool.stats().idle()).isEqualTo(1);
        assertThat(Thread.getAllStackTraces().keySet()).anySatisfy(t -> {
            assertThat(t.getName()).isEqualTo("lazypg-pool-orders-housekeeper");
            assertThat(t.isDaemon()).isTrue();
        });
    }

    // ---- answers left pending (#28)

    @Test
    void anIdleConnectionWhoseAnswerIsOnItsWayGoesOutAfterOneWithout() {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn ready = pool.acquire();
        FakeConnections.Conn waiting = pool.acquire();
        FakeConnections.Conn third = pool.acquire();
        pool.release(third);
        pool.release(ready);
        waiting.answerOnItsWay = true;
        pool.release(waiting); // on top of the stack, but its next user would wait

        assertThat(pool.acquire()).as("the most recent one whose answer is in").isSameAs(ready);
        waiting.answerOnItsWay = false; // its answer arrived meanwhile
        assertThat(pool.acquire()).as("then the stack in its order").isSameAs(waiting);
        assertThat(pool.acquire()).isSameAs(third);
        assertThat(factory.created)
                .as("no spare opened: one connection was ready")
                .hasValue(3);
    }

    @Test
    void whenEveryIdleConnectionAwaitsItsAnswerTheLongestWaitingGoesOutAndASpareIsOpened() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS);
        FakeConnections.Conn older = pool.acquire();
        FakeConnections.Conn newer = pool.acquire();
        older.answerOnItsWay = true;
        newer.answerOnItsWay = true;
        pool.release(older);
        advance(Duration.ofMillis(1));
        pool.release(newer);

        assertThat(pool.acquire())
                .as("released first: its answer is the nearest")
                .isSameAs(older);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pool.stats().idle() < 2 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(factory.created).as("a spare, opened in the background").hasValue(3);
        assertThat(pool.stats()).isEqualTo(new PoolStats(1, 2, 0, 4, 3, 0));
        FakeConnections.Conn spare = pool.acquire();
        assertThat(spare).isNotIn(older, newer);
        assertThat(pool.acquire()).as("the one still waiting, last").isSameAs(newer);
    }

    @Test
    void aFullPoolOpensNoSpareAndHandsOutTheConnectionWhoseAnswerIsOnItsWay() throws Exception {
        ConnectionPool<FakeConnections.Conn> pool = pool(SETTINGS.withMaxSize(1));
        FakeConnections.Conn only = pool.acquire();
        only.answerOnItsWay = true;
        pool.release(only);
        assertThat(pool.acquire()).isSameAs(only);
        Thread.sleep(50); // a spare would have been opened by now
        assertThat(factory.created).hasValue(1);
        assertThat(pool.stats()).isEqualTo(new PoolStats(1, 0, 0, 1, 1, 0));
    }

    private static void awaitPending(ConnectionPool<?> pool, int pending) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (pool.stats().pending() < pending) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never saw " + pending + " waiting threads: " + pool.stats());
            }
            Thread.sleep(1);
        }
    }
}
