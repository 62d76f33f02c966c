package io.lazypg.spring;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.jdbc.datasource.ConnectionHolder;
import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.jdbc.support.SQLStateSQLExceptionTranslator;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Where template calls get their session, in this order:
 * <ol>
 * <li>the lazypg transaction bound to the client on this thread ({@link LazyPgTransactionManager},
 *     or a synchronized one begun earlier in the same Spring transaction);</li>
 * <li>when a {@code DataSource} is given and a transaction bound a connection to it
 *     ({@code DataSourceTransactionManager}, {@code JpaTransactionManager}, ...), and that connection
 *     is a lazypg-jdbc one: the lazypg session under it, so the call runs on the same server session
 *     as JdbcTemplate, Flyway or Hibernate in that transaction;</li>
 * <li>inside any other Spring transaction (a non-lazypg DataSource's, for one): a new lazypg
 *     transaction synchronized with it ({@link SynchronizedLazyPgTransaction}: committed or rolled
 *     back with it, on a second server session);</li>
 * <li>else a session from the pool for the one call, in auto-commit.</li>
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
    public static LazyPgSessionLease lease(LazyPgClient client, DataSource dataSource) {
        LazyPgSessionHolder holder = boundHolder(client);
        if (holder != null) {
            return transactionLease(holder);
        }
        if (dataSource != null) {
            LazyPgSessionLease lease = dataSourceLease(dataSource);
            if (lease != null) {
                return lease;
            }
        }
        if (SynchronizedLazyPgTransaction.canJoin()) {
            return transactionLease(SynchronizedLazyPgTransaction.begin(client));
        }
        return new LazyPgSessionLease(client.acquire(), LazyPgSessionLease.Kind.POOLED, null, null, null);
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

    private static LazyPgSessionLease transactionLease(LazyPgSessionHolder holder) {
        if (holder.hasTimeout()) {
            holder.getTimeToLiveInMillis(); // throws TransactionTimedOutException past the deadline
        }
        holder.requested();
        return new LazyPgSessionLease(
                holder.getSession(), LazyPgSessionLease.Kind.LAZYPG_TRANSACTION, holder, null, null);
    }

    /**
     * The lazypg session under the connection bound to {@code dataSource}, or null when none is
     * bound or it is not a lazypg-jdbc connection (then the connection is handed straight back).
     */
    private static LazyPgSessionLease dataSourceLease(DataSource dataSource) {
        if (!(TransactionSynchronizationManager.getResource(dataSource) instanceof ConnectionHolder)) {
            return null;
        }
        // Counts a reference on the holder (and checks the transaction's deadline), as JdbcTemplate does.
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            if (!connection.isWrapperFor(LazyPgSession.class)) {
                DataSourceUtils.releaseConnection(connection, dataSource);
                return null;
            }
            // With auto-commit off, unwrapping sends the BEGIN the connection still owes: same transaction.
            LazyPgSession session = connection.unwrap(LazyPgSession.class);
            return new LazyPgSessionLease(
                    session, LazyPgSessionLease.Kind.DATASOURCE_TRANSACTION, null, connection, dataSource);
        } catch (SQLException e) {
            DataSourceUtils.releaseConnection(connection, dataSource);
            DataAccessException translated = new SQLStateSQLExceptionTranslator()
                    .translate("get the lazypg session of the transaction's connection", null, e);
            throw translated != null
                    ? translated
                    : new UncategorizedSQLException("get the lazypg session of the transaction's connection", null, e);
        }
    }

    private static LazyPgSessionHolder boundHolder(LazyPgClient client) {
        return (LazyPgSessionHolder) TransactionSynchronizationManager.getResource(client);
    }
}
