package io.lazypg.spring;

import io.lazypg.client.LazyPgSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * A session lent to one template call (or to one open stream), and how to give it back: a pooled
 * session goes back to the pool, a DataSource connection taken for the call is closed (its pool
 * takes it back); a transaction's session (lazypg's own, or the lazypg session under the JDBC
 * connection a DataSource transaction bound) stays with its transaction, which ends it. A statement
 * timeout set for the lease (a DataSource transaction's remaining time) is reset on close.
 *
 * <p>Obtained from {@link LazyPgSessionUtils#lease}; close it exactly once, on the thread that
 * obtained it. Not thread-safe (as the session).
 */
public final class LazyPgSessionLease implements AutoCloseable {

    enum Kind {
        /** From the pool for this call: close() gives it back. */
        POOLED,
        /** A lazypg transaction's (LazyPgTransactionManager's or a synchronized one): close() only counts. */
        LAZYPG_TRANSACTION,
        /** Under the JDBC connection of a transaction bound to a DataSource: that transaction releases it. */
        DATASOURCE_TRANSACTION,
        /** Under a JDBC connection taken from a DataSource for this call: close() closes the connection. */
        DATASOURCE_CONNECTION
    }

    private final LazyPgSession session;
    private final Kind kind;
    private final @Nullable LazyPgSessionHolder holder;
    private final @Nullable Connection connection;
    private final @Nullable DataSource dataSource;
    private final boolean resetTimeout;

    LazyPgSessionLease(
            LazyPgSession session,
            Kind kind,
            @Nullable LazyPgSessionHolder holder,
            @Nullable Connection connection,
            @Nullable DataSource dataSource,
            boolean resetTimeout) {
        this.session = session;
        this.kind = kind;
        this.holder = holder;
        this.connection = connection;
        this.dataSource = dataSource;
        this.resetTimeout = resetTimeout;
    }

    public LazyPgSession session() {
        return session;
    }

    /** Whether the session belongs to a transaction (so it is not in auto-commit). */
    public boolean isTransactional() {
        return kind != Kind.POOLED && kind != Kind.DATASOURCE_CONNECTION;
    }

    Kind kind() {
        return kind;
    }

    @Override
    public void close() {
        if (resetTimeout) {
            try {
                session.queryTimeout(null);
            } catch (RuntimeException ignored) {
                // the session broke during the statement; its failure is the one reported
            }
        }
        switch (kind) {
            case POOLED -> session.close();
            case LAZYPG_TRANSACTION -> Objects.requireNonNull(holder).released(); // set for this kind
            // Counts the reference down; the transaction manager that bound the connection closes it.
            case DATASOURCE_TRANSACTION -> DataSourceUtils.releaseConnection(connection, dataSource);
            case DATASOURCE_CONNECTION -> closeConnection();
        }
    }

    private void closeConnection() {
        try {
            Objects.requireNonNull(connection).close(); // set for the DataSource kinds
        } catch (SQLException e) {
            throw new DataAccessResourceFailureException("Could not close the DataSource connection", e);
        }
    }
}
