package io.lazypg.spring;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.jdbc.support.SQLStateSQLExceptionTranslator;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Where template calls get their session, in this order:
 * <ol>
 * <li>the lazypg transaction bound on this thread ({@link LazyPgTransactionManager} binds it to the
 *     client; a synchronized one begun earlier in the same Spring transaction is found the same way);</li>
 * <li>when a {@code DataSource} is given and a transaction bound a connection to it
 *     ({@code DataSourceTransactionManager}, {@code JpaTransactionManager}, ...), and that connection
 *     is a lazypg-jdbc one (directly, or inside a JDBC pool's proxy such as HikariCP's): the lazypg
 *     session under it, so the call runs on the same server session as JdbcTemplate, Flyway or
 *     Hibernate in that transaction. The transaction's timeout applies to each statement, as
 *     JdbcTemplate applies it ({@code DataSourceUtils.applyTimeout}): the remaining time becomes the
 *     statement's timeout, and a transaction already past its deadline fails with
 *     {@code TransactionTimedOutException} before anything is sent;</li>
 * <li>inside any other Spring transaction (a non-lazypg DataSource's, for one): a new lazypg
 *     transaction synchronized with it ({@link SynchronizedLazyPgTransaction}: committed or rolled
 *     back with it, on a second server session);</li>
 * <li>else, for the one call, in auto-commit: a session from the client's pool, or, for a template
 *     without a client (over a JDBC pool of lazypg connections), a connection from the
 *     DataSource.</li>
 * </ol>
 * So no template call inside a Spring transaction runs in auto-commit.
 *
 * <p>The lookup is by the {@code DataSource} instance the transaction manager was given: pass the
 * application's DataSource bean itself, not an object that wraps or is wrapped by it (Spring binds
 * and finds connections by that key).
 *
 * <p>Stateless and thread-safe (bindings are per thread).
 */
public final class LazyPgSessionUtils {

    private LazyPgSessionUtils() {}

    /**
     * The session for one template call on {@code client}, looked up as the class describes;
     * {@code dataSource} may be null (no DataSource transaction is looked for). Close the lease when
     * done. Inside a transaction with a timeout, throws {@code TransactionTimedOutException} once its
     * deadline has passed.
     *
     * @throws io.lazypg.client.PgException when no session could be acquired or a synchronized
     *         transaction could not begin (untranslated)
     * @throws DataAccessException when the DataSource transaction's connection could not be had or unwrapped
     */
    public static LazyPgSessionLease lease(@Nullable LazyPgClient client, @Nullable DataSource dataSource) {
        return lease(client, dataSource, false);
    }

    /**
     * {@link #lease(LazyPgClient, DataSource)} for a call that runs one statement: in auto-commit,
     * its session is {@link LazyPgClient#acquireForStatement()}, which pipelining may share.
     */
    static LazyPgSessionLease leaseForStatement(@Nullable LazyPgClient client, @Nullable DataSource dataSource) {
        return lease(client, dataSource, true);
    }

    private static LazyPgSessionLease lease(
            @Nullable LazyPgClient client, @Nullable DataSource dataSource, boolean oneStatement) {
        if (client == null) {
            return lease(Objects.requireNonNull(dataSource, "neither a LazyPgClient nor a DataSource to run on"));
        }
        LazyPgSessionHolder holder = boundHolder(client);
        if (holder != null) {
            return transactionLease(holder);
        }
        if (dataSource != null) {
            LazyPgSessionLease lease = dataSourceTransactionLease(dataSource);
            if (lease != null) {
                return lease;
            }
        }
        if (SynchronizedLazyPgTransaction.canJoin()) {
            return transactionLease(SynchronizedLazyPgTransaction.begin(client, () -> pooled(client)));
        }
        return oneStatement
                ? new LazyPgSessionLease(
                        client.acquireForStatement(), LazyPgSessionLease.Kind.POOLED, null, null, null, false)
                : pooled(client);
    }

    /**
     * The session for one template call on a DataSource whose connections are lazypg-jdbc ones, for
     * a template without a client of its own: a JDBC pool (HikariCP) over lazypg's driver. The same
     * order as {@link #lease(LazyPgClient, DataSource)}, with connections of {@code dataSource} in
     * place of the client's pool; a synchronized transaction is bound under a key of
     * {@code dataSource}'s own (not the DataSource, whose key Spring keeps for its
     * {@code ConnectionHolder}).
     *
     * @throws DataAccessException when no connection could be had, or it is not a lazypg-jdbc one
     */
    public static LazyPgSessionLease lease(DataSource dataSource) {
        Objects.requireNonNull(dataSource, "dataSource (a template needs a LazyPgClient or a DataSource)");
        SynchronizedKey key = new SynchronizedKey(dataSource);
        LazyPgSessionHolder holder = (LazyPgSessionHolder) TransactionSynchronizationManager.getResource(key);
        if (holder != null) {
            return transactionLease(holder);
        }
        LazyPgSessionLease lease = dataSourceTransactionLease(dataSource);
        if (lease != null) {
            return lease;
        }
        if (SynchronizedLazyPgTransaction.canJoin()) {
            return transactionLease(SynchronizedLazyPgTransaction.begin(key, () -> connectionLease(dataSource)));
        }
        return connectionLease(dataSource);
    }

    /**
     * The transaction's session if a lazypg transaction is bound to {@code client} on this thread,
     * or a synchronized lazypg transaction's when another Spring transaction is active, else a newly
     * acquired one; hand it back with {@link #releaseSession}. Does not look for DataSource
     * transactions: use {@link #lease(LazyPgClient, DataSource)} for that.
     *
     * @throws io.lazypg.client.PgException when no session could be acquired (untranslated)
     */
    public static LazyPgSession getSession(LazyPgClient client) {
        return lease(client, null).session();
    }

