package io.lazypg.client.internal.command;

import io.lazypg.client.LazyRow;
import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;

/** Hands each row to a callback through one reused view, valid only during the call. One per execution; not thread-safe. */
public final class CallbackRows implements RowSink {
    private final LazyRowCallback callback;
    public final LazyRow reused = RowViews.reusable();

    public CallbackRows(LazyRowCallback callback) {
        this.callback = callback;
    }

    @Override
    public void row(byte[] buffer, int firstCell, int end, ResultShape shape) {
        RowViews.reset(reused, shape, buffer, firstCell, end);
        callback.processRow(reused);
    }
}
