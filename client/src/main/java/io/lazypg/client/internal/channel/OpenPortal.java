package io.lazypg.client.internal.channel;

/**
 * A portal open on the server for a cursor (the command layer's {@code PortalCursor}), which the
 * channel must know of: while it is open the session is not synchronized (its Execute went with
 * Flush, and no Sync ended it), so nothing else may be written, a failure breaks the connection
 * unless the cursor ended first, and a pool must close it before it takes the connection back.
 * The cursor tells the channel when it opens and when its portal is gone
 * ({@link SessionChannel#cursorOpened}, {@link SessionChannel#cursorClosed}).
 *
 * <p>Used by the thread that holds the connection.
 */
public interface OpenPortal {

    /** Closes the portal (drains what the server still sends for it, then Sync), leaving the session synchronized. */
    void close();
}
