package io.lazypg.jdbc;

import io.lazypg.client.LargeObjects;
import io.lazypg.client.PgType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.SQLException;
import javax.sql.rowset.serial.SerialBlob;
import javax.sql.rowset.serial.SerialClob;
import org.jspecify.annotations.Nullable;

/**
 * LOBs as parameters and as column values, as pgjdbc maps them to PostgreSQL: a Blob or Clob
 * parameter is written into a new large object (a chunk per statement, in bounded memory) whose
 * OID is bound, for an {@code oid} column (Hibernate's {@code @Lob} on PostgreSQL); a lazypg LOB
 * read from a column binds its own OID. {@code getBlob}/{@code getClob} of an {@code oid} column
 * give the large object ({@link JdbcBlob}, {@link JdbcClob}); of a {@code bytea} or text column
 * an in-memory LOB of the value, which pgjdbc refuses.
 *
 * <p>A stream given with a length must hold that many bytes or characters: a shorter one is an
 * error naming the parameter. Stateless and thread-safe.
 */
final class Lobs {

    private Lobs() {}

    // ------------------------------------------------------------------ parameters

    /** The OID to bind for {@code blob}: its own when it is a large object of this driver, else a new one's. */
    static @Nullable Long blobParameter(JdbcConnection connection, @Nullable Blob blob, int index) throws SQLException {
        if (blob == null) {
            return null;
        }
        if (blob instanceof JdbcBlob own) {
            return own.oid();
        }
        return streamParameter(connection, blob.getBinaryStream(), blob.length(), index);
    }

    /** A new large object holding {@code length} bytes of {@code in} (all of it when negative); its OID. */
    static @Nullable Long streamParameter(JdbcConnection connection, @Nullable InputStream in, long length, int index)
            throws SQLException {
        if (in == null) {
            return null;
        }
        LargeObjects lo = LargeObjects.on(connection.sessionForStatement());
        long oid = JdbcConnection.call(lo::create);
        try (OutputStream out = lo.outputStream(oid, 0)) {
            long copied = copy(length < 0 ? in : new BoundedInputStream(in, length), out);
            if (length >= 0 && copied < length) {
                throw shortStream(index, length, copied, "bytes");
            }
        } catch (IOException e) {
            throw new SQLException(
                    "Could not write parameter " + index + " into large object " + oid + ": " + e.getMessage(),
                    "22000",
                    e);
        }
        return oid;
    }

    static @Nullable Long clobParameter(JdbcConnection connection, @Nullable Clob clob, int index) throws SQLException {
        if (clob == null) {
            return null;
        }
        if (clob instanceof JdbcClob own) {
            return own.oid();
        }
        return readerParameter(connection, clob.getCharacterStream(), clob.length(), index);
    }

    /** A new large object holding {@code length} characters of {@code reader} in UTF-8; its OID. */
    static @Nullable Long readerParameter(JdbcConnection connection, @Nullable Reader reader, long length, int index)
            throws SQLException {
        if (reader == null) {
            return null;
        }
        LargeObjects lo = LargeObjects.on(connection.sessionForStatement());
        long oid = JdbcConnection.call(lo::create);
        try (Writer out = new OutputStreamWriter(lo.outputStream(oid, 0), StandardCharsets.UTF_8)) {
            char[] buffer = new char[8192];
            long left = length < 0 ? Long.MAX_VALUE : length;
            long copied = 0;
            int n;
            while (left > 0 && (n = reader.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
                out.write(buffer, 0, n);
                left -= n;
                copied += n;
            }
            if (length >= 0 && copied < length) {
                throw shortStream(index, length, copied, "characters");
            }
        } catch (IOException e) {
            throw new SQLException(
                    "Could not write parameter " + index + " into large object " + oid + ": " + e.getMessage(),
                    "22000",
                    e);
        }
        return oid;
    }

    private static long copy(InputStream in, OutputStream out) throws IOException {
        return in.transferTo(out);
    }

    /** The error for a stream shorter than the length it was given with. */
    static SQLException shortStream(int index, long length, long read, String unit) {
        return JdbcErrors.usage(
                "The stream of parameter " + index + " ended after " + read + " " + unit + ", but its length was"
                        + " given as " + length + ": pass the stream's true length, or none.",
                "22000");
    }

    // ------------------------------------------------------------------ column values

    static @Nullable Blob blob(LazyRowResultSet rs, int columnIndex, int typeOid, @Nullable JdbcConnection connection)
            throws SQLException {
        if (typeOid == PgType.OID.oid()) {
            long oid = rs.getLong(columnIndex);
            return rs.wasNull() ? null : new JdbcBlob(needed(connection, "getBlob"), oid);
        }
        byte[] b = rs.getBytes(columnIndex);
        return b == null ? null : new SerialBlob(b);
    }

    static @Nullable Clob clob(LazyRowResultSet rs, int columnIndex, int typeOid, @Nullable JdbcConnection connection)
            throws SQLException {
        if (typeOid == PgType.OID.oid()) {
            long oid = rs.getLong(columnIndex);
            return rs.wasNull() ? null : new JdbcClob(needed(connection, "getClob"), oid);
        }
        String s = rs.getString(columnIndex);
        return s == null ? null : new SerialClob(s.toCharArray());
    }

    private static JdbcConnection needed(@Nullable JdbcConnection connection, String method) throws SQLException {
        if (connection == null) {
            throw JdbcErrors.unsupported(
                    method + " of a large object on a view without a JDBC connection", "read the OID with getLong.");
        }
        return connection;
    }
}
