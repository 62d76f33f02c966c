package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.client.PgNotification;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * LISTEN on a lazypg-jdbc connection and NOTIFY from another connection: the notifications come
 * back from {@code unwrap(LazyPgJdbcConnection.class).getNotifications()}, as pgjdbc users read
 * them from {@code PGConnection}.
 */
@LazyPgTest
class NotificationsIT {

    private static void notify(TestPostgres server, String channel, String payload) throws SQLException {
        try (Connection other = server.openJdbc();
                Statement s = other.createStatement()) {
            s.execute("select pg_notify('" + channel + "', '" + payload + "')");
        }
    }

    @Test
    void notificationsSentFromAnotherConnectionArriveOnTheListeningOne(TestPostgres server) throws SQLException {
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server));
                Statement s = c.createStatement()) {
            // tag::notifications[]
            s.execute("LISTEN jdbc_orders");
            LazyPgJdbcConnection lazypg = c.unwrap(LazyPgJdbcConnection.class); // works through HikariCP's proxy too
            List<PgNotification> none = lazypg.getNotifications(); // what has arrived; never null, never waits
            // ... another connection runs: select pg_notify('jdbc_orders', 'order 1') ...
            // end::notifications[]
            assertThat(none).isEmpty();

            notify(server, "jdbc_orders", "order 1");
            notify(server, "jdbc_orders", "order 2");
            notify(server, "elsewhere", "not listened to");

            List<PgNotification> received = new ArrayList<>();
            while (received.size() < 2) { // both were committed before; they may still come in two reads
                List<PgNotification> more = lazypg.getNotifications(10_000); // waits up to 10 s for the first
                assertThat(more).isNotEmpty();
                received.addAll(more);
            }
            assertThat(received).extracting(PgNotification::channel).containsOnly("jdbc_orders");
            assertThat(received).extracting(PgNotification::payload).containsExactly("order 1", "order 2");
            assertThat(lazypg.getNotifications()).isEmpty(); // each is handed over once
        }
    }

    @Test
    void aNotificationThatArrivesWhileAStatementRunsIsKeptForTheNextCall(TestPostgres server) throws SQLException {
        try (Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server));
                Statement s = c.createStatement()) {
            s.execute("LISTEN during_work");
            notify(server, "during_work", "while busy");
            s.execute("select pg_sleep(0.2)"); // the notification comes in with this statement's answer
            List<PgNotification> received = c.unwrap(LazyPgJdbcConnection.class).getNotifications();
            assertThat(received).extracting(PgNotification::payload).containsExactly("while busy");
        }
    }

    @Test
    void aWaitEndsWhenANotificationArrivesAndUnwrapWorksThroughHikari(TestPostgres server) throws Exception {
        HikariConfig config = new HikariConfig();
        config.setDriverClassName(LazyPgDriver.class.getName());
        config.setJdbcUrl(lazypgUrlWithCredentials(server));
        config.setMaximumPoolSize(1);
        try (HikariDataSource pool = new HikariDataSource(config);
                Connection c = pool.getConnection();
                Statement s = c.createStatement()) {
            s.execute("LISTEN later");
            CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
                try {
                    Thread.sleep(300);
                    notify(server, "later", "after a while");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            long start = System.nanoTime();
            List<PgNotification> received = c.unwrap(LazyPgJdbcConnection.class).getNotifications(0);
            assertThat(received).extracting(PgNotification::payload).containsExactly("after a while");
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(10_000);
            sender.get();
            s.execute("UNLISTEN *");
            assertThat(c.unwrap(LazyPgJdbcConnection.class).getNotifications(50))
                    .isEmpty();
        }
    }
}
