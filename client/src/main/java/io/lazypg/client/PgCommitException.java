package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * A commit that sent writes queued with {@link LazyPgQueries#executeAtCommit} failed: one of
 * those writes failed (then {@link #write()} is it, and the server skipped the rest), or COMMIT
 * itself did after they ran (a deferred constraint, a serialization failure; {@link #write()} is
 * null). Either way the transaction was rolled back. The message names the write by its position
 * and SQL; {@link #sqlState()} and the other fields are the server's.
 */
public class PgCommitException extends PgServerException {

    private static final long serialVersionUID = 1L;

    private final transient @Nullable PendingUpdate write;

    public PgCommitException(String context, ServerMessage fields, @Nullable PendingUpdate write) {
        super(context, fields);
        this.write = write;
    }

    /** The queued write that failed; null when COMMIT failed after all of them had run. */
    public @Nullable PendingUpdate write() {
        return write;
    }
}
