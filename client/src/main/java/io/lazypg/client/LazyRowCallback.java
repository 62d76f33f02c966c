package io.lazypg.client;

/**
 * Receives each row of a streamed result, in order, on the thread that ran the query.
 *
 * <p>The row is valid only during the call: its bytes live in the connection's receive buffer,
 * which is reused for the next read, and the row object itself is one view reused for every row.
 * Keep values you decoded, or keep {@link LazyRow#detach()}, never the row itself: a kept row
 * shows the current row's values while the result streams, and every read of it throws a
 * {@link PgUsageException} once the result has ended. In exchange this path allocates nothing per
 * row beyond what the callback decodes, and a result of any size streams in bounded memory.
 */
@FunctionalInterface
public interface LazyRowCallback {

    void processRow(LazyRow row);
}
