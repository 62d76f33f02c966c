package io.lazypg.spring;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The rows of a copy, with the ones taken while the first {@value #AHEAD_BYTES} bytes of the COPY
 * input were encoded kept aside: {@code copyIn} sends at most that much before the server answers
 * the COPY, so when the server refused the COPY there (its column-type check failed), no row
 * beyond those was taken, and {@link #replay()} gives every row again, in order. Memory: the rows
 * of about one chunk. Not thread-safe: one copy's.
 */
final class ReplayableRows implements Iterator<Object[]> {

    /** What {@code copyIn} sends ahead of the server's CopyInResponse at most (its first chunk). */
    static final int AHEAD_BYTES = 64 * 1024;

    private final Iterator<Object[]> rows;
    private final List<Object[]> kept = new ArrayList<>();
    private int replayed;
    private boolean keeping = true;

    ReplayableRows(Iterator<Object[]> rows) {
        this.rows = rows;
    }

    /** The COPY input has handed out {@code bytes} so far: past the first chunk, nothing needs keeping. */
    void handedOut(long bytes) {
        if (bytes > AHEAD_BYTES) {
            keeping = false;
            kept.clear();
        }
    }

    /** Starts again from the first row; only while every row taken was kept. */
    ReplayableRows replay() {
        if (!keeping) {
            throw new IllegalStateException("the copy sent more than its first chunk: its rows cannot be replayed");
        }
        replayed = 0;
        return this;
    }

    @Override
    public boolean hasNext() {
        return replayed < kept.size() || rows.hasNext();
    }

    @Override
    public Object[] next() {
        if (replayed < kept.size()) {
            return kept.get(replayed++);
        }
        if (!rows.hasNext()) {
            throw new NoSuchElementException();
        }
        Object[] row = rows.next();
        if (keeping) {
            kept.add(row);
            replayed++;
        }
        return row;
    }
}
