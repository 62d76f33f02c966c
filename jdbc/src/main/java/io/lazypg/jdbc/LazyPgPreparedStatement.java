package io.lazypg.jdbc;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import io.lazypg.client.StatementDescription;
import io.lazypg.client.sql.PlaceholderSql;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A JDBC {@link PreparedStatement}: SQL with {@code ?} placeholders and JDBC escapes (translated
 * once, when prepared: {@link JdbcEscapes}), rewritten once to {@code $n}
 * by the project's one placeholder parser ({@link PlaceholderSql}; {@code ??} is a literal
 * {@code ?}), and run through the session's prepared-statement cache. Values are bound typed
 * ({@link JdbcValues}); java.sql dates and times go as pgjdbc sends them, text with the zone's
 * offset that the column reads ({@link JdbcTimeParameters}). A batch of parameter sets runs pipelined with one Sync ({@code executeBatch} of
 * the client).
 *
 * <p>Not thread-safe, like its connection.
 */
class LazyPgPreparedStatement extends LazyPgStatement implements PreparedStatement {

    private final PlaceholderSql sql;
    private final @Nullable GeneratedKeys keysWanted;
    /** The values bound, null for SQL NULL (or not set yet: see {@link #set}). */
    private final @Nullable Object[] values;

    private final boolean[] set;
    private @Nullable List<Object[]> batch;
    /** The server's description of the statement, asked for by getMetaData or getParameterMetaData; null until then. */
    private @Nullable StatementDescription description;

