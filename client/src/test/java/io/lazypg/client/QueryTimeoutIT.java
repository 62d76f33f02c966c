package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TcpRelay;
import io.lazypg.testing.TestPostgres;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The query timeout and the deadlines around it, against a real server: what a timed-out statement
 * reports, that a cancel sent for one statement never hits a later one, and that slow cancels do
 * not hold up anybody else's deadline. Waits are bounded polls for a state; the few elapsed-time
 * bounds are many times what the operation needs, never performance measurements.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class QueryTimeoutIT {

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Gave up after 30 s waiting for: " + what);
            }
            Thread.sleep(10);
        }
    }

    private static LazyPgConfigBuilder through(CancelInterceptingRelay relay, TestPostgres server) {
        return LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.DISABLE);
    }

    @Test
    void aStatementCancelledByTheQueryTimeoutFailsAsAQueryTimeoutAndTheConnectionStaysUsable(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .queryTimeout(Duration.ofMillis(300))
                .poolMaxSize(1)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            client.withConnection(c -> {
                int pid = c.query("select pg_backend_pid()").get(0).getInt(0);
                assertQueryTimeout(catchThrowable(() -> c.query("select pg_sleep(30)")));
                assertQueryTimeout(catchThrowable(() -> c.execute("select pg_sleep(30)")));
                assertQueryTimeout(catchThrowable(() -> c.executeBatch(
                        "select pg_sleep($1::float8)", List.of(new Object[] {0.0}, new Object[] {30.0}))));
                assertQueryTimeout(catchThrowable(() -> {
                    try (RowCursor cursor = c.stream("select pg_sleep(30) from generate_series(1, 2)", 1)) {
                        cursor.hasNext();
                    }
                }));
                try (RowCursor cursor = c.stream(
                        "select g, pg_sleep(case when g = 2 then 30 else 0 end) from generate_series(1, 2) g", 1)) {
                    assertThat(cursor.next().getInt(0))
                            .as("the first batch came back in time")
                            .isEqualTo(1);
                    assertQueryTimeout(catchThrowable(cursor::hasNext)); // a later fetch, from hasNext
                }
                assertThat(c.query("select pg_backend_pid()").get(0).getInt(0))
                        .as("the same session")
                        .isEqualTo(pid);
                return null;
            });
        }
    }

    private static void assertQueryTimeout(Throwable failure) {
        assertThat(failure)
                .isInstanceOfSatisfying(
                        PgTimeoutException.class, e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.QUERY));
        assertThat(failure.getMessage())
                .contains("The query timeout (query_timeout / lazypg.query-timeout = 300ms) fired")
                .contains("57014")
                .contains("stays usable");
        assertThat(failure.getCause())
                .isInstanceOfSatisfying(
                        PgServerException.class, e -> assertThat(e.sqlState()).isEqualTo("57014"));
    }

    /** A cancel that is not ours (here another session's pg_cancel_backend) stays the server's error. */
    @Test
    void aCancelFromElsewhereIsNotReportedAsTheQueryTimeout(TestPostgres server) throws Exception {
        LazyPgConfig config = LazyPgConfig.fromUrl(server.url()).toBuilder()
                .queryTimeout(Duration.ofSeconds(60))
                .poolMaxSize(1)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config);
                Connection jdbc = server.openJdbc()) {
            int pid = client.query("select pg_backend_pid()").get(0).getInt(0);
            CompletableFuture<Throwable> sleeping =
                    CompletableFuture.supplyAsync(() -> catchThrowable(() -> client.query("select pg_sleep(30)")));
            await("pg_sleep running on backend " + pid, () -> "active".equals(state(jdbc, pid)));
            try (Statement s = jdbc.createStatement()) {
                s.execute("select pg_cancel_backend(" + pid + ")");
            }
            assertThat(sleeping.get(30, TimeUnit.SECONDS))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("57014"));
        }
    }

    private static String state(Connection jdbc, int pid) {
        try (Statement s = jdbc.createStatement();
                ResultSet rs = s.executeQuery("select state from pg_stat_activity where pid = " + pid)) {
            return rs.next() ? rs.getString(1) : "gone";
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Regression test (issue #16, item 2): a statement that ended just after its query timeout fired
     * left the CancelRequest on its way, and it then cancelled whatever the connection ran next (in
     * a pool, possibly another thread's statement). The relay holds the CancelRequest for 2 s, well
     * after the statement ended: the connection must not run anything before the cancel has been
     * delivered, and the statements after it must not be cancelled.
     */
    @Test
    void aCancelStillOnItsWayWhenTheStatementEndsDoesNotHitTheNextStatement(TestPostgres server) {
        try (CancelInterceptingRelay relay =
                        CancelInterceptingRelay.holdingCancels(server.host(), server.port(), Duration.ofSeconds(2));
                LazyPgClient client = LazyPgClient.create(through(relay, server)
                        .queryTimeout(Duration.ofMillis(500))
                        .connectTimeout(Duration.ofSeconds(10))
                        .poolMaxSize(1)
                        .build())) {
            client.withConnection(c -> {
                int pid = c.query("select pg_backend_pid()").get(0).getInt(0);
                // 1 s against a 500 ms timeout: the CancelRequest leaves at 0.5 s and reaches the
                // server at 2.5 s; the statement itself completes at 1 s.
                assertThat(c.query("select pg_sleep(1), 'completed'").get(0).getString(1))
                        .isEqualTo("completed");
                assertThat(relay.cancelsReceived())
                        .as("the query timeout fired during the statement")
                        .isEqualTo(1);
                assertThat(relay.cancelsDelivered())
                        .as("delivered before the connection was handed back")
                        .isEqualTo(1);
                // Short statements, well inside the timeout, for longer than the cancel was held.
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
                for (int n = 0; System.nanoTime() < until; n++) {
                    assertThat(c.query("select pg_sleep(0.1), $1::int", n)
                                    .get(0)
                                    .getInt(1))
                            .isEqualTo(n);
                }
                assertThat(c.query("select pg_backend_pid()").get(0).getInt(0))
                        .as("the same session")
                        .isEqualTo(pid);
                return null;
            });
            assertThat(client.poolStats().totalClosed())
                    .as("the connection was kept")
                    .isZero();
        }
    }

    private static LazyPgConfig tlsThrough(TcpRelay relay, TestPostgres server) {
        return LazyPgConfig.builder()
                .host(relay.host())
                .port(relay.port())
                .database(server.database())
                .user(server.username())
                .password(server.password().isEmpty() ? null : server.password())
                .sslMode(SslMode.REQUIRE)
                .queryTimeout(Duration.ofMillis(500))
                .poolMaxSize(1)
                .build();
    }

    /**
     * Regression test: the give-up closed the TLS socket from the timer thread, and closing a TLS
     * socket sends close_notify under the TLS record lock, which a writer blocked on a stalled
     * network holds. The timer thread then blocked for good, every other deadline in the JVM behind
     * it, and the writer with it. Deadlines now close the TCP socket under the TLS one.
     */
    @Test
    void theGiveUpEndsAWriteBlockedOnAStalledTlsConnection(TestPostgres server) throws Exception {
        assumeThat(server.tls()).as("a server with TLS").isPresent();
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = LazyPgClient.create(tlsThrough(relay, server))) {
            assertThat(client.query("select ssl from pg_stat_ssl where pid = pg_backend_pid()")
                            .get(0)
                            .getBoolean(0))
                    .as("the session uses TLS")
                    .isTrue();
            String big = "x".repeat(64 << 20); // far more than the socket buffers hold
            CompletableFuture<Throwable> writing =
                    CompletableFuture.supplyAsync(() -> catchThrowable(() -> client.withConnection(c -> {
                        c.query("select length($1)", "prepared"); // so the stall hits the Bind: a write
                        relay.stallExisting();
                        return c.query("select length($1)", big);
                    })));
            assertQueryTimeoutGaveUp(writing.get(60, TimeUnit.SECONDS));
            assertThat(client.query("select 'after the stall'").get(0).getString(0))
                    .isEqualTo("after the stall");
        }
    }

    /**
     * Regression test: on a TLS connection the give-up's close made the blocked read see the end of
     * the stream, reported as "the server closed the connection" instead of as the query timeout
     * that it was (FaultsIT covers the same stall without TLS).
     */
    @Test
    void aReadStalledOnATlsConnectionEndsAsAQueryTimeout(TestPostgres server) {
        assumeThat(server.tls()).as("a server with TLS").isPresent();
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                LazyPgClient client = LazyPgClient.create(tlsThrough(relay, server))) {
            assertQueryTimeoutGaveUp(catchThrowable(() -> client.withConnection(c -> {
                relay.stallExisting();
                return c.query("select 'never answered'");
            })));
            assertThat(client.query("select 'after the stall'").get(0).getString(0))
                    .isEqualTo("after the stall");
        }
    }

    private static void assertQueryTimeoutGaveUp(Throwable failure) {
        assertThat(failure)
                .isInstanceOfSatisfying(
                        PgTimeoutException.class, e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.QUERY));
        assertThat(failure.getMessage())
                .contains("query_timeout / lazypg.query-timeout = 500ms")
                .contains("connection was closed");
    }

    /**
     * Regression test (issue #16, item 8): one timer thread fired every deadline and also made the
     * blocking connections of CancelRequests, so cancels that took long held up every other deadline
     * in the JVM (8 stalled queries made an unrelated 1 s connect timeout take 7.8 s). Here 8
     * statements time out and each CancelRequest blocks (the relay never answers it); meanwhile an
     * unrelated connect with a 1 s connect timeout and an unrelated statement with a 500 ms query
     * timeout must still end on time.
     */
    @Test
    void slowCancelRequestsDoNotDelayOtherDeadlines(TestPostgres server) throws Exception {
        int stalled = 8;
        ExecutorService callers = Executors.newFixedThreadPool(stalled);
        try (CancelInterceptingRelay relay = CancelInterceptingRelay.swallowingCancels(server.host(), server.port());
                LazyPgClient swallowed = LazyPgClient.create(through(relay, server)
                        .queryTimeout(Duration.ofMillis(200))
                        .connectTimeout(Duration.ofSeconds(10))
                        .poolMaxSize(stalled)
                        .applicationName("swallowed")
                        .build());
                ServerSocket blackHole = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                LazyPgClient timed = LazyPgClient.create(LazyPgConfig.fromUrl(server.url()).toBuilder()
                        .queryTimeout(Duration.ofMillis(500))
                        .build())) {
            assertThat(timed.query("select 1").get(0).getInt(0)).isEqualTo(1);
            List<CompletableFuture<Throwable>> sleepers = new ArrayList<>();
            for (int i = 0; i < stalled; i++) {
                sleepers.add(CompletableFuture.supplyAsync(
                        () -> catchThrowable(() -> swallowed.query("select pg_sleep(20)")), callers));
            }
            await("a CancelRequest blocked in the relay", () -> relay.cancelsReceived() >= 1);

            // A server that accepts TCP connections (the kernel does, into the backlog) and never
            // answers the startup: only the connect timeout can end this.
            LazyPgConfig nowhere = LazyPgConfig.builder()
                    .host("127.0.0.1")
                    .port(blackHole.getLocalPort())
                    .user("nobody")
                    .database("nothing")
                    .sslMode(SslMode.DISABLE)
                    .connectTimeout(Duration.ofSeconds(1))
                    .build();
            long start = System.nanoTime();
            Throwable connect = catchThrowable(() -> PgConnection.open(nowhere, ClientHooks.NONE));
            long connectMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(connect)
                    .isInstanceOfSatisfying(
                            PgTimeoutException.class,
                            e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.CONNECT));
            assertThat(connectMillis)
                    .as("a 1 s connect timeout while %d CancelRequests block", stalled)
                    .isLessThan(5_000);

            start = System.nanoTime();
            Throwable query = catchThrowable(() -> timed.query("select pg_sleep(30)"));
            long queryMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(query)
                    .as("a 500 ms query timeout")
                    .isInstanceOfAny(PgTimeoutException.class, PgServerException.class);
            assertThat(queryMillis)
                    .as("a 500 ms query timeout while %d CancelRequests block", stalled)
                    .isLessThan(5_000);
            assertThat(timed.query("select 2").get(0).getInt(0)).isEqualTo(2);

            // The stalled statements end by their own give-up (5 s after the cancel) as query timeouts.
            for (CompletableFuture<Throwable> sleeper : sleepers) {
                assertThat(sleeper.get(60, TimeUnit.SECONDS))
                        .isInstanceOfSatisfying(
                                PgTimeoutException.class,
                                e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.QUERY));
            }
            assertThat(relay.cancelsReceived())
                    .as("every stalled statement sent its CancelRequest")
                    .isEqualTo(stalled);
        } finally {
            callers.shutdownNow();
        }
    }
}
