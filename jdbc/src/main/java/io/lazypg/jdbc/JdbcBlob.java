package io.lazypg.jdbc;

import io.lazypg.client.LargeObjects;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Blob;
import java.sql.SQLException;

/**
 * A {@link Blob} that is a PostgreSQL large object (an {@code oid} column's value), read and
 * written through the client's {@link LargeObjects} a chunk per statement, so its size is never
 * held in memory. Positions are 1-based, as JDBC counts them. Each call runs on the connection's
 * session like a statement: inside its transaction when auto-commit is off (which makes a
 * multi-chunk write atomic), alone otherwise. Unlike pgjdbc, auto-commit is allowed: no
 * descriptor outlives a statement.
 *
 * <p>{@link #free()} forgets the object on this side; the large object itself stays until unlinked.
 * Not thread-safe, like its connection.
 */
final class JdbcBlob implements Blob {

    private final JdbcConnection connection;
    private final long oid;
    private boolean freed;

    JdbcBlob(JdbcConnection connection, long oid) {
        this.connection = connection;
        this.oid = oid;
    }

    /** The large object's OID, bound when the Blob is a parameter. */
    long oid() {
        return oid;
    }

    private LargeObjects objects() throws SQLException {
        if (freed) {
            throw JdbcErrors.usage("The Blob was freed: read the column again.", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return LargeObjects.on(connection.sessionForStatement());
    }

    static long offset(long pos) throws SQLException {
        if (pos < 1) {
            throw JdbcErrors.usage("LOB positions start at 1; got " + pos + ".", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return pos - 1;
    }

    @Override
    public long length() throws SQLException {
        LargeObjects lo = objects();
        return JdbcConnection.call(() -> lo.size(oid));
    }

    @Override
    public byte[] getBytes(long pos, int length) throws SQLException {
        long at = offset(pos);
        LargeObjects lo = objects();
        return JdbcConnection.call(() -> lo.read(oid, at, length));
    }

    @Override
    public InputStream getBinaryStream() throws SQLException {
        return objects().inputStream(oid, 0);
    }

    @Override
    public InputStream getBinaryStream(long pos, long length) throws SQLException {
        long at = offset(pos);
        return new BoundedInputStream(objects().inputStream(oid, at), length);
    }

    @Override
    public long position(byte[] pattern, long start) throws SQLException {
        return LobSearch.position(getBinaryStream(), pattern, offset(start));
    }

    @Override
    public long position(Blob pattern, long start) throws SQLException {
        return position(pattern.getBytes(1, (int) pattern.length()), start);
    }

    @Override
    public int setBytes(long pos, byte[] bytes) throws SQLException {
        return setBytes(pos, bytes, 0, bytes.length);
    }

    @Override
    public int setBytes(long pos, byte[] bytes, int offset, int len) throws SQLException {
        long at = offset(pos);
        LargeObjects lo = objects();
        byte[] part = java.util.Arrays.copyOfRange(bytes, offset, offset + len);
        JdbcConnection.run(() -> lo.write(oid, at, part));
        return len;
    }

    @Override
    public OutputStream setBinaryStream(long pos) throws SQLException {
        return objects().outputStream(oid, offset(pos));
    }

    @Override
    public void truncate(long len) throws SQLException {
        LargeObjects lo = objects();
        JdbcConnection.run(() -> lo.truncate(oid, len));
    }

    @Override
    public void free() {
        freed = true;
    }

    @Override
    public String toString() {
        return "Blob[large object " + oid + "]";
    }
}
