package io.lazypg.onestack.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.autoconfigure.LazyPgDataSourceAutoConfiguration;
import io.lazypg.autoconfigure.OtherEmbeddedDatabaseWarning;
import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import io.lazypg.spring.LazyPgTemplate;
import java.sql.Connection;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application whose development default is H2 (no {@code spring.datasource.url}, H2 on the
 * class path, no embedded PostgreSQL) still starts, on H2, once the starter is added: lazypg backs
 * off with one WARN line (issue #30 item 3). A PostgreSQL connection, once configured, wins over H2.
 */
@ExtendWith(OutputCaptureExtension.class)
class H2DefaultApplicationTest {

    static final String WARNING = "lazypg is not configured: no PostgreSQL connection is set";

    @Test
    void theApplicationRunsOnH2AndLazyPgSaysOnceWhyItIsNotConfigured(CapturedOutput output) throws Exception {
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
                .web(WebApplicationType.NONE)
                .properties("spring.main.banner-mode=off")
                .run()) {
            DataSource dataSource = context.getBean(DataSource.class);
            assertThat(dataSource).isNotInstanceOf(LazyPgDataSource.class);
            try (Connection connection = dataSource.getConnection()) {
                assertThat(connection.getMetaData().getDatabaseProductName()).isEqualTo("H2");
            }
            assertThat(context.getBeansOfType(LazyPgClient.class)).isEmpty();
            assertThat(context.getBeansOfType(LazyPgTemplate.class)).isEmpty();

            H2VetRepository vets = context.getBean(H2VetRepository.class);
            vets.save(new H2Vet(1, "James Carter"));
            assertThat(vets.findAll()).extracting(H2Vet::getName).containsExactly("James Carter");
        }
        assertThat(output.getOut().split(WARNING, -1)).as("one WARN line").hasSize(2);
    }

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    LazyPgAutoConfiguration.class,
                    OtherEmbeddedDatabaseWarning.class,
                    LazyPgDataSourceAutoConfiguration.class,
                    DataSourceAutoConfiguration.class));

    @Test
    void aLazyPgUrlBesideH2GivesLazyPgsDataSource(CapturedOutput output) {
        // Port 1: nothing listens, and nothing connects before a statement runs.
        contextRunner
                .withPropertyValues("lazypg.url=postgresql://app@127.0.0.1:1/shop")
                .run(context -> {
                    assertThat(context).hasSingleBean(LazyPgClient.class).hasSingleBean(LazyPgDataSource.class);
                });
        assertThat(output.getOut()).doesNotContain(WARNING);
    }

    @Test
    void aPostgresDataSourceUrlBesideH2GivesLazyPgsDataSource() {
        contextRunner
                .withPropertyValues(
                        "spring.datasource.url=jdbc:postgresql://127.0.0.1:1/shop", "spring.datasource.username=app")
                .run(context -> assertThat(context).hasSingleBean(LazyPgDataSource.class));
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class Application {}
}
