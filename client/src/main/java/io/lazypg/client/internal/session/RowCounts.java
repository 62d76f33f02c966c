package io.lazypg.client.internal.session;

/** The {@code int} row count the public {@code execute} methods return, from the wire's {@code long}. */
public final class RowCounts {

    private RowCounts() {}

    /**
     * A count beyond {@code Integer.MAX_VALUE} (a command tag may carry up to 2^64 - 1) reads as
     * {@code Integer.MAX_VALUE} rather than wrapping negative.
     */
    public static int clamp(long rows) {
        return (int) Math.min(Integer.MAX_VALUE, rows);
    }
}
