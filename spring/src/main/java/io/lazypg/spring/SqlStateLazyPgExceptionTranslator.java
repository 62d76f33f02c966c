package io.lazypg.spring;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.PgUsageException;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.CannotSerializeTransactionException;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DeadlockLoserDataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.PermissionDeniedDataAccessException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TypeMismatchDataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;

/**
 * The default {@link LazyPgExceptionTranslator}: server errors by SQLSTATE, following what Spring's
 * {@code JdbcTemplate} gives on PostgreSQL ({@code sql-error-codes.xml} for PostgreSQL, then
 * {@code SQLStateSQLExceptionTranslator}'s classes), and client-side failures by exception type.
 *
 * <table>
 * <caption>Mapping</caption>
 * <tr><td>23505</td><td>{@link DuplicateKeyException}</td></tr>
 * <tr><td>other 23, and 01 02 22 27 44</td><td>{@link DataIntegrityViolationException}</td></tr>
 * <tr><td>40001</td><td>{@link CannotSerializeTransactionException}</td></tr>
 * <tr><td>40P01</td><td>{@link DeadlockLoserDataAccessException}</td></tr>
 * <tr><td>55P03</td><td>{@link CannotAcquireLockException}</td></tr>
 * <tr><td>other 40, 61</td><td>{@link ConcurrencyFailureException}</td></tr>
 * <tr><td>57014</td><td>{@link QueryTimeoutException}</td></tr>
 * <tr><td>42501</td><td>{@link PermissionDeniedDataAccessException}</td></tr>
 * <tr><td>other 42, and 07 21 2A 37 65</td><td>{@link BadSqlGrammarException} (see below)</td></tr>
 * <tr><td>08 28 3D 53 54 57 58, and {@link PgConnectException}, {@link PgConnectionClosedException},
 *     {@link PgProtocolException}, {@link PgTimeoutException} CONNECT and ACQUIRE</td>
 *     <td>{@link DataAccessResourceFailureException}</td></tr>
 * <tr><td>{@link PgTimeoutException} QUERY</td><td>{@link QueryTimeoutException}</td></tr>
 * <tr><td>{@link PgUsageException}</td><td>{@link InvalidDataAccessApiUsageException}</td></tr>
 * <tr><td>{@link PgConversionException}</td><td>{@link TypeMismatchDataAccessException}</td></tr>
 * <tr><td>anything else</td><td>{@link UncategorizedLazyPgException}</td></tr>
 * </table>
 *
 * <p>Every result has the client exception as its cause and its message in the message, except
 * {@link BadSqlGrammarException}, which Spring defines around a {@link SQLException}: its cause is a
 * {@code SQLException} carrying the SQLSTATE, whose own cause is the client exception (so
 * {@code getSQLException().getSQLState()} works as it does with JdbcTemplate, and
 * {@code getRootCause()} is the {@link PgServerException}).
 *
 * <p>Stateless and thread-safe.
 */
public class SqlStateLazyPgExceptionTranslator implements LazyPgExceptionTranslator {

    @Override
    public DataAccessException translate(String task, @Nullable String sql, PgException ex) {
        String message = message(task, sql, ex);
        if (ex instanceof PgServerException server) {
            DataAccessException translated = translateServerError(task, sql, server);
            if (translated != null) {
                return translated;
            }
        } else if (ex instanceof PgUsageException) {
            return new InvalidDataAccessApiUsageException(message, ex);
        } else if (ex instanceof PgConversionException) {
            return new TypeMismatchDataAccessException(message, ex);
        } else if (ex instanceof PgTimeoutException timeout) {
            return timeout.kind() == PgTimeoutException.Kind.QUERY
                    ? new QueryTimeoutException(message, ex)
                    : new DataAccessResourceFailureException(message, ex);
        } else if (ex instanceof PgConnectException
                || ex instanceof PgConnectionClosedException
                || ex instanceof PgProtocolException) {
            return new DataAccessResourceFailureException(message, ex);
        }
        return new UncategorizedLazyPgException(message, ex);
    }

    /** The translation of a server error, or null to fall back to {@link UncategorizedLazyPgException}. */
    @SuppressWarnings("deprecation") // what JdbcTemplate gives for 40001 and 40P01 on PostgreSQL
    protected @Nullable DataAccessException translateServerError(
            String task, @Nullable String sql, PgServerException ex) {
        String state = ex.sqlState();
        if (state == null || state.length() != 5) {
            return null;
        }
        String message = message(task, sql, ex);
        switch (state) {
            case "23505":
                return new DuplicateKeyException(message, ex);
            case "40001":
                return new CannotSerializeTransactionException(message, ex);
            case "40P01":
                return new DeadlockLoserDataAccessException(message, ex);
            case "55P03":
                return new CannotAcquireLockException(message, ex);
            case "57014":
                return new QueryTimeoutException(message, ex);
            case "42501":
                return new PermissionDeniedDataAccessException(message, ex);
            default:
                break;
        }
        switch (state.substring(0, 2)) {
            case "01", "02", "22", "23", "27", "44":
                return new DataIntegrityViolationException(message, ex);
            case "40", "61":
                return new ConcurrencyFailureException(message, ex);
            case "07", "21", "2A", "37", "42", "65":
                return badSqlGrammar(task, sql, ex);
            case "08", "28", "3D", "53", "54", "57", "58":
                return new DataAccessResourceFailureException(message, ex);
            default:
                return null;
        }
    }

    /** {@code task; SQL [sql]; client message}, as Spring's translators phrase it. */
    protected String message(String task, @Nullable String sql, PgException ex) {
        StringBuilder sb = new StringBuilder();
        sb.append(task);
        if (sql != null) {
            sb.append("; SQL [").append(sql).append(']');
        }
        return sb.append("; ").append(ex.getMessage()).toString();
    }

    /**
     * Exactly Spring's public {@link BadSqlGrammarException}, so that catching the documented class
     * (and matching it by class name, as error handlers do) works. Spring phrases its message as
     * {@code "task; bad SQL grammar [sql]"} and leaves the server's reason to the cause; the reason
     * is what says what to fix, so it goes into the task part: {@code "query failed with ERROR: ...;
     * bad SQL grammar [sql]"}. The cause is the {@link SQLException} Spring's constructor requires,
     * carrying the SQLSTATE, and its cause is the {@link PgServerException}.
     */
    private static BadSqlGrammarException badSqlGrammar(String task, @Nullable String sql, PgServerException ex) {
        return new BadSqlGrammarException(
                task + " failed with " + ex.getMessage(),
                sql == null ? "" : sql,
                new SQLException(ex.getMessage(), ex.sqlState(), ex));
    }
}
