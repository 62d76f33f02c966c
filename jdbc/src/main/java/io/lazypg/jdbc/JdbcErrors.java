package io.lazypg.jdbc;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLInvalidAuthorizationSpecException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientConnectionException;
import org.jspecify.annotations.Nullable;

/**
 * Every SQLException the driver throws is made here, and every one carries a SQLSTATE: the
 * server's own for a server error; class 08 for connections that could not be opened or broke;
 * 57014 for a statement cancelled by its timeout; 22xxx for values that do not convert; 07001,
 * 22023, 24000, 25xxx and 2D000 for the caller's mistakes. The subclass follows the SQLSTATE class,
 * as JDBC 4 defines, so translators that look at either agree.
 *
 * <p>Stateless and thread-safe.
 */
final class JdbcErrors {

    /** connection_does_not_exist: used after close, or after the connection broke. */
    static final String CONNECTION_CLOSED = "08003";
    /** connection_failure: the socket failed or the backend went away. */
    static final String CONNECTION_FAILURE = "08006";

    static final String UNABLE_TO_CONNECT = "08001";
    static final String PROTOCOL_VIOLATION = "08P01";
    static final String QUERY_CANCELED = "57014";
    static final String WRONG_PARAMETER_COUNT = "07001";
    static final String INVALID_PARAMETER_VALUE = "22023";
    static final String INVALID_CURSOR_STATE = "24000";
    static final String ACTIVE_TRANSACTION = "25001";
    static final String IN_FAILED_TRANSACTION = "25P02";
    static final String INVALID_TRANSACTION_TERMINATION = "2D000";
    static final String NO_DATA = "02000";
    static final String TOO_MANY_RESULTS = "0100E";
    static final String FEATURE_NOT_SUPPORTED = "0A000";

    private JdbcErrors() {}

    /** The SQLException for a failure of the lazypg client. */
    static SQLException of(PgException e) {
        if (e instanceof PgServerException s) {
            return server(s);
        }
        String message = e.getMessage();
        if (e instanceof PgTimeoutException t) {
            return switch (t.kind()) {
                case QUERY -> new SQLTimeoutException(message, QUERY_CANCELED, e);
                case CONNECT -> new SQLNonTransientConnectionException(message, UNABLE_TO_CONNECT, e);
                case ACQUIRE -> new SQLTransientConnectionException(message, UNABLE_TO_CONNECT, e);
            };
        }
        if (e instanceof PgConnectException) {
            return new SQLNonTransientConnectionException(message, UNABLE_TO_CONNECT, e);
        }
        if (e instanceof PgConnectionClosedException) {
            return new SQLNonTransientConnectionException(message, CONNECTION_FAILURE, e);
        }
        if (e instanceof PgProtocolException) {
            return new SQLNonTransientConnectionException(message, PROTOCOL_VIOLATION, e);
        }
        if (e instanceof PgConversionException) {
            return new SQLDataException(message, "22018", e);
        }
        // PgUsageException: a value lazypg cannot send, a statement it refuses (COPY FROM STDIN), ...
        return new SQLException(message, INVALID_PARAMETER_VALUE, e);
    }

    private static SQLException server(PgServerException e) {
        String state = e.sqlState();
        String message = e.getMessage();
        if (state == null || state.length() != 5) {
            return new SQLException(message, state, e);
        }
        String sqlClass = state.substring(0, 2);
        return switch (sqlClass) {
            case "08" -> new SQLNonTransientConnectionException(message, state, e);
            case "22" -> new SQLDataException(message, state, e);
            case "23" -> new SQLIntegrityConstraintViolationException(message, state, e);
            case "28" -> new SQLInvalidAuthorizationSpecException(message, state, e);
            case "40" -> new SQLTransactionRollbackException(message, state, e);
            case "42" -> new SQLSyntaxErrorException(message, state, e);
            case "0A" -> new SQLFeatureNotSupportedException(message, state, e);
            case "57" ->
                state.equals(QUERY_CANCELED)
                        ? new SQLTimeoutException(message, state, e)
                        : new SQLNonTransientConnectionException(message, state, e); // admin shutdown, crash
            default -> new SQLException(message, state, e);
        };
    }

    /** Returns {@code value}, or throws SQLSTATE 22023 naming {@code what} when it is negative. */
    static long requireNonNegative(long value, String what) throws SQLException {
        if (value < 0) {
            throw usage(what + " must be >= 0, was " + value + ".", INVALID_PARAMETER_VALUE);
        }
        return value;
    }

    /** A mistake of the caller's, with the SQLSTATE that names it. */
    static SQLException usage(String message, String sqlState) {
        return new SQLException(message, sqlState);
    }

    static SQLException closed(String what) {
        return new SQLNonTransientConnectionException("This " + what + " is closed.", CONNECTION_CLOSED);
    }

    /** What lazypg-jdbc does not do; {@code instead} (or null) says what to do instead. */
    static SQLFeatureNotSupportedException unsupported(String method, @Nullable String instead) {
        return new SQLFeatureNotSupportedException(
                method + " is not supported by lazypg-jdbc" + (instead == null ? "." : "; " + instead),
                FEATURE_NOT_SUPPORTED);
    }
}
