package io.lazypg.client.internal.channel;

import io.lazypg.client.PgServerException;

/**
 * Recognizes the server errors that mean a transaction-mode connection pooler (PgBouncer with
 * {@code pool_mode=transaction} before 1.21 or without {@code max_prepared_statements}, and
 * poolers like it) sits between this client and PostgreSQL, and says what to do about them.
 *
 * <p>Such a pooler hands each transaction (each Sync, outside a transaction block) to whichever
 * server connection is free. A statement lazypg prepared on one server connection is then unknown
 * on the next ({@code prepared statement "lazypg_..." does not exist}, SQLSTATE 26000), an unnamed
 * statement parsed in one transaction is gone in the next ({@code unnamed prepared statement does
 * not exist}), and a name can meet a statement another session left behind ({@code prepared
 * statement "lazypg_..." already exists}, 42P05). Only statements lazypg made are recognized: a
 * user's own {@code EXECUTE foo} failing keeps the server's message as it is.
 *
 * <p>The explained error keeps the server's fields (SQLSTATE included). The statement did not run,
 * and the connection stays usable: these are ordinary server errors, answered up to ReadyForQuery.
 *
 * <p>Stateless; thread-safe.
 */
public final class PoolerErrors {

    static final String REMEDY = "A connection pooler in transaction mode (PgBouncer pool_mode=transaction, or"
            + " one like it) probably sits between lazypg and PostgreSQL and ran this statement on another"
            + " server connection than the one that prepared it. Set statement_cache_size=0 in the connection URL"
            + " (pgjdbc-style URLs: prepareThreshold=0; Spring Boot: lazypg.statement-cache-size=0), which sends"
            + " each statement as one unit a pooler cannot split, or on PgBouncer 1.21+ set max_prepared_statements"
            + " in pgbouncer.ini. The statement did not run (a transaction block it was in is aborted); the"
            + " connection is still usable";

    private PoolerErrors() {}

    /** {@code error} with the remedy in front when it is one of the pooler's errors, else {@code error} itself. */
    public static PgServerException explain(PgServerException error) {
        return causedByPooler(error) ? new PgServerException(REMEDY, error.fields()) : error;
    }

    /**
     * 26000 or 42P05 about a statement lazypg named ({@code "lazypg_...}, matched in any message
     * language), or 26000 about the unnamed statement (English server messages only: the unnamed
     * statement has no name to match).
     */
    static boolean causedByPooler(PgServerException error) {
        String message = error.serverMessage();
        String state = error.sqlState();
        if (message == null || !("26000".equals(state) || "42P05".equals(state))) {
            return false;
        }
        return message.contains("\"lazypg_")
                || ("26000".equals(state) && message.equals("unnamed prepared statement does not exist"));
    }
}
