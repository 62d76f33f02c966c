package io.lazypg.jdbc;

import io.lazypg.client.Column;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import io.lazypg.client.RowCursor;
import io.lazypg.client.sql.PlaceholderSql;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.jspecify.annotations.Nullable;

/**
 * A JDBC {@link Statement} on a lazypg session. One statement runs through the extended protocol
 * (binary results, the session's prepared-statement cache, a row limit for {@link #setMaxRows});
 * SQL holding several statements ({@code create ...; insert ...}, as Flyway runs migrations) runs
 * through the simple protocol, and {@link #getMoreResults()} walks its results. With a fetch size,
 * {@link #executeQuery} reads through a portal in batches of that size, in bounded memory, with or
 * without auto-commit.
 *
 * <p>The results of the last execution are kept here: a list of lazypg results and the index of
 * the current one. Rows stay views over the bytes they arrived in; nothing is decoded until a
 * getter reads it.
 *
 * <p>Not thread-safe, like its connection; {@link #cancel()} may be called from another thread.
 */
class LazyPgStatement implements Statement {

    private static final List<LazyResult> NO_RESULTS = List.of();

    final JdbcConnection connection;
    private boolean closed;
    private boolean closeOnCompletion;
    private long maxRows;
    private int queryTimeoutSeconds;
    private int fetchSize;
    private int maxFieldSize;
    private boolean escapeProcessing = true;
    /** TYPE_FORWARD_ONLY or TYPE_SCROLL_INSENSITIVE, as the connection created the statement. */
    private int resultSetType = ResultSet.TYPE_FORWARD_ONLY;

    private int holdability = ResultSet.HOLD_CURSORS_OVER_COMMIT;
    private @Nullable List<String> batch;

    private List<LazyResult> results = NO_RESULTS;
    private int current;
    private @Nullable ResultSet currentResultSet;
    private long updateCount = -1;
    private final HeldResultSets held = new HeldResultSets();

    /** The notices of this statement's last execution ({@link JdbcConnection#sessionForStatement(LazyPgStatement)}). */
    final WarningChain warnings = new WarningChain();

    LazyPgStatement(JdbcConnection connection) {
        this.connection = connection;
        this.fetchSize = connection.driverProperties().defaultFetchSize(); // pgjdbc's defaultRowFetchSize
    }

    // ------------------------------------------------------------------ execution

    /**
     * Runs {@code sql} ({@code $n} placeholders, already rewritten) with {@code params} and makes its
     * first result current. {@code query} says the caller wants rows (executeQuery): only then does
     * a fetch size stream through a portal, since a portal gives no update count.
     */
    final void run(
            String sql, boolean severalStatements, Object[] params, boolean query, @Nullable GeneratedKeys keysWanted)
            throws SQLException {
        checkOpen();
        clearResults();
        LazyPgSession session = connection.sessionForStatement(this);
        String toSend = keysWanted == null || severalStatements ? sql : keysWanted.appendTo(sql);
        boolean autosaved = connection.autosaveBefore(session, query);
        Duration timeout = connection.statementTimeout(queryTimeoutSeconds);
        connection.statementStarted(this);
        try {
            if (timeout != null) {
                session.queryTimeout(timeout);
            }
            try {
                send(session, sql, toSend, severalStatements, params, query, keysWanted);
            } catch (PgException e) {
                if (!autosaved || !connection.autosaveFailed(session, e)) {
                    throw e;
                }
                send(session, sql, toSend, severalStatements, params, query, keysWanted); // autosave=conservative
            }
        } catch (PgException e) {
            throw JdbcErrors.of(e);
        } finally {
            connection.statementEnded(this);
            if (timeout != null) {
                resetTimeout(session);
            }
        }
        if (currentResultSet != null) {
            return; // a stream through a portal holds the session: its savepoint stays until the transaction ends
        }
        if (autosaved) {
            connection.autosaveSucceeded(session);
        }
        current = 0;
        if (keysWanted != null && !severalStatements && GeneratedKeys.modifies(toSend)) {
            LazyResult r = results.get(0);
            held.keys(resultSet(r));
            updateCount = r.rowsAffected();
        } else {
            showCurrent();
        }
    }

