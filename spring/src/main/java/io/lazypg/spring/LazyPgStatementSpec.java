package io.lazypg.spring;

import java.util.Map;
import org.springframework.jdbc.core.RowMapper;

/**
 * A statement being put together by {@link LazyPgOperations#sql(String)}: bind parameters, then run
 * it with {@link #update()} or choose a mapping with {@code query(...)}.
 *
 * <p>Named parameters ({@code :name}; the same name may appear several times) and positional ones
 * ({@code ?}, bound in order by {@link #param(Object)}) cannot be mixed in one statement. Every name
 * in the SQL must be bound; extra names are ignored (so one map can serve several statements). A
 * Collection value binds as a PostgreSQL array: {@code id = any(:ids)}.
 *
 * <p>Not thread-safe: build and run it on one thread. It may be run more than once.
 */
public interface LazyPgStatementSpec {

    /** Binds the next {@code ?} placeholder. */
    LazyPgStatementSpec param(Object value);

    /** Binds every {@code :name} placeholder called {@code name}. */
    LazyPgStatementSpec param(String name, Object value);

    /** Binds each entry as {@link #param(String, Object)} does. */
    LazyPgStatementSpec params(Map<String, ?> values);

    /** Maps each row to {@code type} (entity interface, record, bean, or a value type for one column). */
    <T> LazyPgQuerySpec<T> query(Class<T> type);

    <T> LazyPgQuerySpec<T> query(LazyRowMapper<T> mapper);

    <T> LazyPgQuerySpec<T> query(RowMapper<T> mapper);

    /** Runs the statement and returns the rows it affected. */
    int update();
}
