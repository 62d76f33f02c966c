package io.lazypg.client.internal.session;

import io.lazypg.client.Column;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyRow;
import io.lazypg.client.RowCursor;
import java.util.List;

/** A cursor that owns its session: closing (or exhausting) the cursor gives the connection back. */
public final class SessionCursor implements RowCursor {

    private final RowCursor cursor;
    private final LazyPgSession session;
    private boolean closed;

    public SessionCursor(RowCursor cursor, LazyPgSession session) {
        this.cursor = cursor;
        this.session = session;
    }

    @Override
    public List<Column> columns() {
        return cursor.columns();
    }

    @Override
    public boolean hasNext() {
        if (closed) {
            return false;
        }
        boolean more;
        try {
            more = cursor.hasNext();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        if (!more) {
            close();
        }
        return more;
    }

    @Override
    public LazyRow next() {
        if (!hasNext()) {
            throw new java.util.NoSuchElementException("The cursor has no more rows.");
        }
        return cursor.next();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            cursor.close();
        } finally {
            session.close();
        }
    }
}
