package io.lazypg.spring;

import io.lazypg.client.PgException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;

/**
 * Turns a lazypg-client exception into Spring's {@link DataAccessException} hierarchy. The default
 * is {@link SqlStateLazyPgExceptionTranslator}; replace it with
 * {@link LazyPgTemplate#setExceptionTranslator} to map SQLSTATEs of your own (for example those your
 * triggers raise) and delegate the rest.
 *
 * <p>Implementations must be thread-safe: one translator serves every thread using the template.
 */
@FunctionalInterface
public interface LazyPgExceptionTranslator {

    /**
     * @param task what was being done, for the message ({@code "query"}, {@code "update"}, ...)
     * @param sql  the SQL as the caller wrote it, or null when there was none (acquiring a connection)
     * @param ex   the exception to translate
     * @return the Spring exception to throw, never null; it keeps {@code ex} as its cause
     */
    DataAccessException translate(String task, @Nullable String sql, PgException ex);
}
