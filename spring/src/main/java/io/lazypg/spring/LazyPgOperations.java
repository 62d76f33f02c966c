package io.lazypg.spring;

import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.PendingUpdate;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;

/**
 * The operations of {@link LazyPgTemplate}, as an interface for mocking and proxying.
 *
 * <p>SQL takes JDBC-style {@code ?} placeholders, bound from {@code args} in order (or PostgreSQL's
 * {@code $1..$n} as they are); {@code ??} stands for a literal {@code ?}, as in the jsonb operators
 * {@code ??}, {@code ??|}, {@code ??&}. A Collection or array argument binds as a PostgreSQL array:
 * write {@code id = any(?)}, not {@code id in (?)}. For {@code :name} placeholders use {@link #sql}.
 *
 * <p>Every failure is a Spring {@link org.springframework.dao.DataAccessException}. Inside a
 * {@link LazyPgTransactionManager} transaction every call runs on the transaction's session.
 *
 * <p>Mappers: a {@link LazyRowMapper} takes the row alone ({@code row -> ...}), Spring's
 * {@link RowMapper} a {@code ResultSet} and the row number ({@code (rs, rowNum) -> ...}); the arity
 * tells the overloads apart, so implicitly typed lambdas work for both.
 */
public interface LazyPgOperations {

    /** Every row mapped to {@code type} (entity interface, record, bean, or a value type for one column). */
    <T> List<T> query(String sql, Class<T> type, Object... args);

    /** Every row mapped by {@code mapper}. */
    <T> List<T> query(String sql, LazyRowMapper<T> mapper, Object... args);

    /** Every row mapped by a Spring {@link RowMapper}, which sees each row as a {@code java.sql.ResultSet}. */
    <T> List<T> query(String sql, RowMapper<T> mapper, Object... args);

    /**
     * Hands every row to {@code callback} as it arrives, in bounded memory for any result size. The
     * row is valid only during the call (see {@link LazyRowCallback}). Named apart from
     * {@code query}, whose {@link LazyRowMapper} also takes one argument: {@code row -> list.add(...)}
     * would fit both.
     */
    void forEachRow(String sql, LazyRowCallback callback, Object... args);

    /**
     * The one row's value; null when the row maps to null (a NULL single column).
     *
     * @throws org.springframework.dao.EmptyResultDataAccessException        for no row
     * @throws org.springframework.dao.IncorrectResultSizeDataAccessException for more than one
     */
    <T> @Nullable T queryForObject(String sql, Class<T> type, Object... args);

    /** As {@link #queryForObject(String, Class, Object...)}, mapped by {@code mapper}. */
    <T> @Nullable T queryForObject(String sql, LazyRowMapper<T> mapper, Object... args);

    /** As {@link #queryForObject(String, Class, Object...)}, mapped by a Spring {@link RowMapper}. */
    <T> @Nullable T queryForObject(String sql, RowMapper<T> mapper, Object... args);

    /**
     * The one row's value, or empty for no row (or a row that maps to null).
     *
     * @throws org.springframework.dao.IncorrectResultSizeDataAccessException for more than one row
     */
    <T> Optional<T> queryForOptional(String sql, Class<T> type, Object... args);

    /** As {@link #queryForOptional(String, Class, Object...)}, mapped by {@code mapper}. */
    <T> Optional<T> queryForOptional(String sql, LazyRowMapper<T> mapper, Object... args);

    /**
     * The rows as a lazily read stream, fetched from the server in batches of the client's fetch size,
     * so a result of any size is read in bounded memory (as long as the caller does not keep the
     * elements). <b>Close the stream</b> (try-with-resources): closing closes the server-side cursor and
     * gives the session back. Until then the session runs nothing else, which inside a transaction
     * means: finish with the stream before the next statement.
     */
    <T> Stream<T> queryForStream(String sql, Class<T> type, Object... args);

    /** As {@link #queryForStream(String, Class, Object...)}, mapped by {@code mapper}. */
    <T> Stream<T> queryForStream(String sql, LazyRowMapper<T> mapper, Object... args);

