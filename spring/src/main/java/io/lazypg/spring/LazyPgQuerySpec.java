package io.lazypg.spring;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A query with its parameters and mapping chosen ({@link LazyPgStatementSpec#query}); each method
 * runs it. Not thread-safe.
 */
public interface LazyPgQuerySpec<T> {

    List<T> list();

    /**
     * The one row.
     *
     * @throws org.springframework.dao.EmptyResultDataAccessException        for no row
     * @throws org.springframework.dao.IncorrectResultSizeDataAccessException for more than one
     */
    @Nullable
    T single();

    /** The one row, or empty; more than one is an IncorrectResultSizeDataAccessException. */
    Optional<T> optional();

    /** The rows, fetched in batches; close the stream (see {@link LazyPgOperations#queryForStream}). */
    Stream<T> stream();
}
