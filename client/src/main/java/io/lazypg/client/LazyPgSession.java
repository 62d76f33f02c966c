package io.lazypg.client;

import io.lazypg.client.internal.session.DirectSession;
import org.jspecify.annotations.Nullable;

/**
 * A connection borrowed from the pool until {@link #close()} gives it back. Closing closes a cursor
 * left open and rolls back a transaction left open (logging a warning for each), and discards the
 * connection instead if it broke or cannot be brought back in step with the server.
 *
 * <p>Not thread-safe: one thread at a time. Close exactly once (try-with-resources).
 */
public interface LazyPgSession extends LazyPgQueries, AutoCloseable {

    /**
     * Closes the cursor ({@link #stream}) that was left open on this session, if any, so that it can
     * run other statements, COMMIT or ROLLBACK. Rows already read stay valid. A transaction manager
     * calls this before ending a transaction. Returns whether a cursor was open.
     */
    boolean closeOpenCursor();

    /**
     * Whether the session still answers: a round trip bounded by {@code timeout}. A session that
     * does not answer in time, or whose connection broke, is broken from then on.
     */
    boolean isValid(java.time.Duration timeout);

    /** Whether the connection broke (I/O failure, protocol error, abort) or was closed: it cannot run anything more. */
    boolean isBroken();

    /**
     * Asks the server, over a separate connection, to cancel what this session is running; does
     * nothing while it runs nothing. Safe to call from any thread; blocks until the server has taken
     * the request (at most about twice the connect timeout). A statement that already finished is
     * not affected, and neither is the next one: the session starts nothing else until the request
     * has been delivered, and a request the backend receives while idle has no effect.
     */
    void cancel();

    /**
     * Closes the session's socket at once, from any thread (JDBC's {@code Connection.abort}): what
     * it is running fails, and the connection is discarded rather than pooled. {@link #close()}
     * still has to be called by the thread that uses the session.
     */
    void abort();

    /**
     * {@link #queryAtMost} for a data-modifying statement to whose SQL the caller appended a
     * {@code RETURNING} clause of its own (the JDBC driver's generated keys): the statement's
     * statistics are kept apart from the same text run as written, and none of the columns it
     * returns is reported unread, since the application's own SQL asked for none of them.
     */
    LazyResult queryAtMostWithAddedReturning(long maxRows, String sql, Object... params);

    /** {@link #queryBatch} for a statement with a {@code RETURNING} clause the caller appended, as {@link #queryAtMostWithAddedReturning}. */
    java.util.List<LazyResult> queryBatchWithAddedReturning(String sql, java.util.List<Object[]> batch);

    /**
     * Parses {@code sql} ({@code $n} placeholders) on the server and describes it without running
     * it (Parse + Describe, one round trip, not cached): the type the server inferred for each
     * parameter and the columns of the rows it would return. A statement the server cannot parse
     * fails with its error, which inside a transaction aborts the transaction, as running it would.
     */
    StatementDescription describe(String sql);

    /**
     * The notifications this session received since the last call, oldest first: those of
     * channels this session runs {@code LISTEN} on itself (pgjdbc's model, for the JDBC driver; an
     * application that wants notifications pushed to it uses {@link LazyPgClient#listen}). They
     * arrive with the answers to this session's statements and are kept until read here. When none
     * is waiting, waits up to {@code wait} for one to arrive on the idle session ({@link
     * java.time.Duration#ZERO}: takes only what the server has already sent). The wait reads the
     * socket with a timeout, which on some JDKs makes its later reads a little slower: meant for
     * connections that LISTEN.
     *
     * <p>At most 10,000 notifications are kept unread: when more arrive before this is called, the
     * oldest are dropped to protect memory, and a WARNING saying so is logged once per connection.
     *
     * <p>A session LISTENs until {@code UNLISTEN} or until its connection closes: a pooled session
     * given back while still listening passes the LISTEN on to its next borrower, whose calls here
     * then return the notifications that arrive after the hand-over. Those the previous borrower
     * left unread are dropped when it gives the session back: one borrower's notifications never
     * reach the next. Run {@code UNLISTEN *} before closing a pooled session that listened.
     */
    java.util.List<PgNotification> notifications(java.time.Duration wait);

    /**
     * Hands each notice this session receives from now on (NoticeResponse: {@code RAISE NOTICE},
     * {@code RAISE WARNING}, the server's own warnings) to {@code sink} as well as to the client's
     * notice listener, on the thread that runs the statement it arrives with; null stops. The
     * sink must not throw. A pooled session forgets its sink when it is given back. For callers
     * that attach notices to their own statements (the JDBC driver's {@code getWarnings}).
     */
    void noticeSink(java.util.function.@Nullable Consumer<PgServerException.ServerMessage> sink);

    /**
     * Opens one connection outside any pool, for a caller that pools sessions itself (a JDBC pool
     * such as HikariCP over lazypg-jdbc's driver). {@link #close()} closes the connection.
     */
    static LazyPgSession open(LazyPgConfig config) {
        return openFor(config, config.targetSessionAttrs());
    }

    /**
     * {@link #open}, for read-only work: to a host matching {@link LazyPgConfig#readOnlyTarget()}
     * when it is set, else as {@link #open} does.
     */
    static LazyPgSession openReadOnly(LazyPgConfig config) {
        TargetSessionAttrs target = config.readOnlyTarget();
        return openFor(config, target != null ? target : config.targetSessionAttrs());
    }

    private static LazyPgSession openFor(LazyPgConfig config, TargetSessionAttrs target) {
        return new DirectSession(new io.lazypg.client.internal.hosts.HostConnector(
                        new io.lazypg.client.internal.hosts.HostRegistry(config),
                        target,
                        config.loadBalanceHosts(),
                        io.lazypg.client.internal.channel.ClientHooks.NONE)
                .connect());
    }

    /** Gives the connection back to the pool (or closes it, for a session from {@link #open}). Idempotent. */
    @Override
    void close();
}
