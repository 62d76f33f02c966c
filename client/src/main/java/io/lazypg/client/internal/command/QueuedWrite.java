package io.lazypg.client.internal.command;

import io.lazypg.client.PendingUpdate;
import io.lazypg.client.PgUsageException;
import org.jspecify.annotations.Nullable;

/**
 * One write of a {@link CommitQueue}: its SQL and values until it is sent with COMMIT, then its row
 * count, or why it has none. The values are dropped once it is sent, so a handle kept by the
 * caller pins no parameters.
 *
 * <p>Written by the thread that holds the connection; read by the caller after commit returned.
 */
final class QueuedWrite implements PendingUpdate {

    private static final Object[] SENT = new Object[0];

    private final String sql;
    private final int position;
    private Object[] values;
    private volatile long rowCount = -1;
    private volatile @Nullable String notDone = "the transaction has not committed yet";

    QueuedWrite(String sql, Object[] values, int position) {
        this.sql = sql;
        this.values = values;
        this.position = position;
    }

    @Override
    public String sql() {
        return sql;
    }

    @Override
    public int position() {
        return position;
    }

    Object[] values() {
        return values;
    }

    void sent() {
        values = SENT;
    }

    /** It ran; {@link #committed()} makes its count final. */
    void ran(long rows) {
        rowCount = rows;
    }

    void committed() {
        if (rowCount >= 0) {
            notDone = null;
        }
    }

    /** It will never have a count: {@code why} says so to whoever asks. A committed write keeps its count. */
    void notDone(String why) {
        values = SENT;
        if (notDone == null) {
            return;
        }
        rowCount = -1;
        notDone = why;
    }

    @Override
    public boolean isDone() {
        return notDone == null;
    }

    @Override
    public long rowCount() {
        String why = notDone;
        if (why != null) {
            throw new PgUsageException("The write queued for commit (" + position + ": " + SqlText.abbreviate(sql)
                    + ") has no row count: " + why + ".");
        }
        return rowCount;
    }

    @Override
    public String toString() {
        return "PendingUpdate[" + position + ": " + SqlText.abbreviate(sql) + "]";
    }
}
