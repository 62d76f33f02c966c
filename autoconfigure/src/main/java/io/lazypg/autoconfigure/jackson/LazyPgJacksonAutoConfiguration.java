package io.lazypg.autoconfigure.jackson;

import io.lazypg.spring.jackson.LazyPgJacksonModule;
import io.lazypg.spring.json.LazyPgJson;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.ObjectMapper;

/**
 * Registers {@link LazyPgJacksonModule} (JSON for lazypg entity proxies) as a bean when Jackson 3
 * is on the classpath. Spring Boot's Jackson auto-configuration adds every {@link JacksonModule}
 * bean to the {@code JsonMapper} it builds. Once the context's singletons exist, that mapper becomes
 * the one lazypg reads json/jsonb columns and writes json/jsonb parameters with ({@link LazyPgJson}),
 * so the application's modules and settings apply to its JSON columns too.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration")
@ConditionalOnClass({JacksonModule.class, LazyPgJacksonModule.class})
public class LazyPgJacksonAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public LazyPgJacksonModule lazyPgJacksonModule() {
        return new LazyPgJacksonModule();
    }

    @Bean
    static SmartInitializingSingleton lazyPgJsonMapperInstaller(ObjectProvider<ObjectMapper> mapper) {
        return () -> mapper.ifUnique(LazyPgJson::use);
    }
}
