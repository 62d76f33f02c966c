package io.lazypg.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Clob;
import java.sql.NClob;
import java.sql.SQLException;

/**
 * A {@link Clob} (and {@link NClob}) that is a PostgreSQL large object holding UTF-8 text, as
 * pgjdbc stores a Clob: read and written through {@link JdbcBlob}'s large object a chunk at a
 * time. Character positions are 1-based; since UTF-8 characters vary in width, reading from a
 * position decodes from the start, and writing anywhere but at the end ({@link #setString} in the
 * middle) rewrites the text from that point, held in memory.
 *
 * <p>Not thread-safe, like its connection.
 */
final class JdbcClob implements NClob {

    private final JdbcBlob bytes;

    JdbcClob(JdbcConnection connection, long oid) {
        this.bytes = new JdbcBlob(connection, oid);
    }

    long oid() {
        return bytes.oid();
    }

    @Override
    public long length() throws SQLException {
        try (Reader r = getCharacterStream()) {
            return r.skip(Long.MAX_VALUE);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public String getSubString(long pos, int length) throws SQLException {
        try (Reader r = getCharacterStream(pos, length)) {
            StringBuilder b = new StringBuilder(Math.min(length, 8192));
            char[] buffer = new char[8192];
            int n;
            while ((n = r.read(buffer)) > 0) {
                b.append(buffer, 0, n);
            }
            return b.toString();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public Reader getCharacterStream() throws SQLException {
        return new InputStreamReader(bytes.getBinaryStream(), StandardCharsets.UTF_8);
    }

    @Override
    public Reader getCharacterStream(long pos, long length) throws SQLException {
        long skip = JdbcBlob.offset(pos);
        Reader r = getCharacterStream();
        try {
            r.skip(skip);
        } catch (IOException e) {
            throw failed(e);
        }
        return new Reader() {
            private long left = length;

            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                if (left <= 0) {
                    return -1;
                }
                int n = r.read(cbuf, off, (int) Math.min(len, left));
                if (n > 0) {
                    left -= n;
                }
                return n;
            }

            @Override
            public void close() throws IOException {
                r.close();
            }
        };
    }

    @Override
    public InputStream getAsciiStream() throws SQLException {
        return bytes.getBinaryStream();
    }

    @Override
    public long position(String pattern, long start) throws SQLException {
        String text = getSubString(1, Integer.MAX_VALUE);
        int at = text.indexOf(pattern, (int) JdbcBlob.offset(start));
        return at < 0 ? -1 : at + 1;
    }

    @Override
    public long position(Clob pattern, long start) throws SQLException {
        return position(pattern.getSubString(1, (int) pattern.length()), start);
    }

    @Override
    public int setString(long pos, String str) throws SQLException {
        return setString(pos, str, 0, str.length());
    }

    @Override
    public int setString(long pos, String str, int offset, int len) throws SQLException {
        String part = str.substring(offset, offset + len);
        long from = JdbcBlob.offset(pos);
        String before = from == 0 ? "" : getSubString(1, (int) from);
        if (before.length() < from) {
            throw JdbcErrors.usage(
                    "Position " + pos + " is past the end of the Clob (" + before.length() + " characters).",
                    JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        String after = getSubString(from + len + 1, Integer.MAX_VALUE);
        byte[] head = before.getBytes(StandardCharsets.UTF_8);
        byte[] tail = (part + after).getBytes(StandardCharsets.UTF_8);
        bytes.setBytes(head.length + 1L, tail);
        bytes.truncate(head.length + (long) tail.length);
        return len;
    }

    /** A writer from character {@code pos}: at the start or the end of the text, where no rewrite is needed. */
    @Override
    public Writer setCharacterStream(long pos) throws SQLException {
        return new OutputStreamWriter(setAsciiStream(pos), StandardCharsets.UTF_8);
    }

    @Override
    public OutputStream setAsciiStream(long pos) throws SQLException {
        long from = JdbcBlob.offset(pos);
        if (from == 0) {
            bytes.truncate(0);
            return bytes.setBinaryStream(1);
        }
        if (from == length()) {
            return bytes.setBinaryStream(bytes.length() + 1);
        }
        throw JdbcErrors.unsupported(
                "Clob.setCharacterStream in the middle of the text",
                "write at position 1 or after the end, or use" + " setString.");
    }

    @Override
    public void truncate(long len) throws SQLException {
        String kept = getSubString(1, (int) Math.min(len, Integer.MAX_VALUE));
        bytes.truncate(kept.getBytes(StandardCharsets.UTF_8).length);
    }

    @Override
    public void free() {
        bytes.free();
    }

    private static SQLException failed(IOException e) {
        return new SQLException("Could not read the Clob: " + e.getMessage(), "58030", e);
    }

    @Override
    public String toString() {
        return "Clob[large object " + oid() + "]";
    }
}
