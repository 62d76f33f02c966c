package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * Root of every exception lazypg-client throws. Unchecked, like Spring's data-access exceptions.
 *
 * <p>Messages say what happened and what to do, name the column or parameter concerned, and never
 * contain a password.
 */
public class PgException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public PgException(String message) {
        super(message);
    }

    public PgException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }
}
