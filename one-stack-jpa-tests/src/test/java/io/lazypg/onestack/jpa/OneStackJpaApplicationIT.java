package io.lazypg.onestack.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
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
import org.springframework.orm.ObjectOptimisticLockingFailureException;
import org.springframework.orm.jpa.JpaTransactionManager;
import org.springframework.transaction.TransactionManager;

/**
 * Issue #11 with Spring Data JPA: Hibernate runs on the LazyPgDataSource the starter provides, and
 * LazyPgTemplate joins the JpaTransactionManager's transactions on the same server session.
 */
@LazyPgTest
class OneStackJpaApplicationIT {

    static ConfigurableApplicationContext start(TestPostgres server) {
        return new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of(
                        "spring.datasource.url", server.jdbcUrl(),
                        "spring.datasource.username", server.username(),
                        "spring.datasource.password", server.password(),
                        "spring.flyway.locations", "classpath:db/jpa",
                        "spring.flyway.table", "one_stack_jpa_flyway_history",
                        "spring.flyway.baseline-on-migrate", "true",
                        "spring.flyway.baseline-version", "0",
                        "lazypg.server-parameters.lock_timeout", "2s",
                        "spring.main.banner-mode", "off"))
                .run();
    }

    @Test
    void jpaRunsOnTheLazyPgDataSourceAndEachSeesTheOthersWritesInOneTransaction(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            assertThat(context.getBeansOfType(DataSource.class)).hasSize(1);
            assertThat(context.getBean(DataSource.class)).isInstanceOf(LazyPgDataSource.class);
            assertThat(context.getBeansOfType(TransactionManager.class)).hasSize(1);
            assertThat(context.getBean(TransactionManager.class)).isInstanceOf(JpaTransactionManager.class);
            assertThat(((JpaTransactionManager) context.getBean(TransactionManager.class)).getDataSource())
                    .isSameAs(context.getBean(LazyPgTemplate.class).getDataSource());

            JpaAccounts accounts = context.getBean(JpaAccounts.class);
            accounts.clear();
            assertThat(accounts.writeThroughBoth(false)).containsExactly("ada", "bob");
            assertThat(accounts.count()).isEqualTo(2);
        }
    }

    @Test
    void aRollbackUndoesTheJpaAndTheLazyPgWrites(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            JpaAccounts accounts = context.getBean(JpaAccounts.class);
            accounts.clear();
            assertThatThrownBy(() -> accounts.writeThroughBoth(true)).isInstanceOf(JpaAccounts.Boom.class);
            assertThat(accounts.count()).isZero();
        }
    }

    @Test
    void optimisticLockingStillWorks(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            JpaAccounts accounts = context.getBean(JpaAccounts.class);
            accounts.clear();
            accounts.save(new JpaAccount(3, "cy", 10));
            JpaAccount stale = accounts.load(3);
            accounts.bumpVersionThroughLazyPg(3);
            stale.setBalance(99);
            assertThatThrownBy(() -> accounts.save(stale)).isInstanceOf(ObjectOptimisticLockingFailureException.class);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {

        @Bean
        JpaAccounts jpaAccounts(JpaAccountRepository repository, LazyPgTemplate lazyPg) {
            return new JpaAccounts(repository, lazyPg);
        }
    }
}
