package io.lazypg.client.internal.stats;

import io.lazypg.client.ClientStatistics;
import io.lazypg.client.StatementStatistics;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client's statement statistics: a bounded LRU of {@link StatementUsage} by SQL text, plus the
 * totals of statements that were evicted from it, so client-wide totals never go backwards.
 *
 * <p>Thread-safe. The map is consulted only when a connection prepares a statement and when a
 * snapshot is taken, never per row or per cell.
 */
public final class StatisticsRegistry {

    private static final System.Logger LOG = System.getLogger("io.lazypg.client.statistics");
    /** Executions after which a statement's read share is judged (once). */
    static final int REPORT_AFTER_EXECUTIONS = 20;
    /** A statement reading less than this share of the cells it fetches is reported. */
    static final double REPORT_BELOW_SHARE = 0.5;

    private final int capacity;
    private final boolean reportUnreadColumns;
    /** By SQL text; those with a RETURNING clause their caller appended under {@link #addedReturningKey}. */
    private final Map<String, StatementUsage> statements;

    private long retiredQueries;
    private long retiredErrors;
    private long retiredRows;
    private long retiredCellsReceived;
    private long retiredCellsDecoded;
    private long retiredBytes;

    public StatisticsRegistry(int capacity, boolean reportUnreadColumns) {
        this.capacity = capacity;
        this.reportUnreadColumns = reportUnreadColumns;
        this.statements = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, StatementUsage> eldest) {
                if (size() > StatisticsRegistry.this.capacity) {
                    retire(eldest.getValue().snapshot());
                    return true;
                }
                return false;
            }
        };
    }

    /** The usage record for this SQL as the application wrote it, created on first use. */
    public StatementUsage usageFor(String sql) {
        return usageFor(sql, false);
    }

    /**
     * The usage record for this SQL, created on first use; {@code returningAdded} when its caller
     * appended a RETURNING clause to the application's SQL (generated keys), kept apart from the
     * same text written by the application. Called when a statement is prepared, never per row.
     */
    public synchronized StatementUsage usageFor(String sql, boolean returningAdded) {
        return returningAdded
                ? statements.computeIfAbsent(addedReturningKey(sql), k -> new StatementUsage(sql, true))
                : statements.computeIfAbsent(sql, k -> new StatementUsage(sql, false));
    }

    /** A key no SQL text has: a NUL character cannot reach the server in a statement ({@code SqlText.check}). */
    private static String addedReturningKey(String sql) {
        return "\0" + sql;
    }

    /**
     * Called when an execution of {@code usage} has received its first result (all rows of a
     * buffered one, the first batch of a cursor), before it counts as completed. Once
     * {@value #REPORT_AFTER_EXECUTIONS} earlier executions have completed, judges (once) whether
     * the statement fetches columns the application never reads, over those completed executions
     * only: their cells against every decode so far. Judging at the next execution rather than at
     * the end of the 20th gives the application the time to read the 20th result (a buffered
     * result is read after it arrives, a cursor's last batch after its end), and never counts a
     * partly fetched cursor.
     */
    public void afterExecution(StatementUsage usage) {
        // judged() first: a plain volatile read, where summing the adders per execution showed in profiles
        if (!reportUnreadColumns
                || usage.judged()
                || usage.completedExecutions() < REPORT_AFTER_EXECUTIONS
                || !usage.markJudged()) {
            return;
        }
        long executions = usage.completedExecutions();
        long cells = usage.completedCells();
        long decoded = usage.cellsDecoded();
        StatementStatistics statistics = usage.snapshot();
        List<String> unread = statistics.unreadColumns();
        double share = cells == 0 ? 0 : (double) decoded / cells;
        if (cells > 0 && share < REPORT_BELOW_SHARE && statistics.fetchesUnreadColumns()) {
            LOG.log(
                    System.Logger.Level.INFO,
                    () -> String.format(
                            "lazypg: over %d executions, %s fetched %d cells but the application decoded %d (%.0f%%)."
                                    + " Columns never read: %s. Select only the columns you need.",
                            executions, abbreviate(usage.sql()), cells, decoded, 100 * share, unread));
        }
    }

    private synchronized void retire(StatementStatistics s) {
        retiredQueries += s.executions();
        retiredErrors += s.errors();
        retiredRows += s.rows();
        retiredCellsReceived += s.cellsReceived();
        retiredCellsDecoded += s.cellsDecoded();
        retiredBytes += s.bytesReceived();
    }

    public synchronized ClientStatistics snapshot() {
        List<StatementStatistics> all = new ArrayList<>(statements.size());
        for (StatementUsage u : statements.values()) {
            all.add(u.snapshot());
        }
        Collections.reverse(all); // access order is eldest first; most recent first reads better
        long queries = retiredQueries;
        long errors = retiredErrors;
        long rows = retiredRows;
        long cells = retiredCellsReceived;
        long decoded = retiredCellsDecoded;
        long bytes = retiredBytes;
        for (StatementStatistics s : all) {
            queries += s.executions();
            errors += s.errors();
            rows += s.rows();
            cells += s.cellsReceived();
            decoded += s.cellsDecoded();
            bytes += s.bytesReceived();
        }
        return new ClientStatistics(queries, errors, rows, cells, decoded, bytes, List.copyOf(all));
    }

    private static String abbreviate(String sql) {
        String oneLine = sql.replaceAll("\\s+", " ").trim();
        return "\"" + (oneLine.length() > 100 ? oneLine.substring(0, 97) + "..." : oneLine) + "\"";
    }
}
