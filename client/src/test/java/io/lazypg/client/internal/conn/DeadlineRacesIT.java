package io.lazypg.client.internal.conn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgTimeoutException;
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

    private static LazyPgConfig.Builder config(TestPostgres server) {
        return LazyPgConfig.fromUrl(server.url()).toBuilder();
    }

    @Test
    void aConnectTimeoutFiringAsTheStartupEndsFailsTheConnect(TestPostgres server) {
        LazyPgConfig config = config(server).connectTimeout(ODD).build();
        try (FiringScheduler firing = FiringScheduler.install(ODD)) {
            Throwable failure = catchThrowable(() -> PgConnection.open(config, ClientHooks.NONE).close());
            assertThat(firing.fired()).isEqualTo(1);
            assertThat(failure).as("a connection whose socket the connect timeout closed must not be handed out")
                    .isInstanceOfSatisfying(PgTimeoutException.class,
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
}
