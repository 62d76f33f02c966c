package io.lazypg.jdbc;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgQueries;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.PgException;
import io.lazypg.client.PgNotification;
import io.lazypg.client.StatementDescription;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.Executor;
import org.jspecify.annotations.Nullable;

/**
 * A JDBC {@link Connection} over one lazypg session: pooled (from {@link LazyPgDataSource}) or a
 * connection of its own (from {@link LazyPgDriver}, for a JDBC pool such as HikariCP). Closing it
 * gives the session back or closes it.
 *
 * <p><b>Transactions.</b> With auto-commit off, {@code BEGIN} (with the isolation level and
 * read-only flag set on this connection) is sent before the first statement, as pgjdbc does, so a
 * connection that only sets auto-commit off and back costs no round trip. {@link #unwrap} to the
 * lazypg session begins the transaction too, so lazypg code run on it is part of it. A commit
 * of a transaction the server already aborted is reported (SQLSTATE 25P02) rather than silently
 * turned into a rollback.
 *
 * <p><b>Streams.</b> A statement with a fetch size reads through a portal; until its ResultSet is
 * closed or read to the end, the session runs nothing else, and another statement fails with
 * SQLSTATE 24000 naming {@code setFetchSize(0)}, instead of silently cutting the stream short or,
 * as pgjdbc does, reading the rest of it into memory (which would undo the bound the fetch size
 * was set for).
 *
 * <p>Not thread-safe: JDBC connections are used by one thread at a time. Only {@link #abort} and
 * {@link Statement#cancel()} may be called from another thread.
 */
final class JdbcConnection implements LazyPgJdbcConnection {

    /** Gives a session for read-only or other work; called once, when the session is first needed. */
    @FunctionalInterface
    interface SessionSource {
        LazyPgSession take(boolean readOnly);
    }

    /** Null until taken: at once, or (with read-only routing) at first use, after setReadOnly could choose where. */
    private @Nullable LazyPgSession session;
    /** Guards {@link #executing}; held by {@link #cancel} while its CancelRequest goes out. */
    private final Object cancelLock = new Object();
    /** The statement whose work runs on the session now; null between statements. Guarded by {@link #cancelLock}. */
    private @Nullable LazyPgStatement executing;

    private final SessionSource source;
    private final LazyPgConfig config;
    /** The pgjdbc properties this driver applies itself (readOnlyMode, autosave, defaultRowFetchSize, ...). */
    private final DriverProperties driver;

    private final AutoSavepoints autosave;
    /** Whether the session's default is read-only (readOnlyMode=always in auto-commit), to be reset on close. */
    private boolean sessionReadOnly;
    /** Whether the autosave savepoint was set with the BEGIN the last statement session sent. */
    private boolean savepointWithBegin;

    private final UserTypes userTypes;
    private volatile boolean closed;
    private boolean autoCommit = true;
    private boolean readOnly;
    /** The level set with setTransactionIsolation, or -1: the server's default, read when asked. */
    private int isolation = -1;
    /** The server's notices that arrived outside a statement's execution (commit, rollback, ...). */
    private final WarningChain warnings = new WarningChain();
    /** Where notices go now: the chain of the statement executing, or null for {@link #warnings}. */
    private @Nullable WarningChain warningTarget;
    /** Whether the session's default isolation was set for {@link #isolation}, to be reset on close. */
    private boolean isolationApplied;

    private int holdability = ResultSet.HOLD_CURSORS_OVER_COMMIT;
    private int networkTimeoutMillis;
    private int savepointIds;
    private final Properties clientInfo = new Properties();
    /** A ResultSet that reads through a portal and still holds the session. */
    private @Nullable LazyRowResultSet openStream;

    private JdbcConnection(SessionSource source, LazyPgConfig config, DriverProperties driver, UserTypes userTypes) {
        this.source = source;
        this.config = config;
        this.driver = driver;
        this.autosave = new AutoSavepoints(driver.autosave(), driver.cleanupSavepoints());
        this.userTypes = userTypes;
        this.readOnly = driver.readOnly(); // pgjdbc's readOnly property: setReadOnly(true) at connect
    }

