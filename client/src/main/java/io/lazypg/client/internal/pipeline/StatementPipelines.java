package io.lazypg.client.internal.pipeline;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyResult;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.sql.SqlLexer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.jspecify.annotations.Nullable;

/**
 * Pipelining ({@code pipelining_limit} above 1): the one-statement calls of a client
 * ({@code LazyPgClient.query/execute}) share pooled connections when every connection is busy,
 * up to {@code pipelining_limit} statements in flight on each.
 *
 * <p>A statement runs, in this order of preference:
 * <ol>
 *   <li>on an idle pooled connection, or one the pool may still open: alone, but other threads
 *       may pipeline behind it ({@link SharedConnection}) while it runs;</li>
 *   <li>when every connection is busy, pipelined on the shared connection with the fewest
 *       statements in flight, if that is under the limit;</li>
 *   <li>else on a connection it waits for like any borrower, which others may then join.</li>
 * </ol>
 * A statement not yet prepared on the connection it got runs alone there (its Parse/Describe
 * round trip is its own), which prepares it for the next time. A shared connection goes back to
 * the pool when its last statement has been answered; it takes no new statements once it has been
 * shared for a second or its host retired it, so under steady load it still drains back and the
 * pool can retire or replace it. Joining stops while a thread that is not
 * ours waits for the pool (a transaction, a cursor, a script), so the shared connections drain
 * and the waiter is served in its turn.
 *
 * <p>Only statements that keep no session state and cannot open a transaction are pipelined:
 * those starting with SELECT, INSERT, UPDATE, DELETE, MERGE, WITH, VALUES or TABLE ({@link
 * #pipelinable}), already prepared on the connection, with no query timeout configured (a cancel
 * request cancels whatever the backend is running at that moment, which in a pipeline may be a
 * neighbour). Everything else, and a statement not yet prepared on the connection it would
 * join, runs on a connection of its own as without pipelining.
 *
 * <p>Thread-safe.
 */
public final class StatementPipelines {

    private static final Object[] NO_VALUES = new Object[0];
    /**
     * How long a connection stays open to joiners once shared. Under steady load a shared
     * connection might otherwise never drain back to the pool, which retires connections past
     * their lifetime (or on a host that lost its role) and reports leaks only when it gets them back.
     */
    static final long MAX_SHARE_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final String[] PIPELINABLE = {
        "select", "insert", "update", "delete", "merge", "with", "values", "table"
    };

    /** Where connections come from and go back to: the client's pool, with its borrowing rules. */
    public interface ConnectionSource {
        /**
         * A connection when one is idle or the pool may open one (waiting for that opening);
         * null at once when every connection the pool may have is handed out.
         */
        @Nullable
        PgConnection acquireUnlessAllBusy();

        /** A connection, waiting for one as a borrower does. */
        PgConnection acquire();

        /** How many threads are waiting for a connection. */
        int waiters();

        /** Gives a connection back, as closing a session does. */
        void release(PgConnection connection);
    }

    private final ConnectionSource source;
    private final int limit;
    /** The connections statements may join, one slot per connection the pool may open. */
    private final AtomicReferenceArray<SharedConnection> shared;

    private final LongAdder pipelined = new LongAdder();
    /** Threads of ours waiting for the pool; only waiters beyond them stop joins. */
    private final AtomicInteger ownWaiting = new AtomicInteger();

    /** Pipelines for {@code config}; call only when {@link #enabled} says so. */
    public StatementPipelines(LazyPgConfig config, ConnectionSource source) {
        this.source = source;
        this.limit = config.pipeliningLimit();
        this.shared = new AtomicReferenceArray<>(config.pool().maxSize());
    }

    /**
     * Whether {@code config} turns pipelining on: a limit above 1, no query timeout, and a statement
     * cache (only prepared statements are pipelined).
     */
    public static boolean enabled(LazyPgConfig config) {
        return config.pipeliningLimit() > 1 && config.queryTimeout().isZero() && config.statementCacheSize() > 0;
    }

    /** How many statements were sent while another statement's answer was still owed on their connection. */
    public long pipelinedCount() {
        return pipelined.sum();
    }

    /** Runs a query and buffers its rows, pipelined when it may be (see the class comment). */
    public LazyResult query(String sql, Object... params) {
        LazyResult result = tryQuery(sql, params);
        return result != null ? result : (LazyResult) alone(source.acquire(), sql, values(params), true);
    }

    /** Runs a statement and returns the row count of its command tag, pipelined when it may be. */
    public long execute(String sql, Object... params) {
        Long count = tryExecute(sql, params);
        return count != null ? count : (Long) alone(source.acquire(), sql, values(params), false);
    }

