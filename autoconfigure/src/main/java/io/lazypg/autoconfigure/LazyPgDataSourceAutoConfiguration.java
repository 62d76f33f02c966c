package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * Makes the application's DataSource a {@link LazyPgDataSource} over the one lazypg pool (the
 * {@link LazyPgClient} bean that {@code LazyPgTemplate} uses), so Boot's
 * {@code DataSourceTransactionManager}, JdbcTemplate, JdbcClient, Flyway and JPA run on lazypg
 * connections and, inside a transaction, on the same server session as the template.
 *
 * <p>Applies when the application uses Boot's JDBC support (spring-boot-jdbc, which
 * spring-boot-starter-jdbc, -data-jpa and -flyway bring, is on the classpath), defines no
 * DataSource of its own, a PostgreSQL connection is configured ({@code lazypg.url},
 * {@code lazypg.host} or a PostgreSQL {@code spring.datasource.url}; see
 * {@link OnLazyPgDataSourceCondition}), {@code lazypg.jdbc.enabled} is not false, and the
 * application does not keep its JDBC pool over lazypg's driver ({@link JdbcPoolMode}). Ordered
 * before Boot's {@code DataSourceAutoConfiguration}, which then backs off.
 *
 * <p>Excluding Boot's {@code DataSourceAutoConfiguration} (by annotation or
 * {@code spring.autoconfigure.exclude}) excludes this one too ({@link OnBootDataSourceNotExcludedCondition}):
 * the application then has no DataSource, while the client and template
 * ({@link LazyPgAutoConfiguration}) stay.
 *
 * <p>The bean is the {@code LazyPgDataSource} itself, never a wrapper: every transaction manager
 * binds its connection under this instance, and the template looks it up by the same instance.
 */
@AutoConfiguration(beforeName = LazyPgDataSourceAutoConfiguration.BOOT_DATA_SOURCE_AUTO_CONFIGURATION)
@ConditionalOnClass(
        name = LazyPgDataSourceAutoConfiguration.BOOT_DATA_SOURCE_AUTO_CONFIGURATION,
        value = LazyPgDataSource.class)
@ConditionalOnBooleanProperty(name = "lazypg.jdbc.enabled", matchIfMissing = true)
@Conditional({JdbcPoolMode.Off.class, OnBootDataSourceNotExcludedCondition.class, OnLazyPgDataSourceCondition.class})
public class LazyPgDataSourceAutoConfiguration {

    static final String BOOT_DATA_SOURCE_AUTO_CONFIGURATION =
            "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";

    /** Named as Boot's, so code and tools that look the DataSource up by name find it. */
    @Bean
    @ConditionalOnMissingBean(DataSource.class)
    public LazyPgDataSource dataSource(LazyPgClient client, Environment environment) {
        NotPostgresDataSourceUrlException.check(environment);
        return new LazyPgDataSource(client);
    }
}