    /**
     * A connection whose session comes from {@code source}: taken now, so that a server that cannot
     * be reached fails {@code getConnection}; or, when {@code routed} (read_only_target is set),
     * taken at first use, so that {@link #setReadOnly(boolean) setReadOnly(true)} before it sends
     * the work to a read-only host.
     */
    static JdbcConnection open(
            SessionSource source, LazyPgConfig config, DriverProperties driver, UserTypes userTypes, boolean routed)
            throws SQLException {
        JdbcConnection connection = new JdbcConnection(source, config, driver, userTypes);
        if (!routed) {
            connection.session();
        }
        return connection;
    }

    /** The session, taken from the source on first call (read-only work to read-only hosts). */
    private LazyPgSession session() throws SQLException {
        warningTarget = null; // what the connection itself runs: notices are the connection's
        LazyPgSession s = session;
        if (s == null) {
            try {
                s = source.take(readOnly);
            } catch (PgException e) {
                throw JdbcErrors.of(e);
            }
            session = s;
            s.noticeSink(this::noticeReceived);
            if (isolation >= 0) {
                applyIsolation(s);
            }
            applySessionReadOnly(s);
        }
        return s;
    }

    private boolean inTransaction() {
        LazyPgSession s = session;
        return s != null && s.inTransaction();
    }

    LazyPgConfig config() {
        return config;
    }

    /** The pgjdbc properties the driver applies itself. */
    DriverProperties driverProperties() {
        return driver;
    }

    /**
     * The session's {@code standard_conforming_strings} as the server last reported it (on unless
     * reported off; on before a routed connection has taken its session): whether a backslash in a
     * plain {@code '...'} is an ordinary character, which decides where the placeholders are.
     */
    boolean standardConformingStrings() {
        LazyPgSession s = session;
        return s == null || !"off".equalsIgnoreCase(s.serverParameter("standard_conforming_strings"));
    }

    // ------------------------------------------------------------------ what statements use

    /**
     * {@link #sessionForStatement()} for an execution of {@code statement}: the notices the server
     * sends from now on until the next execution (or the connection's own next command) are the
     * statement's warnings, and those of its previous execution are cleared, as pgjdbc does.
     */
    LazyPgSession sessionForStatement(LazyPgStatement statement) throws SQLException {
        LazyPgSession s = sessionForStatement();
        statement.warnings.clear();
        warningTarget = statement.warnings;
        return s;
    }

    /**
     * The autosave savepoint before a statement that {@link #sessionForStatement(LazyPgStatement)}
     * made ready ({@link AutoSavepoints}; {@code query}: run for rows): set when autosave asks for one in the open transaction; true
     * then, and the statement reports its outcome to {@link #autosaveFailed} or {@link #autosaveSucceeded}.
     */
    boolean autosaveBefore(LazyPgSession s, boolean query) throws SQLException {
        if (autoCommit || !autosave.wanted(query) || !s.inTransaction()) {
            return false;
        }
        if (savepointWithBegin) {
            savepointWithBegin = false; // set with the BEGIN the statement's session sent
        } else {
            run(() -> autosave.set(s));
        }
        return true;
    }

    /** A statement with an autosave savepoint failed: whether to run it once more (see {@link AutoSavepoints#recover}). */
    boolean autosaveFailed(LazyPgSession s, PgException e) {
        return autosave.recover(s, e);
    }

    /** A statement with an autosave savepoint succeeded. */
    void autosaveSucceeded(LazyPgSession s) throws SQLException {
        run(() -> autosave.succeeded(s));
    }

    /** The session's notice sink: the executing statement's warnings, else the connection's. */
    private void noticeReceived(io.lazypg.client.PgServerException.ServerMessage notice) {
        WarningChain target = warningTarget;
        (target != null ? target : warnings).add(WarningChain.of(notice));
    }

