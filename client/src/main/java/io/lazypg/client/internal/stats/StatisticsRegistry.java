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

    /** The usage record for this SQL, created on first use. */
    public synchronized StatementUsage usageFor(String sql) {
        return statements.computeIfAbsent(sql, StatementUsage::new);
    }

    /**
     * Called after each execution: once a statement has run {@value #REPORT_AFTER_EXECUTIONS} times,
     * logs (once) which columns it fetches but the application never reads.
     */
    public void afterExecution(StatementUsage usage) {
        if (!reportUnreadColumns || usage.executions() != REPORT_AFTER_EXECUTIONS) {
            return;
        }
        StatementStatistics s = usage.snapshot();
        if (s.cellsReceived() > 0 && s.decodedShare() < REPORT_BELOW_SHARE && !s.unreadColumns().isEmpty()
                && usage.markReported()) {
            LOG.log(System.Logger.Level.INFO, () -> String.format(
                    "lazypg: over %d executions, %s fetched %d cells but the application decoded %d (%.0f%%)."
                            + " Columns never read: %s. Select only the columns you need.",
                    s.executions(), abbreviate(s.sql()), s.cellsReceived(), s.cellsDecoded(), 100 * s.decodedShare(),
                    s.unreadColumns()));
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
