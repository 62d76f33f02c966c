package io.lazypg.jdbc;

import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import java.sql.SQLException;
import java.util.Iterator;
import org.jspecify.annotations.Nullable;

/**
 * Where a {@link LazyRowResultSet} is and how it moves: forward through an iterator of rows (in
 * memory, or read through a portal), or anywhere in a buffered result when the rows are
 * {@link ScrollableRows} ({@code TYPE_SCROLL_INSENSITIVE}: {@code absolute}, {@code relative},
 * {@code previous}, {@code first}, {@code last}, {@code beforeFirst}, {@code afterLast}). A view
 * without rows is positioned by its caller ({@link #position}). The cells of the current row are
 * the subclass's to read.
 *
 * <p>Moving a forward-only result backwards is an error that names the statement type to ask for
 * (SQLSTATE 24000, as pgjdbc reports it). Not thread-safe, like its ResultSet.
 */
abstract class RowNavigation extends ReadOnlyForwardResultSet {

    /** The rows {@link #next()} walks; null for a view its caller positions. */
    private final @Nullable Iterator<LazyRow> rows;
    /** {@link #rows} when the result is scrollable, else null. */
    private final @Nullable ScrollableRows scroll;

    /** The current row, or null off the rows. */
    @Nullable
    LazyRow row;
    /** The current row's index (0-based); for a forward result past its end, the row count. */
    private int rowNum = -1;
    /** Whether the last cell read was NULL; reset on every move. */
    boolean wasNull;

    private boolean exhausted;
    private int fetchDirection = FETCH_FORWARD;

    RowNavigation(@Nullable Iterator<LazyRow> rows) {
        this.rows = rows;
        this.scroll = rows instanceof ScrollableRows s ? s : null;
    }

    /** Throws when the ResultSet is closed. */
    abstract void checkOpen() throws SQLException;

    /** Makes {@code row} (the {@code rowNum}-th, 0-based) the current row; null puts the view off the rows. */
    public void position(@Nullable LazyRow row, int rowNum) {
        this.row = row;
        this.rowNum = rowNum;
        this.wasNull = false;
    }

    @Override
    public boolean next() throws SQLException {
        checkOpen();
        if (scroll != null) {
            return moved(scroll, scroll.relative(1));
        }
        if (rows == null || !hasNextRow(rows)) {
            if (rows != null && !exhausted) {
                exhausted = true;
                row = null;
                rowNum++;
            }
            return false;
        }
        position(rows.next(), rowNum + 1);
        return true;
    }

    /** Whether there is another row; a cursor may fetch the next batch for it. */
    private boolean hasNextRow(Iterator<LazyRow> rows) throws SQLException {
        try {
            return rows.hasNext();
        } catch (PgException e) {
            close();
            throw JdbcErrors.of(e);
        }
    }

    /** Takes the row at the scroll's position as the current one; {@code onRow} is passed through. */
    private boolean moved(ScrollableRows scroll, boolean onRow) {
        position(scroll.current(), scroll.position() - 1);
        return onRow;
    }

    private ScrollableRows scrollable(String method) throws SQLException {
        checkOpen();
        if (scroll == null) {
            throw new SQLException(
                    method + " needs a scrollable ResultSet, and this one is TYPE_FORWARD_ONLY: create the"
                            + " statement with ResultSet.TYPE_SCROLL_INSENSITIVE (its rows are then read whole),"
                            + " or read forward with next().",
                    JdbcErrors.INVALID_CURSOR_STATE);
        }
        return scroll;
    }

    @Override
    public boolean absolute(int rowNumber) throws SQLException {
        ScrollableRows s = scrollable("absolute");
        return moved(s, s.absolute(rowNumber));
    }

    @Override
    public boolean relative(int by) throws SQLException {
        ScrollableRows s = scrollable("relative");
        return moved(s, s.relative(by));
    }

    @Override
    public boolean previous() throws SQLException {
        ScrollableRows s = scrollable("previous");
        return moved(s, s.relative(-1));
    }

    @Override
    public boolean first() throws SQLException {
        ScrollableRows s = scrollable("first");
        return moved(s, s.absolute(1));
    }

    @Override
    public boolean last() throws SQLException {
        ScrollableRows s = scrollable("last");
        return moved(s, s.absolute(-1));
    }

    @Override
    public void beforeFirst() throws SQLException {
        ScrollableRows s = scrollable("beforeFirst");
        s.beforeFirst();
        moved(s, false);
    }

    @Override
    public void afterLast() throws SQLException {
        ScrollableRows s = scrollable("afterLast");
        s.afterLast();
        moved(s, false);
    }

    @Override
    public int getRow() {
        return row == null ? 0 : rowNum + 1;
    }

    @Override
    public boolean isBeforeFirst() {
        if (scroll != null) {
            return scroll.isBeforeFirst();
        }
        return row == null && !exhausted && rows != null && rows.hasNext();
    }

    @Override
    public boolean isAfterLast() {
        if (scroll != null) {
            return scroll.isAfterLast();
        }
        return exhausted && rowNum > 0;
    }

    @Override
    public boolean isFirst() {
        return row != null && rowNum == 0;
    }

    @Override
    public boolean isLast() throws SQLException {
        if (scroll != null) {
            return scroll.isLast();
        }
        if (rows == null) {
            throw unsupported("isLast on a view the template positions");
        }
        return row != null && !rows.hasNext();
    }

    @Override
    public int getType() {
        return scroll != null ? TYPE_SCROLL_INSENSITIVE : TYPE_FORWARD_ONLY;
    }

    @Override
    public int getFetchDirection() {
        return fetchDirection;
    }

    /** A hint: a scrollable result accepts every direction, a forward-only one FETCH_FORWARD alone. */
    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != FETCH_FORWARD && direction != FETCH_REVERSE && direction != FETCH_UNKNOWN) {
            throw JdbcErrors.usage("Unknown fetch direction " + direction + ".", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        if (direction != FETCH_FORWARD) {
            scrollable("setFetchDirection(" + (direction == FETCH_REVERSE ? "FETCH_REVERSE" : "FETCH_UNKNOWN") + ")");
        }
        fetchDirection = direction;
    }
}