    LazyPgPreparedStatement(JdbcConnection connection, @Nullable String sql, @Nullable GeneratedKeys keysWanted)
            throws SQLException {
        super(connection);
        if (sql == null) {
            throw JdbcErrors.usage("The SQL must not be null.", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        this.sql = SqlCache.parse(JdbcEscapes.translate(sql), connection.standardConformingStrings());
        if (this.sql.severalStatements() && this.sql.positionalCount() > 0) {
            // pgjdbc splits such SQL into one server statement per command and hands each its share
            // of the parameters; lazypg prepares one server statement per PreparedStatement
            throw JdbcErrors.usage(
                    "A PreparedStatement with parameters runs one statement; this SQL holds several."
                            + " Prepare each statement on its own, or run scripts without parameters.",
                    "42601");
        }
        this.keysWanted = keysWanted;
        this.values = new Object[this.sql.positionalCount()];
        this.set = new boolean[values.length];
    }

    // ------------------------------------------------------------------ execution

    private Object[] boundValues() throws SQLException {
        for (int i = 0; i < set.length; i++) {
            if (!set[i]) {
                throw JdbcErrors.usage(
                        "No value specified for parameter " + (i + 1) + " of " + set.length + ".",
                        JdbcErrors.WRONG_PARAMETER_COUNT);
            }
        }
        return values.clone(); // the caller may set new values while a stream still reads with these
    }

    /**
     * Runs the statement with its bound values: {@code query} when the caller wants rows
     * (executeQuery), with {@code keysWanted} when generated keys are asked for. The callable
     * statement overrides it to leave OUT parameters out.
     */
    void runBound(boolean query, @Nullable GeneratedKeys keysWanted) throws SQLException {
        // several statements (no parameters then): run as one script, each result in turn, as pgjdbc runs them
        run(sql.positionalSql(), sql.severalStatements(), boundValues(), query, keysWanted);
    }

    /** How many {@code ?} parameters the statement has. */
    final int parameterCount() {
        return values.length;
    }

    /** Whether parameter {@code i} (0-based) was given a value. */
    final boolean parameterSet(int i) {
        return set[i];
    }

    /** The value of parameter {@code i} (0-based), as bound. */
    final @Nullable Object parameterValue(int i) {
        return values[i];
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        runBound(true, null);
        return requireResultSet();
    }

    @Override
    public int executeUpdate() throws SQLException {
        return count(executeLargeUpdate());
    }

    @Override
    public long executeLargeUpdate() throws SQLException {
        runBound(false, keysWanted);
        return requireUpdateCount();
    }

    @Override
    public boolean execute() throws SQLException {
        runBound(false, keysWanted);
        return getResultSet() != null;
    }

    @Override
    public void addBatch() throws SQLException {
        checkOpen();
        if (batch == null) {
            batch = new ArrayList<>();
        }
        batch.add(boundValues());
    }

    @Override
    public void clearBatch() throws SQLException {
        checkOpen();
        batch = null;
    }

    /**
     * Every parameter set pipelined with one Sync, with generated keys wanted too: in auto-commit
     * the batch is atomic, and a failure reports every entry as {@code EXECUTE_FAILED}
     * ({@link BatchFailures}). The keys of all sets form one ResultSet.
     */
    @Override
    public long[] executeLargeBatch() throws SQLException {
        checkOpen();
        clearResults(); // the last execution's results and keys are gone, whatever this batch does
        List<Object[]> sets = batch == null ? List.of() : batch;
        batch = null;
        if (sets.isEmpty()) {
            return new long[0];
        }
        LazyPgSession session = connection.sessionForStatement(this);
        Duration timeout = connection.statementTimeout(getQueryTimeout());
        connection.statementStarted(this);
        try {
            if (timeout != null) {
                session.queryTimeout(timeout);
            }
            GeneratedKeys keys = keysWanted;
            if (keys != null) {
                return batchWithKeys(session, sets, keys);
            }
            int[] counts = session.executeBatch(sql.positionalSql(), sets);
            long[] longs = new long[counts.length];
            for (int i = 0; i < counts.length; i++) {
                longs[i] = counts[i];
            }
            return longs;
        } catch (PgException e) {
            throw BatchFailures.of(sets.size(), e);
        } finally {
            connection.statementEnded(this);
            if (timeout != null) {
                try {
                    session.queryTimeout(null);
                } catch (PgException ignored) {
                    // the session broke; its failure is reported
                }
            }
        }
    }

    private long[] batchWithKeys(LazyPgSession session, List<Object[]> sets, GeneratedKeys keys) {
        String written = sql.positionalSql();
        String sent = keys.appendTo(written);
        // A RETURNING clause the driver appended is not the application's: the statistics keep its columns out
        List<LazyResult> results = sent.length() != written.length()
                ? session.queryBatchWithAddedReturning(sent, sets)
                : session.queryBatch(sent, sets);
        long[] counts = new long[sets.size()];
        List<LazyRow> keyRows = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            LazyResult r = results.get(i);
            counts[i] = r.rowsAffected();
            keyRows.addAll(r.rows());
        }
        generatedKeys(new LazyRowResultSet(results.get(0).columns(), keyRows.iterator(), this, null));
        return counts;
    }

    /**
     * The columns the statement will return, from the server's description of it (one Parse +
     * Describe round trip, asked once per statement); null when it returns no rows.
     */
    @Override
    public @Nullable ResultSetMetaData getMetaData() throws SQLException {
        StatementDescription d = description();
        return d.columns().isEmpty()
                ? null
                : new LazyRowResultSetMetaData(d.columns(), connection::userType, connection::columnOrigins);
    }

    /**
     * The parameters as the server inferred them (one Parse + Describe round trip, asked once per
     * statement). Their count must be the number of {@code ?} placeholders: SQL that also writes
     * {@code $n} itself is refused here, naming both counts, as it would be when executed.
     */
    @Override
    public ParameterMetaData getParameterMetaData() throws SQLException {
        StatementDescription d = description();
        if (d.parameterTypes().size() != values.length) {
            throw JdbcErrors.usage(
                    "The statement has " + values.length + " ? placeholder" + (values.length == 1 ? "" : "s")
                            + " but the server counts " + d.parameterTypes().size() + " parameter"
                            + (d.parameterTypes().size() == 1 ? "" : "s") + " in it ($1..$"
                            + d.parameterTypes().size() + "): write every parameter as ?, not as $n.",
                    JdbcErrors.WRONG_PARAMETER_COUNT);
        }
        return new LazyPgParameterMetaData(d.parameterTypes(), connection::userType);
    }

    private StatementDescription description() throws SQLException {
        checkOpen();
        if (description == null) {
            description = connection.describe(sql.positionalSql());
        }
        return description;
    }

    // ------------------------------------------------------------------ parameters

    private void bind(int index, @Nullable Object value) throws SQLException {
        checkOpen();
        if (index < 1 || index > values.length) {
            throw JdbcErrors.usage(
                    "Parameter index " + index + " is out of range: the statement has " + values.length
                            + " parameters (1.." + values.length + ").",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        values[index - 1] = value;
        set[index - 1] = true;
    }

    @Override
    public void clearParameters() throws SQLException {
        checkOpen();
        Arrays.fill(values, null);
        Arrays.fill(set, false);
    }

    @Override
    public void setNull(int i, int sqlType) throws SQLException {
        bind(i, null);
    }

    @Override
    public void setNull(int i, int sqlType, @Nullable String typeName) throws SQLException {
        // a built-in type named (int4, integer, uuid, character varying, _int4, ...) types the NULL, as
        // the caller asked; another name (a user-defined type) leaves it to the server, as setNull(i, sqlType)
        int oid = typeName == null ? 0 : PgTypes.oidOfTypeName(typeName);
        bind(i, oid == 0 ? null : io.lazypg.client.PgNull.ofOid(oid));
    }

    @Override
    public void setBoolean(int i, boolean x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setByte(int i, byte x) throws SQLException {
        bind(i, (short) x);
    }

    @Override
    public void setShort(int i, short x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setInt(int i, int x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setLong(int i, long x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setFloat(int i, float x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setDouble(int i, double x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setBigDecimal(int i, @Nullable BigDecimal x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setString(int i, @Nullable String x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setNString(int i, @Nullable String x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setBytes(int i, byte @Nullable [] x) throws SQLException {
        bind(i, x);
    }

    @Override
    public void setDate(int i, @Nullable Date x) throws SQLException {
        bind(i, JdbcValues.toClient(x));
    }

    @Override
    public void setTime(int i, @Nullable Time x) throws SQLException {
        bind(i, JdbcValues.toClient(x));
    }

    @Override
    public void setTimestamp(int i, @Nullable Timestamp x) throws SQLException {
        bind(i, JdbcValues.toClient(x));
    }

    @Override
    public void setDate(int i, @Nullable Date x, @Nullable Calendar cal) throws SQLException {
        bind(i, JdbcTimeParameters.date(x, cal));
    }

    @Override
    public void setTime(int i, @Nullable Time x, @Nullable Calendar cal) throws SQLException {
        bind(i, JdbcTimeParameters.time(x, cal));
    }

    @Override
    public void setTimestamp(int i, @Nullable Timestamp x, @Nullable Calendar cal) throws SQLException {
        bind(i, JdbcTimeParameters.timestamp(x, cal));
    }

    @Override
    public void setArray(int i, @Nullable Array x) throws SQLException {
        bind(i, JdbcValues.toClient(x));
    }

    @Override
    public void setObject(int i, @Nullable Object x) throws SQLException {
        bind(i, JdbcValues.toClient(x));
    }

    @Override
    public void setObject(int i, @Nullable Object x, int sqlType) throws SQLException {
        bind(i, JdbcValues.toClient(x, sqlType));
    }

    @Override
    public void setObject(int i, @Nullable Object x, int sqlType, int scale) throws SQLException {
        bind(i, JdbcValues.toClient(x, sqlType, scale));
    }

    @Override
    public void setURL(int i, @Nullable URL x) throws SQLException {
        bind(i, x == null ? null : x.toString());
    }

    @Override
    public void setCharacterStream(int i, @Nullable Reader reader, int length) throws SQLException {
        bind(i, JdbcValues.read(reader, length, i));
    }

    @Override
    public void setCharacterStream(int i, @Nullable Reader reader, long length) throws SQLException {
        bind(i, JdbcValues.read(reader, length, i));
    }

    @Override
    public void setCharacterStream(int i, @Nullable Reader reader) throws SQLException {
        bind(i, JdbcValues.read(reader, -1, i));
    }

    @Override
    public void setNCharacterStream(int i, @Nullable Reader reader, long length) throws SQLException {
        bind(i, JdbcValues.read(reader, length, i));
    }

    @Override
    public void setNCharacterStream(int i, @Nullable Reader reader) throws SQLException {
        bind(i, JdbcValues.read(reader, -1, i));
    }

    @Override
    public void setBinaryStream(int i, @Nullable InputStream x, int length) throws SQLException {
        bind(i, JdbcValues.read(x, length, i));
    }

    @Override
    public void setBinaryStream(int i, @Nullable InputStream x, long length) throws SQLException {
        bind(i, JdbcValues.read(x, length, i));
    }

    @Override
    public void setBinaryStream(int i, @Nullable InputStream x) throws SQLException {
        bind(i, JdbcValues.read(x, -1, i));
    }

    @Override
    public void setAsciiStream(int i, @Nullable InputStream x, int length) throws SQLException {
        bind(i, JdbcValues.ascii(x, length, i));
    }

    @Override
    public void setAsciiStream(int i, @Nullable InputStream x, long length) throws SQLException {
        bind(i, JdbcValues.ascii(x, length, i));
    }

    @Override
    public void setAsciiStream(int i, @Nullable InputStream x) throws SQLException {
        bind(i, JdbcValues.ascii(x, -1, i));
    }

    @Override
    @Deprecated
    public void setUnicodeStream(int i, @Nullable InputStream x, int length) throws SQLException {
        throw JdbcErrors.unsupported("setUnicodeStream", "use setCharacterStream or setString.");
    }

    @Override
    public void setRef(int i, @Nullable Ref x) throws SQLException {
        throw JdbcErrors.unsupported("setRef", null);
    }

    @Override
    public void setBlob(int i, @Nullable Blob x) throws SQLException {
        bind(i, Lobs.blobParameter(connection, x, i));
    }

    @Override
    public void setBlob(int i, @Nullable InputStream x, long length) throws SQLException {
        bind(i, Lobs.streamParameter(connection, x, length, i));
    }

    @Override
    public void setBlob(int i, @Nullable InputStream x) throws SQLException {
        bind(i, Lobs.streamParameter(connection, x, -1, i));
    }

    @Override
    public void setClob(int i, @Nullable Clob x) throws SQLException {
        bind(i, Lobs.clobParameter(connection, x, i));
    }

    @Override
    public void setClob(int i, @Nullable Reader reader, long length) throws SQLException {
        bind(i, Lobs.readerParameter(connection, reader, length, i));
    }

    @Override
    public void setClob(int i, @Nullable Reader reader) throws SQLException {
        bind(i, Lobs.readerParameter(connection, reader, -1, i));
    }

    @Override
    public void setNClob(int i, @Nullable NClob value) throws SQLException {
        bind(i, Lobs.clobParameter(connection, value, i));
    }

    @Override
    public void setNClob(int i, @Nullable Reader reader, long length) throws SQLException {
        bind(i, Lobs.readerParameter(connection, reader, length, i));
    }

    @Override
    public void setNClob(int i, @Nullable Reader reader) throws SQLException {
        bind(i, Lobs.readerParameter(connection, reader, -1, i));
    }

    @Override
    public void setRowId(int i, @Nullable RowId x) throws SQLException {
        throw JdbcErrors.unsupported("setRowId", null);
    }

    @Override
    public void setSQLXML(int i, @Nullable SQLXML xmlObject) throws SQLException {
        bind(i, JdbcSQLXML.textOf(xmlObject));
    }

    /**
     * The SQL with the values bound so far in place of its {@code ?}s, as pgjdbc renders it for
     * logs ({@link SqlRendering}); a parameter not set stays {@code ?}.
     */
    @Override
    public String toString() {
        return SqlRendering.render(sql.sql(), values, set);
    }

    // ------------------------------------------------------------------ Statement methods that take SQL

    private static SQLException sqlGivenTwice() {
        return JdbcErrors.usage(
                "A PreparedStatement runs the SQL it was prepared with; the query methods that take"
                        + " a SQL string belong to Statement.",
                "42809");
    }

    @Override
    public ResultSet executeQuery(String sql) throws SQLException {
        throw sqlGivenTwice();
    }

    @Override
    public int executeUpdate(String sql) throws SQLException {
        throw sqlGivenTwice();
    }

    @Override
    public long executeLargeUpdate(String sql) throws SQLException {
        throw sqlGivenTwice();
    }

    @Override
    public boolean execute(String sql) throws SQLException {
        throw sqlGivenTwice();
    }

    @Override
    public void addBatch(String sql) throws SQLException {
        throw sqlGivenTwice();
    }
}
