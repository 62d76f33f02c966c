package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A template without a client, over HikariCP pooling lazypg-jdbc connections: the JDBC pool is the
 * only pool. Calls run on the lazypg session under a Hikari connection, the transaction's when a
 * {@code DataSourceTransactionManager} bound one, else one taken for the call.
 */
@LazyPgTest
class JdbcPoolTemplateIT {

    private static final String APPLICATION_NAME = "lazypg-jdbc-pool-it";

    private static HikariDataSource hikari;
    private static DriverManagerDataSource pgjdbc;

    @BeforeAll
    static void start(TestPostgres server) {
        hikari = new HikariDataSource();
        hikari.setDriverClassName("io.lazypg.jdbc.LazyPgDriver");
        hikari.setJdbcUrl("jdbc:lazypg://" + server.host() + ":" + server.port() + "/" + server.database()
                + "?ApplicationName=" + APPLICATION_NAME);
        hikari.setUsername(server.username());
        hikari.setPassword(server.password());
        hikari.setMaximumPoolSize(2);
        hikari.setAutoCommit(false); // the template still runs outside transactions in auto-commit
        pgjdbc = new DriverManagerDataSource(server.jdbcUrl(), server.username(), server.password());
        new JdbcTemplate(pgjdbc)
                .execute("drop table if exists jdbcpool; create table jdbcpool (id int primary key, v int)");
    }

    @AfterAll
    static void stop() {
        hikari.close();
    }

    @BeforeEach
    void clear() {
        new JdbcTemplate(pgjdbc).execute("truncate jdbcpool");
    }

    private static long count() {
        return new JdbcTemplate(pgjdbc).queryForObject("select count(*) from jdbcpool", Long.class);
    }

    @Test
    void outsideATransactionEachCallRunsInAutoCommitOnAPooledConnection() {
        LazyPgTemplate template = new LazyPgTemplate(hikari);
        template.update("insert into jdbcpool values (1, 1)");
        assertThat(count()).isEqualTo(1); // committed, though the pool's connections default to auto-commit off
        try (Stream<Integer> ids = template.queryForStream("select g from generate_series(1, 5) g", Integer.class)) {
            assertThat(ids).containsExactly(1, 2, 3, 4, 5);
        }
        assertThat(template.queryForObject(
                        "select application_name from pg_stat_activity where pid = pg_backend_pid()", String.class))
                .isEqualTo(APPLICATION_NAME);
        // Every connection given back: the pool has all its connections idle again.
        assertThat(hikari.getHikariPoolMXBean().getActiveConnections()).isZero();
        assertThat(hikari.getHikariPoolMXBean().getTotalConnections()).isBetween(1, 2);
    }

    @Test
    void insideADataSourceTransactionTheTemplateRunsOnTheTransactionsConnection() {
        LazyPgTemplate template = new LazyPgTemplate(hikari);
        JdbcTemplate jdbc = new JdbcTemplate(hikari);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(hikari));

        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    jdbc.update("insert into jdbcpool values (1, 1)");
                    assertThat(template.queryForObject("select pg_backend_pid()", Integer.class))
                            .isEqualTo(jdbc.queryForObject("select pg_backend_pid()", Integer.class));
                    template.update("update jdbcpool set v = 2 where id = 1"); // the row jdbc locked: no wait
                    assertThat(jdbc.queryForObject("select v from jdbcpool where id = 1", Integer.class))
                            .isEqualTo(2);
                    throw new IllegalStateException("roll back");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(count()).isZero();

        tx.executeWithoutResult(status -> {
            jdbc.update("insert into jdbcpool values (1, 1)");
            template.update("insert into jdbcpool values (2, 2)");
        });
        assertThat(count()).isEqualTo(2);
    }

    @Test
    void insideAnotherDataSourcesTransactionTheTemplateFollowsItOnAPoolConnection() {
        LazyPgTemplate template = new LazyPgTemplate(hikari);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(pgjdbc));

        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    template.update("insert into jdbcpool values (1, 1)");
                    template.update("insert into jdbcpool values (2, 2)");
                    throw new IllegalStateException("roll back");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(count()).isZero();

        tx.executeWithoutResult(status -> {
            template.update("insert into jdbcpool values (1, 1)");
            template.update("insert into jdbcpool values (2, 2)");
        });
        assertThat(count()).isEqualTo(2);
        assertThat(hikari.getHikariPoolMXBean().getActiveConnections()).isZero();
        assertThat(template.query("select id from jdbcpool order by id", Integer.class))
                .isEqualTo(List.of(1, 2));
    }
}
