package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.nio.file.Files;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Unix-domain sockets against the embedded server, whose {@code unix_socket_directories} is a
 * directory of its own: libpq's {@code host=/dir} in both URL forms, peer authentication, cancel
 * requests over the same kind of socket, and the timed reads of a notification listener.
 */
@LazyPgTest
class UnixSocketIT {

    private static TestPostgres.UnixSocket socket(TestPostgres server) {
        assumeThat(server.unixSocket())
                .as("needs the embedded server's socket directory")
                .isPresent();
        return server.unixSocket().orElseThrow();
    }

    private static String libpqUrl(TestPostgres server, String user) {
        return "postgresql:///" + server.database() + "?host=" + socket(server).directory() + "&port=" + server.port()
                + "&user=" + user;
    }

    @Test
    void aHostThatIsADirectoryConnectsThroughTheSocketFileInIt(TestPostgres server) {
        TestPostgres.UnixSocket socket = socket(server);
        assertThat(Files.exists(socket.directory().resolve(".s.PGSQL." + server.port())))
                .as("the server's socket file")
                .isTrue();
        try (LazyPgClient overSocket = LazyPgClient.connect(libpqUrl(server, server.username()));
                LazyPgClient overTcp = LazyPgClient.connect(server.url())) {
            // inet_server_addr() is null exactly when the session runs over a Unix-domain socket.
            assertThat(overSocket
                            .query("select inet_server_addr() is null")
                            .get(0)
                            .getBoolean(0))
                    .isTrue();
            assertThat(overTcp.query("select inet_server_addr() is null").get(0).getBoolean(0))
                    .isFalse();
        }
    }

    @Test
    void theJdbcFormTakesTheSocketDirectoryAsTheHostParameter(TestPostgres server) {
        String url = "jdbc:lazypg:///" + server.database() + "?host="
                + socket(server).directory() + "&port=" + server.port() + "&user=" + server.username();
        try (LazyPgClient client = LazyPgClient.create(LazyPgConfig.fromUrl(url))) {
            assertThat(client.query("select inet_server_addr() is null").get(0).getBoolean(0))
                    .isTrue();
        }
    }

    @Test
    void peerAuthenticationWorksOverTheSocketWithoutAPassword(TestPostgres server) {
        TestPostgres.Role peer = socket(server).peerRole();
        assumeThat(server.majorVersion()).as("system_user needs PostgreSQL 16").isGreaterThanOrEqualTo(16);
        try (LazyPgClient client = LazyPgClient.connect(libpqUrl(server, peer.name()))) {
            LazyRow row = client.query("select current_user, system_user").get(0);
            assertThat(row.getString(0)).isEqualTo(peer.name());
            assertThat(row.getString(1))
                    // the OS user as the server sees it: "nobody" when zonky runs it in a user namespace
                    .as("the server authenticated the session by peer")
                    .startsWith("peer:");
        }
    }

    @Test
    void aSocketFileThatIsNotThereFailsNamingItAndTheServerSetting(TestPostgres server) {
        String missing = socket(server).directory() + "/nothing-here";
        LazyPgConfig config = LazyPgConfig.fromUrl("postgresql:///" + server.database() + "?host=" + missing + "&port="
                + server.port() + "&user=" + server.username());
        try (LazyPgClient client = LazyPgClient.create(config)) {
            Throwable failure = catchThrowable(() -> client.query("select 1"));
            assertThat(failure)
                    .isInstanceOf(PgConnectException.class)
                    .hasMessageContaining(missing + "/.s.PGSQL." + server.port())
                    .hasMessageContaining("unix_socket_directories");
        }
    }

    @Test
    void theQueryTimeoutCancelsOverTheSocketAndTheSessionStaysUsable(TestPostgres server) {
        LazyPgConfig config = LazyPgConfig.fromUrl(libpqUrl(server, server.username())).toBuilder()
                .queryTimeout(Duration.ofMillis(300))
                .poolMaxSize(1)
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            client.withConnection(c -> {
                int pid = c.query("select pg_backend_pid()").get(0).getInt(0);
                Throwable failure = catchThrowable(() -> c.query("select pg_sleep(30)"));
                assertThat(failure).isInstanceOf(PgTimeoutException.class);
                assertThat(failure.getCause())
                        .as("the server cancelled the statement: the CancelRequest arrived")
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("57014"));
                assertThat(c.query("select pg_backend_pid()").get(0).getInt(0)).isEqualTo(pid);
                return null;
            });
        }
    }

    @Test
    void aListenerOverTheSocketReceivesNotifications(TestPostgres server) throws InterruptedException {
        BlockingQueue<PgNotification> received = new ArrayBlockingQueue<>(10);
        try (LazyPgClient listener = LazyPgClient.connect(libpqUrl(server, server.username()));
                LazyPgClient sender = LazyPgClient.connect(server.url())) {
            try (PgSubscription subscription = listener.listen("unix_socket_it", received::add)) {
                PgNotification n = null;
                // The listener's LISTEN may not have reached the server yet: notify until one arrives.
                for (int i = 0; i < 100 && n == null; i++) {
                    sender.query("select pg_notify('unix_socket_it', 'over the socket')");
                    n = received.poll(100, TimeUnit.MILLISECONDS);
                }
                assertThat(n).isNotNull();
                assertThat(n.payload()).isEqualTo("over the socket");
            }
        }
    }
}
