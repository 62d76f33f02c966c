package io.lazypg.client.listen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgException;
import io.lazypg.client.PgSubscription;
import io.lazypg.client.SslMode;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.RestartableServer;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A listener across a server outage: while the server is down the listener thread keeps trying
 * (with its backoff) and a new {@code listen} fails at once; once the server is back, LISTEN is
 * re-issued, the gap is reported, and notifications flow again. Waits are bounded.
 */
@LazyPgTest
@Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ListenerRestartIT {

    private static RestartableServer restartable;

    @BeforeAll
    static void startPrivateServer() {
        restartable = RestartableServer.start();
    }

    @AfterAll
    static void stopPrivateServer() {
        if (restartable != null) {
            restartable.close();
        }
    }

    @Test
    void aListenerOutlivesAServerRestart() throws Exception {
        LazyPgConfig config = LazyPgConfig.fromUrl(restartable.server().url()).toBuilder()
                .sslMode(SslMode.DISABLE)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        BlockingQueue<String> received = new LinkedBlockingQueue<>();
        BlockingQueue<Throwable> gaps = new LinkedBlockingQueue<>();
        try (LazyPgClient listener = LazyPgClient.create(config);
                PgSubscription ignored = listener.listen("restart_it", n -> received.add(n.payload()), gaps::add)) {
            try (LazyPgClient sender = LazyPgClient.create(config)) {
                sender.query("select pg_notify('restart_it', 'before')");
            }
            assertThat(received.poll(10, TimeUnit.SECONDS)).isEqualTo("before");

            restartable.stop();
            assertThatThrownBy(() -> listener.listen("while_down_it", n -> {}))
                    .as("a listen() while the server is down reports the failure")
                    .isInstanceOf(PgException.class);
            restartable.restart();

            assertThat(gaps.poll(60, TimeUnit.SECONDS))
                    .as("the gap, reported after reconnecting")
                    .isNotNull();
            try (LazyPgClient sender = LazyPgClient.create(config)) {
                sender.query("select pg_notify('restart_it', 'after')");
            }
            assertThat(received.poll(10, TimeUnit.SECONDS)).isEqualTo("after");
            assertThat(received).isEmpty();
        }
    }
}
