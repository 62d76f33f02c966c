package io.lazypg.client.internal.command;

import io.lazypg.client.LazyResult;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgPipelineException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.internal.channel.SessionChannel;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What became of each statement of one thread's pipeline once it ran ({@link PipelineExecution}):
 * its result, or the failure to report for it, with messages that name the statement and say what
 * happened to the others. A server error is a {@link PgPipelineException}; a connection lost or a
 * query timeout that gave up while the answers were read fails the statement being read and every
 * one after it with that failure (they may or may not have run), and the statements answered
 * before keep their results.
 *
 * <p>Immutable once built; made and read by the thread that ran the pipeline.
 */
public final class PipelineOutcome {

    private final List<String> sqls;
    private final @Nullable LazyResult[] results;
    private final @Nullable PgException[] failures;
    private final @Nullable PgException first;

    private PipelineOutcome(
            List<String> sqls,
            @Nullable LazyResult[] results,
            @Nullable PgException[] failures,
            @Nullable PgException primary) {
        this.sqls = sqls;
        this.results = results;
        this.failures = failures;
        PgException f = primary;
        for (int i = 0; f == null && i < failures.length; i++) {
            f = failures[i];
        }
        this.first = f;
    }

    /** Runs the pipeline on the session; a usage error (nothing sent) is thrown as it is. */
    public static PipelineOutcome run(
            SessionChannel channel,
            StatementPreparer preparer,
            ExchangeBracket bracket,
            DeferredBegin begin,
            List<String> sqls,
            List<Object[]> values) {
        int n = sqls.size();
        LazyResult[] results = new LazyResult[n];
        PgException[] failures = new PgException[n];
        if (n == 0) {
            return new PipelineOutcome(sqls, results, failures, null);
        }
        PipelineExecution execution = new PipelineExecution(channel, preparer, begin, sqls, values);
        RuntimeException lost = null;
        try {
            bracket.run(execution);
        } catch (PgConnectionClosedException | PgTimeoutException e) {
            if (execution.readingIndex() < 0) {
                throw e; // nothing was sent for it: fails as any statement does
            }
            lost = e;
        }
        for (int i = 0; i < n; i++) {
            results[i] = execution.result(i);
        }
        if (lost != null) {
            // the lost connection is what the call reports, even after a server error before it
            return new PipelineOutcome(sqls, results, failures, lostFrom(execution, sqls, results, failures, lost));
        }
        serverErrors(execution, sqls, failures);
        int k = execution.notSentFrom();
        if (k >= 0) {
            PgException interrupted = new PgException(
                    "Pipeline statements " + k + ".." + (n - 1) + " of " + n
                            + " (counted from 0) were not sent: the thread was interrupted while the pipeline ran, and its"
                            + " interrupt is still set. The statements before them ran"
                            + (execution.inTransaction()
                                    ? " inside the transaction, which is still open: roll it back or finish the work."
                                    : ", each in its own implicit transaction: their results are in their handles."),
                    new InterruptedException());
            for (int i = k; i < n; i++) {
                failures[i] = interrupted;
            }
        }
        return new PipelineOutcome(sqls, results, failures, null);
    }

    public int size() {
        return sqls.size();
    }

    /** The statement's result; null when it failed or was skipped. */
    public @Nullable LazyResult result(int i) {
        return results[i];
    }

    /** The failure to report for the statement; null when it succeeded. */
    public @Nullable PgException failure(int i) {
        return failures[i];
    }

    /** The failure the pipeline call throws (the first statement's that failed), or null when every one succeeded. */
    public @Nullable PgException failure() {
        return first;
    }

