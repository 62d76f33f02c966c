package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link LazyPgSession#notifications}: what a pooled session's connection receives is kept for
 * that session, dropped when it gives the connection back, and bounded. A session that LISTENs
 * receives its own NOTIFYs with the answer to the statement that sent them (before its
 * ReadyForQuery), which makes the tests deterministic. Waits are bounded; nothing is timed.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SessionNotificationsIT {

    private static LazyPgClient onePooledConnection(TestPostgres server) {
        return LazyPgClient.create(
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build());
    }

    private static int backendPid(LazyPgSession s) {
        return s.query("select pg_backend_pid()").get(0).getInt(0);
    }

    private static List<String> payloads(List<PgNotification> notifications) {
        return notifications.stream().map(PgNotification::payload).toList();
    }

    @Test
    void notificationsLeftUnreadAreNotHandedToTheNextBorrowerButLaterOnesAre(TestPostgres server) {
        try (LazyPgClient client = onePooledConnection(server);
                LazyPgClient sender = LazyPgClient.connect(server.url())) {
            int firstPid;
            try (LazyPgSession first = client.acquire()) {
                firstPid = backendPid(first);
                first.execute("LISTEN handover");
                first.query("select pg_notify('handover', 'read')");
                assertThat(payloads(first.notifications(Duration.ZERO)))
                        .as("a session receives its own NOTIFY with the statement's answer")
                        .containsExactly("read");
                first.query("select pg_notify('handover', 'left unread 1')");
                first.query("select pg_notify('handover', 'left unread 2')");
                first.query("select 1"); // the NOTIFYs came with the answers above; nothing more is owed
            } // given back still LISTENing, with two notifications unread

            try (LazyPgSession next = client.acquire()) {
                assertThat(backendPid(next)).as("the same pooled connection").isEqualTo(firstPid);
                assertThat(next.notifications(Duration.ZERO))
                        .as("the previous borrower's unread notifications")
                        .isEmpty();

                sender.query("select pg_notify('handover', 'after the hand-over')");
                List<PgNotification> received = new ArrayList<>();
                while (received.isEmpty()) {
                    List<PgNotification> more = next.notifications(Duration.ofSeconds(10));
                    assertThat(more).as("a notification within 10 s").isNotEmpty();
                    received.addAll(more);
                }
                assertThat(payloads(received))
                        .as("the LISTEN passed on with the connection")
                        .containsExactly("after the hand-over");
                next.execute("UNLISTEN *");
            }
        }
    }

    @Test
    void pastTenThousandUnreadTheOldestAreDroppedWithOneWarning(TestPostgres server) {
        try (LazyPgClient client = onePooledConnection(server);
                LogCapture logs = new LogCapture();
                LazyPgSession session = client.acquire()) {
            session.execute("LISTEN flood");
            String flood = "select count(pg_notify('flood', g::text)) from generate_series(1, $1) g";
            session.query(flood, 10_050);

            List<PgNotification> kept = session.notifications(Duration.ZERO);
            assertThat(payloads(kept))
                    .as("the newest 10,000, oldest first")
                    .isEqualTo(IntStream.rangeClosed(51, 10_050)
                            .mapToObj(Integer::toString)
                            .toList());
            session.query(flood, 10_001); // drops again, and does not warn again
            assertThat(session.notifications(Duration.ZERO)).hasSize(10_000);
            assertThat(logs.matching(PgConnection.class.getName(), "Notifications are being dropped"))
                    .as("one warning per connection")
                    .hasSize(1);
            session.execute("UNLISTEN *");
        }
    }
}
