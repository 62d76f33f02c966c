package io.lazypg.client.internal.result;

import io.lazypg.client.Column;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.codec.OutputSettings;
import io.lazypg.client.internal.stats.StatementUsage;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What every row of one result shares: its columns (from RowDescription, with the formats chosen
 * for them), a name-to-index map, and the session's output settings (TimeZone, DateStyle) that
 * rendering binary dates and timestamps as text needs. Built once per result, or once per cached
 * prepared statement and reused by each of its executions (until the settings change), so a row
 * costs one small object and no lookups.
 *
 * <p>Thread safety: immutable apart from the lazily built name index, which is computed
 * idempotently and published through a volatile field.
 */
public final class ResultShape {

    private final Column[] columns;
    private final List<Column> columnList;
    private final int[] typeOids;
    private final boolean[] binary;
    private final OutputSettings settings;
    private final @Nullable StatementUsage usage;
    private volatile @Nullable Map<String, Integer> exactNames;
    private volatile @Nullable Map<String, Integer> foldedNames;

    /** Columns under {@code sessionZone}, DateStyle ISO and IntervalStyle postgres (for tools and tests). */
    public ResultShape(Column[] columns, ZoneId sessionZone) {
        this(columns, OutputSettings.of(sessionZone), null);
    }

    /**
     * @param usage the statement's statistics, told of every decoded cell; null when statistics are off
     */
    public ResultShape(Column[] columns, OutputSettings settings, @Nullable StatementUsage usage) {
        if (columns.length > Short.MAX_VALUE) {
            // Rows keep column indexes in shorts (LazyRow); PostgreSQL never sends more than 1664 columns.
            throw new PgProtocolException("The server described " + columns.length + " result columns; at most "
                    + Short.MAX_VALUE + " are supported (PostgreSQL allows 1664). The stream is corrupt;"
                    + " retry on a new connection.");
        }
        this.columns = columns.clone();
        this.columnList = List.of(this.columns);
        this.typeOids = new int[columns.length];
        this.binary = new boolean[columns.length];
        for (int i = 0; i < columns.length; i++) {
            typeOids[i] = columns[i].typeOid();
            binary[i] = columns[i].binary();
        }
        this.settings = settings;
        this.usage = usage;
    }

    public int size() {
        return columns.length;
    }

    public Column column(int index) {
        return columns[index];
    }

    public List<Column> columns() {
        return columnList;
    }

    public int typeOid(int index) {
        return typeOids[index];
    }

    public boolean binary(int index) {
        return binary[index];
    }

    /** Called by rows for each cell they decode: feeds the statement's statistics, if any. */
    public void decoded(int index) {
        StatementUsage u = usage;
        if (u != null) {
            u.decoded(index);
        }
    }

    /** The session settings the result was shaped under, which its binary cells render in. */
    public OutputSettings settings() {
        return settings;
    }

    /**
     * Index of the column with this label: an exact match first, then a case-insensitive one;
     * -1 when there is none. Where two columns share a label, the first wins, as in JDBC.
     */
    // NullAway cannot see that buildNameIndex sets both maps, foldedNames before exactNames (both
    // volatile), so both are set once exact is: no check is added on this per-lookup path.
    @SuppressWarnings("NullAway")
    public int indexOf(String name) {
        Map<String, Integer> exact = exactNames;
        if (exact == null) {
            buildNameIndex();
            exact = exactNames;
        }
        Integer i = exact.get(name);
        if (i == null) {
            i = foldedNames.get(name.toLowerCase(Locale.ROOT));
        }
        return i == null ? -1 : i;
    }

    /** {@link #indexOf} or a {@link PgUsageException} naming the column and listing those there are. */
    public int requireIndex(String name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new PgUsageException("The result has no column named '" + name + "'; its columns are "
                    + Arrays.stream(columns).map(Column::name).toList() + ". Check the SELECT list or its aliases.");
        }
        return i;
    }

    private void buildNameIndex() {
        Map<String, Integer> exact = new HashMap<>(columns.length * 2);
        Map<String, Integer> folded = new HashMap<>(columns.length * 2);
        for (int i = 0; i < columns.length; i++) {
            exact.putIfAbsent(columns[i].name(), i);
            folded.putIfAbsent(columns[i].name().toLowerCase(Locale.ROOT), i);
        }
        foldedNames = folded;
        exactNames = exact;
    }
}
