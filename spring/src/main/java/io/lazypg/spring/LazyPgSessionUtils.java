package io.lazypg.spring;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgSession;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Where template calls get their session: the one bound to the client by a running
 * {@link LazyPgTransactionManager} transaction, else a fresh one from the pool for the one call.
 *
 * <p>Stateless and thread-safe (the binding is per thread).
 */
public final class LazyPgSessionUtils {

    private LazyPgSessionUtils() {
    }

    /**
     * The transaction's session if one is bound to {@code client} on this thread, else a newly
     * acquired one; hand it back with {@link #releaseSession}. Inside a transaction with a timeout,
     * throws {@code TransactionTimedOutException} once its deadline has passed.
     *
     * @throws io.lazypg.client.PgException when no session could be acquired (untranslated)
     */
    public static LazyPgSession getSession(LazyPgClient client) {
        LazyPgSessionHolder holder = boundHolder(client);
        if (holder != null) {
            if (holder.hasTimeout()) {
                holder.getTimeToLiveInMillis(); // throws TransactionTimedOutException past the deadline
            }
            holder.requested();
            return holder.getSession();
        }
        return client.acquire();
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

    /** Whether {@code session} is the one of the transaction bound to {@code client} on this thread. */
    public static boolean isTransactional(LazyPgSession session, LazyPgClient client) {
        LazyPgSessionHolder holder = boundHolder(client);
        return holder != null && holder.getSession() == session;
    }

    private static LazyPgSessionHolder boundHolder(LazyPgClient client) {
        return (LazyPgSessionHolder) TransactionSynchronizationManager.getResource(client);
    }
}
