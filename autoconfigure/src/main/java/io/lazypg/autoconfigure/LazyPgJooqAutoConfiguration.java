package io.lazypg.autoconfigure;

import javax.sql.DataSource;
import org.jooq.SQLDialect;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jooq.autoconfigure.DefaultConfigurationCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Gives Boot's jOOQ {@code DSLContext} the {@link SQLDialect#POSTGRES} dialect when it runs on lazypg
 * connections. Boot picks the dialect from the connection's JDBC URL, which lazypg-jdbc reports as
 * {@code jdbc:lazypg:}, a scheme jOOQ does not know, so it would render {@code DEFAULT}-dialect SQL.
 *
 * <p>Applies only when {@code spring.jooq.sql-dialect} is not set (that setting always wins), the
 * dialect Boot found is {@code DEFAULT}, and the application's DataSource is lazypg's (a
 * {@code LazyPgDataSource}, or a JDBC pool over {@code jdbc:lazypg:}).
 */
@AutoConfiguration
@ConditionalOnClass({SQLDialect.class, DefaultConfigurationCustomizer.class})
public class LazyPgJooqAutoConfiguration {

    @Bean
    DefaultConfigurationCustomizer lazyPgJooqDialect(ObjectProvider<DataSource> dataSource, Environment environment) {
        return configuration -> {
            if (configuration.dialect() != SQLDialect.DEFAULT
                    || StringUtils.hasText(environment.getProperty("spring.jooq.sql-dialect"))) {
                return;
            }
            DataSource applicationDataSource = dataSource.getIfUnique();
            if (applicationDataSource != null && SecondConnectionWarning.isLazyPg(applicationDataSource)) {
                configuration.set(SQLDialect.POSTGRES);
            }
        };
    }
}
