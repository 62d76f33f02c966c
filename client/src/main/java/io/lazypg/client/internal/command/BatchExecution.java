package io.lazypg.client.internal.command;

import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.ServerMessages;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.result.RowViews;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The exchange of one statement executed once per parameter array, pipelined: the request (every
 * Bind + Execute) and the command reading its answers ({@link Answers}). Every Bind + Execute is encoded first
 * (so a bad value fails before anything is sent), then sent in slices of {@value #SLICE_ROWS}
 * executions each followed by Flush, reading that slice's answers before sending the next: the
 * server's answers can never fill the socket buffers while we are still writing, which would
 * deadlock both sides.
 *
 * <p>Atomicity: there is exactly one Sync, after the last slice (Flush does not end the implicit
 * transaction), so outside a transaction block the server runs the whole batch as one implicit
 * transaction: an error in any execution rolls back every execution before it, and the server
 * skips every one after it up to the Sync. The unsent slices are then dropped. Inside a
 * transaction block the error aborts that transaction, as any failing statement does. The Sync
 * carries the Close messages of statements the cache evicted meanwhile.
 *
 * <p>With {@code results} (a batch of statements that return rows, such as {@code INSERT ...
 * RETURNING}), each execution's rows and command tag become one {@link LazyResult}; the reader
 * then retains its views, so the rows stay valid after the batch.
 */
public final class BatchExecution extends Exchange {

    static final int SLICE_ROWS = 512;

    private final SessionChannel channel;
    private final DeferredBegin begin;
    private final List<Object[]> batch;
    private final @Nullable List<LazyResult> results;
    private @Nullable PreparedStatement statement;
    private int[] counts = new int[0];

    /**
     * @param results where each execution's result goes, in order; null when only counts are wanted
     */
    public BatchExecution(
            SessionChannel channel,
            DeferredBegin begin,
            String sql,
            List<Object[]> batch,
            @Nullable List<LazyResult> results) {
        super(sql, "batch", true);
        this.channel = channel;
        this.begin = begin;
        this.batch = batch;
        this.results = results;
    }

    /** The row count of each execution, once the batch ran. */
    public int[] counts() {
        return counts;
    }

    @Override
    protected void perform() throws IOException {
        boolean ownTransaction = !begin.pending() && channel.messages().transactionStatus() == 'I';
        Object[] representative = representativeValues(batch, sql);
        // without a statement cache, prepare writes Parse here, and the first slice sends it
        int start = channel.writeBuffer().position();
        statement = channel.preparer().prepare(sql, representative);
        try {
            counts = run(statement, start);
        } catch (PgServerException e) {
            // A batch is one implicit transaction (one Sync): after a stale plan nothing of it is
            // kept, and a RETURNING batch failed at its first entry, before any row reached us.
            int delivered = results == null ? 0 : results.size();
            if (!StalePlans.rerunnable(
                    e,
                    statement,
                    delivered,
                    ownTransaction && channel.messages().transactionStatus() == 'I')) {
                throw StalePlans.explained(e);
            }
            start = channel.writeBuffer().position();
            statement = channel.preparer().rerun(statement, representative);
            counts = run(statement, start);
        }
    }

    @Override
    protected long observedRows(@Nullable Throwable failure) {
        long affected = 0;
        for (int n : counts) {
            affected += n;
        }
        return failure == null ? affected : 0;
    }

    @Override
    protected void finish(ExchangeBracket bracket, long bytesReceived, @Nullable Throwable failure) {
        bracket.recordExecution(statement, 0, bytesReceived, failure, true);
        bracket.recordCompletion(statement, 0);
    }

    /** Per position, the first non-null value of the batch: its type is declared for every execution. */
    private static Object[] representativeValues(List<Object[]> batch, String sql) {
        int width = batch.get(0).length;
        Object[] representative = new Object[width];
        for (int r = 0; r < batch.size(); r++) {
            Object[] row = batch.get(r);
            if (row.length != width) {
                throw new PgUsageException("Batch entry " + r + " has " + row.length + " values but entry 0 has "
                        + width + ": every entry must bind the same placeholders of " + SqlText.abbreviate(sql)
                        + ". Nothing was sent.");
            }
            for (int i = 0; i < width; i++) {
                if (representative[i] == null) {
                    representative[i] = row[i];
                }
            }
        }
        return representative;
    }

    /**
     * Writes every execution, then sends and reads them slice by slice (see the class comment).
     *
     * @param start where the batch's messages begin in the write buffer: before the statement's
     *     Parse when it was written there (an unnamed statement), so the first slice carries it
     */
    private int[] run(PreparedStatement statement, int start) throws IOException {
        WriteBuffer out = channel.writeBuffer();
        boolean describe = results != null && statement.describedPerExecution;
        int[] ends = new int[batch.size()];
        for (int r = 0; r < batch.size(); r++) {
            Object[] values = batch.get(r);
            if (values.length != statement.parameterCount) {
                throw new PgUsageException(
                        "Batch entry " + r + " has " + values.length + " values but the statement has "
                                + statement.parameterCount + " parameters. Nothing was sent.");
            }
            Binds.write(channel, statement, values);
            if (describe) {
                FrontendMessages.describe(out, 'P', ""); // the unnamed statement's columns are learnt per portal
            }
            FrontendMessages.execute(out, 0);
            ends[r] = out.position();
        }
        Answers answers = results == null
                ? new Answers(channel, statement, batch.size())
                : new Rows(channel, statement, batch.size(), results);
        channel.reader().retainViews(results != null);
        channel.enqueue(answers);
        int sent = start;
        for (int from = 0; from < batch.size() && answers.serverError() == null; from += SLICE_ROWS) {
            int to = Math.min(batch.size(), from + SLICE_ROWS);
            channel.sendSliceWithFlush(sent, ends[to - 1]);
            sent = ends[to - 1];
            answers.expectUpTo(to);
            if (from == 0) {
                channel.await(answers);
            } else {
                channel.resume(answers);
            }
        }
        // Unsent slices (after an error) are dropped; Sync ends the batch and throws its first error.
        channel.sync();
        channel.resume(answers);
        return answers.counts;
    }

    /** Counts per execution; pauses when a slice is fully answered or an execution failed. */
    private static class Answers extends ResponseHandler {
        final SessionChannel connection;
        final PreparedStatement statement;
        final int[] counts;
        int answered;
        private int expected;

        Answers(SessionChannel connection, PreparedStatement statement, int size) {
            this.connection = connection;
            this.statement = statement;
            counts = new int[size];
        }

        void expectUpTo(int executions) {
            expected = executions;
        }

        @Override
        protected String phase() {
            return "running a batch";
        }

        @Override
        protected void commandComplete(MessageReader in) {
            String tag = ServerMessages.readCString(in.buffer(), in.payloadOffset());
            completed(tag);
            counts[answered++] = (int) Math.min(Integer.MAX_VALUE, CommandTags.rowCount(tag));
            pauseAtSliceEnd();
        }

        /** The execution numbered {@link #answered} completed with {@code tag}. */
        void completed(String tag) {}

        @Override
        protected void emptyQuery() {
            completed("");
            counts[answered++] = 0;
            pauseAtSliceEnd();
        }

        @Override
        protected void error(PgServerException e) {
            if (serverError() == null) { // the message names the entry that failed, as pgjdbc's does
                super.error(new PgServerException(
                        "Batch entry " + answered + " (of " + counts.length + ", counted from 0) failed", e.fields()));
            }
            pause(); // the server skips the rest up to Sync
        }

        private void pauseAtSliceEnd() {
            if (answered >= expected) {
                pause();
            }
        }
    }

    /** Counts, and each execution's rows as one result. */
    private static final class Rows extends Answers {
        private final List<LazyResult> results;
        private List<LazyRow> rows = new ArrayList<>();

        Rows(SessionChannel connection, PreparedStatement statement, int size, List<LazyResult> results) {
            super(connection, statement, size);
            this.results = results;
        }

        @Override
        protected void rowDescription(MessageReader in) {
            if (statement.describedPerExecution) {
                connection.preparer().describedPortal(statement, in);
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
