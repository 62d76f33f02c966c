package io.lazypg.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Authentication methods and sslmodes through the real client against the embedded server's pg_hba. */
@LazyPgTest
class ClientSecurityIT {

    private static LazyPgConfig as(TestPostgres server, TestPostgres.Role role, String host, SslMode mode, Path root) {
        return LazyPgConfig.builder()
                .host(host)
                .port(server.port())
                .database(server.database())
                .user(role.name())
                .password(role.password().isEmpty() ? null : role.password())
                .sslMode(mode)
                .sslRootCert(root)
                .poolMaxSize(1)
                .build();
    }

    private static String currentUser(LazyPgConfig config) {
        try (LazyPgClient client = LazyPgClient.create(config)) {
            return client.query("select current_user").get(0).getString(0);
        }
    }

    private static boolean usesTls(LazyPgConfig config) {
        try (LazyPgClient client = LazyPgClient.create(config)) {
            return client.query("select ssl from pg_stat_ssl where pid = pg_backend_pid()")
                    .get(0)
                    .getBoolean(0);
        }
    }

    private static TestPostgres.AuthRoles roles(TestPostgres server) {
        assumeThat(server.authRoles())
                .as("authentication roles need a server whose pg_hba we write")
                .isPresent();
        return server.authRoles().orElseThrow();
    }

    private static TestPostgres.Tls tls(TestPostgres server) {
        assumeThat(server.tls())
                .as("TLS tests need the embedded server's certificates")
                .isPresent();
        return server.tls().orElseThrow();
    }

    @Test
    void everyPasswordMethodAuthenticates(TestPostgres server) {
        TestPostgres.AuthRoles roles = roles(server);
        for (TestPostgres.Role role :
                new TestPostgres.Role[] {roles.trust(), roles.cleartext(), roles.md5(), roles.scram()}) {
            assertThat(currentUser(as(server, role, server.host(), SslMode.DISABLE, null)))
                    .isEqualTo(role.name());
        }
    }

    @Test
    void aWrongPasswordFailsWithoutShowingIt(TestPostgres server) {
        TestPostgres.AuthRoles roles = roles(server);
        for (TestPostgres.Role role : new TestPostgres.Role[] {roles.cleartext(), roles.md5(), roles.scram()}) {
            String wrong = "Wr0ng-" + role.name() + "-s3cret";
            LazyPgConfig config =
                    as(server, new TestPostgres.Role(role.name(), wrong), server.host(), SslMode.DISABLE, null);
            assertThatThrownBy(() -> currentUser(config))
                    .isInstanceOfSatisfying(
                            PgServerException.class,
                            e -> assertThat(e.sqlState()).isEqualTo("28P01"))
                    .satisfies(e ->
                            assertThat(e.getMessage()).doesNotContain(wrong).doesNotContain(role.password()))
                    // Where it was connecting, like a refused connection: host, port, database and user.
                    .hasMessageStartingWith("Cannot connect to " + config.host() + ":" + config.port() + "/"
                            + config.database() + " as " + role.name() + ": FATAL: password authentication failed");
            assertThat(config.toString()).doesNotContain(wrong);
        }
    }

    @Test
    void aMissingPasswordIsAClearError(TestPostgres server) {
        TestPostgres.Role scram = roles(server).scram();
        LazyPgConfig config = as(server, new TestPostgres.Role(scram.name(), ""), server.host(), SslMode.DISABLE, null);
        assertThatThrownBy(() -> currentUser(config))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("no password is configured");
    }

    @Test
    void requireAndPreferUseTls(TestPostgres server) {
        TestPostgres.Tls tls = tls(server);
        assertThat(usesTls(as(server, tls.tlsOnlyRole(), server.host(), SslMode.REQUIRE, null)))
                .isTrue();
        assertThat(usesTls(as(server, tls.tlsOnlyRole(), server.host(), SslMode.PREFER, null)))
                .isTrue();
    }

    /**
     * With receive_spin over TLS, readiness is asked of the TCP socket (the TLS stream counts only
     * decrypted bytes): a result spanning many TLS records arrives whole and correct.
     */
    @Test
    void receiveSpinReadsEveryTlsRecord(TestPostgres server) {
        TestPostgres.Tls tls = tls(server);
        LazyPgConfig config = as(server, tls.tlsOnlyRole(), server.host(), SslMode.REQUIRE, null).toBuilder()
                .receiveSpin(Duration.ofNanos(100_000))
                .build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            for (int round = 0; round < 20; round++) {
                LazyRow row = client.query(
                                "select count(*), sum(length(s)) from (select repeat('x', i % 500) s"
                                        + " from generate_series(1, 20000) i) t where length(s) >= $1",
                                0)
                        .get(0);
                assertThat(row.getLong(0)).isEqualTo(20_000);
                assertThat(row.getLong(1)).isEqualTo(20_000L / 500 * (499L * 500 / 2));
            }
            assertThat(client.query("select s from generate_series(1, 30000) s where s > $1", 0)
                            .size())
                    .isEqualTo(30_000);
            assertThat(client.query("select ssl from pg_stat_ssl where pid = pg_backend_pid()")
                            .get(0)
                            .getBoolean(0))
                    .isTrue();
        }
    }

    @Test
    void disableIsRefusedForATlsOnlyRoleAndAllowRetriesWithTls(TestPostgres server) {
        TestPostgres.Tls tls = tls(server);
        assertThatThrownBy(() -> currentUser(as(server, tls.tlsOnlyRole(), server.host(), SslMode.DISABLE, null)))
                .isInstanceOfSatisfying(
                        PgServerException.class, e -> assertThat(e.sqlState()).startsWith("28"));
        assertThat(usesTls(as(server, tls.tlsOnlyRole(), server.host(), SslMode.ALLOW, null)))
                .isTrue();
    }

    @Test
    void preferFallsBackToPlainForAPlainOnlyRole(TestPostgres server) {
        TestPostgres.Tls tls = tls(server);
        assertThat(usesTls(as(server, tls.plainOnlyRole(), server.host(), SslMode.PREFER, null)))
                .isFalse();
    }

    @Test
    void verifyCaAndVerifyFull(TestPostgres server) {
        TestPostgres.Tls tls = tls(server);
        Path root = tls.rootCertificate();
        assertThat(usesTls(as(server, tls.tlsOnlyRole(), server.host(), SslMode.VERIFY_CA, root)))
                .isTrue();
        assertThat(usesTls(as(server, tls.tlsOnlyRole(), tls.serverHostName(), SslMode.VERIFY_FULL, root)))
                .isTrue();
        assertThatThrownBy(() -> currentUser(as(server, tls.tlsOnlyRole(), server.host(), SslMode.VERIFY_FULL, root)))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining(server.host())
                .satisfies(e -> assertThat(e.getMessage())
                        .doesNotContain(tls.tlsOnlyRole().password()));
    }
}
