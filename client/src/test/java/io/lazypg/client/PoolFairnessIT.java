package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The pool serves waiting threads in the order they arrived, hands a released connection straight
 * to the oldest of them, and fails waiters at once with the connect error when it cannot connect.
 * Deterministic: the pool has one connection, and each waiter is started only once the previous
 * one is counted as waiting.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class PoolFairnessIT {

    private static LazyPgClient client(TestPostgres server, int maxSize) {
        return LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(maxSize)
                .poolAcquireTimeout(Duration.ofSeconds(60))
                .build());
    }

    @Test
    void waitersGetTheConnectionInTheOrderTheyArrived(TestPostgres server) throws Exception {
        int waiters = 6;
        try (LazyPgClient client = client(server, 1)) {
            LazyPgSession held = client.acquire();
            int pid = backendPid(held);
            List<Integer> order = new CopyOnWriteArrayList<>();
            List<Integer> pids = new CopyOnWriteArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < waiters; i++) {
                int index = i;
                Thread t = new Thread(() -> {
                    try (LazyPgSession s = client.acquire()) {
                        order.add(index);
                        pids.add(backendPid(s));
                    }
                });
                t.start();
                threads.add(t);
                awaitPending(client, i + 1);
            }

            held.close();
            for (Thread t : threads) {
                t.join(TimeUnit.SECONDS.toMillis(60));
            }

            assertThat(order).containsExactly(0, 1, 2, 3, 4, 5);
            // Handed from one to the next: the one connection, never a new one.
            assertThat(pids).hasSize(waiters).containsOnly(pid);
            assertThat(client.poolStats().totalCreated()).isEqualTo(1);
            assertThat(client.poolStats().pending()).isZero();
        }
    }

    @Test
    void releasedConnectionGoesToTheWaiterNotToTheReleasingThreadAskingAgain(TestPostgres server) throws Exception {
        try (LazyPgClient client = client(server, 1)) {
            LazyPgSession held = client.acquire();
            AtomicBoolean waiterServed = new AtomicBoolean();
            CountDownLatch waiterHasIt = new CountDownLatch(1);
            Thread waiter = new Thread(() -> {
                try (LazyPgSession s = client.acquire()) {
                    waiterServed.set(true);
                    waiterHasIt.countDown();
                    s.query("select pg_sleep(0.2)");
                }
            });
            waiter.start();
            awaitPending(client, 1);
            Thread.sleep(20); // past the pool's barging window (1 ms): the waiter's turn is due

            held.close();
            // Without hand-off this thread would find the connection idle and take it back at once.
            try (LazyPgSession again = client.acquire()) {
                assertThat(waiterServed)
                        .as("the waiter was served before the releasing thread")
                        .isTrue();
                assertThat(again.query("select 1").get(0).getInt(0)).isEqualTo(1);
            }
            assertThat(waiterHasIt.await(0, TimeUnit.SECONDS)).isTrue();
            waiter.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(client.poolStats().totalCreated()).isEqualTo(1);
        }
    }

    @Test
    void poolThatCannotConnectFailsEveryWaiterWithTheConnectErrorNotATimeout(TestPostgres server) throws Exception {
        int threads = 4;
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .database("no_such_database_for_pool_fairness")
                .poolMaxSize(2)
                .poolAcquireTimeout(Duration.ofSeconds(60))
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            List<Throwable> errors = new CopyOnWriteArrayList<>();
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> started = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Thread t = new Thread(() -> {
                    try {
                        start.await();
                        client.acquire().close();
                    } catch (Throwable e) {
                        errors.add(e);
                    }
                });
                t.start();
                started.add(t);
            }
            start.countDown();
            for (Thread t : started) {
                t.join(TimeUnit.SECONDS.toMillis(60));
            }

            // A timeout would be a PgTimeoutException after 60 s (and the join above would expire first).
            assertThat(errors)
                    .hasSize(threads)
                    .allSatisfy(e -> assertThat(e)
                            .isInstanceOf(PgException.class)
                            .isNotInstanceOf(PgTimeoutException.class)
                            .hasMessageContaining("no_such_database_for_pool_fairness"));
            assertThat(client.poolStats().pending()).isZero();
            assertThat(client.poolStats().active()).isZero();
        }
    }

    private static int backendPid(LazyPgSession s) {
        return s.query("select pg_backend_pid()").get(0).getInt(0);
    }

    private static void awaitPending(LazyPgClient client, int pending) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (client.poolStats().pending() < pending) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never saw " + pending + " waiting threads: " + client.poolStats());
            }
            Thread.sleep(1);
        }
    }
}
