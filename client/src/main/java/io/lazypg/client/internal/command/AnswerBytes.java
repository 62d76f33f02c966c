package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.internal.result.ResultShape;
import org.jspecify.annotations.Nullable;

/**
 * How many answer bytes a batch may leave unread while it is still writing ({@link
 * BatchExecution}), and the estimate per execution that bounds it. Like pgjdbc's {@code
 * MAX_BUFFERED_RECV_BYTES} (64,000 bytes, 250 per statement), the bound stays well below what the
 * server's send buffer and our receive buffer hold together (on Linux at least 128 KiB by
 * default), so a batch never blocks both sides writing. Stateless.
 */
final class AnswerBytes {

    /** The answer bytes a batch may have outstanding while it writes. */
    static final int BOUND = 64_000;

    /** BindComplete (5) and CommandComplete with the longest tag ({@code INSERT 0 4294967295}: 25), rounded up. */
    static final int COUNT_ONLY = 32;

    /** A row of unknown shape, as pgjdbc assumes for a statement it has not described. */
    static final int UNKNOWN_ROW = 256;

    private AnswerBytes() {}

    /**
     * The bytes one execution's answer is estimated at: a row count, plus one row (the common case
     * of a batch; the rows' number cannot be known) when the statement returns rows or may.
     *
     * @param statement the statement as prepared, or null when it is not yet
     * @param rows whether the caller reads the rows (RETURNING), which it then describes per execution
     */
    static int perExecution(@Nullable PreparedStatement statement, boolean rows) {
        if (statement == null || (statement.shape == null && statement.describedPerExecution)) {
            return COUNT_ONLY + UNKNOWN_ROW;
        }
        ResultShape shape = statement.shape;
        if (shape == null) {
            return rows ? COUNT_ONLY + UNKNOWN_ROW : COUNT_ONLY;
        }
        int row = 7; // DataRow header and column count
        for (Column c : shape.columns()) {
            row += 4 + (c.typeSize() > 0 ? c.typeSize() : 32);
        }
        return COUNT_ONLY + row;
    }

    /**
     * The estimate per execution once {@code answered} executions were answered with {@code bytes}
     * in all: what was measured, with a quarter more for rows that vary, never less than a row count.
     * The first slice's estimate stands when nothing was answered.
     */
    static int measured(int estimate, long bytes, int answered) {
        if (answered <= 0) {
            return estimate;
        }
        long perExecution = bytes / answered;
        return (int) Math.min(BOUND, Math.max(COUNT_ONLY, perExecution + perExecution / 4));
    }

    /** Whether {@code executions} answers of {@code perExecution} bytes stay within the bound. */
    static boolean fitsOneWrite(int perExecution, int executions) {
        return (long) perExecution * executions <= BOUND;
    }

    /** Where the slice that starts at {@code from} ends (exclusive): at least one execution, at most {@code size}. */
    static int sliceEnd(int from, int size, int perExecution) {
        int slice = Math.max(1, BOUND / perExecution);
        return (int) Math.min(size, (long) from + slice);
    }
}
