package io.lazypg.jdbc;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Objects;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * A {@link DataSource} over lazypg's own pool ({@link LazyPgClient}): each {@link #getConnection()}
 * borrows a session, and closing the connection gives it back. Use it as the application's one
 * DataSource, so JdbcTemplate, Flyway and lazypg code share one pool and, inside a transaction,
 * one server session ({@code connection.unwrap(LazyPgSession.class)}).
 *
 * <p>Built from a URL ({@code jdbc:lazypg:}, {@code jdbc:postgresql:} or {@code postgresql://};
 * the data source then owns its client and {@link #close()} closes it) or over an existing client
 * (which the caller closes). {@code unwrap(LazyPgClient.class)} gives the client.
 *
 * <p>Thread-safe.
 */
public final class LazyPgDataSource implements DataSource, AutoCloseable {

    private final LazyPgClient client;
    private final boolean ownsClient;
    /** The pgjdbc properties the URL gave that the driver applies (readOnly, autosave, ...); pgjdbc's defaults otherwise. */
    private final DriverProperties driver;

    private volatile int loginTimeoutSeconds;
    /** The client's user-defined types, looked up once each for all its connections. */
    private final UserTypes userTypes = new UserTypes();

    /** A data source with a pool of its own for {@code url}; close it to close the pool. */
    public LazyPgDataSource(String url) throws SQLException {
        this(JdbcUrls.configured(url, null));
    }

    private LazyPgDataSource(JdbcUrls.Configured configured) {
        this(LazyPgClient.create(configured.config()), true, configured.driver());
    }

    /**
     * A data source with a pool of its own for {@code config}; close it to close the pool. Its
     * sessions run in the JVM's zone unless {@code config} sets a TimeZone (as pgjdbc's do).
     */
    public LazyPgDataSource(LazyPgConfig config) {
        this(LazyPgClient.create(JdbcUrls.withJvmTimeZone(config)), true, DriverProperties.DEFAULTS);
    }

    /** A data source over {@code client}'s pool; closing the data source leaves the client open. */
    public LazyPgDataSource(LazyPgClient client) {
        this(Objects.requireNonNull(client, "client"), false, DriverProperties.DEFAULTS);
    }

    private LazyPgDataSource(LazyPgClient client, boolean ownsClient, DriverProperties driver) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.driver = driver;
    }

    @Override
    public Connection getConnection() throws SQLException {
        // With read-only routing the session is taken at first use, after setReadOnly(true) may have
        // asked for a read-only host; else now, so an unreachable server fails here.
        return JdbcConnection.open(
                readOnly -> readOnly ? client.acquireReadOnly() : client.acquire(),
                client.config(),
                driver,
                userTypes,
                client.routesReadOnly());
    }

    /** The pool's sessions all belong to its configured user: another user needs another data source. */
    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        throw JdbcErrors.unsupported(
                "getConnection(user, password)",
                "a lazypg pool connects as its configured user; create a LazyPgDataSource per user.");
    }

    public LazyPgClient client() {
        return client;
    }

    /** Closes the pool when this data source created it. */
    @Override
    public void close() {
        if (ownsClient) {
            client.close();
        }
    }

    @Override
    public @Nullable PrintWriter getLogWriter() {
        return null;
    }

    @Override
    public void setLogWriter(@Nullable PrintWriter out) {
        // lazypg logs through System.Logger
    }

    /** Kept for the JDBC contract; the pool's acquire timeout (pool_acquire_timeout) bounds waiting. */
    @Override
    public void setLoginTimeout(int seconds) {
        loginTimeoutSeconds = seconds;
    }

    @Override
    public int getLoginTimeout() {
        return loginTimeoutSeconds;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw JdbcErrors.unsupported("getParentLogger", "lazypg logs through System.Logger.");
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface == LazyPgClient.class) {
            return iface.cast(client);
        }
        throw JdbcErrors.usage(
                "Not a wrapper for " + iface.getName() + "; a LazyPgDataSource unwraps to LazyPgClient.",
                JdbcErrors.INVALID_PARAMETER_VALUE);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this) || iface == LazyPgClient.class;
    }

    @Override
    public String toString() {
        return "LazyPgDataSource[" + JdbcUrls.displayUrl(client.config()) + "]";
    }
}
