package io.lazypg.client.internal.conn;

import io.lazypg.client.Column;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.MessageReader;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer to a simple Query whose results the caller wants (a script run through JDBC's
 * {@code Statement.execute}): one {@link LazyResult} per statement, in order, each with its
 * columns (text format: the simple protocol has no result formats), rows and command tag. A
 * statement without rows (DDL, an INSERT without RETURNING) gives a result with no columns.
 *
 * <p>The first error is thrown after ReadyForQuery as {@link ResponseHandler} does by default;
 * the results that came before it are then dropped. One instance per call; not thread-safe.
 */
final class ScriptResults extends ResponseHandler {

    private static final Column[] NO_COLUMNS = new Column[0];

    private final PgConnection connection;
    private final List<LazyResult> results = new ArrayList<>();
    private ResultShape shape;
    private Column[] columns = NO_COLUMNS;
    private List<LazyRow> rows = new ArrayList<>();

    ScriptResults(PgConnection connection) {
        this.connection = connection;
    }

    List<LazyResult> results() {
        return results;
    }

    @Override
    String phase() {
        return "running a simple query";
    }

    @Override
    boolean extended() {
        return false;
    }

    @Override
    void rowDescription(MessageReader in) {
        columns = RowDescriptions.parse(in.buffer(), in.payloadOffset(), in.payloadLength(), oid -> false);
        shape = new ResultShape(columns, connection.output(), null);
    }

    @Override
    void dataRow(MessageReader in) {
        connection.checkColumnCount(shape);
        rows.add(RowViews.view(shape, in.buffer(), in.payloadOffset() + 2, in.payloadOffset() + in.payloadLength()));
    }

    @Override
    void commandComplete(MessageReader in) {
        results.add(new LazyResult(List.of(columns), rows, PgConnection.readCString(in.buffer(), in.payloadOffset())));
        columns = NO_COLUMNS;
        shape = null;
        rows = new ArrayList<>();
    }
}
