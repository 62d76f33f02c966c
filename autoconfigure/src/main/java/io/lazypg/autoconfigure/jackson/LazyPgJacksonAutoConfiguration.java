package io.lazypg.autoconfigure.jackson;

import io.lazypg.spring.jackson.LazyPgJacksonModule;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.JacksonModule;

/**
 * Registers {@link LazyPgJacksonModule} (JSON for lazypg entity proxies) as a bean when Jackson 3
 * is on the classpath. Spring Boot's Jackson auto-configuration adds every {@link JacksonModule}
 * bean to the {@code JsonMapper} it builds.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration")
@ConditionalOnClass({JacksonModule.class, LazyPgJacksonModule.class})
public class LazyPgJacksonAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public LazyPgJacksonModule lazyPgJacksonModule() {
        return new LazyPgJacksonModule();
    }
}
