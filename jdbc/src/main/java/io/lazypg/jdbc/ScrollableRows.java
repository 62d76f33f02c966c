package io.lazypg.jdbc;

import io.lazypg.client.LazyRow;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * The rows of a {@code TYPE_SCROLL_INSENSITIVE} ResultSet: the whole result, already received, and
 * a position in it that moves both ways. Position 0 is before the first row, {@code size() + 1}
 * after the last; an empty result has no row and is neither before nor after one, as JDBC says.
 * Moving costs nothing: the rows are views over the bytes they arrived in, decoded only when read.
 * As an {@link Iterator} it moves forward from the position, so that {@code next()} reads it as it
 * reads any result.
 *
 * <p>Not thread-safe, like its ResultSet.
 */
final class ScrollableRows implements Iterator<LazyRow> {

    private final List<LazyRow> rows;
    private int position;

    ScrollableRows(List<LazyRow> rows) {
        this.rows = rows;
    }

    int size() {
        return rows.size();
    }

    /** 0 before the first row, 1..size on a row, size + 1 after the last. */
    int position() {
        return position;
    }

    /** The row at the position, or null off the rows. */
    @Nullable
    LazyRow current() {
        return position >= 1 && position <= rows.size() ? rows.get(position - 1) : null;
    }

    /**
     * JDBC's absolute: a positive row counts from the start, a negative one from the end
     * ({@code -1} is the last row); 0 and rows beyond either end leave the position before the
     * first or after the last row. Returns whether it is on a row.
     */
    boolean absolute(int row) {
        int n = rows.size();
        if (row > 0) {
            position = Math.min(row, n + 1);
        } else if (row < 0) {
            position = Math.max(n + 1 + row, 0);
        } else {
            position = 0;
        }
        return current() != null;
    }

    /** JDBC's relative: moves {@code by} rows from the position, stopping before the first or after the last. */
    boolean relative(int by) {
        long target = (long) position + by;
        position = (int) Math.max(0, Math.min(target, rows.size() + 1L));
        return current() != null;
    }

    void beforeFirst() {
        position = 0;
    }

    void afterLast() {
        position = rows.size() + 1;
    }

    boolean isBeforeFirst() {
        return position == 0 && !rows.isEmpty();
    }

    boolean isAfterLast() {
        return position == rows.size() + 1 && !rows.isEmpty();
    }

    boolean isLast() {
        return position == rows.size() && !rows.isEmpty();
    }

    @Override
    public boolean hasNext() {
        return position < rows.size();
    }

    @Override
    public LazyRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return rows.get(position++);
    }
}
