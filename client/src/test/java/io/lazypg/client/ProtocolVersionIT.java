package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.protocol.ProtocolVersion;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.PgBouncer;
import io.lazypg.testing.TestPostgres;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code max_protocol_version} and {@code min_protocol_version} against the real server: protocol
 * 3.2 with its long cancel key on PostgreSQL 18 (these tests skip, saying so, on an older server:
 * run them with {@code -Dpostgres.binaries.version=18.1.0}, as {@code .ci/run} does), the fallback to
 * 3.0 and the refusal on PostgreSQL 17 and older (skipped on 18), and the 3.0 default on any.
 */
@LazyPgTest
@Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ProtocolVersionIT {

    private static void assume18(TestPostgres server) {
        assumeThat(server.majorVersion())
                .as("protocol 3.2 needs PostgreSQL 18 (run with -Dpostgres.binaries.version=18.1.0)")
                .isGreaterThanOrEqualTo(18);
    }

    private static void assumeBefore18(TestPostgres server) {
        assumeThat(server.majorVersion())
                .as("the fallback to 3.0 needs a server before PostgreSQL 18 (this one speaks 3.2)")
                .isLessThan(18);
    }

    private static LazyPgConfig config(TestPostgres server, UnaryOperator<LazyPgConfigBuilder> settings) {
        return settings.apply(LazyPgConfig.fromUrl(server.url()).toBuilder()).build();
    }

    private static PgConnection open(TestPostgres server, UnaryOperator<LazyPgConfigBuilder> settings) {
        return PgConnection.open(config(server, settings), ClientHooks.NONE);
    }

    /**
     * A query timeout that fires during a 30 s sleep: it fails as a query timeout with the server's
     * 57014 well before the sleep ends, which happens only when the server accepted the
     * CancelRequest, and it accepts one only with the session's whole key.
     */
    private static void aQueryTimeoutCancelsTheSleep(LazyPgConfig config) {
        try (LazyPgClient client = LazyPgClient.create(config.toBuilder()
                .queryTimeout(Duration.ofMillis(300))
                .poolMaxSize(1)
                .build())) {
            long start = System.nanoTime();
            Throwable failure = catchThrowable(() -> client.query("select pg_sleep(30)"));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(failure)
                    .isInstanceOfSatisfying(
                            PgTimeoutException.class,
                            e -> assertThat(e.kind()).isEqualTo(PgTimeoutException.Kind.QUERY));
            assertThat(failure.getCause())
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("57014"));
            assertThat(millis).as("cancelled, not slept out").isLessThan(20_000);
            assertThat(client.query("select 1").get(0).getInt(0))
                    .as("the connection stays usable")
                    .isEqualTo(1);
        }
    }

    @Test
    void theDefaultStaysProtocol30WithAFourByteKey(TestPostgres server) {
        PgConnection c = open(server, b -> b);
        try {
            assertThat(c.protocolVersion()).isEqualTo(ProtocolVersion.V3_0);
            assertThat(c.cancelKey().secretLength()).isEqualTo(4);
            assertThat(c.cancelKey().processId()).isPositive();
        } finally {
            c.close();
        }
        aQueryTimeoutCancelsTheSleep(config(server, b -> b));
    }

    @Test
    void max32NegotiatesProtocol32WithA32ByteKeyOn18(TestPostgres server) {
        assume18(server);
        for (String max : new String[] {"3.2", "latest"}) {
            PgConnection c = open(server, b -> b.maxProtocolVersion(max));
            try {
                assertThat(c.protocolVersion()).as(max).isEqualTo(ProtocolVersion.V3_2);
                assertThat(c.cancelKey().secretLength())
                        .as("PostgreSQL 18's key length")
                        .isEqualTo(32);
            } finally {
                c.close();
            }
        }
        PgConnection c = open(server, b -> b.minProtocolVersion("3.2"));
        try {
            assertThat(c.protocolVersion())
                    .as("an unset max follows min_protocol_version=3.2 up")
                    .isEqualTo(ProtocolVersion.V3_2);
        } finally {
            c.close();
        }
    }

    @Test
    void aQueryTimeoutCancelsWithTheLongKeyOverTcpOn18(TestPostgres server) {
        assume18(server);
        aQueryTimeoutCancelsTheSleep(config(server, b -> b.maxProtocolVersion("3.2")));
    }

    @Test
    void aQueryTimeoutCancelsWithTheLongKeyOverAUnixSocketOn18(TestPostgres server) {
        assume18(server);
        assumeThat(server.unixSocket())
                .as("needs the embedded server's socket directory")
                .isPresent();
        String url = "postgresql:///" + server.database() + "?host="
                + server.unixSocket().orElseThrow().directory() + "&port=" + server.port() + "&user="
                + server.username() + "&max_protocol_version=3.2";
        LazyPgConfig config = LazyPgConfig.fromUrl(url);
        PgConnection c = PgConnection.open(config, ClientHooks.NONE);
        try {
            assertThat(c.protocolVersion()).isEqualTo(ProtocolVersion.V3_2);
        } finally {
            c.close();
        }
        aQueryTimeoutCancelsTheSleep(config);
    }

    @Test
    void requesting32FromAServerBefore18FallsBackTo30(TestPostgres server) {
        assumeBefore18(server);
        PgConnection c = open(server, b -> b.maxProtocolVersion("latest"));
        try {
            assertThat(c.protocolVersion()).isEqualTo(ProtocolVersion.V3_0);
            assertThat(c.cancelKey().secretLength()).isEqualTo(4);
        } finally {
            c.close();
        }
        aQueryTimeoutCancelsTheSleep(config(server, b -> b.maxProtocolVersion("3.2")));
    }

    @Test
    void min32IsRefusedByAServerBefore18NamingTheSettingAndBothVersions(TestPostgres server) {
        assumeBefore18(server);
        Throwable failure = catchThrowable(() -> open(server, b -> b.minProtocolVersion("3.2")));
        assertThat(failure)
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("speaks protocol 3.0 at most, but min_protocol_version is 3.2")
                .hasMessageContaining(server.host() + ":" + server.port());
    }

    /**
     * Why the default is 3.0: a pooler that does not answer a newer minor version with
     * NegotiateProtocolVersion refuses the whole startup. PgBouncer 1.18 (what apt installs here)
     * closes it with "bad packet header" (08P01), and the error says to set max_protocol_version=3.0;
     * a PgBouncer that negotiates would be answered with 3.0 instead. The default works through it.
     */
    @Test
    void throughPgBouncerTheDefaultWorksAnd32IsRefusedWithTheRemedyOrNegotiatedDown(TestPostgres server) {
        PgBouncer.assumeInstalled();
        try (PgBouncer bouncer = PgBouncer.start(server, PgBouncer.PoolMode.SESSION, 1)) {
            LazyPgConfigBuilder throughBouncer =
                    LazyPgConfig.fromUrl(bouncer.server().url()).toBuilder();
            PgConnection c = PgConnection.open(throughBouncer.build(), ClientHooks.NONE);
            try {
                assertThat(c.protocolVersion()).isEqualTo(ProtocolVersion.V3_0);
                assertThat(c.cancelKey().secretLength()).isEqualTo(4);
            } finally {
                c.close();
            }
            Throwable failure = catchThrowable(() -> PgConnection.open(
                            throughBouncer.maxProtocolVersion("3.2").build(), ClientHooks.NONE)
                    .close());
            if (failure == null) {
                PgConnection negotiated = PgConnection.open(
                        throughBouncer.maxProtocolVersion("3.2").build(), ClientHooks.NONE);
                try {
                    assertThat(negotiated.protocolVersion())
                            .as("a PgBouncer that negotiates, in front of PostgreSQL %d", server.majorVersion())
                            .isEqualTo(server.majorVersion() >= 18 ? ProtocolVersion.V3_2 : ProtocolVersion.V3_0);
                } finally {
                    negotiated.close();
                }
            } else {
                assertThat(failure)
                        .isInstanceOfSatisfying(
                                PgServerException.class,
                                e -> assertThat(e.sqlState()).isEqualTo("08P01"))
                        .hasMessageContaining("set max_protocol_version=3.0");
            }
        }
    }
}
