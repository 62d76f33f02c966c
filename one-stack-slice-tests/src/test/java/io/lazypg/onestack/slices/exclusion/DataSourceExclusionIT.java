package io.lazypg.onestack.slices.exclusion;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * An application that excludes Boot's DataSource auto-configuration means "no database": lazypg's
 * DataSource stays out too, so Spring Data JPA's repositories back off instead of failing for want
 * of an EntityManagerFactory (issue #30 item 2). The client and the template stay (they connect
 * only when used).
 */
@LazyPgTest
class DataSourceExclusionIT {

    static ConfigurableApplicationContext start(TestPostgres server, Class<?> application, Map<String, Object> more) {
        Map<String, Object> properties = new HashMap<>(more);
        properties.put("spring.datasource.url", server.jdbcUrl());
        properties.put("spring.datasource.username", server.username());
        properties.put("spring.datasource.password", server.password());
        properties.put("spring.main.banner-mode", "off");
        return new SpringApplicationBuilder(application)
                .web(WebApplicationType.NONE)
                .properties(properties)
                .run();
    }

    @Test
    void excludingDataSourceAutoConfigurationByAnnotationLeavesNoDataSource(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server, ExcludingApplication.class, Map.of())) {
            assertNoDatabaseButTheTemplate(context);
        }
    }

    @Test
    void excludingItThroughSpringAutoconfigureExcludeLeavesNoDataSourceEither(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(
                server,
                PlainApplication.class,
                Map.of(
                        "spring.autoconfigure.exclude",
                        DataSourceAutoConfiguration.class.getName() + ","
                                + DataSourceTransactionManagerAutoConfiguration.class.getName() + ","
                                + HibernateJpaAutoConfiguration.class.getName()))) {
            assertNoDatabaseButTheTemplate(context);
        }
    }

    @Test
    void withoutTheExclusionTheRepositoryRunsOnLazyPg(TestPostgres server) {
        try (ConfigurableApplicationContext context = start(server, PlainApplication.class, Map.of())) {
            assertThat(context.getBean(DataSource.class)).isInstanceOf(io.lazypg.jdbc.LazyPgDataSource.class);
            assertThat(context.getBeansOfType(ExcludedAccountRepository.class)).hasSize(1);
        }
    }

    private static void assertNoDatabaseButTheTemplate(ConfigurableApplicationContext context) {
        assertThat(context.getBeansOfType(DataSource.class)).isEmpty();
        assertThat(context.getBeansOfType(ExcludedAccountRepository.class)).isEmpty();
        assertThat(context.containsBean("entityManagerFactory")).isFalse();
        assertThat(context.getBeansOfType(LazyPgTemplate.class)).hasSize(1);
    }

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration(
            exclude = {
                DataSourceAutoConfiguration.class,
                DataSourceTransactionManagerAutoConfiguration.class,
                HibernateJpaAutoConfiguration.class
            })
    static class ExcludingApplication {}

    @Configuration(proxyBeanMethods = false)
    @EnableAutoConfiguration
    static class PlainApplication {}
}
