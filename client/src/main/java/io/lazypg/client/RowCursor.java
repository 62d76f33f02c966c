package io.lazypg.client;

import java.util.Iterator;
import java.util.List;

/**
 * Rows of a query fetched in batches of {@code fetchSize} (portal suspension), so a result of any
 * size is read in bounded memory, also outside an explicit transaction. Rows are views that stay
 * valid after the cursor is closed; each is copied into an array of its own, so a
 * kept row pins nothing but its own bytes.
 *
 * <p>The connection is busy until the cursor is closed or exhausted: close it (try-with-resources).
 * Closing early tells the server to drop the rest, without reading it.
 *
 * <p>Not thread-safe.
 */
public interface RowCursor extends Iterator<LazyRow>, AutoCloseable {

    /** The result's columns (available before the first row). */
    List<Column> columns();

    /** Releases the portal (and, for a cursor from {@link LazyPgClient#stream}, the connection). Idempotent. */
    @Override
    void close();
}
