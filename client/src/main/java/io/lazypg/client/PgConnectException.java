package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * A connection could not be opened: the host refused or could not be reached, TLS could not be set
 * up as the sslmode demands, or the client cannot perform the authentication the server asks for.
 * A server's own refusal (for example a wrong password, SQLSTATE 28P01) is a {@link PgServerException}.
 */
public class PgConnectException extends PgException {

    private static final long serialVersionUID = 1L;

    public PgConnectException(String message) {
        super(message);
    }

    public PgConnectException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
