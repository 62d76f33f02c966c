package io.lazypg.client.internal.command;

import io.lazypg.client.LazyResult;
import io.lazypg.client.PgException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.channel.PoolerErrors;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.codec.encode.ParameterEncoder;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.WriteBuffer;
import io.lazypg.client.sql.SqlLexer;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The exchange of one thread's pipeline: several statements written together and sent in one
 * write, their answers read in order (docs/pipelining.md, "One thread's pipeline").
 *
 * <p><b>What is written.</b> Every statement is encoded before anything is sent, so a value that
 * cannot be encoded fails the pipeline with nothing sent. A statement prepared on the connection is
 * Bind + Execute; one that is not is Parse + Describe + Bind + Execute in the same write, its rows
 * asked for in text (its description is not known yet), and it is cached for later runs once its
 * description arrives ({@link StatementPreparer#parseForPipeline}), so its first run costs no round
 * trip of its own. Only a statement with a value whose type the server must tell (a JSON value for
 * an inferred json parameter) is prepared first, with a round trip of its own.
 *
 * <p><b>Transactions.</b> Outside a transaction block every statement ends with its own Sync: it
 * is its own implicit transaction, and a failing one leaves the others as if it had not been
 * there. Inside one (a BEGIN deferred to the first statement rides ahead of it), the statements
 * share a Sync per write; the first that fails aborts the transaction, the server skips the rest
 * of that write, and the writes after it are not sent.
 *
 * <p><b>Bounded in flight.</b> The statements go out in writes of at most {@value #MAX_BYTES_PER_WRITE}
 * bytes (a larger statement alone) and {@value #MAX_STATEMENTS_PER_WRITE} statements, and every
 * answer to one write is read before the next is sent. A server that cannot send its answers
 * stops reading; a write that small always fits the socket buffers between us, so we never block
 * writing while the server blocks sending, however large the results.
 *
 * <p><b>Interrupts.</b> A socket read cannot be interrupted without losing the session, so the
 * answers to a write that was sent are always read; a thread interrupted meanwhile sends no further
 * write ({@link #notSentFrom}), and its interrupt stays set.
 *
 * <p>Results and failures are kept per statement ({@link #result}, {@link #failure}); an I/O or
 * protocol failure ends the exchange (the bracket breaks the connection) with {@link #readingIndex}
 * saying where it happened. Not thread-safe; one per pipeline run.
 */
final class PipelineExecution extends Exchange {

    static final int MAX_BYTES_PER_WRITE = 32 * 1024;
    static final int MAX_STATEMENTS_PER_WRITE = 256;

    private final SessionChannel channel;
    private final StatementPreparer preparer;
    private final DeferredBegin begin;
    private final List<String> sqls;
    private final List<Object[]> values;
    private final int size;
    private final @Nullable LazyResult[] results;
    private final @Nullable PgException[] failures;
    private final boolean[] skipped;
    /** Per write: the statement before which it ends, and the write buffer's position there. */
    private final int[] writeEnds;

    private final int[] byteEnds;
    private int writes;
    private boolean inTransaction;
    private int readingIndex = -1;
    /** The first statement not sent because the thread was interrupted, or -1. */
    private int notSentFrom = -1;

    private int failedAt = -1;
    private long rows;
    /**
     * Per statement: the statement whose Parse it binds, when that Parse was written in this
     * pipeline (the same SQL queued twice is parsed once), else -1. When that Parse failed, the
     * server answers this statement's Bind with "prepared statement ... does not exist" (26000),
     * and the Parse's own error is the one to report (outside a transaction, where it is answered).
     */
    private final int[] parsedBy;

    PipelineExecution(
            SessionChannel channel,
            StatementPreparer preparer,
            DeferredBegin begin,
            List<String> sqls,
            List<Object[]> values) {
        super(String.join(";\n", sqls), "pipeline", true);
        this.channel = channel;
        this.preparer = preparer;
        this.begin = begin;
        this.sqls = sqls;
        this.values = values;
        this.size = sqls.size();
        this.results = new LazyResult[size];
        this.failures = new PgException[size];
        this.skipped = new boolean[size];
        this.writeEnds = new int[size];
        this.byteEnds = new int[size];
        this.parsedBy = new int[size];
        java.util.Arrays.fill(parsedBy, -1);
    }

    @Nullable
    LazyResult result(int i) {
        return results[i];
    }

    /** The statement's server error (or the transaction's, for one skipped after it); null when it succeeded. */
    @Nullable
    PgException failure(int i) {
        return failures[i];
    }

    /** Whether the statement was not run because one before it failed inside the transaction. */
    boolean skipped(int i) {
        return skipped[i];
    }

    /** The first statement not sent because the thread was interrupted before its write, or -1. */
    int notSentFrom() {
        return notSentFrom;
    }

    /** The first statement that failed, or -1. */
    int failedAt() {
        return failedAt;
    }

    /** Whether the pipeline ran inside a transaction block (the statements shared it). */
    boolean inTransaction() {
        return inTransaction;
    }

    /** The statement whose answer was being read when the exchange ended by a failure of the connection; -1 before any. */
    int readingIndex() {
        return readingIndex;
    }

    @Override
    protected void perform() throws IOException {
        inTransaction = begin.pending() || channel.messages().transactionStatus() != 'I';
        for (int i = 0; i < size; i++) {
            refuseCopy(i);
        }
        prepareWhereTypesAreNeeded();
        if (failedAt >= 0 && inTransaction) {
            skipAllFrom(0);
            return;
        }
        WriteBuffer out = channel.writeBuffer();
        out.reset();
        String beginSql = begin.sql();
        if (beginSql != null) {
            BeginCommand.write(out, beginSql); // same Sync as the first statement: if BEGIN fails, the server skips it
        }
        PipelineAnswer[] answers = new PipelineAnswer[size];
        try {
            write(answers);
        } catch (RuntimeException e) {
            out.reset(); // nothing was sent; a deferred BEGIN stays deferred
            throw e;
        }
        try {
            sendAndRead(answers);
        } finally {
            out.reset();
        }
    }

    /** COPY FROM STDIN would leave the server in copy-in mode while the next statements' messages arrive. */
    private void refuseCopy(int i) {
        String sql = sqls.get(i);
        if (SqlLexer.keywordEnd(sql, SqlLexer.skipSpaceAndComments(sql, 0), "copy") > 0) {
            throw new PgUsageException("Statement " + i + " of the pipeline is a COPY (" + SqlText.abbreviate(sql)
                    + "), which cannot run in a pipeline. Run it with copyIn/copyOut. Nothing was sent.");
        }
    }

    /**
     * Prepares, with a round trip each, the statements whose values need the server's parameter
     * types (a JSON value for a parameter the server infers as json): the only ones that cannot be
     * bound before their description arrives.
     */
    private void prepareWhereTypesAreNeeded() throws IOException {
        for (int i = 0; i < size; i++) {
            Object[] v = values.get(i);
            if (!needsServerTypes(v) || preparer.cached(sqls.get(i), v) != null) {
                continue;
            }
            try {
                preparer.prepare(sqls.get(i), v);
            } catch (PgServerException e) {
                fail(i, e);
                if (inTransaction) {
                    return; // Parse failed inside the transaction block: it is aborted
                }
            }
        }
    }

    private static boolean needsServerTypes(Object[] values) {
        for (Object v : values) {
            if (ParameterEncoder.needsServerType(v)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Encodes every statement (see the class comment) and decides where each write ends: before a
     * statement once the write holds {@value #MAX_BYTES_PER_WRITE} bytes or {@value
     * #MAX_STATEMENTS_PER_WRITE} statements, and before a statement whose values alone are that
     * large, which then goes in a write of its own. Inside a transaction the last statement of each
     * write carries the write's one Sync.
     */
    private void write(PipelineAnswer[] answers) {
        WriteBuffer out = channel.writeBuffer();
        Map<String, PreparedStatement> parsedHere = new HashMap<>();
        Map<String, Integer> parsedAt = new HashMap<>();
        int writeStart = 0;
        int inWrite = 0;
        int lastWritten = -1;
        for (int i = 0; i < size; i++) {
            if (failures[i] != null) {
                continue; // its own preparation failed: not sent
            }
            String sql = sqls.get(i);
            Object[] v = values.get(i);
            if (inWrite > 0
                    && (out.position() - writeStart >= MAX_BYTES_PER_WRITE
                            || inWrite >= MAX_STATEMENTS_PER_WRITE
                            || estimatedSize(v) >= MAX_BYTES_PER_WRITE)) {
                endWrite(answers[lastWritten], i);
                writeStart = out.position();
                inWrite = 0;
            }
            PreparedStatement statement = parsedHere.get(sql);
            boolean describes = false;
            if (statement != null && statement.accepts(v)) {
                parsedBy[i] = parsedAt.getOrDefault(sql, -1);
            } else {
                statement = preparer.cached(sql, v);
                if (statement == null) {
                    statement = preparer.parseForPipeline(sql, v);
                    describes = !statement.describedPerExecution;
                    if (describes) {
                        parsedHere.put(sql, statement);
                        parsedAt.put(sql, i);
                    }
                }
            }
            try {
                Binds.writeBindAndDescribe(channel, statement, v);
            } catch (PgUsageException e) {
                throw new PgUsageException(
                        "Statement " + i + " of the pipeline (" + SqlText.abbreviate(sql) + "): " + e.getMessage()
                                + " Nothing was sent.",
                        e);
            }
            FrontendMessages.execute(out, 0);
            if (!inTransaction) {
                FrontendMessages.sync(out);
            }
            answers[i] = new PipelineAnswer(i, statement, describes, !inTransaction, preparer);
            inWrite++;
            lastWritten = i;
        }
        if (inWrite > 0) {
            endWrite(answers[lastWritten], size);
        }
    }

    /** The write ends after {@code last}, before statement {@code next}; inside a transaction, with the write's Sync. */
    private void endWrite(PipelineAnswer last, int next) {
        if (inTransaction) {
            FrontendMessages.sync(channel.writeBuffer());
            last.endUnit();
        }
        writeEnds[writes] = next;
        byteEnds[writes] = channel.writeBuffer().position();
        writes++;
    }

    /** A rough upper bound of the bytes the values take in Bind: enough to send a large statement alone. */
    private static long estimatedSize(Object[] values) {
        long bytes = 0;
        for (Object v : values) {
            if (v instanceof byte[] b) {
                bytes += b.length;
            } else if (v instanceof CharSequence c) {
                bytes += 3L * c.length(); // UTF-8 takes at most 3 bytes per char
            } else if (v instanceof java.util.Collection<?> c) {
                bytes += 16L * c.size();
            } else if (v instanceof Object[] a) {
                bytes += 16L * a.length;
            } else {
                bytes += 16;
            }
        }
        return bytes;
    }

    /** Sends the writes one by one, reading every answer to one before sending the next. */
    private void sendAndRead(PipelineAnswer[] answers) throws IOException {
        int from = 0;
        int sent = 0;
        for (int w = 0; w < writes; w++) {
            if (inTransaction && failedAt >= 0) {
                skipAllFrom(from);
                return;
            }
            if (w > 0 && Thread.currentThread().isInterrupted()) {
                notSentFrom = from; // what was sent is answered and read; nothing more goes
                return;
            }
            int to = writeEnds[w];
            boolean first = true;
            for (int i = from; i < to; i++) {
                PipelineAnswer answer = answers[i];
                if (answer != null) {
                    if (first && begin.pending()) {
                        channel.enqueue(begin.command(), 0);
                    }
                    channel.enqueue(answer, answer.endsUnit() ? 1 : 0);
                    first = false;
                }
            }
            channel.reader().retainViews(true);
            channel.sendSlice(sent, byteEnds[w]);
            if (begin.pending()) {
                begin.sentWithStatement();
            }
            sent = byteEnds[w];
            for (int i = from; i < to; i++) {
                read(answers[i]);
            }
            from = to;
        }
    }

    private void read(@Nullable PipelineAnswer answer) throws IOException {
        if (answer == null) {
            return; // not sent: its preparation failed
        }
        int i = answer.index;
        if (!channel.inFlight().contains(answer)) {
            skipped[i] = true; // the server skipped it: a statement before it in its unit failed
            return;
        }
        readingIndex = i;
        try {
            channel.await(answer);
            if (channel.inFlight().head() == answer) {
                channel.inFlight().removeHead(); // it paused at its end, sharing the Sync after it
            }
            results[i] = answer.result();
            rows += answer.rowCount();
        } catch (PgServerException e) {
            int parser = parsedBy[i];
            PgException parseFailure = parser >= 0 ? failures[parser] : null;
            if (parseFailure != null && "26000".equals(e.sqlState())) {
                fail(i, parseFailure); // its statement never existed: the Parse's error is its own
            } else {
                fail(i, PoolerErrors.explain(e));
            }
        }
    }

    private void fail(int i, PgException e) {
        failures[i] = e;
        if (failedAt < 0) {
            failedAt = i;
        }
    }

    private void skipAllFrom(int from) {
        for (int i = from; i < size; i++) {
            if (failures[i] == null && results[i] == null) {
                skipped[i] = true;
            }
        }
    }

    @Override
    protected long observedRows(@Nullable Throwable failure) {
        return rows;
    }
}
