package io.lazypg.client;

/**
 * One open large object: a descriptor from {@code lo_open}, valid until {@link #close} or the end
 * of the transaction that opened it ({@link LargeObjects#open}). Reads and writes move from the
 * descriptor's position, which {@link #seek} sets; 64-bit offsets throughout.
 *
 * <p>Not thread-safe: one transaction's work, like the connection it runs on.
 */
public final class LargeObject implements AutoCloseable {

    /** Where {@link #seek} counts from ({@code SEEK_SET}, {@code SEEK_CUR}, {@code SEEK_END}). */
    public enum Whence {
        START,
        CURRENT,
        END
    }

    private final LargeObjects objects;
    private final long oid;
    private final int fd;
    private boolean closed;

    LargeObject(LargeObjects objects, long oid, int fd) {
        this.objects = objects;
        this.oid = oid;
        this.fd = fd;
    }

    /** The large object's OID. */
    public long oid() {
        return oid;
    }

    /** Up to {@code length} bytes from the position ({@code loread}); fewer at the end, none past it. */
    public byte[] read(int length) {
        checkOpen();
        byte[] b = objects.single("select loread($1, $2)", fd, length).getBytes(0);
        return b == null ? new byte[0] : b;
    }

    /** Writes {@code bytes} at the position ({@code lowrite}), which moves past them. */
    public void write(byte[] bytes) {
        checkOpen();
        objects.single("select lowrite($1, $2)", fd, bytes);
    }

    /** Moves the position ({@code lo_lseek64}); the new position. */
    public long seek(long offset, Whence whence) {
        checkOpen();
        return objects.single("select lo_lseek64($1, $2, $3)", fd, offset, whence.ordinal())
                .getLong(0);
    }

    /** The position ({@code lo_tell64}). */
    public long position() {
        checkOpen();
        return objects.single("select lo_tell64($1)", fd).getLong(0);
    }

    /** The size in bytes; the position is left where it was. */
    public long size() {
        long at = position();
        long size = seek(0, Whence.END);
        seek(at, Whence.START);
        return size;
    }

    /** Cuts (or zero-extends) the object to {@code length} bytes ({@code lo_truncate64}). */
    public void truncate(long length) {
        checkOpen();
        objects.single("select lo_truncate64($1, $2)", fd, length);
    }

    /** Closes the descriptor ({@code lo_close}); the object stays. Idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            objects.single("select lo_close($1)", fd);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new PgUsageException("Large object " + oid + " was closed: open it again (LargeObjects.open).");
        }
    }
}
