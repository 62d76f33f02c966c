package io.lazypg.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.spring.LazyPgTemplate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;
import org.springframework.stereotype.Service;

/**
 * Startup failures a new user meets first: a mistyped {@code lazypg.*} key and no connection at
 * all. Each ends in one description and one action (the FailureAnalyzers), not a nested chain of
 * bean-creation exceptions. No database is needed: each fails before connecting.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureAnalysisTest {

    private static final String CLOSED_URL = LazyPgAutoConfigurationTest.CLOSED_URL;

    private final ApplicationContextRunner contextRunner =
            new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(LazyPgAutoConfiguration.class));

    @Test
    void mistypedKeysFailStartupNamingTheNearestValidKey() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "lazypg.query-timout=5s", "lazypg.pool.max-sise=4")
                .run(context -> {
                    assertThat(context).hasFailed();
                    FailureAnalysis analysis =
                            new UnknownPropertyFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis).isNotNull();
                    assertThat(analysis.getDescription())
                            .contains("lazypg.query-timout")
                            .contains("did you mean lazypg.query-timeout?")
                            .contains("lazypg.pool.max-sise")
                            .contains("did you mean lazypg.pool.max-size?");
                    assertThat(analysis.getAction())
                            .contains("Rename lazypg.query-timout to lazypg.query-timeout")
                            .contains("Rename lazypg.pool.max-sise to lazypg.pool.max-size");
                });
    }

    @Test
    void aMistypedUrlKeyFailsInsteadOfStartingAnEmbeddedServer(CapturedOutput output) {
        contextRunner.withPropertyValues("lazypg.uri=" + CLOSED_URL).run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = new UnknownPropertyFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis.getDescription()).contains("lazypg.uri").contains("did you mean lazypg.url?");
        });
        assertThat(output.getAll()).doesNotContain("started an embedded PostgreSQL");
    }

    @Test
    void keysWithNothingSimilarAreNamedForRemoval() {
        contextRunner
                .withPropertyValues("lazypg.url=" + CLOSED_URL, "lazypg.frobnicate=yes")
                .run(context -> {
                    FailureAnalysis analysis =
                            new UnknownPropertyFailureAnalyzer().analyze(context.getStartupFailure());
                    assertThat(analysis.getDescription())
                            .contains("lazypg.frobnicate")
                            .contains("no lazypg property has a similar name");
                    assertThat(analysis.getAction()).contains("Remove lazypg.frobnicate");
                });
    }

    @Test
    void nearestKeysFollowTheBindersRelaxedNames() {
        assertThat(PropertyNames.nearest("lazypg.pool.maxSise")).contains("lazypg.pool.max-size");
        assertThat(PropertyNames.nearest("lazypg.sslrootcrt")).contains("lazypg.ssl-root-cert");
        assertThat(PropertyNames.nearest("lazypg.user")).contains("lazypg.username");
        assertThat(PropertyNames.all())
                .contains(
                        "lazypg.url",
                        "lazypg.pool.min-idle",
                        "lazypg.embedded.enabled",
                        "lazypg.statistics.report-unread-columns",
                        "lazypg.server-parameters");
    }

    @Test
    void validKeysStillBind() {
        contextRunner
                .withPropertyValues(
                        "lazypg.url=" + CLOSED_URL,
                        "lazypg.query-timeout=5s",
                        "lazypg.pool.max-size=4",
                        "lazypg.server-parameters.TimeZone=UTC")
                .run(context -> assertThat(context).hasNotFailed().hasSingleBean(LazyPgTemplate.class));
    }

    @Test
    void missingConnectionIsOneDescriptionAndOneAction() {
        contextRunner.withPropertyValues("lazypg.embedded.enabled=false").run(context -> {
            FailureAnalysis analysis = new MissingConnectionFailureAnalyzer().analyze(context.getStartupFailure());
            assertThat(analysis).isNotNull();
            assertThat(analysis.getDescription())
                    .startsWith("lazypg has no PostgreSQL server to connect to")
                    .contains("lazypg.embedded.enabled=false");
            assertThat(analysis.getAction())
                    .startsWith("Set lazypg.url")
                    .contains("remove lazypg.embedded.enabled=false");
        });
    }

    @Test
    void anApplicationReportsTheAnalysisInsteadOfNestedExceptions(CapturedOutput output) {
        assertThatThrownBy(() -> new SpringApplicationBuilder(Application.class)
                        .web(WebApplicationType.NONE)
                        .properties("lazypg.embedded.enabled=false", "spring.main.banner-mode=off")
                        .run())
                .isNotNull();
        assertThat(output.getAll())
                .contains("APPLICATION FAILED TO START")
                .contains("lazypg has no PostgreSQL server to connect to")
                .contains("Action:")
                .contains("Set lazypg.url")
                // Spring's one WARN line for a failed refresh stays; the nested stack trace does not.
                .doesNotContain("Application run failed");
    }

    @Test
    void anApplicationReportsAMistypedKeyWithItsNearestKey(CapturedOutput output) {
        assertThatThrownBy(() -> new SpringApplicationBuilder(Application.class)
                        .web(WebApplicationType.NONE)
                        .properties("lazypg.url=" + CLOSED_URL, "lazypg.query-timout=5s", "spring.main.banner-mode=off")
                        .run())
                .isNotNull();
        assertThat(output.getAll())
                .contains("APPLICATION FAILED TO START")
                .contains("did you mean lazypg.query-timeout?");
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
