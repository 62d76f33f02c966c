package io.lazypg.spring;

import io.lazypg.client.LazyPgSession;
import java.sql.Connection;
import javax.sql.DataSource;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * A session lent to one template call (or to one open stream), and how to give it back: a pooled
 * session goes back to the pool; a transaction's session (lazypg's own, or the lazypg session under
 * the JDBC connection a DataSource transaction bound) stays with its transaction, which ends it.
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
        DATASOURCE_TRANSACTION
    }

    private final LazyPgSession session;
    private final Kind kind;
    private final LazyPgSessionHolder holder;
    private final Connection connection;
    private final DataSource dataSource;

    LazyPgSessionLease(
            LazyPgSession session,
            Kind kind,
            LazyPgSessionHolder holder,
            Connection connection,
            DataSource dataSource) {
        this.session = session;
        this.kind = kind;
        this.holder = holder;
        this.connection = connection;
        this.dataSource = dataSource;
    }

    public LazyPgSession session() {
        return session;
    }

    /** Whether the session belongs to a transaction (so it is not in auto-commit). */
    public boolean isTransactional() {
        return kind != Kind.POOLED;
    }

    Kind kind() {
        return kind;
    }

    @Override
    public void close() {
        switch (kind) {
            case POOLED -> session.close();
            case LAZYPG_TRANSACTION -> holder.released();
            // Counts the reference down; the transaction manager that bound the connection closes it.
            case DATASOURCE_TRANSACTION -> DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }
}
