package io.lazypg.client;

/**
 * The byte stream from the server is not valid PostgreSQL protocol v3 (a bogus length, an unknown
 * message type, a message where none may come). The connection that saw it is closed and discarded;
 * no other connection is affected.
 */
public class PgProtocolException extends PgException {

    private static final long serialVersionUID = 1L;

    public PgProtocolException(String message) {
        super(message);
    }

    public PgProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
