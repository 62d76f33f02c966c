package io.lazypg.spring;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.PendingUpdate;
import io.lazypg.client.PgCommitException;
import io.lazypg.client.PgException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.SavepointManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.UnexpectedRollbackException;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.ResourceTransactionManager;
import org.springframework.transaction.support.SmartTransactionObject;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Spring transactions on one {@link LazyPgClient}, as {@code DataSourceTransactionManager} does them
 * on a DataSource: a transaction acquires a session, begins (its {@code BEGIN} goes to the server with
 * the transaction's first statement, see {@link io.lazypg.client.LazyPgQueries#begin()}), and binds the session to the
 * client for the thread, so every {@link LazyPgTemplate} call on that client in the transaction runs
 * on it (through {@link LazyPgSessionUtils}). Completion runs {@code COMMIT} or {@code ROLLBACK} and
 * gives the session back ({@link LazyPgSession#commit()}, {@link LazyPgSession#rollback()}): a
 * ROLLBACK, and the COMMIT of a {@code readOnly} transaction, are sent without waiting for their
 * answer, which the connection's next use reads; writes queued with
 * {@link LazyPgTemplate#updateAtCommit} go in the same write as COMMIT, and one that fails there is
 * translated as its own statement.
 *
 * <ul>
 * <li>Propagation: all of Spring's. REQUIRES_NEW and NOT_SUPPORTED suspend the outer session (it
 *     stays checked out, so a pool of one cannot nest REQUIRES_NEW); NESTED uses savepoints
 *     ({@code SAVEPOINT}, {@code ROLLBACK TO SAVEPOINT}, {@code RELEASE SAVEPOINT}).</li>
 * <li>Isolation and read-only go into the {@code BEGIN} statement
 *     ({@code BEGIN ISOLATION LEVEL SERIALIZABLE READ ONLY}); a write in a read-only transaction
 *     fails on the server with SQLSTATE 25006.</li>
 * <li>Timeout: {@code SET LOCAL statement_timeout} to the whole timeout at begin, so no single
 *     statement outlives the transaction's budget (the server cancels it: QueryTimeoutException), and
 *     every template call checks the deadline first ({@code TransactionTimedOutException} once it has
 *     passed), as {@code DataSourceUtils} does for JDBC.</li>
 * <li>A commit that the server turns into a rollback (a statement in the transaction failed and the
 *     caller caught the exception) raises {@link UnexpectedRollbackException} instead of passing
 *     silently.</li>
 * <li>Failures of begin, commit and rollback surface as Spring exceptions translated by the
 *     {@link LazyPgExceptionTranslator}, as {@code JdbcTransactionManager} does.</li>
 * </ul>
 *
 * <p>Thread-safe: share one instance; each transaction belongs to the thread that began it.
 */
public class LazyPgTransactionManager extends AbstractPlatformTransactionManager implements ResourceTransactionManager {

    private static final long serialVersionUID = 1L;

    private final transient LazyPgClient client;
    private transient volatile LazyPgExceptionTranslator exceptionTranslator = new SqlStateLazyPgExceptionTranslator();

    public LazyPgTransactionManager(LazyPgClient client) {
        this.client = Objects.requireNonNull(client, "client");
        setNestedTransactionAllowed(true);
    }

    public LazyPgClient getClient() {
        return client;
    }

    /** The client the sessions are bound to: the key {@link LazyPgSessionUtils} looks them up by. */
    @Override
    public Object getResourceFactory() {
        return client;
    }

    public void setExceptionTranslator(LazyPgExceptionTranslator exceptionTranslator) {
        this.exceptionTranslator = Objects.requireNonNull(exceptionTranslator, "exceptionTranslator");
    }

    public LazyPgExceptionTranslator getExceptionTranslator() {
        return exceptionTranslator;
    }

    @Override
    protected Object doGetTransaction() {
        return new TransactionObject((LazyPgSessionHolder) TransactionSynchronizationManager.getResource(client));
    }

    @Override
    protected boolean isExistingTransaction(Object transaction) {
        LazyPgSessionHolder holder = ((TransactionObject) transaction).holder;
        return holder != null && holder.isTransactionActive();
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        TransactionObject tx = (TransactionObject) transaction;
        int timeout = determineTimeout(definition);
        LazyPgSession session = null;
        try {
            // With read_only_target set, a read-only transaction runs on a read-only host: chosen
            // here, before any connection is taken.
            session = definition.isReadOnly() ? client.acquireReadOnly() : client.acquire();
            if (timeout > 0) {
                session.executeScript(beginStatement(definition, timeout)); // SET LOCAL needs its own statement
            } else {
                session.begin(transactionModes(definition)); // sent with the first statement, as pgjdbc does
            }
            LazyPgSessionHolder holder = new LazyPgSessionHolder(session);
            holder.setSynchronizedWithTransaction(true);
            holder.setTransactionActive(true);
            if (timeout != TransactionDefinition.TIMEOUT_DEFAULT) {
                holder.setTimeoutInSeconds(timeout);
            }
            tx.holder = holder;
            tx.newHolder = true;
            TransactionSynchronizationManager.bindResource(client, holder);
        } catch (PgException e) {
            closeQuietly(session);
            throw new CannotCreateTransactionException(
                    "Could not begin a lazypg transaction: " + e.getMessage(),
                    exceptionTranslator.translate("begin transaction", null, e));
        } catch (RuntimeException | Error e) {
            closeQuietly(session);
            throw e;
        }
    }

    /** {@code BEGIN [ISOLATION LEVEL ...] [READ ONLY][; SET LOCAL statement_timeout = ms]}: one round trip. */
    static String beginStatement(TransactionDefinition definition, int timeoutSeconds) {
        String modes = transactionModes(definition);
        StringBuilder sql = new StringBuilder(modes.isEmpty() ? "BEGIN" : "BEGIN " + modes);
        if (timeoutSeconds > 0) {
            sql.append("; SET LOCAL statement_timeout = ").append(timeoutSeconds * 1000L);
        }
        return sql.toString();
    }

    /** The transaction modes of BEGIN for the definition: {@code [ISOLATION LEVEL ...] [READ ONLY]}, or empty. */
    static String transactionModes(TransactionDefinition definition) {
        String isolation = switch (definition.getIsolationLevel()) {
            case TransactionDefinition.ISOLATION_READ_UNCOMMITTED -> "ISOLATION LEVEL READ UNCOMMITTED";
            case TransactionDefinition.ISOLATION_READ_COMMITTED -> "ISOLATION LEVEL READ COMMITTED";
            case TransactionDefinition.ISOLATION_REPEATABLE_READ -> "ISOLATION LEVEL REPEATABLE READ";
            case TransactionDefinition.ISOLATION_SERIALIZABLE -> "ISOLATION LEVEL SERIALIZABLE";
            default -> "";
        };
        if (!definition.isReadOnly()) {
            return isolation;
        }
        return isolation.isEmpty() ? "READ ONLY" : isolation + " READ ONLY";
    }

    @Override
    protected Object doSuspend(Object transaction) {
        ((TransactionObject) transaction).holder = null;
        return TransactionSynchronizationManager.unbindResource(client);
    }

    @Override
    protected void doResume(@Nullable Object transaction, Object suspendedResources) {
        TransactionSynchronizationManager.bindResource(client, suspendedResources);
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
        LazyPgSession session =
                ((TransactionObject) status.getTransaction()).holder().getSession();
        String tag;
        try {
            closeStreamLeftOpen(session, "COMMIT");
            // Writes queued with updateAtCommit go with COMMIT; a read-only transaction's COMMIT is not
            // waited for. The tag says whether COMMIT committed.
            tag = session.commit();
        } catch (PgException e) {
            throw translateCommitFailure(exceptionTranslator, e);
        }
        if ("ROLLBACK".equals(tag)) {
            throw new UnexpectedRollbackException("The server rolled the transaction back instead of committing it,"
                    + " because a statement in it had failed (and its exception was caught). Let the exception"
                    + " propagate, or use a NESTED transaction (savepoint) around the statement that may fail.");
        }
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
        LazyPgSession session =
                ((TransactionObject) status.getTransaction()).holder().getSession();
        try {
            closeStreamLeftOpen(session, "ROLLBACK");
            session.rollback(); // sent, not waited for: the connection's next use reads the answer
        } catch (PgException e) {
            throw exceptionTranslator.translate("rollback", "ROLLBACK", e);
        }
    }

    /**
     * A failed commit as the translator makes it: a write queued with {@code updateAtCommit} that
     * failed is translated as that statement (its SQL named), COMMIT's own failure as COMMIT.
     */
    static RuntimeException translateCommitFailure(LazyPgExceptionTranslator translator, PgException e) {
        if (e instanceof PgCommitException failed) {
            PendingUpdate write = failed.write();
            if (write != null) {
                return translator.translate("update at commit", write.sql(), e);
            }
        }
        return translator.translate("commit", "COMMIT", e);
    }

    /**
     * A stream from {@code queryForStream} that was neither read to its end nor closed keeps its
     * cursor open, and with it the session busy: close it, so that COMMIT or ROLLBACK can run (the
     * portal would end with the transaction anyway), and say where the leak is.
     */
    private void closeStreamLeftOpen(LazyPgSession session, String ending) {
        if (session.closeOpenCursor()) {
            logger.warn("A stream (queryForStream) was left open in a transaction; it was closed before " + ending
                    + ". Close streams when done with them (try-with-resources).");
        }
    }

    @Override
    protected void doSetRollbackOnly(DefaultTransactionStatus status) {
        ((TransactionObject) status.getTransaction()).holder().setRollbackOnly();
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        TransactionObject tx = (TransactionObject) transaction;
        if (tx.newHolder) {
            TransactionSynchronizationManager.unbindResourceIfPossible(client);
            // close() rolls back if COMMIT/ROLLBACK never ran (it failed at the socket), or discards a broken
            // connection.
            closeQuietly(tx.holder().getSession());
        }
        tx.holder().clear();
    }

    private static void closeQuietly(@Nullable LazyPgSession session) {
        if (session != null) {
            try {
                session.close();
            } catch (RuntimeException e) {
                // nothing more can be done: the pool discards a connection whose release failed
            }
        }
    }

    /** The state of one transaction: its holder, and whether it began here (so ends here). */
    private final class TransactionObject implements SmartTransactionObject, SavepointManager {

        private @Nullable LazyPgSessionHolder holder;
        private boolean newHolder;

        TransactionObject(@Nullable LazyPgSessionHolder holder) {
            this.holder = holder;
        }

        /** The holder of a transaction that has begun (doBegin set it; null only before and after). */
        LazyPgSessionHolder holder() {
            return Objects.requireNonNull(holder, "no lazypg transaction has begun on this transaction object");
        }

        @Override
        public boolean isRollbackOnly() {
            return holder != null && holder.isRollbackOnly();
        }

        @Override
        public void flush() {
            // nothing to flush early: writes queued with updateAtCommit are meant to ride with COMMIT
        }

        @Override
        public Object createSavepoint() {
            String name = holder().nextSavepointName();
            try {
                holder().getSession().executeScript("SAVEPOINT " + name);
            } catch (PgException e) {
                throw new CannotCreateTransactionException(
                        "Could not create savepoint " + name + ": " + e.getMessage(),
                        exceptionTranslator.translate("savepoint", "SAVEPOINT " + name, e));
            }
            return name;
        }

        @Override
        public void rollbackToSavepoint(Object savepoint) {
            try {
                holder().getSession().executeScript("ROLLBACK TO SAVEPOINT " + savepoint);
                holder().resetRollbackOnly();
            } catch (PgException e) {
                throw new TransactionSystemException(
                        "Could not roll back to savepoint " + savepoint + ": " + e.getMessage(),
                        exceptionTranslator.translate("rollback to savepoint", null, e));
            }
        }

        @Override
        public void releaseSavepoint(Object savepoint) {
            try {
                holder().getSession().executeScript("RELEASE SAVEPOINT " + savepoint);
            } catch (PgException e) {
                // As Spring's JDBC support: a failed release is not worth failing the transaction for;
                // the savepoint goes away with the transaction.
                logger.debug("Could not release savepoint " + savepoint, e);
            }
        }
    }
}
