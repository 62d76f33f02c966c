package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrl;
import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The same pgjdbc-style Properties open a pgjdbc and a lazypg-jdbc connection, and the session
 * settings they ask for (currentSchema, ApplicationName, options) are the same on both; properties
 * lazypg has no use for (binaryTransferEnable, reWriteBatchedInserts, tcpKeepAlive) do not stop it.
 */
@LazyPgTest
class PgjdbcPropertiesIT {

    @Test
    void sessionPropertiesHaveTheSameEffectAsWithPgjdbc(TestPostgres server) throws SQLException {
        try (Connection setup = server.openJdbc();
                Statement s = setup.createStatement()) {
            s.execute("create schema if not exists props_it");
        }
        Properties info = new Properties();
        info.setProperty("user", server.username());
        info.setProperty("password", server.password());
        info.setProperty("currentSchema", "props_it,public");
        info.setProperty("ApplicationName", "props-it");
        info.setProperty("options", "-c statement_timeout=4321");
        info.setProperty("binaryTransferEnable", "int4,uuid");
        info.setProperty("reWriteBatchedInserts", "true");
        info.setProperty("tcpKeepAlive", "true");
        List<String> pgjdbc;
        List<String> lazypg;
        try (Connection c = DriverManager.getConnection(server.jdbcUrl(), info)) {
            pgjdbc = sessionSettings(c);
        }
        try (Connection c = DriverManager.getConnection(lazypgUrl(server), info)) {
            lazypg = sessionSettings(c);
        }
        assertThat(pgjdbc).containsExactly("props_it", "props-it", "4321ms");
        assertThat(lazypg).isEqualTo(pgjdbc);
    }

    private static List<String> sessionSettings(Connection c) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select current_schema(), current_setting('application_name'),"
                        + " current_setting('statement_timeout')")) {
            rs.next();
            for (int i = 1; i <= 3; i++) {
                values.add(rs.getString(i));
            }
        }
        return values;
    }
}