    /** Gives {@code session} back to the pool unless it belongs to the current transaction. Null is ignored. */
    public static void releaseSession(LazyPgSession session, LazyPgClient client) {
        if (session == null) {
            return;
        }
        LazyPgSessionHolder holder = boundHolder(client);
        if (holder != null && holder.getSession() == session) {
            holder.released();
            return;
        }
        session.close();
    }

    /** Whether {@code session} is the one of the lazypg transaction bound to {@code client} on this thread. */
    public static boolean isTransactional(LazyPgSession session, LazyPgClient client) {
        LazyPgSessionHolder holder = boundHolder(client);
        return holder != null && holder.getSession() == session;
    }

    private static LazyPgSessionLease pooled(LazyPgClient client) {
        return new LazyPgSessionLease(client.acquire(), LazyPgSessionLease.Kind.POOLED, null, null, null, false);
    }

    private static LazyPgSessionLease transactionLease(LazyPgSessionHolder holder) {
        if (holder.hasTimeout()) {
            holder.getTimeToLiveInMillis(); // throws TransactionTimedOutException past the deadline
        }
        holder.requested();
        return new LazyPgSessionLease(
                holder.getSession(), LazyPgSessionLease.Kind.LAZYPG_TRANSACTION, holder, null, null, false);
    }

    /**
     * The lazypg session under the connection bound to {@code dataSource}, with the transaction's
     * remaining time as its statement timeout, or null when none is bound or it is not a lazypg-jdbc
     * connection (then the connection is handed straight back).
     */
    private static @Nullable LazyPgSessionLease dataSourceTransactionLease(DataSource dataSource) {
        if (!(TransactionSynchronizationManager.getResource(dataSource) instanceof ConnectionHolder holder)) {
            return null;
        }
        // Counts a reference on the holder, as JdbcTemplate does; the transaction releases the connection.
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            if (!connection.isWrapperFor(LazyPgSession.class)) {
                DataSourceUtils.releaseConnection(connection, dataSource);
                return null;
            }
            // Throws TransactionTimedOutException past the deadline, before the BEGIN below is sent.
            Duration timeout = holder.hasTimeout() ? Duration.ofMillis(holder.getTimeToLiveInMillis()) : null;
            // With auto-commit off, unwrapping sends the BEGIN the connection still owes: same transaction.
            LazyPgSession session = connection.unwrap(LazyPgSession.class);
            if (timeout != null) {
                session.queryTimeout(timeout);
            }
            return new LazyPgSessionLease(
                    session,
                    LazyPgSessionLease.Kind.DATASOURCE_TRANSACTION,
                    null,
                    connection,
                    dataSource,
                    timeout != null);
        } catch (SQLException e) {
            DataSourceUtils.releaseConnection(connection, dataSource);
            throw translate("get the lazypg session of the transaction's connection", e);
        } catch (RuntimeException | Error e) {
            DataSourceUtils.releaseConnection(connection, dataSource);
            throw e;
        }
    }

    /**
     * A connection of {@code dataSource} for one call, unwrapped to its lazypg session, in
     * auto-commit whatever the pool's default (a pool resets auto-commit when the connection comes
     * back, as it does after JdbcTemplate work). Closing the lease closes the connection: a pool
     * takes it back.
     */
    static LazyPgSessionLease connectionLease(DataSource dataSource) {
        Connection connection;
        try {
            connection = dataSource.getConnection();
        } catch (SQLException e) {
            throw translate("get a connection from the DataSource", e);
        }
        try {
            if (!connection.isWrapperFor(LazyPgSession.class)) {
                throw new IllegalStateException(
                        "The DataSource " + dataSource.getClass().getName()
                                + " lends connections that are not lazypg's ("
                                + connection.getClass().getName()
                                + "), so LazyPgTemplate cannot run on them. Configure the pool with"
                                + " driverClassName=io.lazypg.jdbc.LazyPgDriver and a jdbc:lazypg: URL, or give the"
                                + " template a LazyPgClient.");
            }
            if (!connection.getAutoCommit()) {
                connection.setAutoCommit(true);
            }
            return new LazyPgSessionLease(
                    connection.unwrap(LazyPgSession.class),
                    LazyPgSessionLease.Kind.DATASOURCE_CONNECTION,
                    null,
                    connection,
                    dataSource,
                    false);
        } catch (SQLException e) {
            closeQuietly(connection);
            throw translate("get the lazypg session of a DataSource connection", e);
        } catch (RuntimeException | Error e) {
            closeQuietly(connection);
            throw e;
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException | RuntimeException suppressed) {
            // the original failure is the one to report
        }
    }

    private static DataAccessException translate(String task, SQLException e) {
        DataAccessException translated = new SQLStateSQLExceptionTranslator().translate(task, null, e);
        return translated != null ? translated : new UncategorizedSQLException(task, null, e);
    }

    private static @Nullable LazyPgSessionHolder boundHolder(LazyPgClient client) {
        return (LazyPgSessionHolder) TransactionSynchronizationManager.getResource(client);
    }

    /**
     * The key a synchronized lazypg transaction of a client-less template is bound under: one per
     * DataSource instance (identity, as Spring's own keys).
     */
    private record SynchronizedKey(DataSource dataSource) {

        @Override
        public boolean equals(Object other) {
            return other instanceof SynchronizedKey key && key.dataSource == dataSource;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(dataSource);
        }
    }
}
