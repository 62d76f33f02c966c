package io.lazypg.jdbc;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.Date;
import java.sql.NClob;
import java.sql.Ref;
import java.sql.ResultSet;
import java.sql.RowId;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLXML;
import java.sql.Time;
import java.sql.Timestamp;
import org.jspecify.annotations.Nullable;

/**
 * The parts of {@link ResultSet} that lazypg's read-only, forward-only view over received rows
 * does not support: updates, scrolling, LOBs, refs, row ids, SQLXML and the deprecated unicode
 * stream. Each throws a {@link SQLFeatureNotSupportedException} naming the method, so
 * {@link LazyRowResultSet} holds only what it does.
 */
abstract class ReadOnlyForwardResultSet implements ResultSet {

    static SQLFeatureNotSupportedException unsupported(String what) {
        return new SQLFeatureNotSupportedException(
                what + " is not supported: lazypg's ResultSet view is read-only and "
                        + "forward-only over rows already received. Read values with the getters, or use LazyRow directly.",
                JdbcErrors.FEATURE_NOT_SUPPORTED);
    }

    @Override
    public @Nullable InputStream getUnicodeStream(int a0) throws SQLException {
        throw unsupported("getUnicodeStream (deprecated; use getCharacterStream)");
    }

    @Override
    public @Nullable InputStream getUnicodeStream(String a0) throws SQLException {
        throw unsupported("getUnicodeStream (deprecated; use getCharacterStream)");
    }

    @Override
    public String getCursorName() throws SQLException {
        throw unsupported("getCursorName");
    }

    @Override
    public boolean rowUpdated() throws SQLException {
        throw unsupported("rowUpdated");
    }

    @Override
    public boolean rowInserted() throws SQLException {
        throw unsupported("rowInserted");
    }

    @Override
    public boolean rowDeleted() throws SQLException {
        throw unsupported("rowDeleted");
    }

    @Override
    public void updateNull(int a0) throws SQLException {
        throw unsupported("updateNull");
    }

    @Override
    public void updateBoolean(int a0, boolean a1) throws SQLException {
        throw unsupported("updateBoolean");
    }

    @Override
    public void updateByte(int a0, byte a1) throws SQLException {
        throw unsupported("updateByte");
    }

    @Override
    public void updateShort(int a0, short a1) throws SQLException {
        throw unsupported("updateShort");
    }

    @Override
    public void updateInt(int a0, int a1) throws SQLException {
        throw unsupported("updateInt");
    }

    @Override
    public void updateLong(int a0, long a1) throws SQLException {
        throw unsupported("updateLong");
    }

    @Override
    public void updateFloat(int a0, float a1) throws SQLException {
        throw unsupported("updateFloat");
    }

    @Override
    public void updateDouble(int a0, double a1) throws SQLException {
        throw unsupported("updateDouble");
    }

    @Override
    public void updateBigDecimal(int a0, BigDecimal a1) throws SQLException {
        throw unsupported("updateBigDecimal");
    }

    @Override
    public void updateString(int a0, String a1) throws SQLException {
        throw unsupported("updateString");
    }

    @Override
    public void updateBytes(int a0, byte[] a1) throws SQLException {
        throw unsupported("updateBytes");
    }

    @Override
    public void updateDate(int a0, Date a1) throws SQLException {
        throw unsupported("updateDate");
    }

    @Override
    public void updateTime(int a0, Time a1) throws SQLException {
        throw unsupported("updateTime");
    }

    @Override
    public void updateTimestamp(int a0, Timestamp a1) throws SQLException {
        throw unsupported("updateTimestamp");
    }

