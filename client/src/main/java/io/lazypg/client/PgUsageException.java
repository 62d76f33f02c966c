package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * The caller asked for something that cannot work, found before anything reached the server or
 * without involving it: a wrong parameter count, a parameter of an unsupported type or with a NUL
 * character, a column name that the result does not have. Nothing was sent that could have had an
 * effect; the connection stays usable.
 */
public class PgUsageException extends PgException {

    private static final long serialVersionUID = 1L;

    public PgUsageException(String message) {
        super(message);
    }

    public PgUsageException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
