package io.lazypg.client.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.PgNotification;
import io.lazypg.client.PgSubscription;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The examples in docs/notifications.md, compiled and run: {@code DocSnippetsTest} fails when the
 * docs and the regions between the tag comments here differ.
 */
@LazyPgTest
class NotificationExamplesIT {

    private LazyPgClient client;
    private LazyPgClient other;

    @BeforeEach
    void clients(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
        other = LazyPgClient.connect(server.url());
    }

    @AfterEach
    void close() {
        client.close();
        other.close();
    }

    @Test
    void listenAndNotify() throws Exception {
        BlockingQueue<PgNotification> received = new LinkedBlockingQueue<>();
        // tag::listen[]
        PgSubscription subscription = client.listen("order_events", notification -> {
            // on the lazypg-listener thread, as soon as the notification arrives
            received.add(notification);
        });
        // from any session, any client, any language:
        other.query("select pg_notify($1, $2)", "order_events", "{\"id\": 42, \"status\": \"shipped\"}");

        PgNotification n = received.poll(10, TimeUnit.SECONDS);
        // n.channel() is "order_events", n.payload() the JSON text, n.processId() the sender's backend
        subscription.close(); // UNLISTEN when it was the channel's last subscription
        // end::listen[]
        assertThat(n).isNotNull();
        assertThat(n.payload()).isEqualTo("{\"id\": 42, \"status\": \"shipped\"}");
    }

    @Test
    void notificationsOfATransactionArriveAtCommit() throws Exception {
        BlockingQueue<String> payloads = new LinkedBlockingQueue<>();
        try (PgSubscription ignored = client.listen("order_events", n -> payloads.add(n.payload()))) {
            // tag::transaction[]
            other.withConnection(session -> {
                session.executeScript("begin");
                session.query("select pg_notify('order_events', 'first')");
                session.query("select pg_notify('order_events', 'second')");
                session.query("select pg_notify('order_events', 'second')"); // a duplicate in one transaction: dropped
                session.executeScript("commit"); // both arrive now, in this order; a rollback would drop them
                return null;
            });
            // end::transaction[]
            assertThat(payloads.poll(10, TimeUnit.SECONDS)).isEqualTo("first");
            assertThat(payloads.poll(10, TimeUnit.SECONDS)).isEqualTo("second");
            other.query("select pg_notify('order_events', 'marker')");
            assertThat(payloads.poll(10, TimeUnit.SECONDS)).isEqualTo("marker");
        }
    }

    @Test
    void gapCallback() throws Exception {
        List<String> cache = new CopyOnWriteArrayList<>();
        // tag::gap[]
        PgSubscription subscription =
                client.listen("order_events", notification -> cache.add(notification.payload()), cause -> {
                    // The listener connection broke and was reopened; LISTEN is in effect again.
                    // Notifications sent in between are lost: reload what they would have announced.
                    cache.clear();
                    cache.addAll(reloadFromTheDatabase());
                });
        // end::gap[]
        try (subscription) {
            assertThat(subscription.isClosed()).isFalse();
        }
    }

    private List<String> reloadFromTheDatabase() {
        return List.of(other.query("select 'reloaded'").get(0).getString(0));
    }
}
