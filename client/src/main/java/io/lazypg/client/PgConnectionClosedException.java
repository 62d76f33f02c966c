package io.lazypg.client;

/**
 * The connection is closed or broke during use (the backend was terminated, the socket was reset,
 * the client was closed). A pooled connection in this state is discarded; the next acquire opens a
 * fresh one.
 */
public class PgConnectionClosedException extends PgException {

    private static final long serialVersionUID = 1L;

    public PgConnectionClosedException(String message) {
        super(message);
    }

    public PgConnectionClosedException(String message, Throwable cause) {
        super(message, cause);
    }
}
