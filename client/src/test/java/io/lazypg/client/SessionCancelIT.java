package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue #26 (8) at the client: {@link LazyPgSession#cancel()} reaches only the work running when it
 * is called. While the session is idle nothing is sent; a cancel still on its way when the work
 * ends is waited for before the next statement, so it cannot land in that statement. The server is
 * reached through a relay that counts the CancelRequests and can hold them, which makes the race
 * deterministic.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SessionCancelIT {

    private static LazyPgClient through(CancelInterceptingRelay relay, TestPostgres server) {
        return LazyPgClient.create(LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.DISABLE)
                .poolMaxSize(1)
                .build());
    }

    /** Waits until the server runs a statement containing {@code marker}. */
    private static void awaitRunning(LazyPgClient watcher, String marker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (watcher.query(
                                "select count(*) from pg_stat_activity where state = 'active' and query like $1"
                                        + " and pid <> pg_backend_pid()",
                                "%" + marker + "%")
                        .get(0)
                        .getLong(0)
                == 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the statement marked " + marker + " never ran");
            }
            Thread.sleep(10);
        }
    }

    @Test
    void anIdleSessionSendsNoCancelAndARunningOneIsCancelled(TestPostgres server) throws Exception {
        try (CancelInterceptingRelay relay =
                        CancelInterceptingRelay.holdingCancels(server.host(), server.port(), Duration.ZERO);
                LazyPgClient client = through(relay, server);
                LazyPgClient watcher = LazyPgClient.connect(server.url());
                LazyPgSession session = client.acquire()) {
            assertThat(session.query("select 1").get(0).getInt(0)).isEqualTo(1);
            session.cancel();
            assertThat(relay.cancelsReceived())
                    .as("cancel requests sent for an idle session")
                    .isZero();

            CompletableFuture<Throwable> sleep = CompletableFuture.supplyAsync(
                    () -> catchThrowable(() -> session.query("select pg_sleep(20), 'session_cancel_running'")));
            awaitRunning(watcher, "session_cancel_running");
            session.cancel();
            Throwable failed = sleep.get(15, TimeUnit.SECONDS);
            assertThat(failed).isInstanceOf(PgServerException.class);
            assertThat(((PgServerException) failed).sqlState()).isEqualTo("57014");
            assertThat(relay.cancelsReceived()).isEqualTo(1);
            assertThat(session.query("select 2").get(0).getInt(0)).isEqualTo(2);
        }
    }

    /**
     * The relay holds the CancelRequest for 1 s, so the statement it was meant for (0.2 s) ends first.
     * The session's next statement (2 s) must not be the one cancelled: the session waits until the
     * request was delivered, to a backend then idle, which ignores it. Before, the next statement
     * started at once and the request landed in it.
     */
    @Test
    void aCancelStillOnItsWayWhenTheStatementEndsDoesNotReachTheNextStatement(TestPostgres server) throws Exception {
        try (CancelInterceptingRelay relay =
                        CancelInterceptingRelay.holdingCancels(server.host(), server.port(), Duration.ofSeconds(1));
                LazyPgClient client = through(relay, server);
                LazyPgClient watcher = LazyPgClient.connect(server.url());
                LazyPgSession session = client.acquire()) {
            CompletableFuture<Object> both = CompletableFuture.supplyAsync(() -> {
                session.query("select pg_sleep(0.2), 'session_cancel_first'");
                return session.query("select pg_sleep(2), 'session_cancel_next'")
                        .get(0)
                        .getString(1);
            });
            awaitRunning(watcher, "session_cancel_first");
            CompletableFuture<Void> cancel = CompletableFuture.runAsync(session::cancel);
            Object outcome;
            try {
                outcome = both.get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                outcome = e.getCause();
            }
            cancel.get(30, TimeUnit.SECONDS);
            assertThat(relay.cancelsDelivered()).as("cancel requests delivered").isEqualTo(1);
            assertThat(outcome).isEqualTo("session_cancel_next");
        }
    }
}
