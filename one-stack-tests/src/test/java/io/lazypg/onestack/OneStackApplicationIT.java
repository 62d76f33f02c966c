package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;

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
            OneTransactionChecks.everyToolRunsOnOneSession(context.getBean(Accounts.class));
        }
    }

    @Test
    void twoLazyPgUpdatesInAFailingTransactionAreBothRolledBack(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            OneTransactionChecks.twoTemplateUpdatesRollBackAndCommitWithTheTransaction(context.getBean(Accounts.class));
        }
    }

    @Test
    void aJdbcThenALazyPgUpdateOfOneRowDoNotWaitOnEachOther(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            OneTransactionChecks.aJdbcThenATemplateUpdateOfOneRowDoNotWait(context.getBean(Accounts.class));
        }
    }

    @Test
    void eachToolSeesTheOthersWritesAndARollbackUndoesBoth(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            OneTransactionChecks.eachToolSeesTheOthersWritesAndARollbackUndoesBoth(context.getBean(Accounts.class));
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
