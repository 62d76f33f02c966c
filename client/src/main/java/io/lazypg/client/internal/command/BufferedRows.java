package io.lazypg.client.internal.command;

import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowList;
import io.lazypg.client.internal.result.RowViews;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Keeps every row as a view; the reader runs in retaining mode, so the views stay valid. The list
 * starts at the size of the statement's previous buffered result, so a repeated large query does
 * not grow (and copy) it a few dozen times while the rows arrive; a list left much larger than its
 * rows is trimmed, since the result keeps it. One per buffered execution; not thread-safe.
 */
public final class BufferedRows implements RowSink {
    private final int maxRows;
    private @Nullable PreparedStatement statement;
    private final RowList rows = new RowList();

    public BufferedRows(int maxRows) {
        this.maxRows = maxRows;
    }

    @Override
    public void starting(PreparedStatement statement) {
        this.statement = statement;
        int previous = statement.lastBufferedRows;
        rows.expect(maxRows > 0 ? Math.min(previous, maxRows) : previous);
    }

    @Override
    public void row(byte[] buffer, int firstCell, int end, ResultShape shape) {
        rows.append(RowViews.view(shape, buffer, firstCell, end));
    }

    /** Rows received so far. */
    public int received() {
        return rows.size();
    }

    /** The rows, sealed, once the execution succeeded; remembers their count for the statement's next execution. */
    List<LazyRow> finish() {
        if (statement != null) {
            statement.lastBufferedRows = rows.size();
        }
        return rows.seal();
    }

    /** The result of the buffered execution whose answer {@code command} just read into these rows. */
    public LazyResult result(ExecuteCommand command) {
        PreparedStatement statement = command.statement();
        ResultShape shape = statement == null ? null : statement.shape;
        return new LazyResult(shape == null ? List.of() : shape.columns(), finish(), command.tag());
    }
}
