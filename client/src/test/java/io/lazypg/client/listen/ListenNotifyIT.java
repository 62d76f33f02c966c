package io.lazypg.client.listen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgException;
import io.lazypg.client.PgNotification;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgSubscription;
import io.lazypg.client.PgUsageException;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * LISTEN/NOTIFY across two clients of a real server: the listening client runs no query of its
 * own, so every delivery proves the listener thread read it off the socket as it arrived. Waits
 * are bounded (a notification that never comes fails the test after 10 s); nothing is timed.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ListenNotifyIT {

    private LazyPgClient listener;
    private LazyPgClient sender;

    @BeforeEach
    void clients(TestPostgres server) {
        listener = LazyPgClient.connect(server.url());
        sender = LazyPgClient.connect(server.url());
    }

    @AfterEach
    void close() {
        listener.close();
        sender.close();
    }

    private static PgNotification next(BlockingQueue<PgNotification> queue) throws InterruptedException {
        PgNotification n = queue.poll(10, TimeUnit.SECONDS);
        assertThat(n).as("a notification within 10 s").isNotNull();
        return n;
    }

    private void notify(String channel, String payload) {
        sender.query("select pg_notify($1, $2)", channel, payload);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Gave up after 30 s waiting for: " + what);
            }
            Thread.sleep(20);
        }
    }

    /** The backend whose last statement was {@code LISTEN "channel"}: the listener connection. */
    private int listenerBackend(String channel) throws InterruptedException {
        String sql = "select pid from pg_stat_activity where query = $1";
        String listen = "LISTEN \"" + channel.replace("\"", "\"\"") + "\"";
        await(
                "the listener's backend in pg_stat_activity",
                () -> sender.query(sql, listen).size() == 1);
        return sender.query(sql, listen).get(0).getInt(0);
    }

    @Test
    void notificationFromAnotherClientArrivesWithoutAQueryOnTheListenerSide() throws Exception {
        BlockingQueue<PgNotification> received = new LinkedBlockingQueue<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        try (PgSubscription subscription = listener.listen("orders_it", n -> {
            threads.add(Thread.currentThread().getName());
            received.add(n);
        })) {
            int senderPid = sender.withConnection(c -> {
                c.query("select pg_notify('orders_it', 'order 42')");
                return c.query("select pg_backend_pid()").get(0).getInt(0);
            });

            PgNotification n = next(received);
            assertThat(n).isEqualTo(new PgNotification("orders_it", "order 42", senderPid));
            assertThat(threads).containsExactly("lazypg-listener");
            assertThat(subscription.channel()).isEqualTo("orders_it");
            assertThat(listener.poolStats().totalCreated())
                    .as("no query, no pooled connection on the listener side")
                    .isZero();
        }
    }

    @Test
    void payloadsAndChannelNamesTravelExactly() throws Exception {
        String channel = "Mixed \"Case\" chännel; drop table x; --";
        String payload = "it's \"quoted\" \\ $1 -- ünïcødé 🐘 \u0001";
        BlockingQueue<PgNotification> received = new LinkedBlockingQueue<>();
        try (PgSubscription ignored = listener.listen(channel, received::add)) {
            notify(channel, payload);
            notify(channel, "");
            assertThat(next(received).payload()).isEqualTo(payload);
            PgNotification empty = next(received);
            assertThat(empty.channel()).isEqualTo(channel);
            assertThat(empty.payload()).isEmpty();
        }
    }

    @Test
    void unquotedNotifyFoldsToLowerCaseAndOrderIsTheServers() throws Exception {
        BlockingQueue<PgNotification> received = new LinkedBlockingQueue<>();
        try (PgSubscription ignored = listener.listen("stock", received::add)) {
            sender.withConnection(c -> {
                c.executeScript("NOTIFY Stock, 'one'; NOTIFY STOCK, 'two'");
                c.executeScript("NOTIFY stock, 'three'");
                return null;
            });
            assertThat(List.of(
                            next(received).payload(),
                            next(received).payload(),
                            next(received).payload()))
                    .containsExactly("one", "two", "three");
        }
    }

    @Test
    void severalSubscribersShareAChannelAndClosingOneLeavesTheOthers() throws Exception {
        BlockingQueue<PgNotification> first = new LinkedBlockingQueue<>();
        BlockingQueue<PgNotification> second = new LinkedBlockingQueue<>();
        PgSubscription a = listener.listen("shared_it", first::add);
        PgSubscription b = listener.listen("shared_it", second::add);
        int backend = listenerBackend("shared_it");

        notify("shared_it", "both");
        assertThat(next(first).payload()).isEqualTo("both");
        assertThat(next(second).payload()).isEqualTo("both");

        a.close();
        assertThat(a.isClosed()).isTrue();
        notify("shared_it", "only b");
        assertThat(next(second).payload()).isEqualTo("only b");
        // b received "only b", so the listener thread has dispatched it; a was already closed then
        assertThat(first).isEmpty();

        b.close();
        b.close(); // idempotent
        await(
                "UNLISTEN once the channel's last subscription closed",
                () -> "UNLISTEN \"shared_it\""
                        .equals(sender.query("select query from pg_stat_activity where pid = $1", backend)
                                .get(0)
                                .getString(0)));
    }

    @Test
    void aThrowingListenerDoesNotStopDeliveryToOthers() throws Exception {
        BlockingQueue<PgNotification> received = new LinkedBlockingQueue<>();
        BlockingQueue<PgNotification> other = new LinkedBlockingQueue<>();
        try (PgSubscription bad = listener.listen("throws_it", n -> {
                    throw new IllegalStateException("listener bug");
                });
                PgSubscription worse = listener.listen("throws_it", n -> {
                    throw new AssertionError("listener assertion");
                });
                PgSubscription good = listener.listen("throws_it", received::add);
                PgSubscription elsewhere = listener.listen("other_it", other::add)) {
            notify("throws_it", "1");
            notify("throws_it", "2");
            notify("other_it", "3");
            assertThat(next(received).payload()).isEqualTo("1");
            assertThat(next(received).payload()).isEqualTo("2");
            assertThat(next(other).payload()).isEqualTo("3");
            assertThat(bad.isClosed()).isFalse();
        }
    }

    @Test
    void aTerminatedListenerBackendIsReplacedAndTheGapReported() throws Exception {
        BlockingQueue<PgNotification> received = new LinkedBlockingQueue<>();
        BlockingQueue<Throwable> gaps = new LinkedBlockingQueue<>();
        try (PgSubscription ignored = listener.listen("survive_it", received::add, gaps::add)) {
            notify("survive_it", "before");
            assertThat(next(received).payload()).isEqualTo("before");
            int backend = listenerBackend("survive_it");

            assertThat(sender.query("select pg_terminate_backend($1)", backend)
                            .get(0)
                            .getBoolean(0))
                    .isTrue();

            Throwable gap = gaps.poll(30, TimeUnit.SECONDS);
            assertThat(gap).as("the gap callback after reconnecting").isInstanceOf(PgServerException.class);
            assertThat(((PgServerException) gap).sqlState())
                    .as("admin_shutdown, the server's own words")
                    .isEqualTo("57P01");
            // the gap is reported after LISTEN is in effect again: this one cannot be missed
            notify("survive_it", "after");
            assertThat(next(received).payload()).isEqualTo("after");
            assertThat(listenerBackend("survive_it")).isNotEqualTo(backend);
            assertThat(gaps).isEmpty();
        }
    }

    @Test
    void aListenerMayQueryAndSubscribeFromTheListenerThread() throws Exception {
        BlockingQueue<PgNotification> later = new LinkedBlockingQueue<>();
        CountDownLatch subscribed = new CountDownLatch(1);
        try (PgSubscription ignored = listener.listen("chain_it", n -> {
            int answer = listener.query("select 41 + 1").get(0).getInt(0);
            listener.listen("chain_it_" + answer, later::add); // returns at once on this thread
            subscribed.countDown();
        })) {
            notify("chain_it", "go");
            assertThat(subscribed.await(10, TimeUnit.SECONDS)).isTrue();
            // LISTEN for chain_it_42 went out after the listener returned; a listen() from this thread
            // returns after a reconciliation that covered every channel registered before it
            listener.listen("chain_it_sync", n -> {}).close();
            notify("chain_it_42", "chained");
            assertThat(next(later).payload()).isEqualTo("chained");
        }
    }

    @Test
    void aListenerMayCloseItsOwnSubscriptionOrTheClient() throws Exception {
        BlockingQueue<PgNotification> once = new LinkedBlockingQueue<>();
        BlockingQueue<PgNotification> all = new LinkedBlockingQueue<>();
        PgSubscription[] self = new PgSubscription[1];
        CountDownLatch assigned = new CountDownLatch(1);
        self[0] = listener.listen("self_close_it", n -> {
            once.add(n);
            awaitQuietly(assigned);
            self[0].close();
        });
        assigned.countDown();
        try (PgSubscription ignored = listener.listen("self_close_it", all::add)) {
            notify("self_close_it", "1");
            notify("self_close_it", "2");
            assertThat(next(all).payload()).isEqualTo("1");
            assertThat(next(all).payload()).isEqualTo("2");
            assertThat(once).extracting(PgNotification::payload).containsExactly("1");
            assertThat(self[0].isClosed()).isTrue();
        }

        CountDownLatch closed = new CountDownLatch(1);
        listener.listen("close_client_it", n -> {
            listener.close(); // on the listener thread: must not wait for itself
            closed.countDown();
        });
        notify("close_client_it", "stop");
        assertThat(closed.await(10, TimeUnit.SECONDS))
                .as("close() from a listener returned")
                .isTrue();
        assertThatThrownBy(() -> listener.listen("after_it", n -> {})).isInstanceOf(PgUsageException.class);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void closingTheClientEndsSubscriptionsTheThreadAndTheListenerBackend() throws Exception {
        BlockingQueue<Thread> threads = new LinkedBlockingQueue<>();
        PgSubscription s = listener.listen("closing_it", n -> threads.add(Thread.currentThread()));
        int backend = listenerBackend("closing_it");
        notify("closing_it", "which thread");
        Thread thread = threads.poll(10, TimeUnit.SECONDS);
        assertThat(thread).isNotNull();

        listener.close();
        assertThat(s.isClosed()).isTrue();
        assertThat(thread.isAlive()).as("close() joined the listener thread").isFalse();
        assertThatThrownBy(() -> listener.listen("closing_it", n -> {})).isInstanceOf(PgUsageException.class);
        await(
                "the listener backend gone",
                () -> sender.query("select 1 from pg_stat_activity where pid = $1", backend)
                        .isEmpty());
    }

    @Test
    void unusableChannelNamesAreRefusedBeforeAnythingIsSent() {
        assertThatThrownBy(() -> listener.listen("", n -> {})).isInstanceOf(PgUsageException.class);
        assertThatThrownBy(() -> listener.listen("x".repeat(64), n -> {}))
                .isInstanceOf(PgUsageException.class)
                .hasMessageContaining("63 bytes");
        assertThatThrownBy(() -> listener.listen("é".repeat(32), n -> {})).isInstanceOf(PgUsageException.class);
        assertThat(listener.listen("x".repeat(63), n -> {}).isClosed()).isFalse();
    }

    @Test
    void listenFailsWhenTheServerCannotBeReached(TestPostgres server) throws Exception {
        int port;
        try (ServerSocket unused = new ServerSocket(0)) {
            port = unused.getLocalPort();
        }
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .port(port)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        try (LazyPgClient unreachable = LazyPgClient.create(config)) {
            assertThatThrownBy(() -> unreachable.listen("nowhere_it", n -> {})).isInstanceOf(PgException.class);
        }
    }
}
