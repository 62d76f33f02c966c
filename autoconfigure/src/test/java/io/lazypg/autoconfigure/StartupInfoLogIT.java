package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.spring.LazyPgTemplate;
import io.lazypg.testing.LazyPgTest;
import io.lazypg.testing.TestPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One INFO line at startup says which stack runs (issue #30 item 6): pool name, hosts, server
 * version, pool size, embedded or not; never the password, and it connects to nothing itself.
 */
@LazyPgTest
@ExtendWith(OutputCaptureExtension.class)
class StartupInfoLogIT {

    static final String LINE = "lazypg pool '";

    @Test
    void withoutAnOpenSessionTheLineSaysSoAndNothingConnects(CapturedOutput output) {
        // Port 1: nothing listens; the line must not try.
        StarterContextRunner.create()
                .withPropertyValues(
                        "lazypg.url=postgresql://app:s3cret-pw@127.0.0.1:1/shop",
                        "lazypg.application-name=orders",
                        "lazypg.pool.max-size=5")
                .run(context -> assertThat(context).hasNotFailed());
        assertThat(output.getOut())
                .contains("lazypg pool 'orders' to 127.0.0.1:1/shop, server version not known yet"
                        + " (no session open; lazypg connects on first use), pool size 0..5, not embedded")
                .doesNotContain("s3cret-pw");
        assertThat(output.getOut().split(LINE, -1)).as("one line").hasSize(2);
    }

    @Test
    void aSessionOpenedDuringStartupGivesTheServerVersion(TestPostgres server, CapturedOutput output) {
        StarterContextRunner.create()
                .withUserConfiguration(QueriesAtStartup.class)
                .withPropertyValues("lazypg.url=" + server.url(), "lazypg.pool.min-idle=0")
                .run(context -> {
                    String version =
                            context.getBean(LazyPgTemplate.class).queryForObject("show server_version", String.class);
                    assertThat(output.getOut())
                            .contains("lazypg pool 'lazypg' to " + server.host() + ":" + server.port() + "/"
                                    + server.database() + ", PostgreSQL " + version + ", pool size 0..")
                            .contains(", not embedded");
                });
        if (!server.password().isEmpty()) {
            assertThat(output.getOut()).doesNotContain(server.password());
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class QueriesAtStartup {

        /** As Flyway or JPA would: a statement while the context starts. */
        @Bean
        InitializingBean startupQuery(LazyPgTemplate template) {
            return () -> template.queryForObject("select 1", Integer.class);
        }
    }
}
