package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The application brings its own DataSource (HikariCP over pgjdbc): lazypg cannot run on its
 * connections, so LazyPgTemplate follows its transactions in a lazypg transaction of its own,
 * committed or rolled back with them, and a startup WARN says what that cannot give.
 */
@LazyPgTest
@ExtendWith(OutputCaptureExtension.class)
class OwnDataSourceApplicationIT {

    @Test
    void lazyPgWritesCommitAndRollBackWithTheSpringTransactionAndTheLimitIsLogged(
            TestPostgres server, CapturedOutput output) {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(Map.of(
                        "spring.datasource.url", server.jdbcUrl(),
                        "spring.datasource.username", server.username(),
                        "spring.datasource.password", server.password(),
                        "lazypg.server-parameters.lock_timeout", "2s",
                        "spring.main.banner-mode", "off"))
                .run()) {
            assertThat(context.getBeansOfType(DataSource.class)).hasSize(1);
            assertThat(context.getBean(DataSource.class))
                    .isInstanceOf(HikariDataSource.class)
                    .isNotInstanceOf(LazyPgDataSource.class);
            assertThat(output)
                    .contains(
                            "The application's DataSource (HikariDataSource) does not use lazypg" + " connections",
                            "do not see each other's uncommitted writes");

            Accounts accounts = context.getBean(Accounts.class);
            OneTransactionChecks.twoTemplateUpdatesRollBackAndCommitWithTheTransaction(accounts);
            // Two server sessions: the limitation the WARN names.
            int[] pids = accounts.backendPids();
            assertThat(pids[1]).isNotEqualTo(pids[0]);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {

        @Bean
        HikariDataSource dataSource(Environment environment) {
            HikariDataSource dataSource = new HikariDataSource();
            dataSource.setJdbcUrl(environment.getProperty("spring.datasource.url"));
            dataSource.setUsername(environment.getProperty("spring.datasource.username"));
            dataSource.setPassword(environment.getProperty("spring.datasource.password"));
            return dataSource;
        }

        @Bean
        Accounts accounts(LazyPgTemplate lazyPg, JdbcTemplate jdbc, JdbcClient jdbcClient) {
            return new Accounts(lazyPg, jdbc, jdbcClient);
        }
    }
}
