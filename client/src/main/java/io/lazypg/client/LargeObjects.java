package io.lazypg.client;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * PostgreSQL's large objects ({@code pg_largeobject}, referenced by an {@code oid} column) over a
 * connection or session, through the server's large-object functions. Two ways in:
 * <ul>
 *   <li>by OID, one statement per call ({@link #create}, {@link #size}, {@link #read},
 *       {@link #write}, {@link #truncate}, {@link #unlink}, and the streams
 *       {@link #inputStream}/{@link #outputStream}, {@link #importFrom}/{@link #exportTo} that move
 *       {@link #chunkSize} bytes per statement): these work with or without a transaction, but a
 *       stream of several chunks is atomic only inside one ({@link LazyPgQueries#begin()});</li>
 *   <li>a descriptor, {@link #open}: {@code lo_open} then {@code loread}, {@code lowrite},
 *       {@code lo_lseek64}, {@code lo_tell64}, {@code lo_truncate64}, {@code lo_close} on it
 *       ({@link LargeObject}), valid only inside the transaction that opened it, as the server
 *       keeps it.</li>
 * </ul>
 * Memory stays bounded by the chunk size whatever the object's size. A large object is not
 * removed with the row that references it: {@link #unlink} it (or use the {@code lo} extension's
 * trigger).
 *
 * <p>Thread safety: as the connection it is made on. {@code LargeObjects} itself holds nothing else.
 */
public final class LargeObjects {

    /** lo_open's mode bits, as {@code libpq-fs.h} defines them. */
    static final int INV_WRITE = 0x20000;

    static final int INV_READ = 0x40000;

    private final LazyPgQueries connection;
    private final int chunkSize;

    private LargeObjects(LazyPgQueries connection, int chunkSize) {
        this.connection = connection;
        this.chunkSize = chunkSize;
    }

    /** Large objects through {@code connection}, moved 64 KiB per statement. */
    public static LargeObjects on(LazyPgQueries connection) {
        return on(connection, 64 * 1024);
    }

    /** Large objects through {@code connection}, moved {@code chunkSize} bytes per statement. */
    public static LargeObjects on(LazyPgQueries connection, int chunkSize) {
        if (chunkSize < 1) {
            throw new PgUsageException("The large-object chunk size must be at least 1 byte; got " + chunkSize + ".");
        }
        return new LargeObjects(connection, chunkSize);
    }

    /** How many bytes a stream moves per statement. */
    public int chunkSize() {
        return chunkSize;
    }

    /** A new, empty large object ({@code lo_create(0)}); its OID. */
    public long create() {
        return single("select lo_create(0)").getLong(0);
    }

    /** Removes the large object {@code oid} ({@code lo_unlink}). */
    public void unlink(long oid) {
        single("select lo_unlink($1::oid)", oid);
    }

    /** The size of {@code oid} in bytes. */
    public long size(long oid) {
        return single("select lo_lseek64(lo_open($1::oid, $2), 0, 2)", oid, INV_READ)
                .getLong(0);
    }

    /** Up to {@code length} bytes of {@code oid} from {@code offset} (0-based); fewer at its end. */
    public byte[] read(long oid, long offset, int length) {
        byte[] b = single("select lo_get($1::oid, $2, $3)", oid, offset, length).getBytes(0);
        return b == null ? new byte[0] : b;
    }

    /** Writes {@code bytes} into {@code oid} at {@code offset} (0-based), growing it as needed. */
    public void write(long oid, long offset, byte[] bytes) {
        single("select lo_put($1::oid, $2, $3)", oid, offset, bytes);
    }

    /** Cuts (or zero-extends) {@code oid} to {@code length} bytes. */
    public void truncate(long oid, long length) {
        single("select lo_truncate64(lo_open($1::oid, $2), $3)", oid, INV_WRITE, length);
    }

    /** A new large object holding the rest of {@code in}, read a chunk at a time; its OID. */
    public long importFrom(InputStream in) {
        long oid = create();
        try (OutputStream out = outputStream(oid, 0)) {
            in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not read the stream into large object " + oid, e);
        }
        return oid;
    }

    /** Copies all of {@code oid} to {@code out}, a chunk at a time; the number of bytes. */
    public long exportTo(long oid, OutputStream out) {
        try (InputStream in = inputStream(oid, 0)) {
            return in.transferTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not write large object " + oid + " to the stream", e);
        }
    }

    /**
     * The bytes of {@code oid} from {@code offset}, read a chunk per statement as the stream is
     * read. Failures of the server surface as {@link IOException}s wrapping the {@link PgException}.
     */
    public InputStream inputStream(long oid, long offset) {
        return new InputStream() {
            private long position = offset;
            private byte[] chunk = new byte[0];
            private int at;
            private boolean end;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                if (at == chunk.length) {
                    if (end) {
                        return -1;
                    }
                    try {
                        chunk = LargeObjects.this.read(oid, position, chunkSize);
                    } catch (PgException e) {
                        throw new IOException("Could not read large object " + oid + ": " + e.getMessage(), e);
                    }
                    at = 0;
                    position += chunk.length;
                    end = chunk.length < chunkSize;
                    if (chunk.length == 0) {
                        return -1;
                    }
                }
                int n = Math.min(len, chunk.length - at);
                System.arraycopy(chunk, at, b, off, n);
                at += n;
                return n;
            }
        };
    }

    /**
     * A stream that writes into {@code oid} from {@code offset}, a chunk per statement; what is
     * buffered goes out on {@code flush} and {@code close}.
     */
    public OutputStream outputStream(long oid, long offset) {
        return new OutputStream() {
            private final byte[] buffer = new byte[chunkSize];
            private int used;
            private long position = offset;

            @Override
            public void write(int b) throws IOException {
                if (used == buffer.length) {
                    flush();
                }
                buffer[used++] = (byte) b;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                while (len > 0) {
                    if (used == buffer.length) {
                        flush();
                    }
                    int n = Math.min(len, buffer.length - used);
                    System.arraycopy(b, off, buffer, used, n);
                    used += n;
                    off += n;
                    len -= n;
                }
            }

            @Override
            public void flush() throws IOException {
                if (used == 0) {
                    return;
                }
                try {
                    LargeObjects.this.write(oid, position, java.util.Arrays.copyOf(buffer, used));
                } catch (PgException e) {
                    throw new IOException("Could not write large object " + oid + ": " + e.getMessage(), e);
                }
                position += used;
                used = 0;
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
    }

    /**
     * Opens {@code oid} ({@code lo_open}) for reading, or reading and writing when {@code write}:
     * a descriptor the server keeps until {@link LargeObject#close} or the end of the transaction,
     * which must be open now.
     *
     * @throws PgUsageException outside a transaction, where the descriptor would be gone before its first use
     */
    public LargeObject open(long oid, boolean write) {
        if (!connection.inTransaction()) {
            throw new PgUsageException("A large-object descriptor lives only inside a transaction: begin one"
                    + " (begin(), or auto-commit off in JDBC) before opening large object " + oid
                    + ", or use the by-OID methods of LargeObjects.");
        }
        int fd = single("select lo_open($1::oid, $2)", oid, write ? INV_READ | INV_WRITE : INV_READ)
                .getInt(0);
        return new LargeObject(this, oid, fd);
    }

    /** The one row of a large-object function call. */
    LazyRow single(String sql, Object... params) {
        return connection.query(sql, params).rows().get(0);
    }
}
