package io.lazypg.jdbc;

import static io.lazypg.jdbc.JdbcUrlsForTests.lazypgUrl;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.client.LazyPgSession;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

@LazyPgTest
class HikariPoolIT {

    private static HikariDataSource pool(TestPostgres server) {
        HikariConfig config = new HikariConfig();
        config.setDriverClassName(LazyPgDriver.class.getName());
        config.setJdbcUrl(lazypgUrl(server));
        config.setUsername(server.username());
        config.setPassword(server.password());
        config.setMaximumPoolSize(2);
        config.setAutoCommit(true);
        return new HikariDataSource(config);
    }

    @Test
    void hikariPoolsTheDriversConnections(TestPostgres server) throws SQLException {
        try (HikariDataSource ds = pool(server)) {
            JdbcTemplate jdbc = new JdbcTemplate(ds);
            jdbc.execute("create table if not exists hikari_t (id int primary key, v text)");
            jdbc.update("delete from hikari_t");
            assertThat(jdbc.update("insert into hikari_t values (?, ?)", 1, "one"))
                    .isEqualTo(1);
            assertThat(jdbc.queryForObject("select v from hikari_t where id = ?", String.class, 1))
                    .isEqualTo("one");

            TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(ds));
            assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                        jdbc.update("insert into hikari_t values (?, ?)", 2, "two");
                        jdbc.update("insert into hikari_t values (?, ?)", 1, "duplicate");
                    }))
                    .isInstanceOf(org.springframework.dao.DuplicateKeyException.class);
            assertThat(jdbc.queryForObject("select count(*) from hikari_t", Integer.class))
                    .isEqualTo(1);

            try (Connection c = ds.getConnection()) {
                assertThat(c.isWrapperFor(LazyPgSession.class)).isTrue();
                assertThat(c.unwrap(LazyPgSession.class)
                                .query("select 5")
                                .get(0)
                                .getInt(0))
                        .isEqualTo(5);
                // the pool hands out the driver's connections, one server session each
                assertThat(c.unwrap(LazyPgJdbcConnection.class)).isNotNull();
            }
            assertThat(ds.getHikariPoolMXBean().getTotalConnections()).isBetween(1, 2);
            jdbc.execute("drop table hikari_t");
        }
    }
}
