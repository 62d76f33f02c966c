package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionManager;

/**
 * An application that keeps HikariCP ({@code spring.datasource.hikari.*}) and makes it a pool of
 * lazypg connections with {@code spring.datasource.driver-class-name=io.lazypg.jdbc.LazyPgDriver}
 * and a {@code jdbc:lazypg:} URL: Hikari is the only pool, LazyPgTemplate runs on its connections,
 * and one {@code @Transactional} method covers JdbcTemplate, JdbcClient and the template on one
 * server session.
 *
 * <p>Sessions are counted in {@code pg_stat_activity} by an application name that both Hikari's
 * connections and any lazypg pool would report ({@code lazypg.application-name} is set to it too),
 * so a second pool would show.
 */
@LazyPgTest
class HikariPoolApplicationIT {

    private static final String APPLICATION_NAME = "one-stack-hikari";
    private static final int MAX_POOL_SIZE = 3;

    static ConfigurableApplicationContext start(TestPostgres server) {
        return new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of(
                        "spring.datasource.url",
                        "jdbc:lazypg://" + server.host() + ":" + server.port() + "/" + server.database(),
                        "spring.datasource.driver-class-name",
                        "io.lazypg.jdbc.LazyPgDriver",
                        "spring.datasource.username",
                        server.username(),
                        "spring.datasource.password",
                        server.password(),
                        "spring.datasource.hikari.pool-name",
                        "one-stack-hikari-pool",
                        "spring.datasource.hikari.maximum-pool-size",
                        String.valueOf(MAX_POOL_SIZE),
                        "spring.datasource.hikari.data-source-properties.ApplicationName",
                        APPLICATION_NAME,
                        // Bounds the mixed write on one row, should the template ever run on a second session.
                        "spring.datasource.hikari.data-source-properties.options",
                        "-c lock_timeout=2s",
                        "lazypg.application-name",
                        APPLICATION_NAME))
                .properties("spring.main.banner-mode=off")
                .run();
    }

    @Test
    void hikariIsTheOnlyPoolAndTheTemplateRunsOnItsConnections(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            assertThat(context.getBeansOfType(DataSource.class)).hasSize(1);
            HikariDataSource hikari = (HikariDataSource) context.getBean(DataSource.class);
            assertThat(hikari.getMaximumPoolSize()).isEqualTo(MAX_POOL_SIZE); // spring.datasource.hikari.* applies
            assertThat(context.getBeansOfType(LazyPgClient.class)).isEmpty();
            assertThat(context.getBeansOfType(LazyPgDataSource.class)).isEmpty();
            LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
            assertThat(template.getClient()).isNull();
            assertThat(template.getDataSource()).isSameAs(hikari);
            assertThat(context.getBeansOfType(TransactionManager.class)).hasSize(1);
            assertThat(((DataSourceTransactionManager) context.getBean(TransactionManager.class)).getDataSource())
                    .isSameAs(hikari);
            // Flyway migrated through Hikari's lazypg connections before the template was created.
            assertThat(template.queryForObject("select count(*) from one_stack_account", Long.class))
                    .isEqualTo(2);

            // Template calls outside a transaction, in parallel, and JdbcTemplate's, all on Hikari's connections.
            JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
            Set<Integer> templatePids = new HashSet<>();
            List.of(1, 2, 3, 4, 5, 6).parallelStream().forEach(i -> {
                Integer pid = template.queryForObject("select pg_backend_pid() from pg_sleep(0.05)", Integer.class);
                synchronized (templatePids) {
                    templatePids.add(pid);
                }
            });
            jdbc.queryForObject("select 1", Integer.class);

            List<Integer> serverSessions = jdbc.queryForList(
                    "select pid from pg_stat_activity where application_name = ?", Integer.class, APPLICATION_NAME);
            assertThat(serverSessions)
                    .hasSize(hikari.getHikariPoolMXBean().getTotalConnections())
                    .hasSizeLessThanOrEqualTo(MAX_POOL_SIZE)
                    .containsAll(templatePids);
            assertThat(hikari.getHikariPoolMXBean().getActiveConnections()).isZero();

            // One server session for every tool in one @Transactional method.
            OneTransactionChecks.everyToolRunsOnOneSession(context.getBean(Accounts.class));
        }
    }

    @Test
    void oneTransactionAcrossJdbcTemplateJdbcClientAndTheTemplate(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            Accounts accounts = context.getBean(Accounts.class);
            OneTransactionChecks.twoTemplateUpdatesRollBackAndCommitWithTheTransaction(accounts);
            OneTransactionChecks.eachToolSeesTheOthersWritesAndARollbackUndoesBoth(accounts);
            OneTransactionChecks.aJdbcThenATemplateUpdateOfOneRowDoNotWait(accounts);
        }
    }

    @Test
    void theTransactionTimeoutCancelsATemplateStatementAndThePoolStaysHealthy(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            Accounts accounts = context.getBean(Accounts.class);
            accounts.reset();
            assertThatThrownBy(accounts::writeThenSleepPastTheTimeout).isInstanceOf(QueryTimeoutException.class);
            assertThat(accounts.balance(1)).isEqualTo(100); // the JdbcTemplate write was rolled back with it
            accounts.twoLazyPgUpdates();
            assertThat(accounts.balance(1)).isEqualTo(90);
        }
    }

    @Test
    void poolMetricsAndHealthAreHikarisAlone(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server)) {
            MeterRegistry registry = context.getBean(MeterRegistry.class);
            assertThat(registry.find("hikaricp.connections.max")
                            .tag("pool", "one-stack-hikari-pool")
                            .gauge())
                    .isNotNull();
            assertThat(registry.find("lazypg.connections.acquire").meters()).isEmpty();
            assertThat(registry.getMeters())
                    .noneMatch(meter -> meter.getId().getName().startsWith("lazypg."));
            Map<String, HealthContributor> health = context.getBeansOfType(HealthContributor.class);
            assertThat(health).containsKey("dbHealthContributor").doesNotContainKey("lazypgHealthIndicator");
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
