package io.lazypg.spring;

import io.lazypg.client.LazyPgSession;
import org.springframework.transaction.support.ResourceHolderSupport;

/**
 * The session of the current transaction, bound by {@link LazyPgTransactionManager} to the
 * {@code LazyPgClient} in {@code TransactionSynchronizationManager}, where
 * {@link LazyPgSessionUtils} finds it.
 *
 * <p>Lifetime: from the transaction's begin to its completion; the session goes back to the pool
 * afterwards. Used by the thread that runs the transaction only (as the session itself).
 */
public final class LazyPgSessionHolder extends ResourceHolderSupport {

    private final LazyPgSession session;
    private boolean transactionActive;
    private int savepointCounter;

    LazyPgSessionHolder(LazyPgSession session) {
        this.session = session;
    }

    public LazyPgSession getSession() {
        return session;
    }

    boolean isTransactionActive() {
        return transactionActive;
    }

    void setTransactionActive(boolean transactionActive) {
        this.transactionActive = transactionActive;
    }

    /** A savepoint name unique within this transaction. */
    String nextSavepointName() {
        return "lazypg_savepoint_" + (++savepointCounter);
    }

    @Override
    public void clear() {
        super.clear();
        transactionActive = false;
        savepointCounter = 0;
    }
}
