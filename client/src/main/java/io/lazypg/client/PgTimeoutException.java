package io.lazypg.client;

/** A time limit ran out: connecting, acquiring a pooled connection, or waiting for the server. */
public class PgTimeoutException extends PgException {

    private static final long serialVersionUID = 1L;

    /** What was being waited for. */
    public enum Kind {
        CONNECT,
        ACQUIRE,
        QUERY
    }

    private final Kind kind;

    public PgTimeoutException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public PgTimeoutException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
