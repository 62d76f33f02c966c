package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.channel.MessageLoop;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.ServerMessages;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The answer to a simple Query whose results the caller wants (a script run through JDBC's
 * {@code Statement.execute}): one {@link LazyResult} per statement, in order, each with its
 * columns (text format: the simple protocol has no result formats), rows and command tag. A
 * statement without rows (DDL, an INSERT without RETURNING) gives a result with no columns.
 *
 * <p>Settings changed inside the script: PostgreSQL (14 and later) reports changed settings
 * (ParameterStatus) only before ReadyForQuery, so in {@code set DateStyle = 'SQL, DMY'; select d}
 * the SELECT's text comes in the new style while the connection still knows the old one. A result
 * that follows a command that may change a setting (tag SET, RESET, DISCARD, COMMIT or ROLLBACK)
 * is therefore shaped again at ReadyForQuery under the settings reported then; results before
 * such a command keep the settings from before the script. (A script that changes a setting
 * between two queries reads the first under the final settings: the server does not say more.)
 *
 * <p>The first error is thrown after ReadyForQuery as {@link ResponseHandler} does by default;
 * the results that came before it are then dropped. One instance per call; not thread-safe.
 */
public final class ScriptResults extends SimpleQueryCommand {

    private static final Column[] NO_COLUMNS = new Column[0];

    private final SessionChannel connection;
    private final List<LazyResult> results = new ArrayList<>();
    private @Nullable ResultShape shape;
    private Column[] columns = NO_COLUMNS;
    private List<LazyRow> rows = new ArrayList<>();
    /** Whether a command that may change a setting has completed in this script: later results are shaped at the end. */
    private boolean settingsMayHaveChanged;
    /** The current result's row positions (array, start, end), kept only when it will be shaped again. */
    private @Nullable List<Object[]> positions;
    /** Per index of {@link #results}: the row positions of a result to shape again at ReadyForQuery, or null. */
    private final List<@Nullable List<Object[]>> reshape = new ArrayList<>();

    public ScriptResults(SessionChannel connection) {
        this.connection = connection;
    }

    public List<LazyResult> results() {
        return results;
    }

    @Override
    protected String phase() {
        return "running a simple query";
    }

    @Override
    long observedRows() {
        return results.size();
    }

    @Override
    protected void rowDescription(MessageReader in) {
        columns = RowDescriptions.parse(in.buffer(), in.payloadOffset(), in.payloadLength(), oid -> false);
        shape = new ResultShape(columns, connection.output(), null);
        positions = settingsMayHaveChanged ? new ArrayList<>() : null;
    }

    @Override
    protected void dataRow(MessageReader in) {
        ResultShape shape = this.shape;
        if (shape == null) { // a DataRow before any RowDescription: the stream is out of step
            throw MessageLoop.unexpected(BackendMessages.DATA_ROW, phase());
        }
        RowDescriptions.checkColumnCount(in, shape);
        int start = in.payloadOffset() + 2;
        int end = in.payloadOffset() + in.payloadLength();
        rows.add(RowViews.view(shape, in.buffer(), start, end));
        if (positions != null) {
            positions.add(new Object[] {in.buffer(), start, end});
        }
    }

    @Override
    protected void commandComplete(MessageReader in) {
        String tag = ServerMessages.readCString(in.buffer(), in.payloadOffset());
        results.add(new LazyResult(List.of(columns), rows, tag));
        reshape.add(positions);
        columns = NO_COLUMNS;
        shape = null;
        rows = new ArrayList<>();
        positions = null;
        settingsMayHaveChanged |= changesSettings(tag);
    }

    /** Whether a command with this tag may change a setting the text output depends on. */
    private static boolean changesSettings(String tag) {
        return tag.equals("SET")
                || tag.equals("RESET")
                || tag.startsWith("DISCARD")
                || tag.equals("COMMIT")
                || tag.equals("ROLLBACK");
    }

    /** The settings are reported now: the results after a setting-changing command read under them. */
    @Override
    protected void ready() {
        for (int i = 0; i < results.size(); i++) {
            List<Object[]> at = reshape.get(i);
            LazyResult result = results.get(i);
            if (at == null || result.columns().isEmpty()) {
                continue;
            }
            ResultShape settled = new ResultShape(result.columns().toArray(new Column[0]), connection.output(), null);
            List<LazyRow> settledRows = new ArrayList<>(at.size());
            for (Object[] p : at) {
                settledRows.add(RowViews.view(settled, (byte[]) p[0], (Integer) p[1], (Integer) p[2]));
            }
            results.set(i, new LazyResult(result.columns(), settledRows, result.commandTag()));
        }
    }
}
