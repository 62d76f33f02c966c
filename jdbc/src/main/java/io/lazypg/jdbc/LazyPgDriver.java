package io.lazypg.jdbc;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgConfigBuilder;
import io.lazypg.client.LazyPgSession;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Properties;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;

/**
 * The lazypg JDBC driver: {@code jdbc:lazypg://host[:port]/database?user=...&password=...}, with
 * the parameters of the client's URLs ({@code sslmode}, {@code query_timeout}, ...; see
 * {@link LazyPgConfigBuilder#url}). Properties passed beside the URL (by DriverManager or a pool)
 * are read as more parameters.
 *
 * <p>Each {@link #connect} opens one connection of its own, outside any lazypg pool: this is what
 * a JDBC pool (HikariCP, {@code driverClassName=io.lazypg.jdbc.LazyPgDriver}) pools. For lazypg's
 * own pool use {@link LazyPgDataSource}.
 *
 * <p>Through DriverManager the driver claims {@code jdbc:lazypg:} URLs only, never
 * {@code jdbc:postgresql:}, so it can sit beside pgjdbc. Registered via
 * {@code META-INF/services/java.sql.Driver}. Thread-safe.
 */
public final class LazyPgDriver implements Driver {

    static {
        try {
            DriverManager.registerDriver(new LazyPgDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Null for a URL of another driver, as JDBC asks: DriverManager then tries the next driver. */
    @Override
    public @Nullable Connection connect(@Nullable String url, @Nullable Properties info) throws SQLException {
        if (url == null || !acceptsURL(url)) {
            return null;
        }
        JdbcUrls.Configured configured = JdbcUrls.configured(url, info);
        LazyPgConfig config = configured.config();
        return JdbcConnection.open(
                readOnly -> readOnly ? LazyPgSession.openReadOnly(config) : LazyPgSession.open(config),
                config,
                configured.driver(),
                UserTypes.forDatabase(JdbcUrls.displayUrl(config)),
                config.readOnlyTarget() != null);
    }

    @Override
    public boolean acceptsURL(@Nullable String url) {
        return JdbcUrls.isLazyPgUrl(url);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(@Nullable String url, @Nullable Properties info) {
        DriverPropertyInfo user = new DriverPropertyInfo("user", info == null ? null : info.getProperty("user"));
        user.description = "The database user";
        DriverPropertyInfo password = new DriverPropertyInfo("password", null);
        password.description = "The user's password";
        return new DriverPropertyInfo[] {user, password};
    }

    @Override
    public int getMajorVersion() {
        return LazyPgDatabaseMetaData.DRIVER_MAJOR;
    }

    @Override
    public int getMinorVersion() {
        return LazyPgDatabaseMetaData.DRIVER_MINOR;
    }

    /** Not JDBC-compliant in the certification sense: no CallableStatement, no scrollable or updatable results. */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw JdbcErrors.unsupported("getParentLogger", "lazypg logs through System.Logger.");
    }
}
