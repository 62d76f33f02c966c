package io.lazypg.jdbc;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.PgException;
import io.lazypg.client.PgServerException;

/**
 * pgjdbc's {@code autosave} and {@code cleanupSavepoints} for the statements a connection runs in
 * a transaction. {@code always}: a savepoint set before each ({@link #SET}, with the transaction's
 * BEGIN in one round trip when the statement begins it), rolled back to when the statement fails
 * so that the transaction goes on. {@code conservative}: a savepoint before each query (executeQuery:
 * a statement whose cached plan can change its result type, as pgjdbc sets one only before
 * statements with result columns), rolled back to only when the query failed because its cached
 * plan went stale, and the query then run once more (the client dropped the stale statement, so
 * the rerun prepares it afresh); any other failure aborts the transaction, as without autosave.
 * With {@code cleanupSavepoints} and {@code always} the savepoint is released after a statement
 * that succeeded. The savepoint has pgjdbc's name, so SQL written
 * around pgjdbc's behaviour (a {@code ROLLBACK TO SAVEPOINT PGJDBC_AUTOSAVE}) works too.
 *
 * <p>Unlike pgjdbc, which writes the SAVEPOINT ahead of the statement in the same write, lazypg
 * sends it on a round trip of its own (except with the BEGIN): the client queues only a BEGIN
 * ahead of a statement. Immutable and thread-safe; the connection using it is not.
 */
final class AutoSavepoints {

    static final String SET = "SAVEPOINT PGJDBC_AUTOSAVE";
    private static final String ROLLBACK_TO = "ROLLBACK TO SAVEPOINT PGJDBC_AUTOSAVE";
    private static final String RELEASE = "RELEASE SAVEPOINT PGJDBC_AUTOSAVE";

    private final DriverProperties.AutoSave mode;
    private final boolean cleanup;

    AutoSavepoints(DriverProperties.AutoSave mode, boolean cleanup) {
        this.mode = mode;
        this.cleanup = cleanup;
    }

    /** Whether every statement in a transaction gets a savepoint ({@code always}). */
    boolean always() {
        return mode == DriverProperties.AutoSave.ALWAYS;
    }

    /** Whether a statement in a transaction gets a savepoint: {@code query} when it is run for rows (executeQuery). */
    boolean wanted(boolean query) {
        return mode == DriverProperties.AutoSave.ALWAYS || (mode == DriverProperties.AutoSave.CONSERVATIVE && query);
    }

    /** Sets the savepoint before a statement (the session is in a transaction that has begun). */
    void set(LazyPgSession s) {
        s.executeScript(SET);
    }

    /**
     * After a statement with a savepoint failed with {@code e}: rolls back to the savepoint when
     * the mode says so, leaving the transaction usable. Returns whether the statement should run
     * once more (conservative, stale plan); a failure of the rollback itself is added to {@code e}.
     */
    boolean recover(LazyPgSession s, PgException e) {
        boolean stale = isStalePlan(e);
        if (s.isBroken() || !s.inTransaction() || (mode != DriverProperties.AutoSave.ALWAYS && !stale)) {
            return false;
        }
        try {
            s.executeScript(ROLLBACK_TO);
        } catch (PgException rollback) {
            e.addSuppressed(rollback);
            return false;
        }
        return stale;
    }

    /**
     * After a statement with a savepoint succeeded: releases it with {@code cleanupSavepoints} in
     * {@code always} mode (pgjdbc releases none in conservative mode).
     */
    void succeeded(LazyPgSession s) {
        if (cleanup && always() && s.inTransaction()) {
            s.executeScript(RELEASE);
        }
    }

    /**
     * Whether the server refused a prepared statement because its cached plan no longer fits
     * (SQLSTATE 0A000 from the plan cache), or found no prepared statement of that name (26000,
     * as behind a pooler that moved the session): pgjdbc's errors that a rerun heals.
     */
    static boolean isStalePlan(PgException e) {
        if (!(e instanceof PgServerException server)) {
            return false;
        }
        if ("26000".equals(server.sqlState())) {
            return true;
        }
        if (!"0A000".equals(server.sqlState())) {
            return false;
        }
        String routine = server.fields().all().get('R');
        return routine != null
                ? routine.equals("RevalidateCachedQuery") || routine.equals("RevalidateCachedPlan")
                : server.serverMessage() != null && server.serverMessage().startsWith("cached plan must not change");
    }
}
