package io.lazypg.client;

import io.lazypg.client.internal.conn.PgConnection;

/** A connection opened outside any pool ({@link LazyPgSession#open}); closing the session closes it. */
final class DirectSession extends ConnectionSession {

    DirectSession(PgConnection connection) {
        super(connection);
    }

    @Override
    void release(PgConnection connection) {
        connection.close();
    }
}
