package io.lazypg.autoconfigure.jdbc;

import io.lazypg.client.LazyPgClient;
import io.lazypg.jdbc.LazyPgDataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.jdbc.metadata.AbstractDataSourcePoolMetadata;

/**
 * Boot's view of the lazypg pool under a {@link LazyPgDataSource}: active, idle and max from the
 * client's pool statistics, min from {@code lazypg.pool.min-idle}. Read on every call (the meters
 * poll it), never cached. JDBC connections start in auto-commit; there is no validation query (the
 * pool validates with a protocol round trip, and Boot's health check then uses
 * {@code Connection.isValid}).
 */
final class LazyPgDataSourcePoolMetadata extends AbstractDataSourcePoolMetadata<LazyPgDataSource> {

    LazyPgDataSourcePoolMetadata(LazyPgDataSource dataSource) {
        super(dataSource);
    }

    private LazyPgClient client() {
        return getDataSource().client();
    }

    @Override
    public Integer getActive() {
        return client().poolStats().active();
    }

    @Override
    public Integer getIdle() {
        return client().poolStats().idle();
    }

    @Override
    public Integer getMax() {
        return client().poolStats().max();
    }

    @Override
    public Integer getMin() {
        return client().config().pool().minIdle();
    }

    @Override
    public @Nullable String getValidationQuery() {
        return null;
    }

    @Override
    public Boolean getDefaultAutoCommit() {
        return Boolean.TRUE;
    }
}
