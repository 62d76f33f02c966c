package io.lazypg.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.testing.StandbyPair;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * read_only_target=standby through lazypg-jdbc: a connection set read-only before its first
 * statement runs on the standby, the others on the primary; so does Spring's
 * DataSourceTransactionManager with a read-only transaction.
 */
class ReadOnlyRoutingIT {

    private static StandbyPair pair;
    private static String hosts;

    @BeforeAll
    static void start() {
        pair = StandbyPair.start();
        hosts = "127.0.0.1:" + pair.standby().port() + ",127.0.0.1:"
                + pair.primary().port();
    }

    @AfterAll
    static void stop() {
        if (pair != null) {
            pair.close();
        }
    }

    private static boolean inRecovery(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select pg_is_in_recovery()")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    @Test
    void dataSourceConnectionsSetReadOnlyBeforeFirstUseGoToTheStandby() throws Exception {
        try (LazyPgDataSource ds = new LazyPgDataSource(LazyPgConfig.fromUrl("postgresql://postgres@" + hosts
                + "/postgres?target_session_attrs=primary&read_only_target=standby"))) {
            try (Connection c = ds.getConnection()) {
                c.setReadOnly(true);
                assertThat(inRecovery(c)).isTrue();
            }
            try (Connection c = ds.getConnection()) {
                assertThat(inRecovery(c)).isFalse();
                c.setReadOnly(true); // after first use: stays where it is
                assertThat(inRecovery(c)).isFalse();
            }
            TransactionTemplate readOnly = new TransactionTemplate(new DataSourceTransactionManager(ds));
            readOnly.setReadOnly(true);
            Boolean onStandby = readOnly.execute(status -> {
                // the transaction's connection: the manager closes it
                Connection c = org.springframework.jdbc.datasource.DataSourceUtils.getConnection(ds);
                try {
                    return inRecovery(c);
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertThat(onStandby).isTrue();
        }
    }

    @Test
    void driverManagerConnectionsAreRoutedToo() throws Exception {
        String url = "jdbc:lazypg://" + hosts + "/postgres?user=postgres&targetServerType=primary"
                + "&read_only_target=standby";
        try (Connection c = DriverManager.getConnection(url)) {
            c.setReadOnly(true);
            assertThat(inRecovery(c)).isTrue();
        }
        try (Connection c = DriverManager.getConnection(url)) {
            assertThat(inRecovery(c)).isFalse();
        }
    }
}
