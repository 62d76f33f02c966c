package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.spring.LazyPgTransactionManager;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionManager;

/**
 * Issue #11 as a new user meets it: an application with spring-boot-starter-jdbc and Flyway,
 * configured by {@code spring.datasource.*} alone, adds the lazypg starter. Every scenario runs in
 * a real Spring Boot application against the test server.
 *
 * <p>Every lazypg session has {@code lock_timeout} 2s: if LazyPgTemplate ran on a second session
 * again, the mixed write on one row would fail after 2s (lock_timeout, SQLSTATE 55P03) instead of
 * hanging the build.
 */
@LazyPgTest
class OneStackApplicationIT {

    static ConfigurableApplicationContext start(TestPostgres server) {
        return new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of(
                        "spring.datasource.url", server.jdbcUrl(),
                        "spring.datasource.username", server.username(),
                        "spring.datasource.password", server.password(),
                        "lazypg.server-parameters.lock_timeout", "2s",
                        "spring.main.banner-mode", "off"))
                .run();
    }

    @Test
    void theDataSourceIsLazyPgsOverTheTemplatesPoolAndFlywayMigratedThroughIt(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            assertThat(context.getBeansOfType(DataSource.class)).hasSize(1);
            DataSource dataSource = context.getBean(DataSource.class);
            assertThat(dataSource).isInstanceOf(LazyPgDataSource.class);
            LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
            // One pool: the DataSource lends the template's client's sessions.
            assertThat(context.getBeansOfType(LazyPgClient.class)).hasSize(1);
            assertThat(((LazyPgDataSource) dataSource).client()).isSameAs(template.getClient());
            assertThat(template.getDataSource()).isSameAs(dataSource);
            // One transaction manager, Boot's, over that very instance.
            assertThat(context.getBeansOfType(TransactionManager.class)).hasSize(1);
            assertThat(context.getBeansOfType(LazyPgTransactionManager.class)).isEmpty();
            assertThat(((DataSourceTransactionManager) context.getBean(TransactionManager.class)).getDataSource())
                    .isSameAs(dataSource);
            assertThat(context.getBean(JdbcTemplate.class).getDataSource()).isSameAs(dataSource);
            // Flyway ran its migration through the lazypg DataSource, before the template was created.
            assertThat(context.getBeanFactory()
                            .getBeanDefinition("lazyPgTemplate")
                            .getDependsOn())
                    .contains("flywayInitializer");
            assertThat(template.queryForObject(
                            "select count(*) from flyway_schema_history where version = '1'" + " and success",
                            Long.class))
                    .isEqualTo(1);
            assertThat(template.queryForObject("select count(*) from one_stack_account", Long.class))
                    .isEqualTo(2);
            // Every tool in one @Transactional method is on one server session.
            int[] pids = context.getBean(Accounts.class).backendPids();
            assertThat(pids[1]).isEqualTo(pids[0]);
            assertThat(pids[2]).isEqualTo(pids[0]);
        }
    }

    @Test
    void twoLazyPgUpdatesInAFailingTransactionAreBothRolledBack(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            Accounts accounts = context.getBean(Accounts.class);
            accounts.reset();
            assertThatThrownBy(accounts::twoLazyPgUpdatesThenFail).isInstanceOf(Accounts.Boom.class);
            assertThat(accounts.balance(1)).isEqualTo(100);
            assertThat(accounts.balance(2)).isEqualTo(100);

            accounts.twoLazyPgUpdates();
            assertThat(accounts.balance(1)).isEqualTo(90);
            assertThat(accounts.balance(2)).isEqualTo(110);
        }
    }

    @Test
    void aJdbcThenALazyPgUpdateOfOneRowDoNotWaitOnEachOther(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            Accounts accounts = context.getBean(Accounts.class);
            accounts.reset();
            accounts.jdbcThenLazyPgOnOneRow();
            assertThat(accounts.balance(1)).isEqualTo((100 + 1) * 2);

            // The documented example: a JdbcClient write of row 2, then the template's of row 1.
            assertThat(accounts.transfer(2, 1, 5)).isEqualTo(202 + 100);
            assertThat(accounts.balance(1)).isEqualTo(207);
            assertThat(accounts.balance(2)).isEqualTo(95);
        }
    }

    @Test
    void eachToolSeesTheOthersWritesAndARollbackUndoesBoth(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            Accounts accounts = context.getBean(Accounts.class);
            accounts.reset();
            int[] seen = new int[2];
            assertThatThrownBy(() -> accounts.lazyPgReadsJdbcWriteThenFail(seen))
                    .isInstanceOf(Accounts.Boom.class);
            assertThat(seen).containsExactly(7, 8);
            assertThat(accounts.balance(1)).isEqualTo(100);
            assertThat(accounts.balance(2)).isEqualTo(100);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {

        @Bean
        Accounts accounts(LazyPgTemplate lazyPg, JdbcTemplate jdbc, JdbcClient jdbcClient) {
            return new Accounts(lazyPg, jdbc, jdbcClient);
        }
    }
}
