package io.lazypg.client.internal.result;

import io.lazypg.client.LazyRow;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * The rows of a buffered result, collected by {@link #append} while the response is read and read-only
 * once {@link #seal sealed}: one array grown from a single slot, so a one-row result costs one small
 * array and this object (an {@code ArrayList} starts at ten slots, and a
 * {@code Collections.unmodifiableList} wrapper would add a third object).
 *
 * <p>Not thread-safe while being filled; after {@link #seal} it is immutable and, like any
 * immutable list, safe to share. {@link io.lazypg.client.LazyResult} hands it out as is.
 */
public final class RowList extends AbstractList<LazyRow> implements RandomAccess {

    private static final LazyRow[] EMPTY = new LazyRow[0];

    private LazyRow[] rows = EMPTY;
    private int size;
    private boolean sealed;

    /** Appends a row; only before {@link #seal}. */
    public void append(LazyRow row) {
        if (sealed) {
            throw new UnsupportedOperationException("The rows of a result are read-only");
        }
        if (size == rows.length) {
            rows = Arrays.copyOf(rows, Math.max(1, size * 2));
        }
        rows[size++] = row;
    }

    /**
     * Sizes the empty list for about {@code rows} rows (the statement's previous buffered result), so
     * that a repeated large query does not grow and copy the array a few dozen times while its rows
     * arrive. A guess that proves much too large is trimmed by {@link #seal}, since the result keeps
     * the array.
     */
    public void expect(int rows) {
        if (size == 0 && rows > this.rows.length) {
            this.rows = new LazyRow[rows];
        }
    }

    /** Ends filling: from now on the list is read-only; an array much larger than its rows is trimmed. Returns this. */
    public RowList seal() {
        if (rows.length > 2 * size + 16) {
            rows = size == 0 ? EMPTY : Arrays.copyOf(rows, size);
        }
        sealed = true;
        return this;
    }

    /** True once sealed: then {@code LazyResult} needs no read-only wrapper around it. */
    public boolean isSealed() {
        return sealed;
    }

    @Override
    public LazyRow get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("Row " + index + " of a result with " + size + " rows");
        }
        return rows[index];
    }

    /** The slots the array has, for tests of {@link #expect} and {@link #seal}. */
    int capacity() {
        return rows.length;
    }

    @Override
    public int size() {
        return size;
    }
}
