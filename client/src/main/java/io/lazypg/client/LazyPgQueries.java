package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * The query methods of one database session. Obtained from {@link LazyPgClient#withConnection} or
 * {@link LazyPgClient#acquire()}; statements run in order on the same server session, so session
 * state (transactions, SET, temporary tables) carries from one call to the next.
 *
 * <p>Parameters are written {@code $1, $2, ...} in the SQL and bound from the values in order (see
 * the docs for the Java types accepted). A wrong number of values is a {@link PgUsageException}
 * raised before anything is sent.
 *
 * <p>It is the queries a session answers, not the connection itself: {@link LazyPgSession} adds what
 * is done to the borrowed connection (close, cancel, abort, validity). Before 0.1.0 this type was
 * called {@code LazyPgConnection}.
 *
 * <p>Not thread-safe: one thread at a time.
 */
public interface LazyPgQueries {

    /** Runs a query and buffers its rows as lazy views; they stay valid after the connection is released. */
    LazyResult query(String sql, Object... params);

    /**
     * Runs a query and buffers at most {@code maxRows} of its rows (0 = all): the limit travels with
     * the Execute message, so the server stops producing rows there instead of the client dropping
     * them. A data-modifying statement still runs to its end.
     */
    LazyResult queryAtMost(long maxRows, String sql, Object... params);

    /** Runs a query and hands each row to {@code callback} while it is valid; bounded memory for any result size. */
    void query(String sql, LazyRowCallback callback, Object... params);

    /**
     * Runs a statement and returns the number of rows it affected (from its command tag; a count
     * beyond {@code Integer.MAX_VALUE} reads as {@code Integer.MAX_VALUE}).
     */
    int execute(String sql, Object... params);

    /**
     * Opens a cursor that fetches {@code fetchSize} rows per round trip (0 = the configured
     * fetch-size). The connection runs nothing else until the cursor is closed.
     */
    RowCursor stream(String sql, int fetchSize, Object... params);

    /**
     * Runs one statement once per parameter array, pipelined: every execution is sent before the
     * answers are read, with one Sync at the end, in one write and so one round trip, the first use
     * of the statement included (it is parsed in the same write, with the parameter types declared
     * from the values; a deferred {@link #begin()} rides ahead of it). A batch whose answers could
     * pass about 64 KB goes in slices (each but the last with Flush, its answers read before the
     * next), so neither side's buffers fill. Returns the rows affected by each execution. Outside an explicit transaction the batch is atomic: a
     * failure in any execution rolls back all of them. Every parameter array is validated and encoded
     * before anything is sent.
     *
     * <p>With {@link LazyPgConfig#rewriteBatchedInserts()}, a single-row {@code INSERT ... VALUES
     * (...)} without RETURNING is sent as multi-row INSERTs of up to 128 rows (still one write, one
     * Sync, atomic); each entry then counts 1, or -2 ({@code java.sql.Statement.SUCCESS_NO_INFO})
     * when its multi-row INSERT inserted fewer rows than it carried, and a failure names the entries
     * of the multi-row INSERT that failed (docs/pipelining.md, "Multi-row INSERTs").
     */
    int[] executeBatch(String sql, java.util.List<Object[]> batch);

    /**
     * {@link #executeBatch} for a statement that returns rows (an {@code INSERT ... RETURNING}):
     * the same pipelined executions with one Sync, atomic outside an explicit transaction, and one
     * result per execution, in order, with its rows and command tag. The rows stay valid after the
     * connection is released. The first use of a statement costs one more round trip (its Describe
     * chooses the rows' formats); a statement this connection has prepared is one round trip.
     */
    java.util.List<LazyResult> queryBatch(String sql, java.util.List<Object[]> batch);

    /**
     * Runs the statements {@code statements} queues as one pipeline: they go to the server together
     * (one write for any everyday pipeline, a statement not yet prepared included: its Parse and
     * Describe ride in the same write) and their answers are read in order, so ten lookups cost one
     * round trip instead of ten. Returns every statement's result in order (an update's holds its
     * command tag); the handles the block got hold the same, mapped where a mapper was given.
     *
     * <p>Outside a transaction each statement is its own implicit transaction: a failing one fails
     * alone, the others' results stay in their handles, and this call throws the first failure, a
     * {@link PgPipelineException} naming the statement. Inside one (after {@link #begin()}, whose
     * BEGIN rides with the first statement) the statements share it: the first failure aborts the
     * transaction, the statements after it are skipped, and the exception says so. Large pipelines
     * are sent in bounded writes, each one's answers read before the next is sent. See
     * docs/pipelining.md.
     *
     * @throws PgUsageException when a statement is a COPY or a value cannot be encoded: nothing was sent
     */
    java.util.List<LazyResult> pipeline(java.util.function.Consumer<? super LazyPgPipeline> statements);

    /**
     * Runs one or more statements separated by semicolons through the simple query protocol (no
     * parameters; results are discarded): for DDL, scripts and transaction control.
     */
    void executeScript(String sql);

    /**
     * Runs {@code COPY ... FROM STDIN} (any format: text, csv, binary) with {@code data} as its input,
     * streamed in 64 KiB chunks, so memory stays bounded whatever the size; returns the rows copied.
     * A server error in the data (a malformed row, a violated constraint) stops the sending at once;
     * a failing input (its IOException comes back as an {@link java.io.UncheckedIOException}) or an
     * interrupt is answered with CopyFail. Either way the server rolls the COPY back, and the
     * connection stays usable. The query timeout does not apply to a copy.
     */
    long copyIn(String copySql, java.io.InputStream data);

    /**
     * Runs {@code COPY ... TO STDOUT} and writes its output to {@code out} as it arrives (bounded
     * memory; nothing is buffered); returns the rows copied. If {@code out} fails, the copy is
     * cancelled on the server and the connection stays usable. {@code out} is neither flushed nor
     * closed. The query timeout does not apply to a copy.
     */
    long copyOut(String copySql, java.io.OutputStream out);

    /**
     * Runs one or more statements separated by semicolons through the simple query protocol (no
     * parameters) and returns one result per statement, in order: rows (in text format, read
     * lazily like any other) and command tag; a statement without rows gives a result without
     * columns. If a statement fails, the server skips the rest and its error is thrown.
     */
    java.util.List<LazyResult> queryScript(String sql);

    /**
     * Bounds each statement this session runs from now on by {@code timeout} (zero: no bound),
     * instead of the configured query timeout; {@code null} restores the configured one. When the
     * timeout passes, lazypg sends a CancelRequest. A session given back to the pool loses the
     * setting.
     */
    void queryTimeout(java.time.@Nullable Duration timeout);

    /**
     * Opens a transaction block. The BEGIN is not sent on its own: it goes to the server with the
     * session's next statement, in the same write and under the same Sync, as pgjdbc sends its
     * BEGIN, so a transaction costs no round trip of its own. If BEGIN fails, the server skips that
     * statement too. It rides the same way with a batch sent in one write ({@link #executeBatch}).
     * When the next call is anything else (a first run of a statement by query or execute, a
     * script, a cursor, COPY, a batch in slices), the BEGIN is sent on its own just before it. {@link #inTransaction()} is true from
     * here on; end the transaction with {@code COMMIT} or {@code ROLLBACK} as usual.
     *
     * @throws PgUsageException when a transaction block is already open on this session
     */
    default void begin() {
        begin("");
    }

    /**
     * {@link #begin()} with transaction modes as BEGIN takes them, such as {@code "ISOLATION LEVEL
     * SERIALIZABLE"} or {@code "ISOLATION LEVEL REPEATABLE READ, READ ONLY"}; empty for none.
     *
     * @throws PgUsageException when a transaction block is already open on this session, or when
     *     {@code transactionModes} holds anything but letters, spaces and commas
     */
    void begin(String transactionModes);

    /**
     * Whether the session is inside a transaction block: after BEGIN (or {@link #begin()}, even
     * before its BEGIN has been sent), before COMMIT/ROLLBACK.
     */
    boolean inTransaction();

    /**
     * Ends the transaction with COMMIT and returns its command tag: {@code COMMIT}, or
     * {@code ROLLBACK} when a statement in it had failed (the server then rolled it back). The
     * writes queued with {@link #executeAtCommit} go in the same write as COMMIT. Round trips:
     * <ul>
     *   <li>A transaction begun {@code READ ONLY} with {@link #begin(String)} (not {@code SERIALIZABLE}
     *       unless also {@code DEFERRABLE}) in which no statement wrote: COMMIT is sent and not
     *       waited for; the connection's next use reads its answer first (or the pool, a few
     *       milliseconds after the release). A failure in that answer is logged, never thrown to
     *       a later statement, and the connection is discarded.</li>
     *   <li>Any other transaction: COMMIT's answer is waited for, so that a failed commit (a
     *       deferred constraint, a serialization failure, a queued write) is thrown here.</li>
     *   <li>A transaction whose BEGIN was never sent (nothing ran in it): nothing is sent.</li>
     * </ul>
     *
     * @throws PgServerException when a queued write or COMMIT failed: the transaction is rolled
     *     back, and the message names the failed write (its position and SQL)
     */
    String commit();

    /**
     * Ends the transaction with ROLLBACK, sent and not waited for: the connection's next use reads
     * the answer first (or the pool, a few milliseconds after the release), and a failure in it is
     * logged, never thrown to a later statement. Writes queued for commit are dropped. Nothing is
     * sent when no transaction is open or its BEGIN was never sent.
     */
    void rollback();

    /**
     * Queues a write (a parameterized INSERT, UPDATE, DELETE ...) to run at {@link #commit()}, in
     * the same write as COMMIT, instead of now: a transaction whose code does not read a write's
     * result before committing saves that write's round trip. Its row count and its error arrive
     * with COMMIT's answer; the handle holds the count afterwards. Statements run in the order
     * queued, after everything run directly in the transaction. A write whose statement this
     * connection has not prepared yet costs one Parse round trip at commit, the first time.
     *
     * @throws PgUsageException when no transaction is open (begin() first)
     */
    PendingUpdate executeAtCommit(String sql, Object... params);

    /** A server parameter the server reported (server_version, TimeZone, ...), or null. */
    @Nullable
    String serverParameter(String name);
}
