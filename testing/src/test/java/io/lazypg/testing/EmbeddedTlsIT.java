package io.lazypg.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The embedded server's TLS setup, checked with pgjdbc as the independent client. */
@LazyPgTest
class EmbeddedTlsIT {

    private TestPostgres server;
    private TestPostgres.Tls tls;

    @BeforeEach
    void embeddedOnly(TestPostgres server) {
        assumeThat(server.source())
                .as("TLS is set up only on the embedded server")
                .isEqualTo(TestPostgres.Source.EMBEDDED);
        this.server = server;
        this.tls = server.tls().orElseThrow();
    }

    @Test
    void exposesTheRootCertificateAndTheRoles() throws Exception {
        assertThat(Files.readString(tls.rootCertificate())).startsWith("-----BEGIN CERTIFICATE-----");
        assertThat(tls.serverHostName()).isEqualTo("localhost");
        assertThat(tls.tlsOnlyRole().name()).isEqualTo("lazypg_tls");
        assertThat(tls.tlsOnlyRole().password()).isNotEmpty();
        assertThat(tls.plainOnlyRole().name()).isEqualTo("lazypg_plain");
        assertThat(Files.getPosixFilePermissions(tls.rootCertificate().resolveSibling("server.key")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    void verifyFullToTheCertificateNameGetsTls() throws Exception {
        try (Connection c = connect(tls.serverHostName(), server.username(), server.password(), "verify-full")) {
            assertThat(usesTls(c)).isTrue();
        }
    }

    @Test
    void verifyFullToTheIpAddressFailsOnTheHostName() {
        assertThatThrownBy(() -> connect(server.host(), server.username(), server.password(), "verify-full")
                        .close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("127.0.0.1");
    }

    @Test
    void tlsOnlyRoleConnectsOverTlsOnly() throws Exception {
        TestPostgres.Role role = tls.tlsOnlyRole();
        try (Connection c = connect(server.host(), role.name(), role.password(), "require")) {
            assertThat(usesTls(c)).isTrue();
        }
        assertThatThrownBy(() -> connect(server.host(), role.name(), role.password(), "disable")
                        .close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("pg_hba.conf rejects connection")
                .hasMessageContaining(role.name());
    }

    @Test
    void plainOnlyRoleConnectsWithoutTlsOnly() throws Exception {
        TestPostgres.Role role = tls.plainOnlyRole();
        try (Connection c = connect(server.host(), role.name(), role.password(), "disable")) {
            assertThat(usesTls(c)).isFalse();
        }
        assertThatThrownBy(() -> connect(server.host(), role.name(), role.password(), "require")
                        .close())
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("pg_hba.conf rejects connection")
                .hasMessageContaining(role.name());
    }

    @Test
    void theAuthenticationRolesStillConnectWithAndWithoutTls() throws Exception {
        TestPostgres.Role scram = server.authRoles().orElseThrow().scram();
        for (String mode : new String[] {"disable", "require"}) {
            try (Connection c = connect(server.host(), scram.name(), scram.password(), mode)) {
                assertThat(usesTls(c)).isEqualTo(mode.equals("require"));
            }
        }
    }

    private Connection connect(String host, String user, String password, String sslMode) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        properties.setProperty("sslmode", sslMode);
        properties.setProperty("sslrootcert", tls.rootCertificate().toString());
        return DriverManager.getConnection(
                "jdbc:postgresql://" + host + ":" + server.port() + "/" + server.database(), properties);
    }

    private static boolean usesTls(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select ssl from pg_stat_ssl where pid = pg_backend_pid()")) {
            assertThat(rs.next()).isTrue();
            return rs.getBoolean(1);
        }
    }
}
