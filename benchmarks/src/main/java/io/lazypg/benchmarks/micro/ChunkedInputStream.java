package io.lazypg.benchmarks.micro;

import java.io.InputStream;

/**
 * An InputStream over an array that returns at most {@code chunk} bytes per read, as a socket
 * delivering 64 KiB segments would. No copying beyond the one read() must do; reusable via {@link #rewind()}.
 */
public final class ChunkedInputStream extends InputStream {

    private final byte[] data;
    private final int chunk;
    private int position;

    public ChunkedInputStream(byte[] data, int chunk) {
        this.data = data;
        this.chunk = chunk;
    }

    public void rewind() {
        position = 0;
    }

    @Override
    public int read() {
        return position < data.length ? data[position++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (position >= data.length) {
            return -1;
        }
        int n = Math.min(Math.min(len, chunk), data.length - position);
        System.arraycopy(data, position, b, off, n);
        position += n;
        return n;
    }
}
