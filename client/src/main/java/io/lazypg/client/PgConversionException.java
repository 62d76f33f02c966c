package io.lazypg.client;

/**
 * A cell cannot be read as the type asked for: a NULL read into a primitive, a value out of the
 * target's range, a column type with no conversion to the requested Java type. The message names
 * the column. The row and the connection stay usable.
 */
public class PgConversionException extends PgException {

    private static final long serialVersionUID = 1L;

    public PgConversionException(String message) {
        super(message);
    }

    public PgConversionException(String message, Throwable cause) {
        super(message, cause);
    }
}
