package io.lazypg.client.internal.command;

import io.lazypg.client.sql.SqlLexer;
import org.jspecify.annotations.Nullable;

/**
 * Whether a statement of a pipeline outside a transaction, refused with a stale plan ({@link
 * StalePlans}), may be run again after the pipeline's answers were read. The rerun comes after the
 * statements queued behind it, which ran in the first pass, each in its own implicit transaction;
 * it is done only where running it there instead of in its place cannot change a result that
 * lazypg can see:
 * <ul>
 *   <li>a statement that only reads (its SQL begins with SELECT, VALUES or TABLE, after spaces,
 *       comments and opening parentheses) commutes with every later statement that changed
 *       nothing: one that completed with a {@code SELECT n} tag, one that failed (rolled back), one
 *       not sent, and one rerun too (it runs after this one, in order). A later statement with any
 *       other tag (INSERT, UPDATE, SET, DDL, ...) may have changed what it reads or how its SQL
 *       resolves: no rerun.</li>
 *   <li>any other statement (INSERT ... RETURNING, WITH, ...) may write, so every later statement
 *       that ran would have run after that write: it is rerun only when none ran (each one after it
 *       is rerun too, or was not sent).</li>
 * </ul>
 * A write behind a {@code SELECT n} tag (a function that writes, called from a SELECT; SELECT
 * INTO) is not seen, as for the COMMITs lazypg does not wait for. Stateless.
 */
final class StaleReruns {

    /** What a statement of the pipeline's first pass left behind, for the stale statements before it. */
    enum Effect {
        /** Not sent (its own preparation failed, or the thread was interrupted). */
        NOT_SENT,
        /** Refused with a stale plan and to be run again, after the ones before it. */
        RERUN,
        /** Failed on the server: its implicit transaction was rolled back. */
        FAILED,
        /** Completed with a {@code SELECT n} tag. */
        READ,
        /** Completed with any other tag: may have changed data or the session. */
        CHANGED
    }

    private static final String[] READING = {"select", "values", "table"};

    private StaleReruns() {}

    /** The effect of a statement that completed with {@code tag}. */
    static Effect completed(String tag) {
        return tag.startsWith("SELECT ") ? Effect.READ : Effect.CHANGED;
    }

    /** Whether {@code sql} only reads, as far as its first keyword says (see the class comment). */
    static boolean onlyReads(String sql) {
        int i = SqlLexer.skipSpaceAndComments(sql, 0);
        while (i < sql.length() && sql.charAt(i) == '(') {
            i = SqlLexer.skipSpaceAndComments(sql, i + 1);
        }
        for (String keyword : READING) {
            if (SqlLexer.keywordEnd(sql, i, keyword) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Why statement {@code i} (its SQL {@code sql}) is not rerun, given what every statement of the
     * pipeline left behind; null when it is rerun.
     */
    static @Nullable String whyNot(int i, String sql, Effect[] effects) {
        boolean reads = onlyReads(sql);
        for (int j = i + 1; j < effects.length; j++) {
            Effect e = effects[j];
            if (e == Effect.CHANGED) {
                return "statement " + j + ", queued after it, had already run and may have changed data or"
                        + " session state it would see";
            }
            if (!reads && (e == Effect.READ || e == Effect.FAILED)) {
                return "it may write, and statement " + j + ", queued after it, had already run without that write";
            }
        }
        return null;
    }
}
