package io.lazypg.onestack.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.Map;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The starter in an application with Liquibase, jOOQ and {@code spring.sql.init} (the real
 * libraries, on a real server): Liquibase and the SQL scripts run through the starter's DataSource
 * before any LazyPgTemplate bean exists, and jOOQ's DSLContext shares the template's transaction and
 * server session.
 *
 * <p>Every lazypg session has {@code lock_timeout} 2s, so should the template ever run on a second
 * session, the write of a row jOOQ locked fails after 2s instead of hanging the build.
 */
@LazyPgTest
class OneStackToolsApplicationIT {

    private static ConfigurableApplicationContext context;

    /**
     * One application for the class, on a database without Liquibase's tables; a second start on
     * the same database (without {@code spring.liquibase.default-schema}) must find the applied
     * changelog (see {@link #aLaterStartWithoutADefaultSchemaFindsTheAppliedChangelog}).
     */
    @BeforeAll
    static void start(TestPostgres server) {
        try (LazyPgClient client = LazyPgClient.connect(server.url())) {
            new LazyPgTemplate(client)
                    .execute("drop table if exists databasechangelog, databasechangeloglock, tool_account, tool_note");
        }
        context = start(server, Map.of());
    }

    @AfterAll
    static void stop() {
        context.close();
    }

    static ConfigurableApplicationContext start(TestPostgres server, Map<String, Object> more) {
        return new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(more)
                .properties(Map.of(
                        "spring.datasource.url", server.jdbcUrl(),
                        "spring.datasource.username", server.username(),
                        "spring.datasource.password", server.password(),
                        "spring.liquibase.change-log", "classpath:db/changelog/accounts.sql",
                        "spring.sql.init.mode", "always",
                        "spring.sql.init.schema-locations", "classpath:sql-init/schema.sql",
                        "spring.sql.init.data-locations", "classpath:sql-init/data.sql",
                        "lazypg.server-parameters.lock_timeout", "2s",
                        "spring.main.banner-mode", "off"))
                .run();
    }

    @Test
    void liquibaseAndSqlInitRanThroughTheStartersDataSourceBeforeTheTemplate() {
        assertThat(context.getBeansOfType(DataSource.class)).hasSize(1);
        assertThat(context.getBean(DataSource.class)).isInstanceOf(LazyPgDataSource.class);
        assertThat(context.getBeanFactory().getBeanDefinition("lazyPgTemplate").getDependsOn())
                .contains("liquibase", "dataSourceScriptDatabaseInitializer");

        LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
        assertThat(template.queryForObject(
                        "select count(*) from databasechangelog where id = '1' and author = 'lazypg'", Long.class))
                .isEqualTo(1);
        assertThat(template.queryForObject("select count(*) from tool_account", Long.class))
                .isEqualTo(2);
        assertThat(template.queryForObject("select body from tool_note where id = 1", String.class))
                .isEqualTo("from data.sql");
    }

    @Test
    void jooqAndTheTemplateShareOneTransactionAndOneSession() {
        // Not Boot's guess from the jdbc:lazypg: URL (DEFAULT): the starter's customizer.
        assertThat(context.getBean(DSLContext.class).dialect()).isEqualTo(SQLDialect.POSTGRES);
        ToolAccounts accounts = context.getBean(ToolAccounts.class);
        accounts.reset();

        int[] seen = new int[5];
        assertThatThrownBy(() -> accounts.writeThroughBothThenFail(seen)).isInstanceOf(ToolAccounts.Boom.class);
        assertThat(seen[0]).as("the template sees jOOQ's write").isEqualTo(7);
        assertThat(seen[1]).as("jOOQ sees the template's write").isEqualTo(8);
        assertThat(seen[2]).as("the template updated the row jOOQ locked").isEqualTo(8);
        assertThat(seen[4]).as("one server session").isEqualTo(seen[3]);
        assertThat(accounts.balance(1)).isEqualTo(100);
        assertThat(accounts.balance(2)).isEqualTo(100);

        accounts.writeThroughBoth();
        assertThat(accounts.balance(1)).isEqualTo(90);
        assertThat(accounts.balance(2)).isEqualTo(110);
    }

    @Test
    void aLaterStartWithoutADefaultSchemaFindsTheAppliedChangelog(TestPostgres server) {
        // Liquibase reads current_schema() through prepareCall (issues #10/#11)
        try (ConfigurableApplicationContext again = start(server, Map.of())) {
            LazyPgTemplate template = again.getBean(LazyPgTemplate.class);
            assertThat(template.queryForObject("select count(*) from databasechangelog", Long.class))
                    .isEqualTo(1);
            assertThat(template.queryForObject("select count(*) from tool_account", Long.class))
                    .isEqualTo(2);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {

        @Bean
        ToolAccounts toolAccounts(DSLContext jooq, LazyPgTemplate lazyPg) {
            return new ToolAccounts(jooq, lazyPg);
        }
    }
}
