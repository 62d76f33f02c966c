package io.lazypg.client.internal.stats;

import io.lazypg.client.Column;
import io.lazypg.client.StatementStatistics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * The running statistics of one SQL statement, shared by every connection that prepares it and by
 * every row it produced.
 *
 * <p>Thread safety: per-execution counters are {@link LongAdder}s. The per-cell bookkeeping
 * ({@link #decoded(int)}), which runs on every decoding cell read, uses plain fields on purpose:
 * an atomic add per cell would cost more than many decodes. Its count can therefore lose
 * increments when threads read rows of the same statement at the same instant; the read-column
 * flags are idempotent and never wrong.
 */
public final class StatementUsage {

    private final String sql;
    /**
     * Whether the statement's caller appended its RETURNING clause (the JDBC driver's generated
     * keys): the application's own text asked for none of its columns, so none is reported unread.
     */
    private final boolean returningAdded;

    private final LongAdder executions = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder rows = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder cellsReceived = new LongAdder();
    private long cellsDecoded;
    private volatile List<String> columns = List.of();
    private boolean[] read = new boolean[0];
    /** Executions whose every row has arrived, and their cells: what the unread-columns report judges. */
    private final LongAdder completedExecutions = new LongAdder();

    private final LongAdder completedCells = new LongAdder();
    private final AtomicBoolean judged = new AtomicBoolean();

    StatementUsage(String sql, boolean returningAdded) {
        this.sql = sql;
        this.returningAdded = returningAdded;
    }

    public boolean returningAdded() {
        return returningAdded;
    }

    public String sql() {
        return sql;
    }

    /**
     * The columns this statement returns; called when it is (re)prepared, never per row. A name the
     * shape has more than once (the {@code id} of each table in a join) is told apart by its
     * 1-based position, {@code "id (column 3)"}, so the report names the very column left unread.
     */
    public synchronized void shape(List<Column> shape) {
        List<String> names = new ArrayList<>(shape.size());
        Map<String, Integer> occurrences = new HashMap<>();
        for (Column c : shape) {
            occurrences.merge(c.name(), 1, Integer::sum);
        }
        for (int i = 0; i < shape.size(); i++) {
            String name = shape.get(i).name();
            names.add(occurrences.getOrDefault(name, 0) > 1 ? name + " (column " + (i + 1) + ")" : name);
        }
        if (!names.equals(columns)) {
            columns = List.copyOf(names);
            read = new boolean[names.size()];
        }
    }

    /** One cell was decoded. Hot path: two plain writes. */
    public void decoded(int column) {
        cellsDecoded++;
        boolean[] r = read;
        if (column < r.length) {
            r[column] = true;
        }
    }

    /** One execution (or one cursor batch) finished. */
    public void executed(long rowCount, int columnCount, long byteCount, boolean failed, boolean newExecution) {
        if (newExecution) {
            executions.increment();
        }
        if (failed) {
            errors.increment();
        }
        rows.add(rowCount);
        cellsReceived.add(rowCount * columnCount);
        bytes.add(byteCount);
    }

    /**
     * One execution's last rows arrived: a buffered result at once, a cursor when it reached its end
     * or was closed. Only then do its cells count for the unread-columns report, so that the report
     * never compares a partly fetched run with what the application read of it.
     */
    public void completed(long rowCount, int columnCount) {
        completedExecutions.increment();
        completedCells.add(rowCount * columnCount);
    }

    long completedExecutions() {
        return completedExecutions.sum();
    }

    long completedCells() {
        return completedCells.sum();
    }

    long cellsDecoded() {
        return cellsDecoded;
    }

    /** Whether the report was judged already. */
    boolean judged() {
        return judged.get();
    }

    /** True the first time only: the report is judged once per statement. */
    boolean markJudged() {
        return judged.compareAndSet(false, true);
    }

    public StatementStatistics snapshot() {
        List<String> names = columns;
        boolean[] r = read;
        List<String> unread = new ArrayList<>();
        // A statement that never returned a row fetched no cell of any column: none is "unread";
        // nor is a column the caller's own RETURNING added, which the application never asked for.
        for (int i = 0; !returningAdded && rows.sum() > 0 && i < names.size() && i < r.length; i++) {
            if (!r[i]) {
                unread.add(names.get(i));
            }
        }
        return new StatementStatistics(
                sql,
                executions.sum(),
                errors.sum(),
                rows.sum(),
                bytes.sum(),
                cellsReceived.sum(),
                cellsDecoded,
                names,
                List.copyOf(unread));
    }
}
