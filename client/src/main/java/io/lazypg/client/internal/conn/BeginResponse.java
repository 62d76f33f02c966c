package io.lazypg.client.internal.conn;

import io.lazypg.client.internal.wire.MessageReader;

/**
 * The answer to a deferred BEGIN sent ahead of a statement under the statement's Sync
 * ({@link PgConnection#begin}): ParseComplete, BindComplete and BEGIN's CommandComplete, after which
 * it pauses so that the statement's own handler reads the rest. If BEGIN fails, the server skips
 * the statement up to the Sync, and the loop throws BEGIN's error at ReadyForQuery.
 *
 * <p>Not thread-safe: one per connection, used by the thread that holds it.
 */
final class BeginResponse extends ResponseHandler {

    @Override
    String phase() {
        return "beginning a transaction";
    }

    @Override
    void commandComplete(MessageReader in) {
        pause();
    }
}
