package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code @Transactional(timeout = ...)} of a {@code DataSourceTransactionManager} bounds template
 * statements as it bounds JdbcTemplate's: the transaction's remaining time is the statement's
 * timeout, so a statement that would outlive it is cancelled ({@link QueryTimeoutException}), and a
 * call after the deadline fails before anything is sent ({@link TransactionTimedOutException}).
 * Each DataSource has one connection, so the calls after the timeout prove that connection healthy
 * and its timeout reset.
 */
@LazyPgTest
class DataSourceTransactionTimeoutIT {

    @Test
    void onTheLazyPgDataSource(TestPostgres server) {
        LazyPgConfig config =
                LazyPgConfig.fromUrl(server.url()).toBuilder().poolMaxSize(1).build();
        try (LazyPgClient client = LazyPgClient.create(config)) {
            LazyPgDataSource dataSource = new LazyPgDataSource(client);
            timeoutAppliesAndTheConnectionIsHealthyAfter(new LazyPgTemplate(client, dataSource), dataSource);
        }
    }

    @Test
    void onAHikariPoolOfLazyPgConnections(TestPostgres server) {
        try (HikariDataSource hikari = new HikariDataSource()) {
            hikari.setDriverClassName("io.lazypg.jdbc.LazyPgDriver");
            hikari.setJdbcUrl("jdbc:lazypg://" + server.host() + ":" + server.port() + "/" + server.database());
            hikari.setUsername(server.username());
            hikari.setPassword(server.password());
            hikari.setMaximumPoolSize(1);
            timeoutAppliesAndTheConnectionIsHealthyAfter(new LazyPgTemplate(hikari), hikari);
        }
    }

    private static void timeoutAppliesAndTheConnectionIsHealthyAfter(LazyPgTemplate template, DataSource dataSource) {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        DataSourceTransactionManager manager = new DataSourceTransactionManager(dataSource);
        TransactionTemplate oneSecond = new TransactionTemplate(manager);
        oneSecond.setTimeout(1);
        TransactionTemplate unbounded = new TransactionTemplate(manager);

        int pid = unbounded.execute(status -> template.queryForObject("select pg_backend_pid()", Integer.class));

        assertThatThrownBy(() -> oneSecond.executeWithoutResult(
                        status -> template.queryForObject("select pg_sleep(5)::text", String.class)))
                .isInstanceOf(QueryTimeoutException.class);

        // Past the deadline, nothing is sent: Spring's exception, as JdbcTemplate would throw.
        assertThatThrownBy(() -> oneSecond.executeWithoutResult(status -> {
                    sleep(1100);
                    template.queryForObject("select 1", Integer.class);
                }))
                .isInstanceOf(TransactionTimedOutException.class);

        // The same connection, healthy, and no longer bounded by the old deadline.
        unbounded.executeWithoutResult(status -> {
            assertThat(template.queryForObject("select pg_backend_pid()", Integer.class))
                    .isEqualTo(pid);
            assertThat(template.queryForObject("select pg_sleep(1.5)::text", String.class))
                    .isEmpty();
            assertThat(jdbc.queryForObject("select 2", Integer.class)).isEqualTo(2);
        });
        assertThat(template.queryForObject("select pg_sleep(1.2)::text || 'x'", String.class))
                .isEqualTo("x");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
