package io.lazypg.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class StandbyPairIT {

    @Test
    void standbyReplaysThePrimaryAndTakesOverWhenPromoted() throws Exception {
        try (StandbyPair pair = StandbyPair.start()) {
            assertThat(inRecovery(pair.primary())).isFalse();
            assertThat(inRecovery(pair.standby())).isTrue();

            run(pair.primary(), "create table replicated(v int); insert into replicated values (7)");
            pair.awaitStandbyCaughtUp();
            assertThat(single(pair.standby(), "select v from replicated")).isEqualTo("7");
            assertThatThrownBy(() -> run(pair.standby(), "insert into replicated values (8)"))
                    .hasMessageContaining("read-only transaction");

            pair.stopPrimaryImmediately();
            assertThatThrownBy(() -> single(pair.primary(), "select 1")).isInstanceOf(SQLException.class);
            pair.promoteStandby();
            assertThat(inRecovery(pair.standby())).isFalse();
            run(pair.standby(), "insert into replicated values (8)");
            assertThat(single(pair.standby(), "select count(*) from replicated"))
                    .isEqualTo("2");
        }
    }

    private static boolean inRecovery(TestPostgres server) throws SQLException {
        return single(server, "select pg_is_in_recovery()").equals("t");
    }

    private static void run(TestPostgres server, String sql) throws SQLException {
        try (Connection c = server.openJdbc();
                Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static String single(TestPostgres server, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(), server.username(), server.password());
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
