package io.lazypg.client;

/**
 * A write queued with {@link LazyPgQueries#executeAtCommit}: it is sent with the transaction's
 * COMMIT, in the same write, and its row count and its error arrive with COMMIT's answer. Until
 * {@link LazyPgQueries#commit()} returns it is only queued.
 *
 * <p>Thread-safe to read once the commit returned (the committing thread wrote it before).
 */
public interface PendingUpdate {

    /** The statement as it was queued (parameters are not kept here). */
    String sql();

    /** Its position among the writes queued in the transaction, from 1. */
    int position();

    /** Whether the statement ran and the transaction committed: its {@link #rowCount()} is known. */
    boolean isDone();

    /**
     * The number of rows the statement affected (from its command tag).
     *
     * @throws PgUsageException when the transaction has not committed yet, or did not commit (the
     *     statement failed, another one did, COMMIT failed, or the transaction was rolled back)
     */
    long rowCount();
}
