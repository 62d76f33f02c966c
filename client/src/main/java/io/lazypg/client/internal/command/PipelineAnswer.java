package io.lazypg.client.internal.command;

import io.lazypg.client.LazyResult;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.InFlight;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.ServerMessages;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowList;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.MessageReader;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The answer to one statement of a pipeline ({@link PipelineExecution}): the description of a
 * statement parsed in the same write (when this statement carries its Parse and Describe), then
 * its rows, kept as views (the reader retains them), and its command tag.
 *
 * <p>A statement whose unit ends with its own Sync reads to that ReadyForQuery. One that shares a
 * Sync with the statements after it (inside a transaction) pauses at its CommandComplete, so the
 * next statement's answer is read by that statement's own handler; when it fails, the server skips
 * to the Sync and this handler reads on to the ReadyForQuery, which ends every statement of the
 * unit ({@link InFlight}): those after it were skipped.
 *
 * <p>One per statement of one pipeline; not thread-safe (the thread that holds the connection).
 */
final class PipelineAnswer extends ResponseHandler {

    private static final int[] NONE = new int[0];

    final int index;
    final PreparedStatement statement;
    /** This statement carries Parse + Describe of {@link #statement}: its description arrives first. */
    private final boolean describes;
    /** The statement's unit ends with its own Sync (else it pauses at its end). */
    private boolean endsUnit;

    private final StatementPreparer preparer;
    private int[] parameterTypes = NONE;
    private boolean described;
    private final RowList rows = new RowList();
    private long rowCount;
    private @Nullable String tag;

    PipelineAnswer(
            int index, PreparedStatement statement, boolean describes, boolean endsUnit, StatementPreparer preparer) {
        this.index = index;
        this.statement = statement;
        this.describes = describes;
        this.endsUnit = endsUnit;
        this.preparer = preparer;
    }

    /** Whether this statement's unit ends with a Sync after it: its answer ends at that ReadyForQuery. */
    boolean endsUnit() {
        return endsUnit;
    }

    /** The write's Sync goes after this statement (the last of its write, inside a transaction). */
    void endUnit() {
        endsUnit = true;
    }

    @Override
    protected String phase() {
        return "reading statement " + index + " of a pipeline";
    }

    /** Whether the statement's answer was read to its CommandComplete (or EmptyQueryResponse). */
    boolean completed() {
        return tag != null;
    }

    /** The statement's rows and tag, once {@link #completed()}. */
    LazyResult result() {
        ResultShape shape = statement.shape;
        return new LazyResult(shape == null ? List.of() : shape.columns(), rows.seal(), tag == null ? "" : tag);
    }

    long rowCount() {
        return rowCount;
    }

    @Override
    protected void parameterDescription(MessageReader in) {
        parameterTypes = ParameterDescriptions.types(in);
    }

    @Override
    protected void rowDescription(MessageReader in) {
        if (describes && !described) {
            described = true; // the statement's RowDescription, ahead of BindComplete
            preparer.describedInPipeline(statement, parameterTypes, in);
        } else if (statement.describedPerExecution) {
            preparer.describedPortal(statement, in);
        }
    }

    @Override
    protected void dataRow(MessageReader in) {
        describedWithoutRows();
        rowCount++;
        ResultShape shape = statement.shape;
        if (shape != null) {
            RowDescriptions.checkColumnCount(in, shape);
            rows.append(
                    RowViews.view(shape, in.buffer(), in.payloadOffset() + 2, in.payloadOffset() + in.payloadLength()));
        }
    }

    @Override
    protected void commandComplete(MessageReader in) {
        describedWithoutRows();
        tag = ServerMessages.readCString(in.buffer(), in.payloadOffset());
        if (!endsUnit) {
            pause();
        }
    }

    @Override
    protected void emptyQuery() {
        describedWithoutRows();
        tag = "";
        if (!endsUnit) {
            pause();
        }
    }

    @Override
    protected void error(PgServerException e) {
        // Parse succeeded when its ParameterDescription came: the statement exists on the server
        describedWithoutRows();
        super.error(e);
    }

    @Override
    protected void ready() {
        PgServerException error = serverError();
        if (error != null) {
            StatementPreparer.markIfStale(statement, error);
        }
    }

    /** A described statement that answered NoData (no RowDescription) is cached on its next message. */
    private void describedWithoutRows() {
        if (describes && !described && parameterTypes != NONE) {
            described = true;
            preparer.describedInPipeline(statement, parameterTypes, null);
        }
    }
}
