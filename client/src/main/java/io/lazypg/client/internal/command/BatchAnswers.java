package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.ServerMessages;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.MessageReader;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The answers to a {@link BatchExecution}: a row count per execution, and, when the statement was
 * parsed in the batch's own write ({@link StatementPreparer#parseAhead}), its description first
 * (ParameterDescription, then RowDescription or NoData). Pauses when the executions sent so far
 * are all answered ({@link #expectUpTo}) or one failed: the server then skips everything up to Sync.
 *
 * <p>Not thread-safe: one per batch, read by the thread that runs it.
 */
class BatchAnswers extends ResponseHandler {

    final SessionChannel connection;
    final StatementPreparer preparer;
    final PreparedStatement statement;
    final int[] counts;
    int answered;
    private int expected;
    /** The statement parsed ahead: its description is read first; false once it was (or when cached). */
    private boolean describing;

    private int @Nullable [] describedTypes;
    private Column @Nullable [] describedColumns;

    BatchAnswers(
            SessionChannel connection,
            StatementPreparer preparer,
            PreparedStatement statement,
            int size,
            boolean parsedAhead) {
        this.connection = connection;
        this.preparer = preparer;
        this.statement = statement;
        this.counts = new int[size];
        this.describing = parsedAhead;
    }

    /** Pause once {@code executions} executions are answered (the batch size: read on to ReadyForQuery). */
    void expectUpTo(int executions) {
        expected = executions;
    }

    /** The parameter types the server described for a statement parsed ahead; null until they arrived. */
    int @Nullable [] describedTypes() {
        return describedTypes;
    }

    /** Its result columns; null for NoData (or before the description arrived). */
    Column @Nullable [] describedColumns() {
        return describedColumns;
    }

    @Override
    protected String phase() {
        return "running a batch";
    }

    @Override
    protected void parameterDescription(MessageReader in) {
        describedTypes = ParameterDescriptions.types(in);
    }

    @Override
    protected void rowDescription(MessageReader in) {
        if (describing) {
            describing = false;
            describedColumns = preparer.describedColumns(in);
        }
    }

    @Override
    protected void commandComplete(MessageReader in) {
        describing = false;
        String tag = ServerMessages.readCString(in.buffer(), in.payloadOffset());
        completed(tag);
        counts[answered++] = (int) Math.min(Integer.MAX_VALUE, CommandTags.rowCount(tag));
        pauseAtSliceEnd();
    }

    /** The execution numbered {@link #answered} completed with {@code tag}. */
    void completed(String tag) {}

    @Override
    protected void emptyQuery() {
        describing = false;
        completed("");
        counts[answered++] = 0;
        pauseAtSliceEnd();
    }

    @Override
    protected void error(PgServerException e) {
        if (serverError() == null) {
            if (describing && describedTypes == null) {
                super.error(e); // the statement itself was refused (its Parse): no entry ran
            } else { // the message names the entry that failed, as pgjdbc's does
                super.error(new PgServerException(
                        "Batch entry " + answered + " (of " + counts.length + ", counted from 0) failed", e.fields()));
            }
        }
        pause(); // the server skips the rest up to Sync
    }

    private void pauseAtSliceEnd() {
        if (answered >= expected) {
            pause();
        }
    }

    /** Counts, and each execution's rows as one result. */
    static final class Rows extends BatchAnswers {
        private final List<LazyResult> results;
        private List<LazyRow> rows = new ArrayList<>();

        Rows(
                SessionChannel connection,
                StatementPreparer preparer,
                PreparedStatement statement,
                int size,
                List<LazyResult> results) {
            super(connection, preparer, statement, size, false);
            this.results = results;
        }

        @Override
        protected void rowDescription(MessageReader in) {
            if (statement.describedPerExecution) {
                preparer.describedPortal(statement, in);
            }
        }

        @Override
        protected void dataRow(MessageReader in) {
            ResultShape shape = statement.shape;
            if (shape != null) {
                RowDescriptions.checkColumnCount(in, shape);
                rows.add(RowViews.view(
                        shape, in.buffer(), in.payloadOffset() + 2, in.payloadOffset() + in.payloadLength()));
            }
        }

        @Override
        void completed(String tag) {
            ResultShape shape = statement.shape;
            results.add(new LazyResult(shape == null ? List.of() : shape.columns(), rows, tag));
            rows = new ArrayList<>();
        }
    }
}
