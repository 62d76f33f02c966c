package io.lazypg.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * LazyPgTemplate inside transactions of a {@code DataSourceTransactionManager}: on the lazypg
 * session under the bound connection when the DataSource is lazypg's, else in a lazypg transaction
 * synchronized with the Spring one (a second session).
 */
@LazyPgTest
class DataSourceTransactionIT {

    private static LazyPgClient client;
    private static LazyPgDataSource lazyPgDataSource;
    private static DriverManagerDataSource pgjdbcDataSource;

    @BeforeAll
    static void start(TestPostgres server) {
        client = LazyPgClient.connect(server.url());
        lazyPgDataSource = new LazyPgDataSource(client);
        pgjdbcDataSource = new DriverManagerDataSource(server.jdbcUrl(), server.username(), server.password());
        new LazyPgTemplate(client)
                .execute("drop table if exists dstx; create table dstx (id int primary key, v int);"
                        + " drop table if exists dstx_deferred; create table dstx_deferred (id int,"
                        + " constraint dstx_deferred_unique unique (id) deferrable initially deferred)");
    }

    @AfterAll
    static void stop() {
        client.close();
    }

    @BeforeEach
    void clear() {
        new LazyPgTemplate(client).execute("truncate dstx, dstx_deferred");
    }

    private static long count(String table) {
        return new LazyPgTemplate(client).queryForObject("select count(*) from " + table, Long.class);
    }

    @Test
    void onTheLazyPgDataSourceTheTemplateRunsOnTheTransactionsConnection() {
        LazyPgTemplate template = new LazyPgTemplate(client, lazyPgDataSource);
        JdbcTemplate jdbc = new JdbcTemplate(lazyPgDataSource);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(lazyPgDataSource));

        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    jdbc.update("insert into dstx values (1, 1)");
                    assertThat(template.queryForObject("select pg_backend_pid()", Integer.class))
                            .isEqualTo(jdbc.queryForObject("select pg_backend_pid()", Integer.class));
                    assertThat(template.queryForObject("select count(*) from dstx", Long.class))
                            .isEqualTo(1);
                    template.update("insert into dstx values (2, 2)");
                    assertThat(jdbc.queryForObject("select count(*) from dstx", Long.class))
                            .isEqualTo(2);
                    throw new IllegalStateException("roll back");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(count("dstx")).isZero();

        tx.executeWithoutResult(status -> {
            jdbc.update("insert into dstx values (1, 1)");
            template.update("update dstx set v = 10 where id = 1"); // the row jdbc locked: same session, no wait
        });
        assertThat(new LazyPgTemplate(client).queryForObject("select v from dstx where id = 1", Integer.class))
                .isEqualTo(10);
    }

    @Test
    void besideAPgjdbcDataSourceTheTemplateFollowsTheSpringTransaction() {
        LazyPgTemplate template = new LazyPgTemplate(client, pgjdbcDataSource);
        JdbcTemplate jdbc = new JdbcTemplate(pgjdbcDataSource);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(pgjdbcDataSource));

        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    jdbc.update("insert into dstx values (1, 1)");
                    template.update("insert into dstx values (2, 2)");
                    template.update("insert into dstx values (3, 3)");
                    throw new IllegalStateException("roll back");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(count("dstx")).isZero();

        tx.executeWithoutResult(status -> {
            jdbc.update("insert into dstx values (1, 1)");
            template.update("insert into dstx values (2, 2)");
            template.update("insert into dstx values (3, 3)");
        });
        assertThat(count("dstx")).isEqualTo(3);
    }

    @Test
    void aTemplateWithoutTheDataSourceStillFollowsTheSpringTransaction() {
        LazyPgTemplate template = new LazyPgTemplate(client);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(pgjdbcDataSource));
        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    template.update("insert into dstx values (1, 1)");
                    throw new IllegalStateException("roll back");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(count("dstx")).isZero();
    }

    @Test
    void requiresNewSuspendsTheSynchronizedLazyPgTransactionAndResumesIt() {
        LazyPgTemplate template = new LazyPgTemplate(client, pgjdbcDataSource);
        DataSourceTransactionManager manager = new DataSourceTransactionManager(pgjdbcDataSource);
        TransactionTemplate outer = new TransactionTemplate(manager);
        TransactionTemplate inner = new TransactionTemplate(manager);
        inner.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);

        int[] pids = new int[3];
        assertThatThrownBy(() -> outer.executeWithoutResult(status -> {
                    template.update("insert into dstx values (1, 1)");
                    pids[0] = template.queryForObject("select pg_backend_pid()", Integer.class);
                    inner.executeWithoutResult(innerStatus -> {
                        template.update("insert into dstx values (2, 2)");
                        pids[1] = template.queryForObject("select pg_backend_pid()", Integer.class);
                    });
                    pids[2] = template.queryForObject("select pg_backend_pid()", Integer.class);
                    throw new IllegalStateException("roll back the outer transaction only");
                }))
                .isInstanceOf(IllegalStateException.class);
        assertThat(pids[1]).isNotEqualTo(pids[0]);
        assertThat(pids[2]).isEqualTo(pids[0]);
        assertThat(new LazyPgTemplate(client).query("select id from dstx order by id", Integer.class))
                .containsExactly(2);
    }

    @Test
    void aFailingLazyPgCommitRollsTheSpringTransactionBack() {
        LazyPgTemplate template = new LazyPgTemplate(client, pgjdbcDataSource);
        JdbcTemplate jdbc = new JdbcTemplate(pgjdbcDataSource);
        TransactionTemplate tx = new TransactionTemplate(new DataSourceTransactionManager(pgjdbcDataSource));

        // The unique constraint is checked at COMMIT: the lazypg commit fails, so the JDBC work must not commit.
        assertThatThrownBy(() -> tx.executeWithoutResult(status -> {
                    jdbc.update("insert into dstx values (1, 1)");
                    template.update("insert into dstx_deferred values (7), (7)");
                }))
                .isInstanceOf(DataIntegrityViolationException.class);
        assertThat(count("dstx")).isZero();
        assertThat(count("dstx_deferred")).isZero();
    }
}
