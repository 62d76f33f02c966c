package io.lazypg.jdbc;

import io.lazypg.client.PgServerException;
import java.sql.SQLWarning;
import org.jspecify.annotations.Nullable;

/**
 * The SQLWarnings of a Statement or a Connection, as JDBC chains them: the server's notices
 * ({@code RAISE NOTICE}, {@code RAISE WARNING}, its own warnings), oldest first, each with the
 * server's message and SQLSTATE, as pgjdbc reports them. Appending is O(1) (the chain's last link
 * is kept). Filled on the thread that runs statements; read with {@link #first} from any thread.
 */
final class WarningChain {

    private volatile @Nullable SQLWarning first;
    private @Nullable SQLWarning last;

    /** A notice as JDBC code sees it: the server's primary message and SQLSTATE. */
    static SQLWarning of(PgServerException.ServerMessage notice) {
        String message = notice.message();
        return new SQLWarning(message == null ? notice.describe() : message, notice.sqlState());
    }

    void add(SQLWarning warning) {
        SQLWarning tail = last;
        if (first == null || tail == null) {
            last = warning;
            first = warning;
        } else {
            tail.setNextWarning(warning);
            last = warning;
        }
    }

    /** The first warning of the chain (the others via getNextWarning), or null when there is none. */
    @Nullable
    SQLWarning first() {
        return first;
    }

    void clear() {
        first = null;
        last = null;
    }
}
