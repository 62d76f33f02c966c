package io.lazypg.autoconfigure.jdbc;

import io.lazypg.jdbc.LazyPgDataSource;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.jdbc.DataSourceUnwrapper;
import org.springframework.boot.jdbc.metadata.DataSourcePoolMetadataProvider;
import org.springframework.context.annotation.Bean;

/**
 * A {@link DataSourcePoolMetadataProvider} for {@link LazyPgDataSource}, so Boot's
 * {@code jdbc.connections.active|idle|max|min} meters (tag {@code name} = the DataSource bean's
 * name) and the DataSource health details describe the lazypg pool as they describe HikariCP's. The
 * DataSource is unwrapped with {@link DataSourceUnwrapper}, so a {@code LazyConnectionDataSourceProxy}
 * (or another {@code DelegatingDataSource}) over a {@code LazyPgDataSource} is seen through.
 *
 * <p>Ordered before Boot's pool metrics and DataSource health auto-configurations, which look for
 * provider beans.
 */
@AutoConfiguration(
        beforeName = {
            "org.springframework.boot.jdbc.autoconfigure.metrics.DataSourcePoolMetricsAutoConfiguration",
            "org.springframework.boot.jdbc.autoconfigure.health.DataSourceHealthContributorAutoConfiguration"
        })
@ConditionalOnClass({DataSourcePoolMetadataProvider.class, LazyPgDataSource.class})
public class LazyPgDataSourcePoolMetadataAutoConfiguration {

    @Bean
    DataSourcePoolMetadataProvider lazyPgDataSourcePoolMetadataProvider() {
        return dataSource -> {
            LazyPgDataSource lazyPg = DataSourceUnwrapper.unwrap(dataSource, LazyPgDataSource.class);
            return lazyPg != null ? new LazyPgDataSourcePoolMetadata(lazyPg) : null;
        };
    }
}
