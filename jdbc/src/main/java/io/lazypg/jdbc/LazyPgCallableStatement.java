package io.lazypg.jdbc;

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
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.Calendar;
import java.util.Map;

/**
 * A minimal JDBC {@link CallableStatement}: a {@link LazyPgPreparedStatement} that tools can ask
 * for through {@code prepareCall}. It runs plain SQL (Liquibase reads {@code current_schema()}
 * this way) and the {@code {call f(?, ?)}} escape, which {@link JdbcEscapes} translates to
 * {@code select * from f(?, ?) as result}: the function's values come back as the ResultSet of
 * {@code executeQuery} / {@code getResultSet}, and IN parameters are set by index with the
 * inherited setters.
 *
 * <p>OUT parameters ({@code registerOutParameter}, the {@code getXxx} getters, {@code {? = call f(?)}})
 * and parameters set by name are refused with a {@link java.sql.SQLFeatureNotSupportedException}
 * that says what to run instead: read the function's value from the ResultSet.
 *
 * <p>Not thread-safe, like its connection.
 */
final class LazyPgCallableStatement extends LazyPgPreparedStatement implements CallableStatement {

    LazyPgCallableStatement(JdbcConnection connection, String sql) throws SQLException {
        super(connection, sql, null);
    }

    private static SQLException outParameters() {
        return JdbcErrors.unsupported(
                "OUT parameters of a CallableStatement (registerOutParameter and its getters)",
                "run {call f(?)} or select * from f(?) with executeQuery and read the function's values"
                        + " from the ResultSet.");
    }

    private static SQLException namedParameters() {
        return JdbcErrors.unsupported(
                "Setting a CallableStatement parameter by name", "set it by its index (1-based) instead.");
    }

    @Override
    public void registerOutParameter(int p0, int p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public void registerOutParameter(int p0, int p1, int p2) throws SQLException {
        throw outParameters();
    }

    @Override
    public boolean wasNull() throws SQLException {
        throw outParameters();
    }

    @Override
    public String getString(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public boolean getBoolean(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public byte getByte(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public short getShort(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public int getInt(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public long getLong(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public float getFloat(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public double getDouble(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public BigDecimal getBigDecimal(int p0, int p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public byte[] getBytes(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Date getDate(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Time getTime(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Timestamp getTimestamp(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Object getObject(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public BigDecimal getBigDecimal(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Object getObject(int p0, Map<String, Class<?>> p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public Ref getRef(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Blob getBlob(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Clob getClob(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Array getArray(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Date getDate(int p0, Calendar p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public Time getTime(int p0, Calendar p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public Timestamp getTimestamp(int p0, Calendar p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public void registerOutParameter(int p0, int p1, String p2) throws SQLException {
        throw outParameters();
    }

    @Override
    public void registerOutParameter(String p0, int p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public void registerOutParameter(String p0, int p1, int p2) throws SQLException {
        throw outParameters();
    }

    @Override
    public void registerOutParameter(String p0, int p1, String p2) throws SQLException {
        throw outParameters();
    }

    @Override
    public URL getURL(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public void setURL(String p0, URL p1) throws SQLException {
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
    public void setBigDecimal(String p0, BigDecimal p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setString(String p0, String p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBytes(String p0, byte[] p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setDate(String p0, Date p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTime(String p0, Time p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTimestamp(String p0, Timestamp p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setAsciiStream(String p0, InputStream p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBinaryStream(String p0, InputStream p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setObject(String p0, Object p1, int p2, int p3) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setObject(String p0, Object p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setObject(String p0, Object p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setCharacterStream(String p0, Reader p1, int p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setDate(String p0, Date p1, Calendar p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTime(String p0, Time p1, Calendar p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setTimestamp(String p0, Timestamp p1, Calendar p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNull(String p0, int p1, String p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public String getString(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public boolean getBoolean(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public byte getByte(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public short getShort(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public int getInt(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public long getLong(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public float getFloat(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public double getDouble(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public byte[] getBytes(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Date getDate(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Time getTime(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Timestamp getTimestamp(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Object getObject(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public BigDecimal getBigDecimal(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Object getObject(String p0, Map<String, Class<?>> p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public Ref getRef(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Blob getBlob(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Clob getClob(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Array getArray(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Date getDate(String p0, Calendar p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public Time getTime(String p0, Calendar p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public Timestamp getTimestamp(String p0, Calendar p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public URL getURL(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public RowId getRowId(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public RowId getRowId(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public void setRowId(String p0, RowId p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNString(String p0, String p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNCharacterStream(String p0, Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNClob(String p0, NClob p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setClob(String p0, Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBlob(String p0, InputStream p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNClob(String p0, Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public NClob getNClob(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public NClob getNClob(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public void setSQLXML(String p0, SQLXML p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public SQLXML getSQLXML(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public SQLXML getSQLXML(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public String getNString(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public String getNString(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Reader getNCharacterStream(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Reader getNCharacterStream(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Reader getCharacterStream(int p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public Reader getCharacterStream(String p0) throws SQLException {
        throw outParameters();
    }

    @Override
    public void setBlob(String p0, Blob p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setClob(String p0, Clob p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setAsciiStream(String p0, InputStream p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBinaryStream(String p0, InputStream p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setCharacterStream(String p0, Reader p1, long p2) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setAsciiStream(String p0, InputStream p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBinaryStream(String p0, InputStream p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setCharacterStream(String p0, Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNCharacterStream(String p0, Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setClob(String p0, Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setBlob(String p0, InputStream p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public void setNClob(String p0, Reader p1) throws SQLException {
        throw namedParameters();
    }

    @Override
    public <T> T getObject(int p0, Class<T> p1) throws SQLException {
        throw outParameters();
    }

    @Override
    public <T> T getObject(String p0, Class<T> p1) throws SQLException {
        throw outParameters();
    }
}