    /**
     * The session, made ready for a statement: open, no stream holding it, and inside a
     * transaction when auto-commit is off.
     */
    LazyPgSession sessionForStatement() throws SQLException {
        checkOpen();
        if (openStream != null && !openStream.isClosed()) {
            throw JdbcErrors.usage(
                    "A ResultSet read with a fetch size (setFetchSize, fetch_size, defaultRowFetchSize) is still"
                            + " open on this connection: lazypg reads it through a portal, a fetchSize rows at a time,"
                            + " and runs nothing else on the session until it is closed or read to the end (pgjdbc would"
                            + " read the rest into memory first; lazypg keeps the memory bound). Close it or read it to"
                            + " the end first, run the other statement on another connection, or read without a fetch"
                            + " size (setFetchSize(0)).",
                    JdbcErrors.INVALID_CURSOR_STATE);
        }
        openStream = null;
        LazyPgSession s = session();
        savepointWithBegin = false;
        if (!autoCommit && !s.inTransaction()) {
            String modes = transactionModes();
            if (autosave.always()) {
                // the statement's savepoint in the same round trip as the BEGIN
                run(() -> s.executeScript("BEGIN " + modes + "; " + AutoSavepoints.SET));
                savepointWithBegin = true;
            } else {
                run(() -> s.begin(modes)); // the BEGIN goes with the statement about to run, as pgjdbc sends it
            }
        }
        return s;
    }

    /**
     * The name and JDBC type of a type the client's table does not list, looked up once per client
     * ({@link UserTypes}); null when it cannot be looked up now (a stream holds the session, the
     * connection is closed or the lookup failed).
     */
    UserTypes.@Nullable UserType userType(int oid) {
        return userTypes.lookUp(oid, freeSession());
    }

    /**
     * The NOT NULL and auto-increment facts of the table columns {@code columns} come from
     * ({@link ColumnOrigins}); empty when the catalog cannot be read now (as {@link #userType}).
     */
    Map<Long, ColumnOrigins.Origin> columnOrigins(List<io.lazypg.client.Column> columns) {
        LazyPgSession s = freeSession();
        return s == null ? Map.of() : ColumnOrigins.lookUp(columns, s);
    }

    /** The session when a metadata lookup may use it now: taken, open, and not held by a stream; else null. */
    private @Nullable LazyPgSession freeSession() {
        LazyPgSession s = session; // null until taken (read-only routing): then nothing to look up with
        boolean free = s != null && !closed && !s.isBroken() && (openStream == null || openStream.isClosed());
        return free ? s : null;
    }

    /** Parse + Describe of {@code sql} ($n placeholders) on the server, for the statement's metadata. */
    StatementDescription describe(String sql) throws SQLException {
        LazyPgSession s = sessionForStatement();
        return call(() -> s.describe(sql));
    }

    void streamOpened(LazyRowResultSet stream) {
        openStream = stream;
    }

    /** The timeout a statement runs under: its own, else the network timeout, else null (the configured one). */
    @Nullable
    Duration statementTimeout(int statementSeconds) {
        if (statementSeconds > 0) {
            return Duration.ofSeconds(statementSeconds);
        }
        return networkTimeoutMillis > 0 ? Duration.ofMillis(networkTimeoutMillis) : null;
    }

    /**
     * {@code statement} starts running its work on the session: from now until {@link
     * #statementEnded}, {@link #cancel} of that statement, and of no other, reaches the session.
     */
    void statementStarted(LazyPgStatement statement) {
        synchronized (cancelLock) {
            executing = statement;
        }
    }

    /** {@code statement}'s work ended (its answer read, or failed). */
    void statementEnded(LazyPgStatement statement) {
        synchronized (cancelLock) {
            if (executing == statement) {
                executing = null;
            }
        }
    }

    /**
     * {@code Statement.cancel()}: cancels the session's work only while {@code statement} runs it,
     * as pgjdbc does; a Statement that is not executing cancels nothing. The lock is held while the
     * CancelRequest goes out (bounded by the connect timeout), so no other statement can start
     * meanwhile, and the session itself does not run anything else until the request's outcome is
     * known: a cancel racing the statement's end never reaches the next one.
     */
    void cancel(LazyPgStatement statement) {
        synchronized (cancelLock) {
            LazyPgSession s = session;
            if (executing == statement && s != null) {
                s.cancel();
            }
        }
    }

