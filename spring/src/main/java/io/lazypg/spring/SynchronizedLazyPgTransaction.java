package io.lazypg.spring;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.PgException;
import java.util.function.Supplier;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.transaction.UnexpectedRollbackException;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A lazypg transaction that follows a Spring transaction run by another transaction manager whose
 * connections are not lazypg's (for example a {@code DataSourceTransactionManager} over HikariCP
 * and pgjdbc): begun on the first template call inside it, bound to the client as a
 * {@link LazyPgSessionHolder} (so later calls join it), and committed or rolled back with it.
 *
 * <p>It is a second server session: it does not see the other connection's uncommitted writes,
 * shares none of its locks (a row locked by one blocks the other), and the two commits are not
 * atomic. The lazypg transaction commits in {@link #beforeCommit}, so a lazypg commit that fails
 * (a serialization failure, a deferred constraint) rolls the Spring transaction back too; a failure
 * of the other commit after that can no longer undo the lazypg one, and is logged as an error.
 *
 * <p>Used by the thread that runs the transaction only.
 */
final class SynchronizedLazyPgTransaction implements TransactionSynchronization {

    private static final Log logger = LogFactory.getLog(SynchronizedLazyPgTransaction.class);
    private static final LazyPgExceptionTranslator translator = new SqlStateLazyPgExceptionTranslator();

    /** What the holder is bound under: the client, or a client-less template's key of its DataSource. */
    private final Object key;

    private final LazyPgSessionHolder holder;
    private final LazyPgSessionLease lease;
    private boolean committed;

    private SynchronizedLazyPgTransaction(Object key, LazyPgSessionHolder holder, LazyPgSessionLease lease) {
        this.key = key;
        this.holder = holder;
        this.lease = lease;
    }

    /** Whether a Spring transaction runs on this thread that a lazypg transaction can follow. */
    static boolean canJoin() {
        return TransactionSynchronizationManager.isSynchronizationActive()
                && TransactionSynchronizationManager.isActualTransactionActive();
    }

    /**
     * Takes a session from {@code sessions} (the client's pool, or a DataSource's connection),
     * begins a transaction on it with the Spring transaction's isolation level and read-only flag,
     * binds it under {@code key} and registers its completion, which gives the lease back.
     *
     * @throws PgException when no session could be acquired or BEGIN failed (untranslated)
     */
    static LazyPgSessionHolder begin(Object key, Supplier<LazyPgSessionLease> sessions) {
        DefaultTransactionDefinition definition = new DefaultTransactionDefinition();
        Integer isolation = TransactionSynchronizationManager.getCurrentTransactionIsolationLevel();
        if (isolation != null) {
            definition.setIsolationLevel(isolation);
        }
        definition.setReadOnly(TransactionSynchronizationManager.isCurrentTransactionReadOnly());
        LazyPgSessionLease lease = sessions.get();
        LazyPgSession session = lease.session();
        try {
            // sent with the session's first statement (a session that cannot take it throws here)
            session.begin(LazyPgTransactionManager.transactionModes(definition));
        } catch (RuntimeException | Error e) {
            lease.close();
            throw e;
        }
        LazyPgSessionHolder holder = new LazyPgSessionHolder(session);
        holder.setSynchronizedWithTransaction(true);
        // An existing transaction for a LazyPgTransactionManager used inside this one: it joins.
        holder.setTransactionActive(true);
        TransactionSynchronizationManager.bindResource(key, holder);
        TransactionSynchronizationManager.registerSynchronization(
                new SynchronizedLazyPgTransaction(key, holder, lease));
        return holder;
    }

    @Override
    public int getOrder() {
        // Among the first: its COMMIT runs before other resources' before-commit work, so that a
        // failing lazypg COMMIT is known before anything else is committed.
        return LOWEST_PRECEDENCE - 1000;
    }

    @Override
    public void suspend() {
        TransactionSynchronizationManager.unbindResource(key);
    }

    @Override
    public void resume() {
        TransactionSynchronizationManager.bindResource(key, holder);
    }

    @Override
    public void beforeCommit(boolean readOnly) {
        LazyPgSession session = holder.getSession();
        String tag;
        try {
            session.closeOpenCursor();
            tag = session.commit(); // with the writes queued for it; not waited for when read-only
        } catch (PgException e) {
            throw LazyPgTransactionManager.translateCommitFailure(translator, e);
        }
        committed = true;
        if ("ROLLBACK".equals(tag)) {
            throw new UnexpectedRollbackException("The server rolled the lazypg transaction back instead of"
                    + " committing it, because a statement in it had failed (and its exception was caught); the"
                    + " Spring transaction it follows is rolled back too.");
        }
    }

    @Override
    public void afterCompletion(int status) {
        LazyPgSession session = holder.getSession();
        try {
            if (!committed) {
                session.closeOpenCursor();
                session.rollback(); // not waited for
            } else if (status != STATUS_COMMITTED) {
                logger.error("The lazypg transaction was committed, but the Spring transaction it follows then "
                        + (status == STATUS_ROLLED_BACK ? "rolled back" : "ended in an unknown state")
                        + ": the two are on different connections and cannot commit atomically. Let lazypg provide"
                        + " the application's DataSource (lazypg-jdbc) to run both on one connection.");
            }
        } catch (RuntimeException e) {
            logger.warn("Could not roll back the lazypg transaction; its connection is discarded", e);
        } finally {
            TransactionSynchronizationManager.unbindResourceIfPossible(key);
            holder.clear();
            try {
                // A pooled session's close() rolls back whatever is still open, or discards a broken connection.
                lease.close();
            } catch (RuntimeException e) {
                logger.debug("Could not give the lazypg session back", e);
            }
        }
    }
}
