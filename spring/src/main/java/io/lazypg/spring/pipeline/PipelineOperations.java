package io.lazypg.spring.pipeline;

import io.lazypg.spring.LazyRowMapper;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.RowMapper;

/**
 * What a pipeline's block queues statements with ({@code template.pipeline(p -> ...)}): the
 * template's query and update methods, each returning a {@link Pipelined} handle instead of the
 * result. Placeholders, argument binding and mapping are the template's
 * ({@link io.lazypg.spring.LazyPgOperations}); entity interfaces, records and beans map as there.
 * Nothing is sent until the block returns.
 *
 * <p>Valid only inside its block; not thread-safe.
 */
public interface PipelineOperations {

    /** As {@code LazyPgOperations.query(sql, type, args)}. */
    <T> Pipelined<List<T>> query(String sql, Class<T> type, Object... args);

    /** As {@code LazyPgOperations.query(sql, mapper, args)}. */
    <T> Pipelined<List<T>> query(String sql, LazyRowMapper<T> mapper, Object... args);

    /** As {@code LazyPgOperations.query(sql, rowMapper, args)}. */
    <T> Pipelined<List<T>> query(String sql, RowMapper<T> mapper, Object... args);

    /** As {@code LazyPgOperations.queryForObject(sql, type, args)}: the handle throws for no row or several. */
    <T> Pipelined<T> queryForObject(String sql, Class<T> type, Object... args);

    /** As {@code LazyPgOperations.queryForObject(sql, mapper, args)}. */
    <T> Pipelined<T> queryForObject(String sql, LazyRowMapper<T> mapper, Object... args);

    /** As {@code LazyPgOperations.queryForObject(sql, rowMapper, args)}. */
    <T> Pipelined<T> queryForObject(String sql, RowMapper<T> mapper, Object... args);

    /** As {@code LazyPgOperations.queryForOptional(sql, type, args)}. */
    <T> Pipelined<Optional<T>> queryForOptional(String sql, Class<T> type, Object... args);

    /** As {@code LazyPgOperations.queryForOptional(sql, mapper, args)}. */
    <T> Pipelined<Optional<T>> queryForOptional(String sql, LazyRowMapper<T> mapper, Object... args);

    /** As {@code LazyPgOperations.update(sql, args)}: the rows the statement affected. */
    Pipelined<Integer> update(String sql, Object... args);
}