    /** Runs an insert, update, delete (or any statement) and returns the rows it affected. */
    int update(String sql, Object... args);

    /**
     * Queues an insert, update or delete to run when the transaction commits, in the same write
     * as COMMIT, instead of now: a write whose result the code does not read before committing
     * then costs no round trip of its own. Its row count is on the handle once the transaction has
     * committed ({@link PendingUpdate#rowCount()}); if it fails there, the transaction rolls back
     * and the commit throws the statement's own translated exception (a
     * {@code DataIntegrityViolationException} for a violated constraint, naming the SQL). Queued
     * writes run in order, after everything run directly in the transaction.
     *
     * @throws org.springframework.transaction.IllegalTransactionStateException outside a transaction
     */
    PendingUpdate updateAtCommit(String sql, Object... args);

    /**
     * Runs one statement once per argument array, pipelined in one round trip; returns the rows each
     * affected. Outside a transaction the batch is atomic.
     */
    int[] batchUpdate(String sql, List<Object[]> batchArgs);

    /**
     * Bulk-inserts {@code rows} into {@code columns} of {@code table} with binary COPY
     * ({@code COPY table (columns) FROM STDIN (FORMAT binary)}): each row holds one value per column,
     * written in the column's binary format, and rows are encoded as the copy sends them, so memory
     * stays bounded whatever the stream's length. Returns the rows inserted. The stream is closed.
     *
     * <p>{@code table} ({@code name} or {@code schema.name}) and the column names are quoted as given,
     * so they match exactly (lower-case names for unquoted DDL). Outside a transaction the copy is
     * atomic: any failure (a value that does not fit its column, a constraint, the stream throwing)
     * keeps nothing. See docs/copy.md for the supported column types.
     *
     * <p>The column types are read once (a Describe of the columns) and kept per table and column
     * list; outside a transaction each later copy is one round trip, sending with the COPY a check of
     * those types that makes the server refuse the COPY, before any row is written, when another
     * application changed a column (the copy then reads the types again and runs again). Inside a
     * transaction the types are read first (two round trips), so the transaction never fails on
     * such a check. See docs/pipelining.md, "Batches and COPY in one write".
     */
    long copy(String table, List<String> columns, Stream<Object[]> rows);

    /** As {@link #copy(String, List, Stream)}, each element turned into its column values by {@code values}. */
    <T> long copy(
            String table,
            List<String> columns,
            Stream<T> rows,
            java.util.function.Function<? super T, Object[]> values);

    /**
     * Runs the statements {@code statements} queues as one pipeline, sent to the server together and
     * answered in order, so ten lookups cost one round trip instead of ten:
     * <pre>{@code
     * template.pipeline(p -> {
     *     Pipelined<Customer> customer = p.queryForObject("select * from customers where id = ?", Customer.class, id);
     *     Pipelined<List<Order>> orders = p.query("select * from orders where customer_id = ?", Order.class, id);
     *     Pipelined<Integer> touched = p.update("update customers set seen = now() where id = ?", id);
     * });
     * }</pre>
     * Each handle holds its statement's mapped result once the block has returned. Inside a
     * transaction the statements share it (a failure aborts it and skips the rest); outside one each
     * is its own implicit transaction and a failure fails only its statement. A failure is thrown
     * translated, naming the statement; see docs/pipelining.md.
     */
    void pipeline(java.util.function.Consumer<? super io.lazypg.spring.pipeline.PipelineOperations> statements);

    /**
     * Runs SQL without parameters through the simple query protocol: DDL, several statements
     * separated by semicolons, {@code SET}. Results are discarded. No placeholder rewriting.
     */
    void execute(String sql);

    /**
     * Starts a statement with {@code :name} placeholders (or positional {@code ?} ones bound by
     * {@link LazyPgStatementSpec#param(Object)}), in the style of Spring's {@code JdbcClient}:
     * <pre>{@code
     * List<Order> open = template.sql("select * from orders where status = :status and id = any(:ids)")
     *         .param("status", "open").param("ids", List.of(1L, 2L))
     *         .query(Order.class).list();
     * }</pre>
     */
    LazyPgStatementSpec sql(String sql);
}