    /** BEGIN's transaction modes for this connection's read-only flag ("" for none). */
    private String transactionModes() throws SQLException {
        StringBuilder modes = new StringBuilder();
        // no ISOLATION LEVEL: setTransactionIsolation made it the session's default, and a level
        // set in SQL since (SET default_transaction_isolation, SET SESSION CHARACTERISTICS) must win
        if (readOnly && driver.readOnlyMode() != DriverProperties.ReadOnlyMode.IGNORE) {
            modes.append(modes.length() == 0 ? "READ ONLY" : " READ ONLY");
        }
        return modes.toString();
    }

    /** Runs a client call, turning its failure into an SQLException with a SQLSTATE. */
    static <T> T call(ClientCall<T> call) throws SQLException {
        try {
            return call.run();
        } catch (PgException e) {
            throw JdbcErrors.of(e);
        }
    }

    /** {@link #call} for a call that gives nothing back. */
    static void run(Runnable action) throws SQLException {
        try {
            action.run();
        } catch (PgException e) {
            throw JdbcErrors.of(e);
        }
    }

    /** A call into the lazypg client. */
    @FunctionalInterface
    interface ClientCall<T> {
        T run();
    }

    private void checkOpen() throws SQLException {
        if (closed) {
            throw JdbcErrors.closed("connection");
        }
    }

    /** Ends a stream before the transaction ends: COMMIT and ROLLBACK need the session. */
    private void closeStream() throws SQLException {
        if (openStream != null) {
            openStream.close();
            openStream = null;
        }
        if (session != null) {
            run(session::closeOpenCursor);
        }
        warningTarget = null; // the commit or rollback that follows is the connection's: so are its notices
    }

    // ------------------------------------------------------------------ notifications

    @Override
    public List<PgNotification> getNotifications() throws SQLException {
        return notifications(Duration.ZERO);
    }

    @Override
    public List<PgNotification> getNotifications(int timeoutMillis) throws SQLException {
        JdbcErrors.requireNonNegative(timeoutMillis, "The notification timeout");
        return notifications(timeoutMillis == 0 ? Duration.ofDays(365_000) : Duration.ofMillis(timeoutMillis));
    }

    private List<PgNotification> notifications(Duration wait) throws SQLException {
        checkOpen();
        if (openStream != null && !openStream.isClosed()) {
            throw JdbcErrors.usage(
                    "A ResultSet read with a fetch size is still open on this connection; close it before"
                            + " waiting for notifications.",
                    JdbcErrors.INVALID_CURSOR_STATE);
        }
        LazyPgSession s = session();
        return call(() -> s.notifications(wait));
    }

