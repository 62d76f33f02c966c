package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A password supplier under load: the role's password changes on the server and in the supplier
 * while four threads query through a pool whose connections live briefly; new connections log in
 * with the new secret, a session opened before the change keeps working, and nothing fails.
 */
@LazyPgTest
class RotatingPasswordIT {

    private static final String ROLE = "lazypg_rotating"; // pg_hba.conf: scram-sha-256 for this role

    @Test
    void newConnectionsUseTheNewSecretAndOpenOnesKeepWorking(TestPostgres server) throws Exception {
        assumeThat(server.authRoles())
                .as("needs the embedded server's pg_hba.conf")
                .isPresent();
        setPassword(server, "first-Secret-1", true);
        AtomicReference<String> secret = new AtomicReference<>("first-Secret-1");
        ConcurrentLinkedQueue<String> handedOut = new ConcurrentLinkedQueue<>();
        LazyPgConfig config = LazyPgConfig.builder()
                .environment(Map.of())
                .host(server.host())
                .port(server.port())
                .database(server.database())
                .user(ROLE)
                .sslMode(SslMode.DISABLE)
                .passwordSupplier(() -> {
                    String s = secret.get();
                    handedOut.add(s);
                    return s.toCharArray();
                })
                .poolMaxSize(5)
                .poolMaxLifetime(Duration.ofMillis(100))
                .build();
        ExecutorService threads = Executors.newFixedThreadPool(5);
        AtomicBoolean stop = new AtomicBoolean();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch rotated = new CountDownLatch(1);
            // One session opened with the first secret and kept across the change.
            Future<int[]> longLived = threads.submit(() -> client.withConnection(c -> {
                int before = c.query("select pg_backend_pid()").get(0).getInt(0);
                held.countDown();
                await(rotated);
                return new int[] {
                    before, c.query("select pg_backend_pid()").get(0).getInt(0)
                };
            }));
            assertThat(held.await(30, TimeUnit.SECONDS)).isTrue();
            List<Future<Integer>> load = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                load.add(threads.submit(() -> {
                    int n = 0;
                    while (!stop.get()) {
                        assertThat(client.query("select 1").get(0).getInt(0)).isEqualTo(1);
                        n++;
                    }
                    return n;
                }));
            }
            Thread.sleep(300); // load with the first secret
            setPassword(server, "second-Secret-2", false);
            secret.set("second-Secret-2");
            int askedBefore = handedOut.size();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            // Connections live 100 ms: wait until several were opened with the new secret.
            while (handedOut.stream().skip(askedBefore).count() < 3 && System.nanoTime() < until) {
                Thread.sleep(50);
            }
            rotated.countDown();
            stop.set(true);
            int queries = 0;
            for (Future<Integer> f : load) {
                queries += f.get(30, TimeUnit.SECONDS); // a failed query would throw here
            }
            int[] pids = longLived.get(30, TimeUnit.SECONDS);
            assertThat(pids[1])
                    .as("the session opened before the change is the same and still works")
                    .isEqualTo(pids[0]);
            assertThat(queries).isPositive();
            assertThat(handedOut.stream().skip(askedBefore))
                    .as("connections opened after the change")
                    .hasSizeGreaterThanOrEqualTo(3)
                    .allMatch("second-Secret-2"::equals);
        } finally {
            stop.set(true);
            threads.shutdownNow();
        }
        // The server really changed the secret: the old one is refused now.
        LazyPgConfig old = config.toBuilder()
                .passwordSupplier(() -> "first-Secret-1".toCharArray())
                .build();
        try (LazyPgClient client = LazyPgClient.create(old)) {
            assertThat(catchThrowable(() -> client.query("select 1")))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("28P01"));
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void setPassword(TestPostgres server, String password, boolean create) throws SQLException {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute("set password_encryption = 'scram-sha-256'");
            if (create) {
                s.execute("drop role if exists " + ROLE);
                s.execute("create role " + ROLE + " login password '" + password + "'");
            } else {
                s.execute("alter role " + ROLE + " password '" + password + "'");
            }
        }
    }
}
