package io.lazypg.client;

/**
 * Receives each row of a streamed result, in order, on the thread that ran the query.
 *
 * <p>The row is valid only during the call: its bytes live in the connection's receive buffer,
 * which is reused for the next read. Keep values you decoded, or keep {@link LazyRow#detach()},
 * never the row itself. In exchange this path allocates nothing per row beyond what the callback
 * decodes, and a result of any size streams in bounded memory.
 */
@FunctionalInterface
public interface LazyRowCallback {

    void processRow(LazyRow row);
}
