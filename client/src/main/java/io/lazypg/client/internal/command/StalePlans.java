package io.lazypg.client.internal.command;

import io.lazypg.client.PgServerException;

/**
 * Cached statements whose plan no longer fits: after DDL ({@code ALTER TABLE ... ADD COLUMN},
 * {@code ALTER COLUMN ... TYPE}) or a new {@code search_path}, PostgreSQL re-plans a prepared
 * statement on its next Bind and refuses it when its result columns changed, with SQLSTATE 0A000
 * "cached plan must not change result type". Every pooled connection that cached the statement
 * fails that way once. What lazypg does about it, decided here:
 * <ul>
 *   <li><b>Auto-commit:</b> the statement is dropped from the cache (Close), prepared anew and run
 *       once more, as pgjdbc does: parsed in the same message batch as its Bind and Execute
 *       ({@link StatementPreparer#rerun}), so no further DDL can slip in between and make the rerun
 *       stale too. That is safe because of where the error comes: at Bind, before
 *       any row, in the statement's own implicit transaction, which the server rolled back; so
 *       nothing of the failed run reached the caller or the database. {@link #rerunnable} checks
 *       exactly that.</li>
 *   <li><b>Inside a transaction block</b> the server has aborted the transaction, so a rerun could
 *       only fail again: the error says so and what to do ({@link #explained}), and the stale
 *       statement is dropped all the same, so the next transaction prepares it afresh.</li>
 *   <li><b>A thread's pipeline</b> ({@link PipelineExecution}) cannot rerun a statement in its place:
 *       the statements queued behind it were sent in the same write and have run by the time its
 *       error is read. <i>Outside a transaction</i> each statement is its own implicit transaction
 *       (its own Sync), so one refused this way (at Bind, before any row, the session idle again)
 *       left nothing behind, and once every answer of the pipeline is read the stale statements are
 *       run again together, each prepared afresh as the unnamed statement in the same message batch
 *       as its Bind and Execute, with its own Sync, in pipeline order, in one more write (one more
 *       round trip, only then). Their results go to their own handles as if the first run had not
 *       failed. A rerun comes after the statements queued behind it, so it is done only where that
 *       order cannot change a result ({@link StaleReruns}): a statement that only reads (SQL
 *       beginning with SELECT, VALUES or TABLE) is rerun unless a statement after it completed with
 *       a tag other than {@code SELECT n} (a write, a SET, ...), and any other statement only when
 *       nothing after it ran (each one after it is rerun too, or was not sent). The others fail
 *       with their error explained ({@link #notRerunInPipeline}: it did not run, run it again). A
 *       write a {@code SELECT n} tag hides (a function that writes, called from a SELECT) is not
 *       seen. No rerun is sent once the thread was interrupted. <i>Inside a transaction block</i>
 *       the statement's failure is {@link #explained} (the transaction is aborted: roll back and
 *       retry), and the statements after it are skipped, as for any failure. Either way the stale
 *       statement is marked ({@link StatementPreparer#markIfStale}) or dropped, so the next
 *       pipeline parses it afresh in its own write.</li>
 *   <li><b>DDL the session runs itself</b> (CommandComplete {@code ALTER ...}, {@code CREATE ...},
 *       {@code DROP ...}) and a {@code search_path} the server reports changed (ParameterStatus,
 *       PostgreSQL 18 and later) close every cached statement of that connection before its next
 *       statement, so the session never trips over its own change, not even in a transaction
 *       ({@link StatementCache#closeAllOnNextUse}). Servers before 18 do not report search_path; a
 *       {@code SET search_path} there is covered by the rerun in auto-commit and by the error in a
 *       transaction. Other connections' DDL cannot be seen; the rerun covers it.</li>
 * </ul>
 * A statement is recognized by SQLSTATE 0A000 raised from the server's plan cache (routine
 * {@code RevalidateCachedQuery}, {@code RevalidateCachedPlan} before 9.2, as pgjdbc checks), or,
 * from a server that sends no routine, by the English message; any other 0A000 (a feature the
 * server does not support) is an ordinary error and is never rerun.
 */
public final class StalePlans {

    private StalePlans() {}

    /** Whether the server refused to run a prepared statement because its cached plan no longer fits. */
    static boolean isStalePlan(PgServerException e) {
        if (!"0A000".equals(e.sqlState())) {
            return false;
        }
        String routine = e.fields().all().get('R');
        if (routine != null) {
            return routine.equals("RevalidateCachedQuery") || routine.equals("RevalidateCachedPlan");
        }
        String message = e.serverMessage();
        return message != null && message.startsWith("cached plan must not change result type");
    }

    /**
     * Whether the statement that failed with {@code e} may be prepared anew and run again: a stale
     * plan of a cached statement, in its own implicit transaction ({@code ownTransaction}: no
     * transaction block was open or begun with it, and the server is idle again), with no row
     * handed to the caller.
     */
    public static boolean rerunnable(
            PgServerException e, PreparedStatement statement, long rowsDelivered, boolean ownTransaction) {
        return ownTransaction
                && rowsDelivered == 0
                && statement != null
                && !statement.describedPerExecution
                && isStalePlan(e);
    }

    /** {@code e} with what happened and what to do, when it is a stale plan lazypg could not rerun; else {@code e}. */
    static PgServerException explained(PgServerException e) {
        if (!isStalePlan(e)) {
            return e;
        }
        return new PgServerException(
                "A cached prepared statement could not run because its result columns changed since this"
                        + " connection prepared it (DDL such as ALTER TABLE on a table it reads, or a new"
                        + " search_path). lazypg prepares it again and reruns it by itself only in auto-commit;"
                        + " inside a transaction block the server has aborted the transaction, so roll it back"
                        + " and run the transaction again. The statement was dropped from this connection's"
                        + " cache, so the next run prepares it afresh",
                e.fields());
    }

    /**
     * {@code e}, the stale plan of a pipeline statement outside a transaction that is not run again
     * ({@link StaleReruns} says {@code why}), with what happened and what to do.
     */
    static PgServerException notRerunInPipeline(PgServerException e, String why) {
        return new PgServerException(
                "A cached prepared statement could not run because its result columns changed since this"
                        + " connection prepared it (DDL such as ALTER TABLE on a table it reads, or a new"
                        + " search_path); it did not run. lazypg runs such a statement of a pipeline again"
                        + " after the pipeline's other answers, but not this one: " + why
                        + ". The statement was dropped from this connection's cache: run it again, and it is"
                        + " prepared afresh",
                e.fields());
    }
}
