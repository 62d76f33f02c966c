package io.lazypg.autoconfigure.listen;

import static org.assertj.core.api.Assertions.assertThat;

import io.lazypg.spring.listen.LazyPgListener;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The listener support's beans and its startup checks; no server needed. */
class LazyPgListenerAutoConfigurationTest {

    private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(LazyPgListenerAutoConfiguration.class));

    static class TwoParameters {
        @LazyPgListener("c")
        void wrong(String a, String b) {}
    }

    static class NoListeners {
        void plain(String a) {}
    }

    @Test
    void aMethodWithAWrongSignatureFailsStartupNamingIt() {
        contextRunner
                .withBean(TwoParameters.class)
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .hasMessageContaining("TwoParameters.wrong")
                        .hasMessageContaining("exactly one parameter"));
    }

    @Test
    void withoutListenerMethodsNoClientIsNeeded() {
        contextRunner.withBean(NoListeners.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context).hasSingleBean(LazyPgListenerAnnotationBeanPostProcessor.class);
            assertThat(context).hasSingleBean(MicrometerNotificationMetrics.class);
        });
    }

    @Test
    void withoutMicrometerThereAreNoCounters() {
        contextRunner
                .withClassLoader(new FilteredClassLoader(MeterRegistry.class))
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context).doesNotHaveBean(NotificationMetrics.class);
                });
    }
}
