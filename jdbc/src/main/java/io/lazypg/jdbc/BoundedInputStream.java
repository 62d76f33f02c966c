package io.lazypg.jdbc;

import java.io.IOException;
import java.io.InputStream;

/** At most {@code limit} bytes of another stream, which closing this one closes. Not thread-safe. */
final class BoundedInputStream extends InputStream {

    private final InputStream in;
    private long left;

    BoundedInputStream(InputStream in, long limit) {
        this.in = in;
        this.left = limit;
    }

    @Override
    public int read() throws IOException {
        if (left <= 0) {
            return -1;
        }
        int b = in.read();
        if (b >= 0) {
            left--;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (left <= 0) {
            return len == 0 ? 0 : -1;
        }
        int n = in.read(b, off, (int) Math.min(len, left));
        if (n > 0) {
            left -= n;
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
