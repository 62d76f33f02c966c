package io.lazypg.onestack.slices.sqlinit;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.EmbeddedPostgresConnectionDetails;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import java.util.HashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * The path docs/getting-started.md describes: no connection configured, the starter's embedded
 * PostgreSQL, and {@code schema.sql} / {@code data.sql} in the default location with Boot's default
 * {@code spring.sql.init.mode} (embedded): the scripts run on that server (issue #30 item 4). On a
 * server of {@code spring.datasource.url} the default mode still skips them, as Boot does.
 */
@LazyPgTest
class SqlInitOnEmbeddedServerIT {

    static ConfigurableApplicationContext start(Map<String, Object> more) {
        Map<String, Object> properties = new HashMap<>(more);
        properties.put("spring.main.banner-mode", "off");
        return new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties(properties)
                .run();
    }

    @Test
    void theDefaultModeRunsTheScriptsOnTheEmbeddedServer() {
        try (ConfigurableApplicationContext context = start(Map.of())) {
            assertThat(context.getBeansOfType(EmbeddedPostgresConnectionDetails.class))
                    .hasSize(1);
            assertThat(context.getBean(DataSource.class)).isInstanceOf(LazyPgDataSource.class);
            LazyPgTemplate template = context.getBean(LazyPgTemplate.class);
            assertThat(template.query("select name from sql_init_vet order by id", String.class))
                    .containsExactly("James Carter", "Helen Leary");
        }
    }

    @Test
    void modeNeverStillRunsNothing() {
        try (ConfigurableApplicationContext context = start(Map.of("spring.sql.init.mode", "never"))) {
            assertThat(context.getBean(LazyPgTemplate.class)
                            .queryForObject("select to_regclass('sql_init_vet') is null", Boolean.class))
                    .isTrue();
        }
    }

    @Test
    void onTheServerOfADataSourceUrlTheDefaultModeRunsNothing(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(Map.of(
                "spring.datasource.url", server.jdbcUrl(),
                "spring.datasource.username", server.username(),
                "spring.datasource.password", server.password()))) {
            assertThat(context.getBeansOfType(EmbeddedPostgresConnectionDetails.class))
                    .isEmpty();
            assertThat(context.getBean(LazyPgTemplate.class)
                            .queryForObject("select to_regclass('sql_init_vet') is null", Boolean.class))
                    .isTrue();
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {}
}
