package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.LazyResult;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.WriteBuffer;
import io.lazypg.client.sql.SqlLexer;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The exchange of one statement executed once per parameter array, pipelined: every Bind + Execute
 * is encoded first (so a bad value fails before anything is sent), then the whole batch goes in one
 * write ending with Sync, the first execution included: a statement not yet prepared is parsed in
 * the same write ({@link StatementPreparer#parseAhead}: the types declared from the values, no
 * Describe round trip of its own), and a deferred BEGIN rides ahead of it ({@link DeferredBegin}).
 * A batch of 100 inserts is one round trip.
 *
 * <p><b>No write/write deadlock.</b> The client does not read while it writes, so the server's
 * answers pile up in its send buffer and our receive buffer; were they to fill, the server would
 * stop reading and both sides would block writing. As pgjdbc does ({@code
 * MAX_BUFFERED_RECV_BYTES}), the answer bytes are estimated ({@link AnswerBytes}), and a batch
 * whose answers may pass {@value AnswerBytes#BOUND} bytes goes in slices within that bound: each
 * slice but the last is followed by Flush and its answers are read before the next is sent; only
 * the last carries Sync. A slice ends with Flush, not Sync (pgjdbc syncs there), because a Sync
 * would commit the part sent so far.
 *
 * <p><b>Atomicity.</b> There is exactly one Sync, so outside a transaction block the server runs
 * the whole batch as one implicit transaction: an error in any execution rolls back every execution
 * before it, and the server skips every one after it up to the Sync. Unsent slices are then
 * dropped. Inside a transaction block the error aborts that transaction, as any failing statement
 * does. The Sync carries the Close messages of statements the cache evicted meanwhile.
 *
 * <p>With {@code results} (a batch of statements that return rows, such as {@code INSERT ...
 * RETURNING}), each execution's rows and command tag become one {@link LazyResult}; the reader
 * then retains its views, so the rows stay valid after the batch. Such a batch is not parsed
 * ahead: its rows are bound in the formats its Describe chose, so a first use costs the Describe.
 */
public final class BatchExecution extends Exchange {

    private final SessionChannel channel;
    private final StatementPreparer preparer;
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
            StatementPreparer preparer,
            DeferredBegin begin,
            String sql,
            List<Object[]> batch,
            @Nullable List<LazyResult> results) {
        super(sql, "batch", true);
        this.channel = channel;
        this.preparer = preparer;
        this.begin = begin;
        this.batch = batch;
        this.results = results;
    }

    /**
     * Runs {@code batch} on the session (a deferred BEGIN rides with it, see the class comment) and
     * returns each execution's row count; {@code results} as for the constructor. With {@code
     * rewrite} ({@code rewrite_batched_inserts}) and no results wanted, a batch of a single-row
     * INSERT that {@link MultiRowInsert} can rewrite runs as multi-row INSERTs ({@link
     * RewrittenBatchExecution}), its counts as that class says.
     */
    public static int[] run(
            SessionChannel channel,
            StatementPreparer preparer,
            ExchangeBracket bracket,
            DeferredBegin begin,
            String sql,
            List<Object[]> batch,
            @Nullable List<LazyResult> results,
            boolean rewrite) {
        bracket.ensureIdle();
        if (batch.isEmpty()) {
            return new int[0];
        }
        int start = SqlLexer.skipSpaceAndComments(sql, 0);
        if (SqlLexer.keywordEnd(sql, start, "copy") >= 0
                && sql.toLowerCase(Locale.ROOT).contains("stdin")) {
            // Its executions after the first would reach the server in copy-in mode, sent in the same write
            throw new PgUsageException("COPY FROM STDIN cannot run in a batch: it has no data to send. Nothing was"
                    + " sent. Load rows with copyIn, or with executeBatch and an INSERT.");
        }
        if (rewrite && results == null) {
            RewrittenBatchExecution rewritten = RewrittenBatchExecution.of(channel, preparer, begin, sql, batch);
            if (rewritten != null) {
                bracket.run(rewritten);
                return rewritten.counts();
            }
        }
        BatchExecution execution = new BatchExecution(channel, preparer, begin, sql, batch, results);
        bracket.run(execution);
        return execution.counts();
    }

    /** The row count of each execution, once the batch ran. */
    public int[] counts() {
        return counts;
    }

    @Override
    protected void perform() throws IOException {
        boolean ownTransaction = !begin.pending() && channel.messages().transactionStatus() == 'I';
        Object[] representative = representativeValues(batch, sql);
        PreparedStatement found = preparer.cached(sql, representative);
        boolean ahead = found == null && results == null && preparer.parsesAhead(representative);
        if (found == null && !ahead && preparer.caches()) {
            found = preparer.prepare(sql, representative); // its Describe round trip, before anything is written
        }
        int perExecution = AnswerBytes.perExecution(ahead ? null : found, results != null);
        String beginSql = begin.sql();
        boolean withBegin = false;
        if (beginSql != null) {
            // The BEGIN rides ahead under the batch's one Sync; a batch in slices (Flush, no Sync) would
            // leave a failed BEGIN without the Sync that ends its answer, so it goes on its own first.
            withBegin = AnswerBytes.fitsOneWrite(perExecution, batch.size());
            if (withBegin) {
                BeginCommand.write(channel.writeBuffer(), beginSql);
            } else {
                beginAlone(begin.take());
            }
        }
        if (ahead) {
            found = preparer.parseAhead(sql, representative);
        } else if (found == null) {
            found = preparer.prepare(sql, representative); // without a cache: writes the unnamed Parse
        }
        statement = found;
        try {
            counts = run(found, ahead, withBegin, perExecution);
        } catch (PgServerException e) {
            // A batch is one implicit transaction (one Sync): after a stale plan nothing of it is
            // kept, and a RETURNING batch failed at its first entry, before any row reached us.
            int delivered = results == null ? 0 : results.size();
            if (!StalePlans.rerunnable(
                    e, found, delivered, ownTransaction && channel.messages().transactionStatus() == 'I')) {
                throw StalePlans.explained(e);
            }
            statement = preparer.rerun(found, representative);
            counts = run(statement, false, false, AnswerBytes.perExecution(null, results != null));
        }
    }

    /** Sends a deferred BEGIN under a Sync of its own and reads its answer (a batch too big for one write). */
    private void beginAlone(@Nullable String beginSql) throws IOException {
        if (beginSql == null) {
            return;
        }
        BeginCommand.write(channel.writeBuffer(), beginSql);
        channel.writeSync();
        ResponseHandler answer = new ResponseHandler() {
            @Override
            protected String phase() {
                return "beginning a transaction";
            }
        };
        channel.enqueue(answer);
        channel.send();
        channel.await(answer);
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
    static Object[] representativeValues(List<Object[]> batch, String sql) {
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
     * Writes every execution behind what the buffer holds (a deferred BEGIN, the statement's Parse
     * and Describe when parsed ahead, or its unnamed Parse), then sends them: in one write with the
     * Sync, or in slices within the answer bound (see the class comment).
     */
    private int[] run(PreparedStatement statement, boolean parsedAhead, boolean withBegin, int perExecution)
            throws IOException {
        WriteBuffer out = channel.writeBuffer();
        boolean describe = results != null && statement.describedPerExecution;
        int[] ends = new int[batch.size()];
        try {
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
        } catch (RuntimeException e) {
            out.reset(); // nothing went: a deferred BEGIN stays deferred, a statement parsed ahead was never sent
            throw e;
        }
        BatchAnswers answers = results == null
                ? new BatchAnswers(channel, preparer, statement, batch.size(), parsedAhead)
                : new BatchAnswers.Rows(channel, preparer, statement, batch.size(), results);
        channel.reader().retainViews(results != null);
        if (withBegin) {
            channel.enqueue(begin.command());
            begin.sentWithStatement();
        }
        channel.enqueue(answers);
        try {
            return send(answers, ends, perExecution);
        } finally {
            if (parsedAhead && answers.describedTypes() != null) {
                // the Parse succeeded: the statement exists on the server, whatever the executions did
                int[] types = answers.describedTypes();
                Column[] columns = answers.describedColumns();
                preparer.parsedAhead(statement, types, columns);
            }
        }
    }

    private int[] send(BatchAnswers answers, int[] ends, int estimate) throws IOException {
        int sent = 0;
        int from = 0;
        boolean first = true;
        int perExecution = estimate;
        long receivedBefore = channel.reader().bytesReceived();
        while (true) {
            int to = AnswerBytes.sliceEnd(from, batch.size(), perExecution);
            if (to == batch.size()) {
                answers.expectUpTo(batch.size() + 1); // no pause: read on to ReadyForQuery
                channel.writeSync();
                channel.sendFrom(sent);
            } else {
                channel.sendSliceWithFlush(sent, ends[to - 1]);
                sent = ends[to - 1];
                answers.expectUpTo(to);
            }
            if (first) {
                channel.await(answers);
                first = false;
            } else {
                channel.resume(answers);
            }
            if (to == batch.size()) {
                if (answers.serverError() != null) {
                    channel.resume(answers); // it paused at the error: on to ReadyForQuery, which throws it
                }
                return answers.counts;
            }
            // The answers read so far say what the next slices' will be (rows wider than estimated, or none)
            perExecution = AnswerBytes.measured(
                    perExecution, channel.reader().bytesReceived() - receivedBefore, answers.answered);
            if (answers.serverError() != null) {
                // Unsent slices are dropped; Sync ends the batch and throws its first error.
                channel.sync();
                channel.resume(answers);
                return answers.counts;
            }
            from = to;
        }
    }
}