    /** Sends the statement and keeps its results (or the stream of its rows, as the current ResultSet). */
    private void send(
            LazyPgSession session,
            String sql,
            String toSend,
            boolean severalStatements,
            Object[] params,
            boolean query,
            @Nullable GeneratedKeys keysWanted) {
        if (severalStatements) {
            results = session.queryScript(toSend);
        } else if (query && fetchSize > 0 && keysWanted == null && resultSetType == ResultSet.TYPE_FORWARD_ONLY) {
            RowCursor cursor = session.stream(toSend, fetchSize, params);
            LazyRowResultSet stream = new LazyRowResultSet(cursor.columns(), limited(cursor), this, cursor);
            connection.streamOpened(stream);
            results = NO_RESULTS;
            currentResultSet = stream;
        } else if (toSend.length() != sql.length()) {
            // The RETURNING clause is the driver's: the statistics must not blame the application for its columns
            results = List.of(session.queryAtMostWithAddedReturning(maxRows, toSend, params));
        } else {
            results = List.of(session.queryAtMost(maxRows, toSend, params));
        }
    }

    private static void resetTimeout(LazyPgSession session) {
        try {
            session.queryTimeout(null);
        } catch (PgException ignored) {
            // the session broke during the statement; its failure is what gets reported
        }
    }