    // ------------------------------------------------------------------ statements

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return new LazyPgStatement(this);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        return createStatement(resultSetType, resultSetConcurrency, holdability);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability)
            throws SQLException {
        checkOpen();
        return ofKind(new LazyPgStatement(this), resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return new LazyPgPreparedStatement(this, sql, null);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        return prepareStatement(sql, resultSetType, resultSetConcurrency, holdability);
    }

    @Override
    public PreparedStatement prepareStatement(
            String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        checkOpen();
        return ofKind(
                new LazyPgPreparedStatement(this, sql, null),
                resultSetType,
                resultSetConcurrency,
                resultSetHoldability);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        checkOpen();
        return new LazyPgPreparedStatement(
                this, sql, autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS ? GeneratedKeys.ALL_COLUMNS : null);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int @Nullable [] columnIndexes) throws SQLException {
        if (columnIndexes == null || columnIndexes.length == 0) {
            return prepareStatement(sql); // no key columns asked for, as pgjdbc reads it
        }
        throw JdbcErrors.unsupported(
                "prepareStatement(String, int[])",
                "name the key columns (prepareStatement(String, String[])) or use RETURN_GENERATED_KEYS.");
    }

    @Override
    public PreparedStatement prepareStatement(String sql, String @Nullable [] columnNames) throws SQLException {
        checkOpen();
        return new LazyPgPreparedStatement(this, sql, GeneratedKeys.columns(columnNames));
    }

    /** {@code statement} giving ResultSets of the kind asked for ({@link ResultSetKinds}). */
    private <S extends LazyPgStatement> S ofKind(S statement, int type, int concurrency, int holdability)
            throws SQLException {
        ResultSetKinds.checkConcurrency(concurrency);
        statement.resultSetKind(ResultSetKinds.type(type, warnings), ResultSetKinds.holdability(holdability));
        return statement;
    }

    @Override
    public CallableStatement prepareCall(String sql) throws SQLException {
        checkOpen();
        return new LazyPgCallableStatement(this, sql);
    }

    @Override
    public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
        return prepareCall(sql, resultSetType, resultSetConcurrency, holdability);
    }

    @Override
    public CallableStatement prepareCall(
            String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
        checkOpen();
        return ofKind(
                new LazyPgCallableStatement(this, sql), resultSetType, resultSetConcurrency, resultSetHoldability);
    }

    @Override
    public String nativeSQL(String sql) throws SQLException {
        checkOpen();
        return io.lazypg.client.sql.PlaceholderSql.parse(JdbcEscapes.translate(sql), standardConformingStrings())
                .positionalSql();
    }

    // ------------------------------------------------------------------ transactions

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        if (autoCommit == this.autoCommit) {
            return;
        }
        if (autoCommit && inTransaction()) {
            commit(); // JDBC: switching auto-commit on commits the transaction in progress
        }
        this.autoCommit = autoCommit;
        if (session != null) {
            applySessionReadOnly(session);
        }
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        checkOpen();
        return autoCommit;
    }

    @Override
    public void commit() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw JdbcErrors.usage("Cannot commit when auto-commit is on.", JdbcErrors.INVALID_TRANSACTION_TERMINATION);
        }
        LazyPgSession s = session;
        if (s == null || !s.inTransaction()) {
            return; // nothing ran since the last commit: BEGIN was never sent
        }
        closeStream();
        // a read-only transaction's COMMIT is not waited for; writes queued with executeAtCommit go with it
        String tag = call(s::commit);
        if ("ROLLBACK".equals(tag)) {
            throw JdbcErrors.usage(
                    "The transaction could not be committed: an earlier statement failed, so the"
                            + " server aborted it and COMMIT rolled it back.",
                    JdbcErrors.IN_FAILED_TRANSACTION);
        }
    }

    @Override
    public void rollback() throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw JdbcErrors.usage(
                    "Cannot roll back when auto-commit is on.", JdbcErrors.INVALID_TRANSACTION_TERMINATION);
        }
        LazyPgSession s = session;
        if (s != null && s.inTransaction()) {
            closeStream();
            run(s::rollback); // sent, not waited for: the session's next use reads the answer
        }
    }

    @Override
    public Savepoint setSavepoint() throws SQLException {
        return savepoint(new JdbcSavepoint(++savepointIds, null));
    }

    @Override
    public Savepoint setSavepoint(String name) throws SQLException {
        if (name == null || name.isEmpty()) {
            throw JdbcErrors.usage(
                    "A savepoint needs a name (or use setSavepoint()).", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return savepoint(new JdbcSavepoint(0, name));
    }

    private Savepoint savepoint(JdbcSavepoint savepoint) throws SQLException {
        checkOpen();
        if (autoCommit) {
            throw JdbcErrors.usage("Savepoints need auto-commit off.", JdbcErrors.INVALID_TRANSACTION_TERMINATION);
        }
        LazyPgSession s = sessionForStatement();
        String set = "SAVEPOINT " + savepoint.identifier();
        run(() -> s.executeScript(set));
        return savepoint;
    }

    @Override
    public void rollback(Savepoint savepoint) throws SQLException {
        checkOpen();
        closeStream();
        String rollbackTo =
                "ROLLBACK TO SAVEPOINT " + JdbcSavepoint.of(savepoint).identifier();
        LazyPgSession s = session();
        run(() -> s.executeScript(rollbackTo));
    }

    @Override
    public void releaseSavepoint(Savepoint savepoint) throws SQLException {
        checkOpen();
        JdbcSavepoint spent = JdbcSavepoint.of(savepoint);
        String release = "RELEASE SAVEPOINT " + spent.identifier();
        LazyPgSession s = session();
        run(() -> s.executeScript(release));
        spent.released();
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        checkOpen();
        isolationName(level); // validates
        if (inTransaction()) {
            throw JdbcErrors.usage(
                    "Cannot change the isolation level in the middle of a transaction.", JdbcErrors.ACTIVE_TRANSACTION);
        }
        isolation = level;
        LazyPgSession s = session;
        if (s != null) {
            applyIsolation(s);
        } // else: applied when the session is taken (its host depends on the read-only flag)
    }

    /**
     * Makes the level the session's default, as pgjdbc does, so that it also holds for the
     * statements auto-commit runs in transactions of their own ({@code BEGIN} carries it too).
     * {@link #close} resets it: a pooled session must not lend it to the next borrower.
     */
    private void applyIsolation(LazyPgSession s) throws SQLException {
        String set = "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL " + isolationName(isolation);
        run(() -> s.executeScript(set)); // no BEGIN: the level applies from the next transaction on
        isolationApplied = true;
    }

    /**
     * The level of the transaction in progress, else of the next one, as the server says it now,
     * so that a level set in SQL ({@code SET TRANSACTION ISOLATION LEVEL}, {@code SET
     * default_transaction_isolation}) shows, as pgjdbc reads it; sends no BEGIN. A routed
     * connection that has not taken its session yet answers the level it was given, without
     * taking one.
     */
    @Override
    public int getTransactionIsolation() throws SQLException {
        checkOpen();
        if (session == null && isolation >= 0) {
            return isolation;
        }
        LazyPgSession s = session();
        LazyResult result = call(() -> s.query("select current_setting('transaction_isolation')"));
        // current_setting of a built-in setting is never NULL
        return isolationLevel(Objects.requireNonNull(result.get(0).getString(0), "transaction_isolation"));
    }

    /** The JDBC level of a PostgreSQL isolation name ({@code transaction_isolation}'s values). */
    static int isolationLevel(String name) {
        return switch (name) {
            case "serializable" -> TRANSACTION_SERIALIZABLE;
            case "repeatable read" -> TRANSACTION_REPEATABLE_READ;
            case "read uncommitted" -> TRANSACTION_READ_UNCOMMITTED;
            default -> TRANSACTION_READ_COMMITTED;
        };
    }

    private static String isolationName(int level) throws SQLException {
        return switch (level) {
            case TRANSACTION_READ_UNCOMMITTED -> "READ UNCOMMITTED";
            case TRANSACTION_READ_COMMITTED -> "READ COMMITTED";
            case TRANSACTION_REPEATABLE_READ -> "REPEATABLE READ";
            case TRANSACTION_SERIALIZABLE -> "SERIALIZABLE";
            default ->
                throw JdbcErrors.usage(
                        "Unknown transaction isolation level " + level + ".", JdbcErrors.INVALID_PARAMETER_VALUE);
        };
    }

    /**
     * What read-only sends depends on {@code readOnlyMode}, as in pgjdbc: with {@code transaction}
     * (the default) it applies to the transactions this connection begins ({@code BEGIN READ ONLY})
     * and has no effect in auto-commit; {@code always} also makes the session's default read-only
     * while auto-commit is on (reset when the connection closes); {@code ignore} sends nothing.
     */
    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        checkOpen();
        if (readOnly != this.readOnly && inTransaction()) {
            throw JdbcErrors.usage(
                    "Cannot change the read-only flag in the middle of a transaction.", JdbcErrors.ACTIVE_TRANSACTION);
        }
        this.readOnly = readOnly;
        if (session != null) {
            applySessionReadOnly(session);
        }
    }

    /**
     * Makes the session's default read-only exactly while auto-commit is on and the connection is
     * read-only with {@code readOnlyMode=always}, sending the change only when it changes (pgjdbc's
     * {@code SET SESSION CHARACTERISTICS}); in a transaction BEGIN READ ONLY carries the flag.
     */
    private void applySessionReadOnly(LazyPgSession s) throws SQLException {
        boolean wanted = readOnly && autoCommit && driver.readOnlyMode() == DriverProperties.ReadOnlyMode.ALWAYS;
        if (wanted != sessionReadOnly) {
            String set = "SET SESSION CHARACTERISTICS AS TRANSACTION " + (wanted ? "READ ONLY" : "READ WRITE");
            run(() -> s.executeScript(set));
            sessionReadOnly = wanted;
        }
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        checkOpen();
        return readOnly;
    }

    @Override
    public void setHoldability(int holdability) throws SQLException {
        checkOpen();
        this.holdability = ResultSetKinds.holdability(holdability);
    }

    @Override
    public int getHoldability() throws SQLException {
        checkOpen();
        return holdability;
    }

    // ------------------------------------------------------------------ session settings

    @Override
    public void setSchema(@Nullable String schema) throws SQLException {
        LazyPgSession s = sessionForStatement();
        run(() -> s.execute(
                "select set_config('search_path', $1, false)", schema == null ? "" : Identifiers.quote(schema)));
    }

    @Override
    public @Nullable String getSchema() throws SQLException {
        LazyPgSession s = sessionForStatement();
        // NULL when no schema on the search_path exists
        LazyResult result = call(() -> s.query("select current_schema()"));
        return result.get(0).getString(0);
    }

    /** PostgreSQL has one catalog per connection, the database: setting another is ignored, as pgjdbc does. */
    @Override
    public void setCatalog(@Nullable String catalog) throws SQLException {
        checkOpen();
    }

    @Override
    public String getCatalog() throws SQLException {
        checkOpen();
        return config.database();
    }

    @Override
    public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
        checkOpen();
        JdbcErrors.requireNonNegative(milliseconds, "The network timeout");
        networkTimeoutMillis = milliseconds;
    }

    @Override
    public int getNetworkTimeout() throws SQLException {
        checkOpen();
        return networkTimeoutMillis;
    }

    @Override
    public boolean isValid(int timeout) throws SQLException {
        JdbcErrors.requireNonNegative(timeout, "isValid timeout");
        if (session == null) {
            return !closed; // nothing taken yet: no server to ask
        }
        if (closed || session.isBroken()) {
            return false;
        }
        if (openStream != null && !openStream.isClosed()) {
            return true; // the session is busy reading a stream; it answered the last fetch
        }
        return session.isValid(timeout == 0 ? Duration.ofDays(1) : Duration.ofSeconds(timeout));
    }

    /** Only {@code ApplicationName} has a meaning (the server's application_name); other names are kept as given. */
    @Override
    public void setClientInfo(String name, @Nullable String value) throws SQLClientInfoException {
        if ("ApplicationName".equals(name)) {
            try {
                LazyPgSession s = sessionForStatement();
                run(() -> s.execute("select set_config('application_name', $1, false)", value == null ? "" : value));
            } catch (SQLException e) {
                throw new SQLClientInfoException(e.getMessage(), e.getSQLState(), Map.of(), e);
            }
        }
        if (value == null) {
            clientInfo.remove(name);
        } else {
            clientInfo.setProperty(name, value);
        }
    }

    @Override
    public void setClientInfo(Properties properties) throws SQLClientInfoException {
        for (String name : properties.stringPropertyNames()) {
            setClientInfo(name, properties.getProperty(name));
        }
    }

    @Override
    public @Nullable String getClientInfo(String name) throws SQLException {
        checkOpen();
        return clientInfo.getProperty(name);
    }

    @Override
    public Properties getClientInfo() throws SQLException {
        checkOpen();
        Properties copy = new Properties();
        copy.putAll(clientInfo);
        return copy;
    }

    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        checkOpen();
        return new LazyPgDatabaseMetaData(this);
    }

    @Override
    public @Nullable SQLWarning getWarnings() throws SQLException {
        checkOpen();
        return warnings.first();
    }

    @Override
    public void clearWarnings() throws SQLException {
        checkOpen();
        warnings.clear();
    }

    @Override
    public Map<String, Class<?>> getTypeMap() throws SQLException {
        checkOpen();
        return Map.of();
    }

    @Override
    public void setTypeMap(@Nullable Map<String, Class<?>> map) throws SQLException {
        if (map != null && !map.isEmpty()) {
            throw JdbcErrors.unsupported("setTypeMap", "user-defined type mappings are not supported.");
        }
    }

    // ------------------------------------------------------------------ values

    @Override
    public Array createArrayOf(@Nullable String typeName, Object[] elements) throws SQLException {
        checkOpen();
        if (typeName == null) {
            throw JdbcErrors.usage("createArrayOf needs the element type name.", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        return new LazyRowArray(elements, PgTypes.sqlTypeOfName(typeName), typeName, this);
    }

    /** A new, empty large object as a Clob (as pgjdbc makes one); bound, it is its OID. */
    @Override
    public Clob createClob() throws SQLException {
        return createNClob();
    }

    /** A new, empty large object ({@code lo_create}); bound, it is its OID. */
    @Override
    public Blob createBlob() throws SQLException {
        LazyPgSession s = sessionForStatement();
        return new JdbcBlob(this, call(() -> io.lazypg.client.LargeObjects.on(s).create()));
    }

    @Override
    public NClob createNClob() throws SQLException {
        LazyPgSession s = sessionForStatement();
        return new JdbcClob(this, call(() -> io.lazypg.client.LargeObjects.on(s).create()));
    }

    @Override
    public SQLXML createSQLXML() throws SQLException {
        checkOpen();
        return JdbcSQLXML.writable();
    }

    @Override
    public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
        throw JdbcErrors.unsupported("createStruct", null);
    }

    // ------------------------------------------------------------------ lifetime

    /** Rolls back a transaction left open (silently: JDBC allows closing without commit), then releases the session. */
    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        if (session == null) {
            return; // never used: nothing was taken
        }
        try {
            if (!session.isBroken()) {
                if (openStream != null) {
                    openStream.close();
                }
                session.closeOpenCursor();
                if (session.inTransaction()) {
                    session.rollback();
                }
                if (isolationApplied) {
                    session.executeScript("RESET default_transaction_isolation");
                }
                if (sessionReadOnly) {
                    session.executeScript("RESET default_transaction_read_only");
                }
            }
        } catch (PgException e) {
            // the session is discarded below if it broke; nothing to report for a connection being closed
        } finally {
            session.close();
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** Closes the socket now (callable from any thread); the executor then gives the session back. */
    @Override
    public void abort(@Nullable Executor executor) throws SQLException {
        if (executor == null) {
            throw JdbcErrors.usage("abort needs an executor.", JdbcErrors.INVALID_PARAMETER_VALUE);
        }
        if (closed) {
            return;
        }
        closed = true;
        LazyPgSession s = session;
        if (s != null) {
            s.abort();
            executor.execute(s::close);
        }
    }

    // ------------------------------------------------------------------ wrapper

    /**
     * Unwraps to the lazypg session ({@link LazyPgSession} or {@link LazyPgQueries}), which runs
     * on the same server session: with auto-commit off, the transaction is begun first, so what
     * lazypg code runs on it is part of it. Do not close the session; close this connection.
     */
    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        if (iface == LazyPgJdbcConnection.class) {
            return iface.cast(this);
        }
        if (iface == LazyPgSession.class || iface == LazyPgQueries.class) {
            return iface.cast(sessionForStatement());
        }
        throw JdbcErrors.usage(
                "Not a wrapper for " + iface.getName() + "; a lazypg connection unwraps to "
                        + "LazyPgSession and LazyPgQueries.",
                JdbcErrors.INVALID_PARAMETER_VALUE);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this) || iface == LazyPgSession.class || iface == LazyPgQueries.class;
    }

    @Override
    public String toString() {
        return "JdbcConnection[" + JdbcUrls.displayUrl(config) + (closed ? ", closed" : "") + "]";
    }
}
