package io.lazypg.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;

/** Blob.position: where a pattern first occurs in a stream, read once; stateless and thread-safe. */
final class LobSearch {

    private LobSearch() {}

    /** The 1-based position of {@code pattern} at or after byte {@code from} (0-based) of {@code in}, or -1. */
    static long position(InputStream in, byte[] pattern, long from) throws SQLException {
        if (pattern.length == 0) {
            return from + 1;
        }
        // a window of the last pattern.length bytes, compared at every position: simple and bounded
        byte[] window = new byte[pattern.length];
        long read = 0;
        try (InputStream s = in) {
            int b;
            while ((b = s.read()) >= 0) {
                System.arraycopy(window, 1, window, 0, window.length - 1);
                window[window.length - 1] = (byte) b;
                read++;
                long start = read - pattern.length;
                if (start >= from && java.util.Arrays.equals(window, pattern)) {
                    return start + 1;
                }
            }
        } catch (IOException e) {
            throw new SQLException("Could not read the LOB: " + e.getMessage(), "58030", e);
        }
        return -1;
    }
}
