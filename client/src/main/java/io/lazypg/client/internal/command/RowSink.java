package io.lazypg.client.internal.command;

import io.lazypg.client.internal.result.ResultShape;

/** Receives each DataRow of an execution: the array it is in, the position of its first cell's length word and the row's end. */
@FunctionalInterface
public interface RowSink {
    void row(byte[] buffer, int firstCell, int end, ResultShape shape);

    /** The statement is about to run (before any row arrives). */
    default void starting(PreparedStatement statement) {}
}