    /**
     * {@link #query} for a {@link #pipelinable} statement; null, having done nothing, for any
     * other (which its caller runs where session state belongs, as a statement session does).
     */
    public @Nullable LazyResult tryQuery(String sql, Object... params) {
        return pipelinable(sql) ? (LazyResult) run("query", sql, values(params), true) : null;
    }

    /** {@link #execute} for a {@link #pipelinable} statement; null, having done nothing, for any other. */
    public @Nullable Long tryExecute(String sql, Object... params) {
        return pipelinable(sql) ? (Long) run("execute", sql, values(params), false) : null;
    }

    private static Object[] values(Object[] params) {
        return params == null ? NO_VALUES : params;
    }

    /** Runs a pipelinable statement: on a connection of its own, or sharing one (see the class comment). */
    private Object run(String operation, String sql, Object[] values, boolean buffered) {
        PgConnection own = source.acquireUnlessAllBusy();
        if (own == null) {
            SharedConnection joined = join();
            if (joined != null) {
                Object answer = runOn(joined, operation, sql, values, buffered);
                if (answer != SharedConnection.NOT_SENT) {
                    return answer;
                }
            }
            own = acquireWaiting();
        }
        if (own.pipelinable(sql, values) == null) {
            // Not prepared here yet: prepared by running it alone (its round trip is its own), and
            // ready for pipelining the next time the connection is shared.
            return alone(own, sql, values, buffered);
        }
        Object answer = runOn(share(own), operation, sql, values, buffered);
        if (answer != SharedConnection.NOT_SENT) {
            return answer;
        }
        return alone(source.acquire(), sql, values, buffered); // it broke under us before we could send
    }

    /** Waits for the pool as any borrower, counted so that our own waiting does not stop joins. */
    private PgConnection acquireWaiting() {
        ownWaiting.incrementAndGet();
        try {
            return source.acquire();
        } finally {
            ownWaiting.decrementAndGet();
        }
    }

    private Object runOn(SharedConnection connection, String operation, String sql, Object[] values, boolean buffered) {
        try {
            return connection.run(operation, sql, values, buffered);
        } finally {
            leave(connection);
        }
    }

    private Object alone(PgConnection connection, String sql, Object[] values, boolean buffered) {
        try {
            return buffered ? connection.query(sql, values) : (Object) connection.execute(sql, values);
        } finally {
            source.release(connection);
        }
    }

    /** Makes a connection of our own joinable; we are its first statement. */
    private SharedConnection share(PgConnection connection) {
        for (int i = 0; i < shared.length(); i++) {
            if (shared.get(i) == null) {
                SharedConnection s = new SharedConnection(connection, i, pipelined);
                if (shared.compareAndSet(i, null, s)) {
                    return s;
                }
            }
        }
        // Unreachable while the pool hands out at most maxSize connections: shared alone, never joined.
        return new SharedConnection(connection, -1, pipelined);
    }

    /**
     * The shared connection with the fewest statements in flight, below the limit, now counting
     * one more; null when there is none, or when a thread that is not ours waits for the pool.
     * Lock-free: a lock here would be taken twice per statement by every thread.
     */
    private @Nullable SharedConnection join() {
        if (source.waiters() > ownWaiting.get()) {
            return null; // someone needs a connection to itself: let the shared ones drain to it
        }
        long now = System.nanoTime();
        while (true) {
            SharedConnection best = null;
            int fewest = limit;
            for (int i = 0; i < shared.length(); i++) {
                SharedConnection s = shared.get(i);
                int n = s == null ? 0 : s.inFlight.get();
                if (n > 0 && n < fewest && now - s.sharedSince < MAX_SHARE_NANOS && !s.connection.isRetired()) {
                    best = s;
                    fewest = n;
                }
            }
            if (best == null) {
                return null;
            }
            if (best.inFlight.compareAndSet(fewest, fewest + 1)) {
                return best;
            }
            // it changed under us (joined, or drained and about to go back): look again
        }
    }

    /** The last statement to leave gives the connection back. */
    private void leave(SharedConnection s) {
        if (s.inFlight.decrementAndGet() == 0) {
            if (s.slot >= 0) {
                shared.compareAndSet(s.slot, s, null);
            }
            source.release(s.connection);
        }
    }

    /**
     * Whether {@code sql} starts (after spaces and comments) with a keyword of a statement that
     * keeps no session state and cannot start or end a transaction.
     */
    static boolean pipelinable(String sql) {
        int i = SqlLexer.skipSpaceAndComments(sql, 0);
        while (i < sql.length() && sql.charAt(i) == '(') {
            i = SqlLexer.skipSpaceAndComments(sql, i + 1);
        }
        for (String keyword : PIPELINABLE) {
            if (SqlLexer.keywordEnd(sql, i, keyword) > 0) {
                return true; // a literal or a quoted name first matches no keyword: not one of ours
            }
        }
        return false;
    }
}
