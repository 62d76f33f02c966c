package io.lazypg.client;

import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.codec.encode.JsonEncoders;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.hosts.HostConnector;
import io.lazypg.client.internal.hosts.HostRegistry;
import io.lazypg.client.internal.hosts.ReadYourWrites;
import io.lazypg.client.internal.listen.NotificationHub;
import io.lazypg.client.internal.pipeline.StatementPipelines;
import io.lazypg.client.internal.pool.ConnectionPool;
import io.lazypg.client.internal.session.PooledSession;
import io.lazypg.client.internal.session.RowCounts;
import io.lazypg.client.internal.session.SessionCursor;
import io.lazypg.client.internal.session.StatementSession;
import io.lazypg.client.internal.stats.StatisticsRegistry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The entry point: a pool of PostgreSQL sessions and the query methods that borrow one for the
 * duration of a call.
 *
 * <pre>{@code
 * try (LazyPgClient client = LazyPgClient.connect("postgresql://app:secret@localhost:5432/shop")) {
 *     LazyResult orders = client.query("select id, status from orders where customer_id = $1", 42L);
 *     for (LazyRow row : orders) {
 *         long id = row.getLong(0);          // decoded now, from the bytes that arrived
 *     }
 * }
 * }</pre>
 *
 * <p>With several hosts ({@code postgresql://h1,h2/db?target_session_attrs=primary}), each new
 * connection goes to the first host that matches {@link LazyPgConfig#targetSessionAttrs()}; with
 * {@link LazyPgConfig#readOnlyTarget()} set, a second pool serves {@link #acquireReadOnly()} from the
 * hosts that match it. See docs/multi-host.md.
 *
 * <p>Thread-safe: share one client across the application.
 */
public final class LazyPgClient implements AutoCloseable {

    private final LazyPgConfig config;
    private final HostRegistry hosts;
    private final ConnectionPool<PgConnection> pool;
    /** Serves read-only work when {@code read_only_target} is set; else null (read-only work uses {@link #pool}). */
    private final @Nullable ConnectionPool<PgConnection> readOnlyPool;
    /** Read-your-writes, when {@code read_your_writes} is on and read-only work has a pool of its own; else null. */
    private final @Nullable ReadYourWrites readYourWrites;

    /** Shares busy connections between one-statement calls when {@code pipelining_limit} is above 1; else null. */
    private final @Nullable StatementPipelines pipelines;

    private final @Nullable StatisticsRegistry statistics;
    private final NotificationHub notifications;
    private final @Nullable JsonEncoder jsonEncoder;

    private LazyPgClient(Builder builder) {
        this.config = builder.config;
        this.statistics = config.statisticsMaxStatements() > 0
                ? new StatisticsRegistry(config.statisticsMaxStatements(), config.reportUnreadColumns())
                : null;
        this.jsonEncoder = JsonEncoders.choose(builder.jsonEncoder);
        ClientHooks hooks = new ClientHooks(builder.noticeListener, statistics, builder.queryObserver, jsonEncoder);
        this.hosts = new HostRegistry(config);
        this.pool = new ConnectionPool<>(
                config.applicationName(),
                config.pool(),
                new HostConnector(hosts, config.targetSessionAttrs(), config.loadBalanceHosts(), hooks),
                builder.poolListener);
        this.readOnlyPool = config.readOnlyTarget() == null
                ? null
                : new ConnectionPool<>(
                        config.applicationName() + "-read-only",
                        config.pool(),
                        new HostConnector(hosts, config.readOnlyTarget(), config.loadBalanceHosts(), hooks),
                        builder.poolListener);
        this.readYourWrites = readOnlyPool != null && config.readYourWrites() ? new ReadYourWrites(config) : null;
        this.pipelines = StatementPipelines.enabled(config)
                ? new StatementPipelines(config, PooledSession.pipelineSource(pool, readYourWrites))
                : null;
        // The listener's session is not a user's: no statement statistics, no query observation.
        ClientHooks listenerHooks = new ClientHooks(builder.noticeListener, null, QueryObserver.NONE, null);
        HostConnector listenerConnector =
                new HostConnector(hosts, config.targetSessionAttrs(), config.loadBalanceHosts(), listenerHooks);
        this.notifications = new NotificationHub(listenerConnector::connect, config);
    }

    /**
     * A client for a {@code postgresql://user:password@host:port/db?sslmode=...} URI or a
     * {@code jdbc:postgresql://host:port/db?user=...&password=...} URL.
     */
    public static LazyPgClient connect(String url) {
        return create(LazyPgConfig.fromUrl(url));
    }

    public static LazyPgClient create(LazyPgConfig config) {
        return builder(config).build();
    }

    /** A client whose sessions hand server notices (RAISE NOTICE, warnings) to {@code noticeListener}. */
    public static LazyPgClient create(LazyPgConfig config, Consumer<PgServerException.ServerMessage> noticeListener) {
        return builder(config).noticeListener(noticeListener).build();
    }

    /** A builder for a client with listeners (notices, pool events, query observation). */
    public static Builder builder(LazyPgConfig config) {
        return new Builder(Objects.requireNonNull(config, "config"));
    }

    /**
     * Runs a query on a pooled connection and buffers its rows as lazy views. With {@code
     * pipelining_limit} above 1 it may share a busy connection (see {@link #pipelinedStatements()}).
     */
    public LazyResult query(String sql, Object... params) {
        StatementPipelines p = pipelines;
        if (p != null) {
            return p.query(sql, params);
        }
        try (LazyPgSession session = acquire()) {
            return session.query(sql, params);
        }
    }

    /** Runs a query on a pooled connection and streams each row to {@code callback} while it is valid. */
    public void query(String sql, LazyRowCallback callback, Object... params) {
        try (LazyPgSession session = acquire()) {
            session.query(sql, callback, params);
        }
    }

    /**
     * Runs a statement on a pooled connection and returns the number of rows it affected. With
     * {@code pipelining_limit} above 1 it may share a busy connection (see {@link #pipelinedStatements()}).
     */
    public int execute(String sql, Object... params) {
        StatementPipelines p = pipelines;
        if (p != null) {
            return RowCounts.clamp(p.execute(sql, params));
        }
        try (LazyPgSession session = acquire()) {
            return session.execute(sql, params);
        }
    }

    /**
     * Opens a cursor on a pooled connection, which goes back to the pool when the cursor is closed
     * (or exhausted). See {@link RowCursor}.
     */
    public RowCursor stream(String sql, int fetchSize, Object... params) {
        LazyPgSession session = acquire();
        try {
            return new SessionCursor(session.stream(sql, fetchSize, params), session);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    /** Runs a statement once per parameter array on one pooled connection, pipelined. See {@link LazyPgQueries#executeBatch}. */
    public int[] executeBatch(String sql, java.util.List<Object[]> batch) {
        try (LazyPgSession session = acquire()) {
            return session.executeBatch(sql, batch);
        }
    }

    /** {@link #executeBatch} with each execution's rows (INSERT ... RETURNING). See {@link LazyPgQueries#queryBatch}. */
    public java.util.List<LazyResult> queryBatch(String sql, java.util.List<Object[]> batch) {
        try (LazyPgSession session = acquire()) {
            return session.queryBatch(sql, batch);
        }
    }

    /** Runs {@code COPY ... FROM STDIN} on a pooled connection; see {@link LazyPgQueries#copyIn}. */
    public long copyIn(String copySql, java.io.InputStream data) {
        try (LazyPgSession session = acquire()) {
            return session.copyIn(copySql, data);
        }
    }

    /** Runs {@code COPY ... TO STDOUT} on a pooled connection; see {@link LazyPgQueries#copyOut}. */
    public long copyOut(String copySql, java.io.OutputStream out) {
        try (LazyPgSession session = acquire()) {
            return session.copyOut(copySql, out);
        }
    }

    /**
     * Subscribes {@code listener} to the notifications of {@code channel} ({@code NOTIFY channel} or
     * {@code pg_notify('channel', ...)} from any session), and returns once LISTEN is in effect: a
     * notification sent after this returns is delivered. Close the subscription to stop.
     *
     * <p>One connection, opened outside the pool on the first call, serves every subscription of
     * this client; a daemon thread ({@code lazypg-listener}) reads it and calls the listeners as
     * notifications arrive, without waiting for any query. Listeners run on that thread one at a
     * time, in the server's order; keep them short. One that throws is logged and does not stop
     * delivery to others.
     *
     * <p>The channel is matched exactly as given (it is sent as a quoted identifier): subscribe to
     * {@code "orders"} for {@code NOTIFY orders}, which the server folds to lower case. If the
     * connection breaks it is reopened (100 ms doubling to 5 s between attempts) and LISTEN
     * re-issued; use {@link #listen(String, Consumer, Consumer)} to learn about notifications
     * lost meanwhile.
     *
     * @throws PgUsageException for an empty channel name, one over 63 bytes, or a closed client
     * @throws PgException when LISTEN could not take effect (the server is unreachable)
     */
    public PgSubscription listen(String channel, Consumer<PgNotification> listener) {
        return notifications.subscribe(channel, listener, null);
    }

    /**
     * {@link #listen(String, Consumer)}, with {@code onGap} called (on the listener thread) after
     * the listener connection broke and was re-established: notifications sent in between were
     * lost, so re-read whatever state they announce. It receives what broke the connection, and
     * runs after LISTEN is in effect again, so nothing notified after it starts is missed.
     */
    public PgSubscription listen(String channel, Consumer<PgNotification> listener, Consumer<Throwable> onGap) {
        return notifications.subscribe(channel, listener, onGap);
    }

    /** Runs {@code work} with one connection (one session) and returns its result; the connection goes back after. */
    public <T> T withConnection(Function<LazyPgQueries, T> work) {
        try (LazyPgSession session = acquire()) {
            return work.apply(session);
        }
    }

    /**
     * Borrows a connection until the returned session is closed, for work that spans several calls
     * (a transaction manager). Prefer {@link #withConnection}.
     */
    public LazyPgSession acquire() {
        return new PooledSession(pool, pool.acquire(), readYourWrites);
    }

    /**
     * A session for one auto-commit statement, as a template call outside any transaction needs.
     * Without pipelining ({@code pipelining_limit} 1, the default) it is {@link #acquire()}. With
     * it, the session holds no connection while it runs SELECT, INSERT, UPDATE, DELETE, MERGE,
     * WITH, VALUES or TABLE statements: each may share a busy connection, as {@link
     * #query(String, Object...)} does, so two of them may run on different server sessions. The
     * first call of any other kind (BEGIN, SET, a script, a cursor, a batch, COPY, a query timeout)
     * borrows a connection for the rest of the session, so what it sets carries to later calls.
     * Use {@link #acquire()} for work that relies on session state set by a function call (such as
     * {@code set_config} or session advisory locks).
     */
    public LazyPgSession acquireForStatement() {
        StatementPipelines p = pipelines;
        return p == null ? acquire() : new StatementSession(this, p);
    }

    /**
     * Borrows a connection for read-only work: from the hosts matching {@code read_only_target}
     * when it is set, else as {@link #acquire()} does. The caller makes the work read-only (a
     * read-only transaction); this only chooses where it runs, before any connection is taken.
     *
     * <p>With {@code read_your_writes=true}, the connection's host must first have replayed the last
     * write this client committed; when it has not within {@code read_your_writes_timeout}, the
     * session comes from {@link #acquire()} instead (counted in {@link #readYourWritesFallbacks()}).
     */
    public LazyPgSession acquireReadOnly() {
        ConnectionPool<PgConnection> p = readOnlyPool;
        if (p == null) {
            return acquire();
        }
        PgConnection connection = p.acquire();
        if (readYourWrites != null) {
            boolean caughtUp;
            try {
                caughtUp = readYourWrites.awaitReplay(connection);
            } catch (RuntimeException | Error e) {
                p.release(connection); // discarded there when the failure broke it
                throw e;
            }
            if (!caughtUp) {
                p.release(connection);
                return acquire();
            }
        }
        return new PooledSession(p, connection);
    }

    /**
     * How many read-only sessions went to the {@code target_session_attrs} host because their
     * standby had not replayed this client's last write within {@code read_your_writes_timeout};
     * 0 when read_your_writes is off.
     */
    public long readYourWritesFallbacks() {
        return readYourWrites == null ? 0 : readYourWrites.fallbacks();
    }

    /**
     * How many statements of {@link #query(String, Object...)} and {@link #execute} were pipelined:
     * sent on a connection while another statement's answer was still owed on it. 0 when
     * pipelining is off ({@code pipelining_limit} 1, the default, or a query timeout set). See
     * {@link LazyPgConfig#pipeliningLimit()}.
     */
    public long pipelinedStatements() {
        StatementPipelines p = pipelines;
        return p == null ? 0 : p.pipelinedCount();
    }

    /** Whether read-only work has hosts of its own ({@code read_only_target} is set). */
    public boolean routesReadOnly() {
        return readOnlyPool != null;
    }

    /**
     * What the client last learnt about each of its hosts (role, when, last failure) and how many
     * connections each pool has open to it, in configuration order: for health checks and metrics.
     * Roles are learnt as connections open and as servers report changes; a host not connected to
     * yet is {@link HostRole#UNKNOWN}.
     */
    public List<HostStatus> hosts() {
        List<HostStatus> statuses = hosts.statuses();
        List<PgHost> order = config.hosts();
        int[][] main = countByHost(pool, order);
        int[][] readOnly = readOnlyPool == null ? null : countByHost(readOnlyPool, order);
        List<HostStatus> counted = new java.util.ArrayList<>(statuses.size());
        for (int i = 0; i < statuses.size(); i++) {
            counted.add(statuses.get(i)
                    .withConnections(
                            new HostStatus.Connections(main[i][0], main[i][1]),
                            readOnly == null
                                    ? HostStatus.Connections.NONE
                                    : new HostStatus.Connections(readOnly[i][0], readOnly[i][1])));
        }
        return counted;
    }

    /** Per host of {@code order}: {active, idle} connections of {@code p}. */
    private static int[][] countByHost(ConnectionPool<PgConnection> p, List<PgHost> order) {
        int[][] counts = new int[order.size()][2];
        p.forEachOpen((connection, active) -> {
            int i = order.size() == 1 ? 0 : order.indexOf(connection.host());
            if (i >= 0) {
                counts[i][active ? 0 : 1]++;
            }
        });
        return counts;
    }

    /**
     * The encoder this client writes non-String values of json/jsonb parameters with (the builder's,
     * else the one found by the ServiceLoader, see {@link JsonEncoder}); null when it has none. A
     * {@link BinaryCopyInput} given it writes json/jsonb columns as parameters are written.
     */
    public @Nullable JsonEncoder jsonEncoder() {
        return jsonEncoder;
    }

    /**
     * What the client's statements fetched and what the application decoded of it: totals and, for
     * the statements the bounded statistics hold, per statement with the columns never read.
     * Empty totals when statistics are off ({@code statisticsMaxStatements = 0}).
     */
    public ClientStatistics statistics() {
        return statistics == null ? new ClientStatistics(0, 0, 0, 0, 0, 0, java.util.List.of()) : statistics.snapshot();
    }

    /** Counts of active, idle and waiting connections (of the pool for everything but routed read-only work). */
    public PoolStats poolStats() {
        return pool.stats();
    }

    /** The counts of the read-only pool, when {@code read_only_target} is set. */
    public Optional<PoolStats> readOnlyPoolStats() {
        return readOnlyPool == null ? Optional.empty() : Optional.of(readOnlyPool.stats());
    }

    public LazyPgConfig config() {
        return config;
    }

    /**
     * Stops the notification listener (its thread and connection; every subscription ends), closes
     * idle connections now and the others when they are given back.
     */
    @Override
    public void close() {
        notifications.close();
        pool.close();
        if (readOnlyPool != null) {
            readOnlyPool.close();
        }
    }

    @Override
    public String toString() {
        return "LazyPgClient[" + config + "]";
    }

    /** Builds a {@link LazyPgClient} with optional listeners. Not thread-safe; build once. */
    public static final class Builder {

        private final LazyPgConfig config;
        private @Nullable Consumer<PgServerException.ServerMessage> noticeListener;
        private PoolListener poolListener = PoolListener.NONE;
        private QueryObserver queryObserver = QueryObserver.NONE;
        private @Nullable JsonEncoder jsonEncoder;

        private Builder(LazyPgConfig config) {
            this.config = config;
        }

        /** Receives server notices (RAISE NOTICE, warnings); they are also logged at DEBUG. */
        public Builder noticeListener(Consumer<PgServerException.ServerMessage> listener) {
            this.noticeListener = listener;
            return this;
        }

        /** Receives pool events (acquire waits, connections opened and closed), for metrics. */
        public Builder poolListener(PoolListener listener) {
            this.poolListener = listener == null ? PoolListener.NONE : listener;
            return this;
        }

        /** Observes every statement (start, end, rows, error), for metrics and tracing. */
        public Builder queryObserver(QueryObserver observer) {
            this.queryObserver = observer == null ? QueryObserver.NONE : observer;
            return this;
        }

        /**
         * Writes values bound to json/jsonb parameters that are not Strings (Maps, records, JSON trees).
         * Without one, the client uses the first {@link JsonEncoder} {@link java.util.ServiceLoader} finds
         * (lazypg-spring's, on Jackson 3, when both are on the class path).
         */
        public Builder jsonEncoder(JsonEncoder encoder) {
            this.jsonEncoder = encoder;
            return this;
        }

        public LazyPgClient build() {
            return new LazyPgClient(this);
        }
    }
}
