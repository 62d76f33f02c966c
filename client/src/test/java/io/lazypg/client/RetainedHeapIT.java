package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue #26 (11): what idle pooled connections keep after large messages. DESIGN.md: between
 * reads a connection holds at most one partial message and nothing it has finished with. Each test
 * borrows {@value #CONNECTIONS} connections at once, sends one large answer of one kind through
 * each (an 8 MiB error, an 8 MiB notice, an 8 MiB row, or a burst of 7900-byte notifications, the most a payload may be),
 * gives them all back and measures the used heap, after repeated full collections, against the
 * same pool measured before: the connections sit idle in the pool, so whatever they still hold is
 * retained. Before the fix, one 8 MiB error kept about 18 MiB per idle connection.
 */
@LazyPgTest
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class RetainedHeapIT {

    private static final int CONNECTIONS = 16;
    private static final int EIGHT_MIB = 8 * 1024 * 1024;
    /** Per idle connection; the large answers are 8 MiB each, so keeping one would exceed it 8 times. */
    private static final long BOUND_PER_CONNECTION = 1024 * 1024;

    @Test
    void anIdleConnectionKeepsNothingOfALargeError(TestPostgres server) {
        assertRetainedBelowBound(
                server,
                "an 8 MiB error",
                session -> assertThatThrownBy(() -> session.executeScript(
                                "do $$ begin raise exception '%', repeat('y', " + EIGHT_MIB + "); end $$"))
                        .isInstanceOf(PgServerException.class));
    }

    @Test
    void anIdleConnectionKeepsNothingOfALargeErrorOfAPreparedStatement(TestPostgres server) {
        assertRetainedBelowBound(
                server,
                "an 8 MiB error of a prepared statement",
                session -> assertThatThrownBy(() -> session.query("select repeat('y', $1::int)::int", EIGHT_MIB))
                        .isInstanceOf(PgServerException.class));
    }

    @Test
    void anIdleConnectionKeepsNothingOfALargeNotice(TestPostgres server) {
        assertRetainedBelowBound(
                server,
                "an 8 MiB notice",
                session ->
                        session.executeScript("do $$ begin raise notice '%', repeat('y', " + EIGHT_MIB + "); end $$"));
    }

    @Test
    void anIdleConnectionKeepsNothingOfALargeResult(TestPostgres server) {
        assertRetainedBelowBound(
                server,
                "an 8 MiB row",
                session -> assertThat(session.query("select repeat('y', $1::int)", EIGHT_MIB)
                                .get(0)
                                .getString(0))
                        .hasSize(EIGHT_MIB));
    }

    @Test
    void anIdleConnectionKeepsNothingOfNotificationsItReadOrLeftUnread(TestPostgres server) {
        int[] turn = {0};
        assertRetainedBelowBound(server, "1,000 notifications of 7900 bytes", session -> {
            session.executeScript("listen retained_heap");
            // distinct payloads: the server folds identical notifications of one transaction into one
            session.executeScript(
                    "select pg_notify('retained_heap', g || repeat('n', 7900)) from generate_series(1, 1000) g");
            if (turn[0]++ % 2 == 0) {
                // half the sessions read them, the other half give the session back with them unread
                assertThat(session.notifications(Duration.ofSeconds(5)).size()).isEqualTo(1000);
            }
        });
    }

    private static void assertRetainedBelowBound(TestPostgres server, String what, Consumer<LazyPgSession> large) {
        try (LazyPgClient client = LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                .poolMaxSize(CONNECTIONS)
                .build())) {
            onEveryConnection(
                    client,
                    session -> assertThat(
                                    session.query("select $1::int", 1).get(0).getInt(0))
                            .isEqualTo(1));
            long before = usedHeapAfterCollection();
            onEveryConnection(client, large);
            long after = usedHeapAfterCollection();
            long perConnection = (after - before) / CONNECTIONS;
            assertThat(perConnection)
                    .as(
                            "heap retained per idle pooled connection after %s on each of %d (%d KiB in all)",
                            what, CONNECTIONS, (after - before) / 1024)
                    .isLessThan(BOUND_PER_CONNECTION);
            onEveryConnection(
                    client,
                    session -> assertThat(
                                    session.query("select $1::int", 2).get(0).getInt(0))
                            .isEqualTo(2));
        }
    }

    /** Borrows every connection of the pool at once, so each runs {@code work} once, then gives them back. */
    private static void onEveryConnection(LazyPgClient client, Consumer<LazyPgSession> work) {
        List<LazyPgSession> held = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                LazyPgSession session = client.acquire();
                held.add(session);
                work.accept(session);
            }
        } finally {
            held.forEach(LazyPgSession::close);
        }
    }

    private static long usedHeapAfterCollection() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            used = Math.min(
                    used,
                    ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while measuring the heap", e);
            }
        }
        return used;
    }
}
