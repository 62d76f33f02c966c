package io.lazypg.jdbc;

import io.lazypg.client.PgNotification;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What a lazypg-jdbc connection offers beyond {@link Connection}, reached as pgjdbc's
 * {@code PGConnection} is: {@code connection.unwrap(LazyPgJdbcConnection.class)} (through a pool's
 * proxy too). Used by one thread at a time, like the connection.
 */
public interface LazyPgJdbcConnection extends Connection {

    /**
     * The notifications received on this connection since the last call, oldest first, for the
     * channels it runs {@code LISTEN} on (as pgjdbc's {@code getNotifications()}); empty, never
     * null, when there are none. Reads what the server has already sent without waiting. A
     * notification arrives only between transactions: with auto-commit off, commit first. At most
     * 10,000 are kept unread; past that the oldest are dropped, with a WARNING once per connection.
     */
    List<PgNotification> getNotifications() throws SQLException;

    /**
     * As {@link #getNotifications()}, but when none is waiting, waits up to {@code timeoutMillis}
     * for one to arrive ({@code 0}: until one arrives, as pgjdbc). The connection runs nothing else
     * meanwhile.
     */
    List<PgNotification> getNotifications(int timeoutMillis) throws SQLException;
}
