package io.lazypg.client.internal.session;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.internal.conn.PgConnection;

/** A connection opened outside any pool ({@link LazyPgSession#open}); closing the session closes it. */
public final class DirectSession extends ConnectionSession {

    public DirectSession(PgConnection connection) {
        super(connection);
    }

    @Override
    void release(PgConnection connection) {
        connection.close();
    }
}
