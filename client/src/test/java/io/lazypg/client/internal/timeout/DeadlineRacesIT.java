package io.lazypg.client.internal.timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgConfigBuilder;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A deadline that fires just as its operation completes (issue #16: "a deadline that fires just as
 * its operation completes may close a healthy connection's socket"). {@link FiringScheduler} makes
 * the deadline fire at exactly that moment, between the end of the operation and the owner's cancel.
 * The connection must then either be healthy or be known to be broken, never be a closed socket
 * that looks healthy (a pool would hand it out again).
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DeadlineRacesIT {

    /** A delay no other deadline uses, so only the one under test is intercepted. */
    private static final Duration ODD = Duration.ofMillis(7777);

    private static LazyPgConfigBuilder config(TestPostgres server) {
        return LazyPgConfig.fromUrl(server.url()).toBuilder();
    }

    @Test
    void aConnectTimeoutFiringAsTheStartupEndsFailsTheConnect(TestPostgres server) {
        LazyPgConfig config = config(server).connectTimeout(ODD).build();
        try (FiringScheduler firing = FiringScheduler.install(ODD)) {
            Throwable failure = catchThrowable(
                    () -> PgConnection.open(config, ClientHooks.NONE).close());
            assertThat(firing.fired()).isEqualTo(1);
            assertThat(failure)
                    .as("a connection whose socket the connect timeout closed must not be handed out")
                    .isInstanceOfSatisfying(
                            PgTimeoutException.class,
                            e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.CONNECT));
        }
    }

    @Test
    void aValidationDeadlineFiringAsTheAnswerArrivesMakesTheConnectionInvalid(TestPostgres server) {
        PgConnection connection = PgConnection.open(config(server).build(), ClientHooks.NONE);
        try (FiringScheduler firing = FiringScheduler.install(ODD)) {
            boolean valid = connection.isValid(ODD);
            assertThat(firing.fired()).isEqualTo(1);
            assertThat(valid).as("isValid after its deadline closed the socket").isFalse();
            assertThat(connection.isBroken()).isTrue();
        } finally {
            connection.close();
        }
    }

    @Test
    void aQueryTimeoutFiringAsTheStatementEndsLeavesTheConnectionHealthy(TestPostgres server) {
        PgConnection connection =
                PgConnection.open(config(server).queryTimeout(ODD).build(), ClientHooks.NONE);
        try (FiringScheduler firing = FiringScheduler.install(ODD)) {
            int pid = connection.processId();
            // Each statement's timeout fires as it ends: its CancelRequest is then either withdrawn
            // (not sent yet) or waited for, and must not cancel any later statement.
            for (int i = 0; i < 20; i++) {
                assertThat(connection
                                .query("select pg_sleep(0.05), $1::int", i)
                                .get(0)
                                .getInt(1))
                        .isEqualTo(i);
                assertThat(connection.isBroken()).isFalse();
            }
            assertThat(firing.fired()).isEqualTo(20);
            assertThat(connection.query("select pg_backend_pid()").get(0).getInt(0))
                    .isEqualTo(pid);
        } finally {
            connection.close();
        }
    }

    @Test
    void aGiveUpFiringAsTheStatementEndsBreaksTheConnection(TestPostgres server) {
        PgConnection connection =
                PgConnection.open(config(server).queryTimeout(ODD).build(), ClientHooks.NONE);
        Duration giveUp = Duration.ofMillis(QueryTimeout.CANCEL_GRACE_MILLIS);
        try (FiringScheduler firing = FiringScheduler.install(ODD, giveUp)) {
            // The query timeout fires as the statement ends, and so does the give-up after it, which
            // closes the socket: the answer was read in full, but the connection is gone.
            assertThat(connection.query("select 'complete'").get(0).getString(0))
                    .isEqualTo("complete");
            assertThat(firing.fired()).isEqualTo(2);
            assertThat(connection.isBroken())
                    .as("a connection whose socket the give-up closed")
                    .isTrue();
        } finally {
            connection.close();
        }
    }
}
