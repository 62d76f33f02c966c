package io.lazypg.autoconfigure;

import io.lazypg.jdbc.LazyPgDataSource;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.BeanWrapperImpl;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Logs one WARN at startup when the application's DataSource is not lazypg's: LazyPgTemplate then
 * follows its transactions in a lazypg transaction on a second connection (committed or rolled
 * back with it), which cannot see the DataSource connection's uncommitted writes nor share its
 * locks. The line names what removes the limitation.
 *
 * <p>Runs once, after every singleton exists, so it never creates the DataSource early.
 */
final class SecondConnectionWarning implements SmartInitializingSingleton {

    private static final Log logger = LogFactory.getLog(SecondConnectionWarning.class);

    private final ObjectProvider<DataSource> dataSources;
    private final Environment environment;

    SecondConnectionWarning(ObjectProvider<DataSource> dataSources, Environment environment) {
        this.dataSources = dataSources;
        this.environment = environment;
    }

    @Override
    public void afterSingletonsInstantiated() {
        DataSource dataSource = dataSources.getIfUnique();
        if (dataSource == null || isLazyPg(dataSource)) {
            return;
        }
        logger.warn(message(
                dataSource,
                Binder.get(environment)
                        .bind("lazypg.jdbc.enabled", Boolean.class)
                        .orElse(true)));
    }

    static String message(DataSource dataSource, boolean lazyPgJdbcEnabled) {
        String fix = lazyPgJdbcEnabled
                ? "Remove the application's own DataSource bean, so that lazypg provides it from spring.datasource.url"
                        + " (or keep a JDBC pool with spring.datasource.driver-class-name=io.lazypg.jdbc.LazyPgDriver"
                        + " and a jdbc:lazypg: URL)."
                : "Remove lazypg.jdbc.enabled=false, so that lazypg provides the DataSource.";
        return "The application's DataSource (" + dataSource.getClass().getSimpleName() + ") does not use lazypg"
                + " connections: inside @Transactional, LazyPgTemplate runs in a lazypg transaction on a second"
                + " connection, committed or rolled back with the Spring transaction, but the two connections do not"
                + " see each other's uncommitted writes and do not share locks (a row written through one blocks the"
                + " other until the first commits). " + fix;
    }

    /** A LazyPgDataSource, something that unwraps to one, or a JDBC pool configured with a jdbc:lazypg: URL. */
    static boolean isLazyPg(DataSource dataSource) {
        try {
            if (dataSource instanceof LazyPgDataSource || dataSource.isWrapperFor(LazyPgDataSource.class)) {
                return true;
            }
        } catch (SQLException | RuntimeException e) {
            // not a wrapper we can ask
        }
        BeanWrapperImpl bean = new BeanWrapperImpl(dataSource);
        for (String property : new String[] {"jdbcUrl", "url"}) {
            if (bean.isReadableProperty(property)
                    && bean.getPropertyValue(property) instanceof String url
                    && url.trim().toLowerCase(Locale.ROOT).startsWith("jdbc:lazypg:")) {
                return true;
            }
        }
        return false;
    }
}