    private Iterator<LazyRow> limited(RowCursor cursor) {
        if (maxRows <= 0) {
            return cursor;
        }
        long limit = maxRows;
        return new Iterator<>() {
            private long read;

            @Override
            public boolean hasNext() {
                return read < limit && cursor.hasNext();
            }

            @Override
            public LazyRow next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                read++;
                return cursor.next();
            }
        };
    }

    /** Makes results[current] the current result: a ResultSet when it has columns, else an update count. */
    private void showCurrent() {
        if (current >= results.size()) {
            currentResultSet = null;
            updateCount = -1;
            return;
        }
        LazyResult r = results.get(current);
        if (r.columns().isEmpty()) {
            currentResultSet = null;
            updateCount = r.rowsAffected();
        } else {
            currentResultSet = resultSet(r);
            updateCount = -1;
        }
    }

    private ResultSet resultSet(LazyResult r) {
        Iterator<LazyRow> rows =
                resultSetType == ResultSet.TYPE_FORWARD_ONLY ? r.iterator() : new ScrollableRows(r.rows());
        return new LazyRowResultSet(r.columns(), rows, this, null);
    }

    /**
     * The kind of ResultSet this statement gives, as the connection was asked for it: a scrollable
     * one reads its rows whole (a fetch size is then a hint only). Returns this statement.
     */
    final LazyPgStatement resultSetKind(int type, int holdability) {
        this.resultSetType = type;
        this.holdability = holdability;
        return this;
    }

    /** Closes what the last execution left open (its current and kept ResultSets, its keys) and forgets it. */
    final void clearResults() throws SQLException {
        try {
            held.close(currentResultSet);
            currentResultSet = null;
        } finally {
            held.closeAll();
        }
        results = NO_RESULTS;
        current = 0;
        updateCount = -1;
    }

    /**
     * Called by each of this statement's ResultSets when it closes: with {@link #closeOnCompletion()},
     * the statement closes once none of its result sets is open any more (a result of a script not yet
     * walked to counts as open), as JDBC says. Closing the statement closes them itself: no call back.
     */
    final void resultSetClosed() throws SQLException {
        if (!closeOnCompletion || closed || held.closing() || hasOpenResultSet()) {
            return;
        }
        close();
    }

    private boolean hasOpenResultSet() throws SQLException {
        if ((currentResultSet != null && !currentResultSet.isClosed()) || held.anyOpen()) {
            return true;
        }
        for (int i = current + 1; i < results.size(); i++) {
            if (!results.get(i).columns().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private void runSql(String sql, boolean query, @Nullable GeneratedKeys keysWanted) throws SQLException {
        checkOpen();
        if (sql == null) {
            throw JdbcErrors.usage("The SQL must not be null.", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        String toRun = escapeProcessing ? JdbcEscapes.translate(sql) : sql;
        PlaceholderSql parsed = SqlCache.parse(toRun, connection.standardConformingStrings());
        // A plain Statement has no parameters: '?' stays as written (jsonb operators), only '??' is not special.
        run(toRun, parsed.severalStatements(), new Object[0], query, keysWanted);
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        runSql(sql, true, null);
        return requireResultSet();
    }

    final ResultSet requireResultSet() throws SQLException {
        if (currentResultSet == null) {
            throw JdbcErrors.usage(
                    "The statement returned no rows (executeQuery expects a query; use executeUpdate"
                            + " or execute for other statements).",
                    JdbcErrors.NO_DATA);
        }
        return currentResultSet;
    }

    final long requireUpdateCount() throws SQLException {
        if (currentResultSet != null) {
            clearResults();
            throw JdbcErrors.usage(
                    "The statement returned rows, where executeUpdate expects none (use executeQuery" + " or execute).",
                    JdbcErrors.TOO_MANY_RESULTS);
        }
        return Math.max(0, updateCount);
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        return count(executeLargeUpdate(sql));
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        runSql(sql, false, null);
        return requireUpdateCount();
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        runSql(sql, false, null);
        return currentResultSet != null;
    }

    @Override
    public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        return count(executeLargeUpdate(sql, autoGeneratedKeys));
    }

    @Override
    public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
        runSql(sql, false, autoGeneratedKeys == RETURN_GENERATED_KEYS ? GeneratedKeys.ALL_COLUMNS : null);
        return requireUpdateCount();
    }

    @Override
    public int executeUpdate(String sql, String @Nullable [] columnNames) throws SQLException {
        return count(executeLargeUpdate(sql, columnNames));
    }

    @Override
    public long executeLargeUpdate(String sql, String @Nullable [] columnNames) throws SQLException {
        runSql(sql, false, GeneratedKeys.columns(columnNames));
        return requireUpdateCount();
    }

    @Override
    public int executeUpdate(String sql, int @Nullable [] columnIndexes) throws SQLException {
        if (columnIndexes == null || columnIndexes.length == 0) {
            return executeUpdate(sql); // no key columns asked for, as pgjdbc reads it
        }
        throw JdbcErrors.unsupported("Generated keys by column index", "name the key columns.");
    }

    @Override
    public long executeLargeUpdate(String sql, int @Nullable [] columnIndexes) throws SQLException {
        if (columnIndexes == null || columnIndexes.length == 0) {
            return executeLargeUpdate(sql); // no key columns asked for, as pgjdbc reads it
        }
        throw JdbcErrors.unsupported("Generated keys by column index", "name the key columns.");
    }

    @Override
    public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
        runSql(sql, false, autoGeneratedKeys == RETURN_GENERATED_KEYS ? GeneratedKeys.ALL_COLUMNS : null);
        return currentResultSet != null;
    }

    @Override
    public boolean execute(String sql, int @Nullable [] columnIndexes) throws SQLException {
        if (columnIndexes == null || columnIndexes.length == 0) {
            return execute(sql); // no key columns asked for, as pgjdbc reads it
        }
        throw JdbcErrors.unsupported("Generated keys by column index", "name the key columns.");
    }

    @Override
    public boolean execute(String sql, String @Nullable [] columnNames) throws SQLException {
        runSql(sql, false, GeneratedKeys.columns(columnNames));
        return currentResultSet != null;
    }

    static int count(long n) {
        return (int) Math.min(Integer.MAX_VALUE, n);
    }

    // ------------------------------------------------------------------ results

    @Override
    public @Nullable ResultSet getResultSet() throws SQLException {
        checkOpen();
        return currentResultSet;
    }

    @Override
    public int getUpdateCount() throws SQLException {
        checkOpen();
        return updateCount < 0 ? -1 : count(updateCount);
    }

    @Override
    public long getLargeUpdateCount() throws SQLException {
        checkOpen();
        return updateCount;
    }

    @Override
    public boolean getMoreResults() throws SQLException {
        return getMoreResults(CLOSE_CURRENT_RESULT);
    }

    /** Every result is already in memory, so keeping the current one open costs nothing more. */
    @Override
    public boolean getMoreResults(int current) throws SQLException {
        checkOpen();
        if (current == KEEP_CURRENT_RESULT && currentResultSet != null) {
            held.keep(currentResultSet);
        } else {
            held.close(currentResultSet); // the statement stays open while it moves to the next result
        }
        currentResultSet = null;
        if (current == CLOSE_ALL_RESULTS) {
            held.closeKept();
        }
        this.current++;
        showCurrent();
        return currentResultSet != null;
    }

    @Override
    public ResultSet getGeneratedKeys() throws SQLException {
        checkOpen();
        ResultSet keys = held.keys();
        return keys != null
                ? keys
                : new LazyRowResultSet(List.<Column>of(), java.util.Collections.emptyIterator(), this, null);
    }

    /**
     * The current ResultSet, handed over to the caller (the callable statement's OUT values): the
     * statement no longer reports or closes it.
     */
    final @Nullable ResultSet takeResultSet() {
        ResultSet rs = currentResultSet;
        currentResultSet = null;
        return rs;
    }

    final void generatedKeys(ResultSet keys) {
        held.keys(keys);
    }

    // ------------------------------------------------------------------ batches

    @Override
    public void addBatch(String sql) throws SQLException {
        checkOpen();
        if (sql == null) {
            throw JdbcErrors.usage("The SQL added to a batch must not be null.", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        if (batch == null) {
            batch = new ArrayList<>();
        }
        batch.add(sql);
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch = null;
    }

    /** {@link #executeLargeBatch()} (which the prepared statement overrides) with int counts. */
    @Override
    public int[] executeBatch() throws SQLException {
        long[] counts = executeLargeBatch();
        int[] ints = new int[counts.length];
        for (int i = 0; i < counts.length; i++) {
            ints[i] = count(counts[i]);
        }
        return ints;
    }

    /**
     * Every SQL string in one simple Query ({@link SqlBatch}): one round trip, and in auto-commit
     * one implicit transaction, so a failing entry leaves nothing of the batch applied.
     */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        List<String> sqls = batch == null ? List.of() : batch;
        batch = null;
        if (sqls.isEmpty()) {
            return new long[0];
        }
        clearResults();
        SqlBatch script = SqlBatch.of(sqls, escapeProcessing);
        if (script.script().isEmpty()) {
            return new long[sqls.size()];
        }
        LazyPgSession session = connection.sessionForStatement();
        Duration timeout = connection.statementTimeout(queryTimeoutSeconds);
        List<LazyResult> answers;
        try {
            if (timeout != null) {
                session.queryTimeout(timeout);
            }
            answers = session.queryScript(script.script());
        } catch (PgException e) {
            throw BatchFailures.of(sqls.size(), e);
        } finally {
            if (timeout != null) {
                resetTimeout(session);
            }
        }
        return script.counts(answers);
    }

    // ------------------------------------------------------------------ settings

    @Override
    public void setMaxRows(int max) throws SQLException {
        setLargeMaxRows(max);
    }

    @Override
    public void setLargeMaxRows(long max) throws SQLException {
        checkOpen();
        JdbcErrors.requireNonNegative(max, "Max rows");
        maxRows = max;
    }

    @Override
    public int getMaxRows() throws SQLException {
        checkOpen();
        return count(maxRows);
    }

    @Override
    public long getLargeMaxRows() throws SQLException {
        checkOpen();
        return maxRows;
    }

    @Override
    public void setQueryTimeout(int seconds) throws SQLException {
        checkOpen();
        JdbcErrors.requireNonNegative(seconds, "The query timeout");
        queryTimeoutSeconds = seconds;
    }

    @Override
    public int getQueryTimeout() throws SQLException {
        checkOpen();
        return queryTimeoutSeconds;
    }

    @Override
    public void setFetchSize(int rows) throws SQLException {
        checkOpen();
        JdbcErrors.requireNonNegative(rows, "The fetch size");
        fetchSize = rows;
    }

    /** The fetch size set, for the ResultSets this statement makes (JDBC: their default). */
    final int fetchSizeHint() {
        return fetchSize;
    }

    @Override
    public int getFetchSize() throws SQLException {
        checkOpen();
        return fetchSize;
    }

    @Override
    public void setFetchDirection(int direction) throws SQLException {
        checkOpen();
        if (direction != ResultSet.FETCH_FORWARD && resultSetType == ResultSet.TYPE_FORWARD_ONLY) {
            throw JdbcErrors.unsupported("A fetch direction other than FETCH_FORWARD", null);
        }
    }

    @Override
    public int getFetchDirection() throws SQLException {
        checkOpen();
        return ResultSet.FETCH_FORWARD;
    }

    @Override
    public int getMaxFieldSize() throws SQLException {
        checkOpen();
        return maxFieldSize;
    }

    /**
     * The limit on the character and binary values (char, varchar, text, name, bytea) this
     * statement's ResultSets give: longer ones are cut to {@code max} characters or bytes, as pgjdbc
     * cuts them; 0, the default, for none.
     */
    @Override
    public void setMaxFieldSize(int max) throws SQLException {
        checkOpen();
        JdbcErrors.requireNonNegative(max, "The maximum field size");
        maxFieldSize = max;
    }

    /** {@link #setMaxFieldSize}'s limit, for the ResultSets this statement makes. */
    final int maxFieldSizeLimit() {
        return maxFieldSize;
    }

    /**
     * Whether JDBC escapes ({@code {fn ...}}, {@code {d '...'}}, ...; see {@link JdbcEscapes}) in the
     * SQL given to this statement's methods are translated (the default) or sent as written. A
     * PreparedStatement's SQL was translated when it was prepared, so this has no effect on it, as
     * JDBC specifies.
     */
    @Override
    public void setEscapeProcessing(boolean enable) throws SQLException {
        checkOpen();
        escapeProcessing = enable;
    }

    @Override
    public void setCursorName(@Nullable String name) throws SQLException {
        throw JdbcErrors.unsupported("setCursorName", "positioned updates are not supported.");
    }

    @Override
    public int getResultSetConcurrency() throws SQLException {
        checkOpen();
        return ResultSet.CONCUR_READ_ONLY;
    }

    @Override
    public int getResultSetType() throws SQLException {
        checkOpen();
        return resultSetType;
    }

    @Override
    public int getResultSetHoldability() throws SQLException {
        checkOpen();
        return holdability;
    }

    @Override
    public void setPoolable(boolean poolable) throws SQLException {
        checkOpen();
    }

    @Override
    public boolean isPoolable() throws SQLException {
        checkOpen();
        return false;
    }

    @Override
    public void closeOnCompletion() throws SQLException {
        checkOpen();
        closeOnCompletion = true;
    }

    @Override
    public boolean isCloseOnCompletion() throws SQLException {
        checkOpen();
        return closeOnCompletion;
    }

    @Override
    public @Nullable SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings.first();
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings.clear();
    }

    // ------------------------------------------------------------------ lifetime

    /**
     * Cancels this statement's execution on the server if it is executing now, else does nothing
     * (another Statement's query on the connection is never touched); callable from any thread.
     * See {@link JdbcConnection#cancel}.
     */
    @Override
    public void cancel() throws SQLException {
        checkOpen();
        connection.cancel(this);
    }

    @Override
    public Connection getConnection() throws SQLException {
        checkOpen();
        return connection;
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        try {
            clearResults();
        } finally {
            closed = true;
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    final void checkOpen() throws SQLException {
        if (closed) {
            throw JdbcErrors.closed("statement");
        }
        if (connection.isClosed()) {
            throw JdbcErrors.closed("statement's connection");
        }
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw JdbcErrors.usage("Not a wrapper for " + iface.getName(), JdbcErrors.INVALID_PARAMETER_VALUE);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
