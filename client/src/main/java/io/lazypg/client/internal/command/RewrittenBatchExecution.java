package io.lazypg.client.internal.command;

import io.lazypg.client.PgServerException;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.ServerMessages;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.result.CommandTags;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A batch of a single-row INSERT sent as multi-row INSERTs ({@code rewrite_batched_inserts}, see
 * {@link MultiRowInsert} for the statements it rewrites): the entries go in chunks of a power of two
 * rows ({@link MultiRowInsert#chunkRows}), each chunk one Bind + Execute of the statement for that
 * many rows, and every chunk in one write with one Sync, as {@link BatchExecution} sends its
 * entries: one round trip, the first use included (a chunk statement not yet prepared is parsed and
 * described in the same write, {@link StatementPreparer#parseAhead}), a deferred BEGIN riding ahead.
 *
 * <p><b>Atomicity</b> is that of {@link BatchExecution}: one Sync, so outside a transaction block
 * the whole batch is one implicit transaction, and a failing chunk rolls back every chunk; inside
 * one it aborts the transaction. The error names the failing chunk's entries and says the batch
 * was rewritten: the server cannot tell which row of a multi-row INSERT failed.
 *
 * <p><b>Counts.</b> The server counts the rows a chunk inserted ({@code INSERT 0 64}). Each row of
 * a VALUES list inserts at most one row, so when the count equals the chunk's rows each of its
 * entries inserted exactly one, and counts 1; otherwise (ON CONFLICT DO NOTHING skipped some, a
 * trigger dropped some) which entries did is unknown, and each of the chunk's entries counts
 * {@link #SUCCESS_NO_INFO} (-2, JDBC's {@code Statement.SUCCESS_NO_INFO}), as pgjdbc counts every
 * entry of a rewritten batch.
 *
 * <p><b>Bounded answers.</b> {@link #fits} keeps the answers within {@link AnswerBytes#BOUND}, so
 * the one write cannot deadlock (see {@link BatchExecution}): a chunk answers in about 32 bytes; a
 * chunk statement parsed ahead answers with its ParameterDescription, 4 bytes per parameter (16 KiB
 * for 4,096), so statements whose descriptions would pass the bound are prepared first, with a
 * round trip each, before anything of the batch is written. A batch with more chunks than the bound
 * holds answers for (more than 1,600 chunks: 204,800 entries of up to 255 values) is not rewritten.
 *
 * <p>Not thread-safe: one per batch, run by the thread that holds the connection.
 */
final class RewrittenBatchExecution extends Exchange {

    /** What a chunk's answer is taken to be: BindComplete and CommandComplete, and NoData when described per portal. */
    /** JDBC's {@code java.sql.Statement.SUCCESS_NO_INFO}: the entry ran, its count is unknown (the client reads no java.sql). */
    static final int SUCCESS_NO_INFO = -2;

    private static final int PER_CHUNK = AnswerBytes.COUNT_ONLY + 8;

    private final SessionChannel channel;
    private final StatementPreparer preparer;
    private final DeferredBegin begin;
    private final MultiRowInsert insert;
    private final List<Object[]> batch;
    private final int[] chunkRows;
    private final int[] counts;
    private @Nullable PreparedStatement first;

    private RewrittenBatchExecution(
            SessionChannel channel,
            StatementPreparer preparer,
            DeferredBegin begin,
            String sql,
            MultiRowInsert insert,
            List<Object[]> batch,
            int[] chunkRows) {
        super(sql, "batch", true);
        this.channel = channel;
        this.preparer = preparer;
        this.begin = begin;
        this.insert = insert;
        this.batch = batch;
        this.chunkRows = chunkRows;
        this.counts = new int[batch.size()];
    }

    /**
     * The execution of {@code batch} rewritten, or null when {@code sql} is not a statement {@link
     * MultiRowInsert} rewrites, the entries do not bind exactly its parameters, or the batch does not
     * fit one write ({@link #fits}); the caller then runs it as a {@link BatchExecution}.
     */
    static @Nullable RewrittenBatchExecution of(
            SessionChannel channel, StatementPreparer preparer, DeferredBegin begin, String sql, List<Object[]> batch) {
        MultiRowInsert insert = preparer.multiRowInsert(sql);
        if (insert == null) {
            return null;
        }
        int width = insert.parametersPerRow();
        for (Object[] entry : batch) {
            if (entry.length != width) {
                return null; // as written, the batch fails with the message it has today
            }
        }
        int[] chunks = MultiRowInsert.chunkRows(batch.size(), insert.maxRows());
        if (!fits(chunks) || !preparer.holdsTogether(distinct(chunks))) {
            return null;
        }
        return new RewrittenBatchExecution(channel, preparer, begin, sql, insert, batch, chunks);
    }

    /** Whether the chunks' answers stay within the bound that lets the batch go in one write. */
    private static boolean fits(int[] chunks) {
        return (long) chunks.length * PER_CHUNK <= AnswerBytes.BOUND;
    }

    /** The distinct chunk sizes: chunks of one size are next to each other, largest first. */
    private static int distinct(int[] chunks) {
        int n = 0;
        for (int c = 0; c < chunks.length; c++) {
            if (c == 0 || chunks[c] != chunks[c - 1]) {
                n++;
            }
        }
        return n;
    }

    /** Each entry's count, once it ran (see the class comment). */
    int[] counts() {
        return counts;
    }

    @Override
    protected void perform() throws IOException {
        Object[] representative = BatchExecution.representativeValues(batch, sql);
        int groups = distinct(chunkRows);
        String[] texts = new String[groups];
        Object[][] representatives = new Object[groups][];
        PreparedStatement[] statements = new PreparedStatement[groups];
        boolean[] ahead = new boolean[groups];
        long describeBytes = (long) chunkRows.length * PER_CHUNK;
        // First whatever needs a round trip of its own, before anything of the batch is in the buffer
        for (int g = 0, c = 0; g < groups; g++) {
            int rows = chunkRows[c];
            texts[g] = insert.sql(rows);
            representatives[g] = repeated(representative, rows);
            PreparedStatement found = preparer.cached(texts[g], representatives[g]);
            if (found == null && preparer.caches()) {
                long description = 17L + 4L * rows * insert.parametersPerRow();
                if (preparer.parsesAhead(representatives[g]) && describeBytes + description <= AnswerBytes.BOUND) {
                    ahead[g] = true;
                    describeBytes += description;
                } else {
                    found = preparer.prepare(texts[g], representatives[g]); // its Describe round trip
                }
            }
            statements[g] = found;
            while (c < chunkRows.length && chunkRows[c] == rows) {
                c++;
            }
        }
        WriteBuffer out = channel.writeBuffer();
        String beginSql = begin.sql();
        if (beginSql != null) {
            BeginCommand.write(out, beginSql); // under the batch's one Sync, as BatchExecution sends it
        }
        List<PreparedStatement> parsedAhead = new ArrayList<>();
        int[] aheadFirstChunk = new int[groups];
        PreparedStatement[] byChunk = new PreparedStatement[chunkRows.length];
        try {
            int entry = 0;
            int g = -1;
            for (int c = 0; c < chunkRows.length; c++) {
                int rows = chunkRows[c];
                if (c == 0 || rows != chunkRows[c - 1]) {
                    g++;
                    if (ahead[g]) {
                        statements[g] = preparer.parseAhead(texts[g], representatives[g]);
                        aheadFirstChunk[parsedAhead.size()] = c;
                        parsedAhead.add(statements[g]);
                    } else if (statements[g] == null) {
                        statements[g] = preparer.prepare(texts[g], representatives[g]); // no cache: the unnamed Parse
                    }
                }
                PreparedStatement statement = statements[g];
                byChunk[c] = statement;
                Binds.writeBindAndDescribe(channel, statement, values(entry, rows));
                FrontendMessages.execute(out, 0);
                entry += rows;
            }
        } catch (RuntimeException e) {
            out.reset(); // nothing went: a deferred BEGIN stays deferred, a statement parsed ahead was never sent
            throw e;
        }
        first = byChunk[0];
        Answers answers = new Answers(byChunk, parsedAhead, aheadFirstChunk);
        if (beginSql != null) {
            channel.enqueue(begin.command());
            begin.sentWithStatement();
        }
        channel.reader().retainViews(false);
        channel.writeSync();
        channel.enqueue(answers);
        try {
            channel.send();
            channel.await(answers);
        } finally {
            for (int a = 0; a < parsedAhead.size(); a++) {
                int[] types = answers.describedTypes[a];
                if (types != null) { // the Parse succeeded: the statement exists, whatever the executions did
                    preparer.parsedAhead(parsedAhead.get(a), types, null);
                }
            }
        }
        int entry = 0;
        for (int c = 0; c < chunkRows.length; c++) {
            int rows = chunkRows[c];
            int each = answers.chunkCounts[c] == rows ? 1 : SUCCESS_NO_INFO;
            for (int r = 0; r < rows; r++) {
                counts[entry++] = each;
            }
        }
    }

    /** The values of {@code rows} entries from {@code from}, one after the other, as the chunk statement numbers them. */
    private Object[] values(int from, int rows) {
        int width = insert.parametersPerRow();
        Object[] values = new Object[rows * width];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(batch.get(from + r), 0, values, r * width, width);
        }
        return values;
    }

    private static Object[] repeated(Object[] row, int rows) {
        Object[] values = new Object[row.length * rows];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(row, 0, values, r * row.length, row.length);
        }
        return values;
    }

    @Override
    protected long observedRows(@Nullable Throwable failure) {
        long affected = 0;
        for (int n : counts) {
            affected += Math.max(0, n);
        }
        return failure == null ? affected : 0;
    }

    @Override
    protected void finish(ExchangeBracket bracket, long bytesReceived, @Nullable Throwable failure) {
        bracket.recordExecution(first, 0, bytesReceived, failure, true);
        bracket.recordCompletion(first, 0);
    }

    /**
     * The answers: the description of each chunk statement parsed ahead (ahead of its first chunk's
     * answer), then each chunk's count, read on to ReadyForQuery, which throws the first error
     * (the server skips the rest up to the Sync).
     */
    private final class Answers extends ResponseHandler {
        private final PreparedStatement[] byChunk;
        private final List<PreparedStatement> parsedAhead;
        private final int[] aheadFirstChunk;
        final int[] chunkCounts;
        /** Per statement parsed ahead, its parameter types once described; null before. */
        final int[][] describedTypes;

        private int answered;
        private int described;

        Answers(PreparedStatement[] byChunk, List<PreparedStatement> parsedAhead, int[] aheadFirstChunk) {
            this.byChunk = byChunk;
            this.parsedAhead = parsedAhead;
            this.aheadFirstChunk = aheadFirstChunk;
            this.chunkCounts = new int[byChunk.length];
            this.describedTypes = new int[parsedAhead.size()][];
        }

        @Override
        protected String phase() {
            return "running a rewritten batch";
        }

        @Override
        protected void parameterDescription(MessageReader in) {
            int[] types = ParameterDescriptions.types(in);
            if (described < describedTypes.length) {
                describedTypes[described++] = types;
            }
        }

        @Override
        protected void commandComplete(MessageReader in) {
            String tag = ServerMessages.readCString(in.buffer(), in.payloadOffset());
            if (answered < chunkCounts.length) {
                chunkCounts[answered++] = (int) Math.min(Integer.MAX_VALUE, CommandTags.rowCount(tag));
            }
        }

        @Override
        protected void error(PgServerException e) {
            if (serverError() == null) {
                StatementPreparer.markIfStale(byChunk[Math.min(answered, byChunk.length - 1)], e);
                super.error(new PgServerException(describe(), e.fields()));
            }
            // no pause: the server skips the rest up to the one Sync, and ReadyForQuery throws the kept error
        }

        /** Which entries the failing chunk held, and that the batch was rewritten. */
        private String describe() {
            int entries = batch.size();
            if (described < parsedAhead.size() && aheadFirstChunk[described] == answered) {
                return "The batch of " + entries + " entries, rewritten into multi-row INSERTs"
                        + " (rewrite_batched_inserts), failed: the server refused its INSERT of " + chunkRows[answered]
                        + (chunkRows[answered] == 1 ? " row" : " rows") + ", so no entry ran";
            }
            int from = 0;
            for (int c = 0; c < answered && c < chunkRows.length; c++) {
                from += chunkRows[c];
            }
            int rows = chunkRows[Math.min(answered, chunkRows.length - 1)];
            return "Batch entries " + from + " to " + (from + rows - 1) + " (of " + entries
                    + ", counted from 0), sent as one multi-row INSERT of " + rows
                    + (rows == 1 ? " row" : " rows")
                    + " (the batch was rewritten: rewrite_batched_inserts), failed, and none of the batch holds";
        }
    }
}
