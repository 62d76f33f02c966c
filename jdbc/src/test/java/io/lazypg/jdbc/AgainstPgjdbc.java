package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrlWithCredentials;

import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The base of tests that run the same JDBC calls through pgjdbc and lazypg-jdbc against one server
 * and compare what each gives: one connection of each driver for the test class, opened before its
 * first test and closed after its last. Subclasses are {@code @LazyPgTest}s.
 */
abstract class AgainstPgjdbc {

    /** pgjdbc, the oracle. */
    static Connection pgjdbc;
    /** lazypg-jdbc, through its driver URL. */
    static Connection lazypg;

    @BeforeAll
    static void connectBothDrivers(TestPostgres server) throws SQLException {
        pgjdbc = server.openJdbc();
        lazypg = DriverManager.getConnection(lazypgUrlWithCredentials(server));
    }

    @AfterAll
    static void closeBothDrivers() throws SQLException {
        pgjdbc.close();
        lazypg.close();
    }
}
