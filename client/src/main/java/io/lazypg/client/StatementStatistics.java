package io.lazypg.client;

import java.util.List;

/**
 * How one SQL statement has been used since the client started (or since it entered the bounded
 * statistics): how much it fetched and how much of that the application actually read.
 *
 * @param sql           the statement text
 * @param executions    times it ran
 * @param errors        executions that ended in an exception
 * @param rows          rows received
 * @param bytesReceived bytes of protocol messages received for it (DataRows, descriptions, completions)
 * @param cellsReceived cells received (rows times columns)
 * @param cellsDecoded  cell reads that decoded a value (memoized re-reads do not count); approximate
 *                      when several threads read rows of the same statement at the same instant
 * @param columns       the columns it returns; a name that occurs more than once is followed by its
 *                      1-based position ({@code "id (column 3)"}), so each names one column
 * @param unreadColumns the columns no row of it has ever been read from; empty while it has returned
 *                      no rows (nothing was fetched, so nothing was fetched in vain)
 */
public record StatementStatistics(
        String sql,
        long executions,
        long errors,
        long rows,
        long bytesReceived,
        long cellsReceived,
        long cellsDecoded,
        List<String> columns,
        List<String> unreadColumns) {

    /**
     * Whether this statement fetches columns in vain, as the statistics endpoint and the
     * unread-columns log line judge it: some column was never read, and the statement is not a call
     * made for its effect. Such a call returns at most one row per execution and none of its cells
     * is ever read (Flyway's {@code select set_config('search_path', ...)}, {@code pg_advisory_lock},
     * a function called for what it does): a narrower select list would save nothing there.
     */
    public boolean fetchesUnreadColumns() {
        boolean calledForItsEffect = cellsDecoded == 0 && rows <= executions;
        return !unreadColumns.isEmpty() && !calledForItsEffect;
    }

    /** Decoded cells per received cell, 0..1 (1 can be exceeded when cells are read repeatedly as primitives). */
    public double decodedShare() {
        return cellsReceived == 0 ? 0 : (double) cellsDecoded / cellsReceived;
    }
}
