package io.lazypg.spring;

import io.lazypg.client.PgException;
import io.lazypg.client.PgServerException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.UncategorizedDataAccessException;

/**
 * A lazypg failure that no more specific {@code DataAccessException} describes, for example a server
 * error whose SQLSTATE class has no Spring counterpart (25006, read-only transaction). The cause is
 * the client's exception; {@link #sqlState()} gives the server's SQLSTATE when there is one.
 */
public class UncategorizedLazyPgException extends UncategorizedDataAccessException {

    private static final long serialVersionUID = 1L;

    public UncategorizedLazyPgException(String message, PgException cause) {
        super(message, cause);
    }

    /** The SQLSTATE the server reported, or null when the failure did not come from the server. */
    public @Nullable String sqlState() {
        return getCause() instanceof PgServerException server ? server.sqlState() : null;
    }
}