    @Override
    public void updateAsciiStream(int a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(int a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(int a0, Reader a1, int a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateObject(int a0, Object a1, int a2) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateObject(int a0, Object a1) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateNull(String a0) throws SQLException {
        throw unsupported("updateNull");
    }

    @Override
    public void updateBoolean(String a0, boolean a1) throws SQLException {
        throw unsupported("updateBoolean");
    }

    @Override
    public void updateByte(String a0, byte a1) throws SQLException {
        throw unsupported("updateByte");
    }

    @Override
    public void updateShort(String a0, short a1) throws SQLException {
        throw unsupported("updateShort");
    }

    @Override
    public void updateInt(String a0, int a1) throws SQLException {
        throw unsupported("updateInt");
    }

    @Override
    public void updateLong(String a0, long a1) throws SQLException {
        throw unsupported("updateLong");
    }

    @Override
    public void updateFloat(String a0, float a1) throws SQLException {
        throw unsupported("updateFloat");
    }

    @Override
    public void updateDouble(String a0, double a1) throws SQLException {
        throw unsupported("updateDouble");
    }

    @Override
    public void updateBigDecimal(String a0, BigDecimal a1) throws SQLException {
        throw unsupported("updateBigDecimal");
    }

    @Override
    public void updateString(String a0, String a1) throws SQLException {
        throw unsupported("updateString");
    }

    @Override
    public void updateBytes(String a0, byte[] a1) throws SQLException {
        throw unsupported("updateBytes");
    }

    @Override
    public void updateDate(String a0, Date a1) throws SQLException {
        throw unsupported("updateDate");
    }

    @Override
    public void updateTime(String a0, Time a1) throws SQLException {
        throw unsupported("updateTime");
    }

    @Override
    public void updateTimestamp(String a0, Timestamp a1) throws SQLException {
        throw unsupported("updateTimestamp");
    }

    @Override
    public void updateAsciiStream(String a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(String a0, InputStream a1, int a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(String a0, Reader a1, int a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateObject(String a0, Object a1, int a2) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void updateObject(String a0, Object a1) throws SQLException {
        throw unsupported("updateObject");
    }

    @Override
    public void insertRow() throws SQLException {
        throw unsupported("insertRow");
    }

    @Override
    public void updateRow() throws SQLException {
        throw unsupported("updateRow");
    }

    @Override
    public void deleteRow() throws SQLException {
        throw unsupported("deleteRow");
    }

    @Override
    public void refreshRow() throws SQLException {
        throw unsupported("refreshRow");
    }

    @Override
    public void cancelRowUpdates() throws SQLException {
        throw unsupported("cancelRowUpdates");
    }

    @Override
    public void moveToInsertRow() throws SQLException {
        throw unsupported("moveToInsertRow");
    }

    @Override
    public void moveToCurrentRow() throws SQLException {
        throw unsupported("moveToCurrentRow");
    }

    @Override
    public @Nullable Ref getRef(int a0) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public @Nullable Blob getBlob(int a0) throws SQLException {
        throw unsupported("getBlob");
    }

    @Override
    public @Nullable Clob getClob(int a0) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public @Nullable Ref getRef(String a0) throws SQLException {
        throw unsupported("getRef");
    }

    @Override
    public @Nullable Blob getBlob(String a0) throws SQLException {
        throw unsupported("getBlob");
    }

    @Override
    public @Nullable Clob getClob(String a0) throws SQLException {
        throw unsupported("getClob");
    }

    @Override
    public void updateRef(int a0, Ref a1) throws SQLException {
        throw unsupported("updateRef");
    }

    @Override
    public void updateRef(String a0, Ref a1) throws SQLException {
        throw unsupported("updateRef");
    }

    @Override
    public void updateBlob(int a0, Blob a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String a0, Blob a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateClob(int a0, Clob a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String a0, Clob a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateArray(int a0, Array a1) throws SQLException {
        throw unsupported("updateArray");
    }

    @Override
    public void updateArray(String a0, Array a1) throws SQLException {
        throw unsupported("updateArray");
    }

    @Override
    public @Nullable RowId getRowId(int a0) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public @Nullable RowId getRowId(String a0) throws SQLException {
        throw unsupported("getRowId");
    }

    @Override
    public void updateRowId(int a0, RowId a1) throws SQLException {
        throw unsupported("updateRowId");
    }

    @Override
    public void updateRowId(String a0, RowId a1) throws SQLException {
        throw unsupported("updateRowId");
    }

    @Override
    public void updateNString(int a0, String a1) throws SQLException {
        throw unsupported("updateNString");
    }

    @Override
    public void updateNString(String a0, String a1) throws SQLException {
        throw unsupported("updateNString");
    }

    @Override
    public void updateNClob(int a0, NClob a1) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String a0, NClob a1) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public @Nullable NClob getNClob(int a0) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public @Nullable NClob getNClob(String a0) throws SQLException {
        throw unsupported("getNClob");
    }

    @Override
    public @Nullable SQLXML getSQLXML(int a0) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public @Nullable SQLXML getSQLXML(String a0) throws SQLException {
        throw unsupported("getSQLXML");
    }

    @Override
    public void updateSQLXML(int a0, SQLXML a1) throws SQLException {
        throw unsupported("updateSQLXML");
    }

    @Override
    public void updateSQLXML(String a0, SQLXML a1) throws SQLException {
        throw unsupported("updateSQLXML");
    }

    @Override
    public void updateNCharacterStream(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateAsciiStream(int a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(int a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateAsciiStream(String a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(String a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateBlob(int a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String a0, InputStream a1, long a2) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateClob(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateNClob(int a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String a0, Reader a1, long a2) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNCharacterStream(int a0, Reader a1) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateNCharacterStream(String a0, Reader a1) throws SQLException {
        throw unsupported("updateNCharacterStream");
    }

    @Override
    public void updateAsciiStream(int a0, InputStream a1) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(int a0, InputStream a1) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(int a0, Reader a1) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateAsciiStream(String a0, InputStream a1) throws SQLException {
        throw unsupported("updateAsciiStream");
    }

    @Override
    public void updateBinaryStream(String a0, InputStream a1) throws SQLException {
        throw unsupported("updateBinaryStream");
    }

    @Override
    public void updateCharacterStream(String a0, Reader a1) throws SQLException {
        throw unsupported("updateCharacterStream");
    }

    @Override
    public void updateBlob(int a0, InputStream a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateBlob(String a0, InputStream a1) throws SQLException {
        throw unsupported("updateBlob");
    }

    @Override
    public void updateClob(int a0, Reader a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateClob(String a0, Reader a1) throws SQLException {
        throw unsupported("updateClob");
    }

    @Override
    public void updateNClob(int a0, Reader a1) throws SQLException {
        throw unsupported("updateNClob");
    }

    @Override
    public void updateNClob(String a0, Reader a1) throws SQLException {
        throw unsupported("updateNClob");
    }
}
