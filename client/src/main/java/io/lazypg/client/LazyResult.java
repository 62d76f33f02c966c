package io.lazypg.client;

import io.lazypg.client.internal.result.RowList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A complete, buffered result: its rows, columns and command tag. The rows are views over the
 * bytes they arrived in and stay valid after the connection went back to the pool.
 *
 * <p>Thread safety: immutable once returned; its rows are not thread-safe (see {@link LazyRow}).
 */
public final class LazyResult implements Iterable<LazyRow> {

    private final List<Column> columns;
    private final List<LazyRow> rows;
    private final String commandTag;

    /** For the protocol layer; applications receive results from queries. */
    public LazyResult(List<Column> columns, List<LazyRow> rows, String commandTag) {
        this.columns = columns;
        // A sealed RowList is read-only already: no wrapper per result on the point-select path.
        this.rows = rows instanceof RowList r && r.isSealed() ? rows : Collections.unmodifiableList(rows);
        this.commandTag = commandTag;
    }

    public int size() {
        return rows.size();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public LazyRow get(int index) {
        return rows.get(index);
    }

    /** The rows, unmodifiable. */
    public List<LazyRow> rows() {
        return rows;
    }

    public Stream<LazyRow> stream() {
        return rows.stream();
    }

    @Override
    public Iterator<LazyRow> iterator() {
        return rows.iterator();
    }

    public List<Column> columns() {
        return columns;
    }

    /** The CommandComplete tag, for example {@code SELECT 3} or {@code INSERT 0 1}; empty for an empty query. */
    public String commandTag() {
        return commandTag;
    }

    /** The row count in the command tag: rows returned, inserted, updated, deleted, merged or copied. */
    public long rowsAffected() {
        return io.lazypg.client.internal.result.CommandTags.rowCount(commandTag);
    }

    @Override
    public String toString() {
        return "LazyResult[" + commandTag + ", " + rows.size() + " rows, columns="
                + columns.stream().map(Column::name).toList() + "]";
    }
}
