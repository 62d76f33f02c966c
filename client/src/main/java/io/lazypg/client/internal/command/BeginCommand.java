package io.lazypg.client.internal.command;

import io.lazypg.client.internal.channel.InFlight;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;

/**
 * A deferred BEGIN sent ahead of a statement, in the same write and under the statement's Sync
 * ({@link DeferredBegin}): Parse, Bind and Execute of the unnamed statement, answered by
 * ParseComplete, BindComplete and BEGIN's CommandComplete, after which it pauses so that the
 * statement's own command reads the rest. It owes no ReadyForQuery of its own ({@link InFlight});
 * if BEGIN fails, the server skips the statement up to the Sync, and the loop throws BEGIN's
 * error at ReadyForQuery.
 *
 * <p>Not thread-safe: one per connection, used by the thread that holds it.
 */
final class BeginCommand extends ResponseHandler {

    private static final short[] NO_FORMATS = new short[0];
    private static final int[] NO_TYPES = new int[0];

    /** Parse, Bind and Execute of {@code sql}, a statement without parameters or rows. */
    static void write(WriteBuffer out, String sql) {
        FrontendMessages.parse(out, "", sql, NO_TYPES);
        FrontendMessages.endBind(out, FrontendMessages.beginBind(out, "", NO_FORMATS, 0), NO_FORMATS);
        FrontendMessages.execute(out, 0);
    }

    @Override
    protected String phase() {
        return "beginning a transaction";
    }

    @Override
    protected boolean partOfNext() {
        return true;
    }

    @Override
    protected void commandComplete(MessageReader in) {
        pause();
    }
}