    private static void serverErrors(PipelineExecution execution, List<String> sqls, PgException[] failures) {
        int n = sqls.size();
        List<Integer> failed = new ArrayList<>();
        List<Integer> skipped = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (execution.failure(i) != null) {
                failed.add(i);
            } else if (execution.skipped(i)) {
                skipped.add(i);
            }
        }
        boolean inTransaction = execution.inTransaction();
        PgPipelineException firstFailure = null;
        for (int i : failed) {
            PgException e = execution.failure(i);
            PgPipelineException wrapped = e instanceof PgServerException se
                    ? new PgPipelineException(
                            "Pipeline statement " + i + " of " + n + " (counted from 0) failed ["
                                    + SqlText.abbreviate(sqls.get(i)) + "]; "
                                    + others(i, n, inTransaction, failed, skipped),
                            se.fields(),
                            i,
                            n,
                            sqls.get(i),
                            inTransaction,
                            failed,
                            inTransaction ? skipped : List.of())
                    : null;
            failures[i] = wrapped != null ? wrapped : e;
            if (wrapped != null && e != null) {
                wrapped.initCause(e);
            }
            if (firstFailure == null) {
                firstFailure = wrapped;
            }
        }
        for (int i : skipped) {
            failures[i] = firstFailure != null ? firstFailure : execution.failure(failed.get(0));
        }
    }

    /** What happened to the other statements, for the message of statement {@code i}'s failure. */
    private static String others(int i, int n, boolean inTransaction, List<Integer> failed, List<Integer> skipped) {
        if (n == 1) {
            return inTransaction ? "the transaction is aborted; roll it back" : "it was the only statement";
        }
        if (inTransaction) {
            String before = i == 0
                    ? "no statement ran before it"
                    : i == 1 ? "statement 0 ran before it" : "statements 0.." + (i - 1) + " ran before it";
            String after = skipped.isEmpty()
                    ? "none came after it"
                    : skipped.size() == 1
                            ? "statement " + skipped.get(0) + " was skipped"
                            : "statements " + range(skipped) + " were skipped";
            return "the transaction is aborted (" + before + ", " + after + "); roll it back";
        }
        StringBuilder s = new StringBuilder(
                "the other statements ran, each in its own implicit transaction, and their results are in their handles");
        if (failed.size() > 1) {
            s.append(" (statements ").append(failed).append(" failed, each with its own error)");
        }
        return s.toString();
    }

    private static String range(List<Integer> indexes) {
        int a = indexes.get(0);
        int b = indexes.get(indexes.size() - 1);
        return a == b ? String.valueOf(a) : a + ".." + b;
    }

    /**
     * The connection was lost (or a query timeout gave up on it) while statement {@code k}'s answer
     * was read: it and every later statement fail with that, saying that they may or may not have run.
     */
    private static PgException lostFrom(
            PipelineExecution execution,
            List<String> sqls,
            @Nullable LazyResult[] results,
            PgException[] failures,
            RuntimeException lost) {
        int n = sqls.size();
        int k = execution.readingIndex();
        String done = k == 0
                ? "No statement had been answered."
                : k == 1 && !execution.inTransaction()
                        ? "Statement 0 had been answered, in its own implicit transaction: its result is in its handle."
                        : execution.inTransaction()
                                ? "Statements 0.." + (k - 1)
                                        + " had been answered inside the transaction, which is lost with"
                                        + " the connection (rolled back)."
                                : "Statements 0.." + (k - 1)
                                        + " had been answered, each in its own implicit transaction: their results are in"
                                        + " their handles.";
        String message =
                "Pipeline statement " + k + " of " + n + " (counted from 0) [" + SqlText.abbreviate(sqls.get(k))
                        + "]: " + lost.getMessage() + " " + done + " Statement " + k
                        + (k < n - 1 ? " and the " + (n - 1 - k) + " after it" : "")
                        + " may or may not have run.";
        PgException reported = lost instanceof PgTimeoutException t
                ? new PgTimeoutException(t.kind(), message, lost)
                : new PgConnectionClosedException(message, lost);
        for (int i = k; i < n; i++) {
            results[i] = null;
            failures[i] = reported;
        }
        for (int i = 0; i < k; i++) {
            PgException e = execution.failure(i);
            if (e != null) {
                failures[i] = e; // a server error before the loss is still its own
            }
        }
        return reported;
    }
}
