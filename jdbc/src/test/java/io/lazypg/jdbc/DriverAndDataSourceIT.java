package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.encode;
import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrl;
import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgQueries;
import io.lazypg.client.LazyPgSession;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.Statement;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

@LazyPgTest
class DriverAndDataSourceIT {

    private static int backendPid(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select pg_backend_pid()")) {
            assertThat(rs.next()).isTrue();
            return rs.getInt(1);
        }
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    @Test
    void theDriverIsRegisteredAsAServiceAndClaimsOnlyItsOwnScheme() throws SQLException {
        boolean listed = StreamSupport.stream(ServiceLoader.load(Driver.class).spliterator(), false)
                .anyMatch(d -> d instanceof LazyPgDriver);
        assertThat(listed).isTrue();
        LazyPgDriver driver = new LazyPgDriver();
        assertThat(driver.acceptsURL("jdbc:lazypg://localhost/db")).isTrue();
        assertThat(driver.acceptsURL("jdbc:postgresql://localhost/db")).isFalse();
        assertThat(driver.connect("jdbc:postgresql://localhost/db", null)).isNull();
        assertThat(DriverManager.getDriver("jdbc:postgresql://localhost/db")).isInstanceOf(org.postgresql.Driver.class);
        assertThat(DriverManager.getDriver("jdbc:lazypg://localhost/db")).isInstanceOf(LazyPgDriver.class);
    }

    @Test
    void driverManagerConnectsWithTheLazypgScheme(TestPostgres server) throws SQLException {
        try (Connection c = DriverManager.getConnection(lazypgUrl(server), server.username(), server.password())) {
            assertThat(c).isInstanceOf(LazyPgJdbcConnection.class);
            assertThat(one(c, "select current_database()")).isEqualTo(server.database());
            try (PreparedStatement ps = c.prepareStatement("select ?::int + ?, ?")) {
                ps.setInt(1, 40);
                ps.setInt(2, 2);
                ps.setString(3, "text");
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getInt(1)).isEqualTo(42);
                    assertThat(rs.getString(2)).isEqualTo("text");
                    assertThat(rs.next()).isFalse();
                }
            }
            assertThat(c.getMetaData().getDatabaseProductName()).isEqualTo("PostgreSQL");
            assertThat(c.getMetaData().getDatabaseMajorVersion()).isEqualTo(server.majorVersion());
        }
    }

    @Test
    void theDataSourceAcceptsEveryUrlForm(TestPostgres server) throws SQLException {
        String jdbcPostgres =
                server.jdbcUrl() + "?user=" + encode(server.username()) + "&password=" + encode(server.password());
        for (String url : new String[] {lazypgUrlWithCredentials(server), jdbcPostgres, server.url()}) {
            try (LazyPgDataSource ds = new LazyPgDataSource(url);
                    Connection c = ds.getConnection()) {
                assertThat(one(c, "select current_user")).isEqualTo(server.username());
                assertThat(ds.unwrap(LazyPgClient.class)).isSameAs(ds.client());
                assertThat(ds.isWrapperFor(LazyPgClient.class)).isTrue();
            }
        }
    }

    @Test
    void aConnectionUnwrapsToTheSessionItRunsOn(TestPostgres server) throws SQLException {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url());
                Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("create temp table unwrapped (v int)");
            }
            LazyPgSession session = c.unwrap(LazyPgSession.class);
            assertThat(c.unwrap(LazyPgQueries.class)).isSameAs(session);
            session.execute("insert into unwrapped values ($1)", 7);
            // the same server session and transaction: JDBC sees the row lazypg inserted, uncommitted
            assertThat(one(c, "select v from unwrapped")).isEqualTo("7");
            assertThat(session.inTransaction()).isTrue();
            c.rollback();
            assertThatThrownBy(() -> one(c, "select v from unwrapped"))
                    .isInstanceOf(SQLException.class)
                    .extracting(e -> ((SQLException) e).getSQLState())
                    .isEqualTo("42P01");
        }
    }

    @Test
    void aServerErrorLeavesThePooledConnectionUsable(TestPostgres server) throws SQLException {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url() + "?pool_max_size=1")) {
            int pid;
            try (Connection c = ds.getConnection()) {
                pid = backendPid(c);
                assertThatThrownBy(() -> one(c, "select 1 / 0"))
                        .isInstanceOf(java.sql.SQLDataException.class)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .isEqualTo("22012");
                assertThat(one(c, "select 'still here'")).isEqualTo("still here");
                assertThat(c.isValid(5)).isTrue();
            }
            try (Connection c = ds.getConnection()) {
                assertThat(backendPid(c)).isEqualTo(pid); // the pool kept the connection
            }
        }
    }

    @Test
    void aTerminatedBackendIsReportedAsABrokenConnection(TestPostgres server) throws SQLException {
        try (LazyPgDataSource ds = new LazyPgDataSource(server.url() + "?pool_max_size=1")) {
            int pid;
            try (Connection c = ds.getConnection()) {
                pid = backendPid(c);
                try (Connection admin = server.openJdbc();
                        Statement s = admin.createStatement()) {
                    s.execute("select pg_terminate_backend(" + pid + ")");
                }
                assertThatThrownBy(() -> one(c, "select 1"))
                        .isInstanceOf(SQLNonTransientConnectionException.class)
                        .extracting(e -> ((SQLException) e).getSQLState())
                        .asString()
                        .startsWith("08");
                assertThat(c.isValid(5)).isFalse();
            }
            try (Connection c = ds.getConnection()) {
                assertThat(backendPid(c)).isNotEqualTo(pid); // the broken one was discarded
                assertThat(c.isValid(5)).isTrue();
            }
        }
    }

    @Test
    void aClosedConnectionSaysSo(TestPostgres server) throws SQLException {
        Connection c = DriverManager.getConnection(lazypgUrlWithCredentials(server));
        Statement s = c.createStatement();
        c.close();
        assertThat(c.isClosed()).isTrue();
        assertThat(c.isValid(1)).isFalse();
        assertThatThrownBy(() -> s.executeQuery("select 1"))
                .isInstanceOf(SQLException.class)
                .extracting(e -> ((SQLException) e).getSQLState())
                .isEqualTo("08003");
    }
}
