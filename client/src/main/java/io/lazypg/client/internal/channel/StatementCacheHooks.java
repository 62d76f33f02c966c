package io.lazypg.client.internal.channel;

/**
 * What the channel tells the session's statement cache, which lives in a layer above it (the
 * command layer's {@code StatementPreparer}, created by the connection and handed to the channel
 * with {@link SessionChannel#statementCache}): the channel writes every Sync and reads every
 * CommandComplete and ParameterStatus, and three of those moments concern the cached statements.
 *
 * <p>Called by the thread that holds the connection, or reads its answers; implementations only
 * write into the channel's write buffer or flag their cache, and never read from the socket.
 */
public interface StatementCacheHooks {

    /** Caches nothing and closes nothing: what a channel tells until a cache is handed to it. */
    StatementCacheHooks NONE = new StatementCacheHooks() {
        @Override
        public void writePendingCloses() {}

        @Override
        public void forgetAll() {}

        @Override
        public void definitionsChanged() {}
    };

    /**
     * Just before the channel writes a Sync ({@link SessionChannel#writeSync}): writes Close for
     * every statement evicted since the last Sync into the write buffer, so they go with it.
     */
    void writePendingCloses();

    /** The server forgot every prepared statement (DEALLOCATE ALL, DISCARD ALL): forget them too, closing none. */
    void forgetAll();

    /**
     * Definitions changed (DDL this session ran, a new search_path): the cached statements must be
     * closed and prepared afresh on their next use. Only flags the cache: called while an answer is
     * being read.
     */
    void definitionsChanged();
}
