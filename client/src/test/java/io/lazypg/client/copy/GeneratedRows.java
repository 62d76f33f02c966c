package io.lazypg.client.copy;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * COPY text input generated on the fly, row by row: {@code id \t name id \n} for ids 1..rows, so a
 * stream of any size costs no memory. Counts the bytes handed out, so tests can tell how much of
 * the input a copy read.
 */
final class GeneratedRows extends InputStream {

    private final long rows;
    private final String padding;
    private long next = 1;
    private byte[] line = new byte[0];
    private int linePos;
    private long bytesRead;

    GeneratedRows(long rows) {
        this(rows, 0);
    }

    /** Rows whose name ends with {@code padding} x's, for a large input in few rows. */
    GeneratedRows(long rows, int padding) {
        this.rows = rows;
        this.padding = "x".repeat(padding);
    }

    static String line(long id) {
        return id + "\tname " + id + "\n";
    }

    long bytesRead() {
        return bytesRead;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        int n = 0;
        while (n < len) {
            if (linePos == line.length) {
                if (next > rows) {
                    break;
                }
                long id = next++;
                line = (padding.isEmpty() ? line(id) : id + "\tname " + id + padding + "\n")
                        .getBytes(StandardCharsets.UTF_8);
                linePos = 0;
            }
            int take = Math.min(len - n, line.length - linePos);
            System.arraycopy(line, linePos, b, off + n, take);
            linePos += take;
            n += take;
        }
        bytesRead += n;
        return n == 0 && len > 0 ? -1 : n;
    }
}
