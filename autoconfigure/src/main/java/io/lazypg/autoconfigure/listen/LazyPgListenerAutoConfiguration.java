package io.lazypg.autoconfigure.listen;

import io.lazypg.autoconfigure.LazyPgAutoConfiguration;
import io.lazypg.client.LazyPgClient;
import io.lazypg.spring.listen.LazyPgListener;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link LazyPgListener} support: the bean post-processor that subscribes annotated methods, and,
 * with Micrometer on the classpath, {@code lazypg.notifications.received} counters.
 */
@AutoConfiguration(after = LazyPgAutoConfiguration.class)
@ConditionalOnClass({LazyPgClient.class, LazyPgListener.class})
public class LazyPgListenerAutoConfiguration {

    /** Static: a post-processor must not make this configuration class an early bean. */
    @Bean
    @ConditionalOnMissingBean
    public static LazyPgListenerAnnotationBeanPostProcessor lazyPgListenerAnnotationBeanPostProcessor() {
        return new LazyPgListenerAnnotationBeanPostProcessor();
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    static class Metrics {

        @Bean
        @ConditionalOnMissingBean(NotificationMetrics.class)
        MicrometerNotificationMetrics lazyPgNotificationMetrics(ObjectProvider<MeterRegistry> registry) {
            return new MicrometerNotificationMetrics(registry);
        }
    }
}
