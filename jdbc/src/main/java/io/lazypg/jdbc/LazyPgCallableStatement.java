package io.lazypg.jdbc;

import io.lazypg.client.sql.PlaceholderSql;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A JDBC {@link CallableStatement}: functions and procedures with IN, OUT and INOUT parameters.
 * The call is read once ({@link CallEscapes}): {@code {call f(?, ?)}}, {@code {call p}},
 * {@code {? = call f(?)}}, a native {@code call p(?, ?)}, or plain SQL. A {@code {call name}}
 * escape calls a procedure with {@code CALL} and selects from a function
 * ({@code select * from f(...) as result}, as pgjdbc does), which one it is being asked of the
 * catalog once per statement ({@link RoutineKinds}).
 *
 * <p>A parameter registered with {@code registerOutParameter} and not set is OUT only: a function
 * is called without it (PostgreSQL takes a function's IN arguments alone), a procedure with a NULL
 * in its place. After execution the first row's columns are the OUT and INOUT parameters in their
 * order ({@link OutParameters}), read with the getters, which convert as the ResultSet getters do;
 * a refcursor value reads as a ResultSet from {@code getObject}, inside the transaction that
 * opened it. Without registered OUT parameters the call's rows are the ResultSet of
 * {@code executeQuery}, as before. Parameters by name are refused: set them by index.
 *
 * <p>Not thread-safe, like its connection.
 */
final class LazyPgCallableStatement extends LazyPgPreparedStatement implements CallableStatement {

    private final CallEscapes call;
    private final OutParameters outs;
    /** Whether the routine is a procedure: asked once, at the first execution; null until then. */
    private @Nullable Boolean procedure;

    LazyPgCallableStatement(JdbcConnection connection, @Nullable String sql) throws SQLException {
        this(connection, CallEscapes.parse(sql == null ? "" : sql), sql);
    }

    private LazyPgCallableStatement(JdbcConnection connection, CallEscapes call, @Nullable String sql)
            throws SQLException {
        super(connection, sql == null ? null : shapeOf(call), null);
        this.call = call;
        this.outs = new OutParameters(parameterCount(), call.form() == CallEscapes.Form.RETURN_ESCAPE);
    }

    /** SQL with as many ? as the call has JDBC parameters, from which the inherited setters take their count. */
    private static String shapeOf(CallEscapes call) throws SQLException {
        if (call.form() == CallEscapes.Form.OTHER) {
            return call.sql();
        }
        if (call.form() == CallEscapes.Form.NATIVE_CALL) {
            return call.sql();
        }
        // what getMetaData describes: the function's rows, after the return value's placeholder
        String function = call.sqlFor(false, new boolean[call.parameterCount()]);
        return call.form() == CallEscapes.Form.RETURN_ESCAPE
                ? "select ?, " + function.substring("select ".length())
                : function;
    }

    private static SQLException namedParameters() {
        return JdbcErrors.unsupported(
                "Setting or reading a CallableStatement parameter by name", "use its index (1-based) instead.");
    }

    // ------------------------------------------------------------------ execution

    @Override
    void runBound(boolean query, @Nullable GeneratedKeys keysWanted) throws SQLException {
        checkOpen();
        int n = parameterCount();
        boolean[] outOnly = new boolean[n];
        for (int i = 0; i < n; i++) {
            outOnly[i] = outs.registered(i) && (!parameterSet(i) || outs.isReturnValue(i));
            if (!outOnly[i] && !parameterSet(i)) {
                throw JdbcErrors.usage(
                        "No value specified for parameter " + (i + 1) + " of " + n
                                + " (set it, or register it with registerOutParameter if it is an OUT parameter).",
                        JdbcErrors.WRONG_PARAMETER_COUNT);
            }
        }
        boolean isProcedure = isProcedure();
        int[] kept = call.keptParameters(isProcedure, outOnly);
        Object[] params = new Object[kept.length];
        for (int k = 0; k < kept.length; k++) {
            params[k] = outOnly[kept[k]] ? null : parameterValue(kept[k]);
        }
        String sql = JdbcEscapes.translate(call.sqlFor(isProcedure, outOnly));
        PlaceholderSql parsed = SqlCache.parse(sql, connection.standardConformingStrings());
        outs.clear();
        run(parsed.positionalSql(), false, params, query && !outs.any(), keysWanted);
        if (outs.any()) {
            outs.read(takeResultSet(), call.sql());
        }
    }

    private boolean isProcedure() throws SQLException {
        if (procedure == null) {
            procedure = switch (call.form()) {
                case NATIVE_CALL -> true;
                case ESCAPE -> RoutineKinds.isProcedure(connection, call);
                default -> false;
            };
        }
        return procedure;
    }

    /** Functions called through {@code {call}} return their rows; pgjdbc's count for them is 0. */
    @Override
    public long executeLargeUpdate() throws SQLException {
        if (call.form() == CallEscapes.Form.OTHER) {
            return super.executeLargeUpdate();
        }
        execute();
        ResultSet rs = getResultSet();
        if (rs != null) {
            rs.close();
        }
        return 0;
    }

    @Override
    public ResultSet executeQuery() throws SQLException {
        if (outs.any()) {
            throw JdbcErrors.usage(
                    "This call has OUT parameters, which are read with the getters after execute(), not as a"
                            + " ResultSet: call execute() instead of executeQuery().",
                    JdbcErrors.NO_DATA);
        }
        return super.executeQuery();
    }

    private void register(int index, int sqlType, int scale) throws SQLException {
        checkOpen();
        if (call.form() == CallEscapes.Form.OTHER) {
            throw JdbcErrors.usage(
                    "This statement declares no OUT parameter: write the call as {? = call f(?)}, {call f(?, ?)}"
                            + " or call p(?, ?) to read OUT parameters.",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        outs.register(index, sqlType, scale);
    }

    @Override
    public boolean wasNull() throws SQLException {
        checkOpen();
        return outs.wasNull();
    }

    @Override
    public @Nullable Object getObject(int p0) throws SQLException {
        return outs.object(p0);
    }

    @Override
    public void registerOutParameter(int p0, int p1) throws SQLException {
        register(p0, p1, -1);
    }

    @Override
    public void registerOutParameter(int p0, int p1, int p2) throws SQLException {
        register(p0, p1, p2);
    }

    @Override
    public @Nullable String getString(int p0) throws SQLException {
        return outs.row(p0).getString(outs.column(p0));
    }

    @Override
    public boolean getBoolean(int p0) throws SQLException {
        return outs.row(p0).getBoolean(outs.column(p0));
    }

    @Override
    public byte getByte(int p0) throws SQLException {
        return outs.row(p0).getByte(outs.column(p0));
    }

    @Override
    public short getShort(int p0) throws SQLException {
        return outs.row(p0).getShort(outs.column(p0));
    }

    @Override
    public int getInt(int p0) throws SQLException {
        return outs.row(p0).getInt(outs.column(p0));
    }

    @Override
    public long getLong(int p0) throws SQLException {
        return outs.row(p0).getLong(outs.column(p0));
    }

    @Override
    public float getFloat(int p0) throws SQLException {
        return outs.row(p0).getFloat(outs.column(p0));
    }

    @Override
    public double getDouble(int p0) throws SQLException {
        return outs.row(p0).getDouble(outs.column(p0));
    }

    @Override
    @Deprecated
    public @Nullable BigDecimal getBigDecimal(int p0, int p1) throws SQLException {
        return outs.row(p0).getBigDecimal(outs.column(p0), p1);
    }

    @Override
    public byte @Nullable [] getBytes(int p0) throws SQLException {
        return outs.row(p0).getBytes(outs.column(p0));
    }

    @Override
    public @Nullable Date getDate(int p0) throws SQLException {
        return outs.row(p0).getDate(outs.column(p0));
    }

    @Override
    public @Nullable Time getTime(int p0) throws SQLException {
        return outs.row(p0).getTime(outs.column(p0));
    }

    @Override
    public @Nullable Timestamp getTimestamp(int p0) throws SQLException {
        return outs.row(p0).getTimestamp(outs.column(p0));
    }

    @Override
    public @Nullable BigDecimal getBigDecimal(int p0) throws SQLException {
        return outs.row(p0).getBigDecimal(outs.column(p0));
    }

    @Override
    public @Nullable Object getObject(int p0, @Nullable Map<String, Class<?>> p1) throws SQLException {
        return outs.row(p0).getObject(outs.column(p0), p1);
    }

    @Override
    public @Nullable Ref getRef(int p0) throws SQLException {
        return outs.row(p0).getRef(outs.column(p0));
    }

    @Override
    public @Nullable Blob getBlob(int p0) throws SQLException {
        return outs.row(p0).getBlob(outs.column(p0));
    }

    @Override
    public @Nullable Clob getClob(int p0) throws SQLException {
        return outs.row(p0).getClob(outs.column(p0));
    }

    @Override
    public @Nullable Array getArray(int p0) throws SQLException {
        return outs.row(p0).getArray(outs.column(p0));
    }

    @Override
    public @Nullable Date getDate(int p0, @Nullable Calendar p1) throws SQLException {
        return outs.row(p0).getDate(outs.column(p0), p1);
    }

    @Override
    public @Nullable Time getTime(int p0, @Nullable Calendar p1) throws SQLException {
        return outs.row(p0).getTime(outs.column(p0), p1);
    }

    @Override
    public @Nullable Timestamp getTimestamp(int p0, @Nullable Calendar p1) throws SQLException {
        return outs.row(p0).getTimestamp(outs.column(p0), p1);
    }

    @Override
    public void registerOutParameter(int p0, int p1, String p2) throws SQLException {
        register(p0, p1, -1);
    }

    @Override
    public void registerOutParameter(String p0, int p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void registerOutParameter(String p0, int p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void registerOutParameter(String p0, int p1, String p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable URL getURL(int p0) throws SQLException {
        return outs.row(p0).getURL(outs.column(p0));
    }

    @Override
    public void setURL(String p0, @Nullable URL p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNull(String p0, int p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBoolean(String p0, boolean p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setByte(String p0, byte p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setShort(String p0, short p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setInt(String p0, int p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setLong(String p0, long p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setFloat(String p0, float p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setDouble(String p0, double p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBigDecimal(String p0, @Nullable BigDecimal p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setString(String p0, @Nullable String p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBytes(String p0, byte @Nullable [] p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setDate(String p0, @Nullable Date p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTime(String p0, @Nullable Time p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTimestamp(String p0, @Nullable Timestamp p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setAsciiStream(String p0, @Nullable InputStream p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBinaryStream(String p0, @Nullable InputStream p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setObject(String p0, @Nullable Object p1, int p2, int p3) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setObject(String p0, @Nullable Object p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setObject(String p0, @Nullable Object p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setCharacterStream(String p0, @Nullable Reader p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setDate(String p0, @Nullable Date p1, @Nullable Calendar p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTime(String p0, @Nullable Time p1, @Nullable Calendar p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTimestamp(String p0, @Nullable Timestamp p1, @Nullable Calendar p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNull(String p0, int p1, @Nullable String p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable String getString(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public boolean getBoolean(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public byte getByte(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public short getShort(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public int getInt(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public long getLong(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public float getFloat(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public double getDouble(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public byte @Nullable [] getBytes(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Date getDate(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Time getTime(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Timestamp getTimestamp(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Object getObject(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable BigDecimal getBigDecimal(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Object getObject(String p0, @Nullable Map<String, Class<?>> p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Ref getRef(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Blob getBlob(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Clob getClob(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Array getArray(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Date getDate(String p0, @Nullable Calendar p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Time getTime(String p0, @Nullable Calendar p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Timestamp getTimestamp(String p0, @Nullable Calendar p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable URL getURL(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable RowId getRowId(int p0) throws SQLException {
        return outs.row(p0).getRowId(outs.column(p0));
    }

    @Override
    public @Nullable RowId getRowId(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setRowId(String p0, @Nullable RowId p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNString(String p0, @Nullable String p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNCharacterStream(String p0, @Nullable Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNClob(String p0, @Nullable NClob p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setClob(String p0, @Nullable Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBlob(String p0, @Nullable InputStream p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNClob(String p0, @Nullable Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable NClob getNClob(int p0) throws SQLException {
        return outs.row(p0).getNClob(outs.column(p0));
    }

    @Override
    public @Nullable NClob getNClob(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setSQLXML(String p0, @Nullable SQLXML p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable SQLXML getSQLXML(int p0) throws SQLException {
        return outs.row(p0).getSQLXML(outs.column(p0));
    }

    @Override
    public @Nullable SQLXML getSQLXML(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable String getNString(int p0) throws SQLException {
        return outs.row(p0).getNString(outs.column(p0));
    }

    @Override
    public @Nullable String getNString(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Reader getNCharacterStream(int p0) throws SQLException {
        return outs.row(p0).getNCharacterStream(outs.column(p0));
    }

    @Override
    public @Nullable Reader getNCharacterStream(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public @Nullable Reader getCharacterStream(int p0) throws SQLException {
        return outs.row(p0).getCharacterStream(outs.column(p0));
    }

    @Override
    public @Nullable Reader getCharacterStream(String p0) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBlob(String p0, @Nullable Blob p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setClob(String p0, @Nullable Clob p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setAsciiStream(String p0, @Nullable InputStream p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBinaryStream(String p0, @Nullable InputStream p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setCharacterStream(String p0, @Nullable Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setAsciiStream(String p0, @Nullable InputStream p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBinaryStream(String p0, @Nullable InputStream p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setCharacterStream(String p0, @Nullable Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNCharacterStream(String p0, @Nullable Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setClob(String p0, @Nullable Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBlob(String p0, @Nullable InputStream p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNClob(String p0, @Nullable Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public <T> @Nullable T getObject(int p0, @Nullable Class<T> p1) throws SQLException {
        return outs.row(p0).getObject(outs.column(p0), p1);
    }

    @Override
    public <T> @Nullable T getObject(String p0, @Nullable Class<T> p1) throws SQLException {
        throw namedParameters();
    }
}
