package io.lazypg.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The relay's round-trip counter on a real PostgreSQL conversation, through pgjdbc. */
@LazyPgTest
class TcpRelayIT {

    @Test
    void aPgjdbcPointSelectIsOneRoundTripAfterConnecting(TestPostgres server) throws Exception {
        try (TcpRelay relay = TcpRelay.withLatency(server.host(), server.port(), Duration.ofMillis(1));
                Connection c = DriverManager.getConnection(jdbcUrl(relay, server), properties(server));
                PreparedStatement ps = c.prepareStatement("select ?::int + 1")) {
            long connected = relay.roundTrips();
            assertThat(connected)
                    .as("startup and authentication take turns too")
                    .isPositive();
            for (int i = 0; i < 12; i++) { // past pgjdbc's prepareThreshold (5): unnamed, then named
                ps.setInt(1, i);
                try (ResultSet rs = ps.executeQuery()) {
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getInt(1)).isEqualTo(i + 1);
                }
                assertThat(relay.roundTrips() - connected).isEqualTo(i + 1L);
            }
        }
    }

    @Test
    void aTransactionOfTwoStatementsIsThreeRoundTripsThroughPgjdbc(TestPostgres server) throws Exception {
        try (TcpRelay relay = TcpRelay.to(server.host(), server.port());
                Connection c = DriverManager.getConnection(jdbcUrl(relay, server), properties(server))) {
            c.setAutoCommit(false);
            long before = relay.roundTrips();
            try (PreparedStatement ps = c.prepareStatement("select 1")) {
                ps.executeQuery().close(); // BEGIN rides with it
                ps.executeQuery().close();
            }
            c.commit();
            assertThat(relay.roundTrips() - before).isEqualTo(3);
        }
    }

    private static String jdbcUrl(TcpRelay relay, TestPostgres server) {
        return "jdbc:postgresql://" + relay.host() + ":" + relay.port() + "/" + server.database();
    }

    private static Properties properties(TestPostgres server) {
        Properties p = new Properties();
        p.setProperty("user", server.username());
        p.setProperty("password", server.password());
        p.setProperty("sslmode", "disable");
        return p;
    }
}
