package io.lazypg.client;

import io.lazypg.client.internal.config.ConnectSettings;
import io.lazypg.client.internal.config.ConnectionUrl;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Everything needed to open and pool connections to a PostgreSQL server, or to one of several
 * ({@link #hosts()}, chosen by {@link #targetSessionAttrs()}).
 *
 * <p>Immutable and thread-safe: built once with {@link #builder()} or {@link #fromUrl(String)} and
 * shared freely. Every range is checked by {@link Builder#build()}, whose messages name the
 * setting, so a bad value fails at startup and not on the first query. {@link #toString()} never
 * shows the password.
 */
public final class LazyPgConfig {

    /** Port PostgreSQL listens on unless told otherwise. */
    public static final int DEFAULT_PORT = 5432;

    /** Largest {@link #pipeliningLimit()} accepted. */
    private static final int MAX_PIPELINING_LIMIT = 1024;

    /** Longest {@link #receiveSpin()} accepted. */
    private static final Duration MAX_RECEIVE_SPIN = Duration.ofMillis(1);

    private final List<PgHost> hosts;
    private final TargetSessionAttrs targetSessionAttrs;
    private final boolean loadBalanceHosts;
    private final @Nullable TargetSessionAttrs readOnlyTarget;
    private final boolean readYourWrites;
    private final Duration readYourWritesTimeout;
    private final String database;
    private final String user;
    private final @Nullable String password;
    private final SslMode sslMode;
    private final @Nullable Path sslRootCert;
    private final String applicationName;
    private final Duration connectTimeout;
    private final Duration queryTimeout;
    private final int statementCacheSize;
    private final int pipeliningLimit;
    private final int fetchSize;
    private final int maxMessageSize;
    private final int receiveBufferSize;
    private final Duration receiveSpin;
    private final int statisticsMaxStatements;
    private final boolean reportUnreadColumns;
    private final Map<String, String> serverParameters;
    private final PoolSettings pool;
    /** require_auth, channel_binding, passfile, keepalives, init_sql, the password supplier (#31). */
    private final ConnectSettings connect;

    private LazyPgConfig(Builder b, List<PgHost> hosts, String user, String database, PoolSettings pool) {
        this.hosts = hosts;
        this.targetSessionAttrs = b.targetSessionAttrs;
        this.loadBalanceHosts = b.loadBalanceHosts;
        this.readOnlyTarget = b.readOnlyTarget;
        this.readYourWrites = b.readYourWrites;
        this.readYourWritesTimeout = b.readYourWritesTimeout;
        this.database = database;
        this.user = user;
        this.password = b.password;
        this.sslMode = b.sslMode;
        this.sslRootCert = b.sslRootCert;
        this.applicationName = b.applicationName;
        this.connectTimeout = b.connectTimeout;
        this.queryTimeout = b.queryTimeout;
        this.statementCacheSize = b.statementCacheSize;
        this.pipeliningLimit = b.pipeliningLimit;
        this.fetchSize = b.fetchSize;
        this.maxMessageSize = b.maxMessageSize;
        this.receiveBufferSize = b.receiveBufferSize;
        this.receiveSpin = b.receiveSpin;
        this.statisticsMaxStatements = b.statisticsMaxStatements;
        this.reportUnreadColumns = b.reportUnreadColumns;
        // Copied so a builder reused afterwards cannot change a built config; insertion order kept
        // so the StartupMessage is deterministic.
        this.serverParameters = Collections.unmodifiableMap(new LinkedHashMap<>(b.serverParameters));
        this.pool = pool;
        this.connect = b.connect.copy();
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Parses a connection URL: a libpq URI ({@code postgresql://user:password@host:port/db?...} or
     * {@code postgres://...}) or a pgjdbc URL ({@code jdbc:postgresql://host:port/db?user=...}).
     * See {@link Builder#url(String)} for the accepted parameters.
     *
     * @throws IllegalArgumentException if the URL is malformed, names an unknown parameter or
     *     yields an invalid configuration; the message never contains the password
     */
    public static LazyPgConfig fromUrl(String url) {
        return builder().url(url).build();
    }

    /** A builder holding this configuration's values, to derive a changed copy. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.host = host();
        b.port = port();
        b.hosts = hosts.size() > 1 ? hosts : null;
        b.targetSessionAttrs = targetSessionAttrs;
        b.loadBalanceHosts = loadBalanceHosts;
        b.readOnlyTarget = readOnlyTarget;
        b.readYourWrites = readYourWrites;
        b.readYourWritesTimeout = readYourWritesTimeout;
        b.database = database;
        b.user = user;
        b.password = password;
        b.sslMode = sslMode;
        b.sslRootCert = sslRootCert;
        b.applicationName = applicationName;
        b.connectTimeout = connectTimeout;
        b.queryTimeout = queryTimeout;
        b.statementCacheSize = statementCacheSize;
        b.pipeliningLimit = pipeliningLimit;
        b.fetchSize = fetchSize;
        b.maxMessageSize = maxMessageSize;
        b.receiveBufferSize = receiveBufferSize;
        b.receiveSpin = receiveSpin;
        b.statisticsMaxStatements = statisticsMaxStatements;
        b.reportUnreadColumns = reportUnreadColumns;
        b.serverParameters.putAll(serverParameters);
        b.pool(pool);
        b.connect = connect.copy();
        return b;
    }

    /** The first (with one host, the only) host. */
    public String host() {
        return hosts.get(0).host();
    }

    /** The first (with one host, the only) host's port. */
    public int port() {
        return hosts.get(0).port();
    }

    /** The hosts to try, in order (at least one); unmodifiable. */
    public List<PgHost> hosts() {
        return hosts;
    }

    /** Which host a connection may go to (libpq's {@code target_session_attrs}); {@link TargetSessionAttrs#ANY} by default. */
    public TargetSessionAttrs targetSessionAttrs() {
        return targetSessionAttrs;
    }

    /** Whether each connection tries the hosts in a random order (libpq's {@code load_balance_hosts=random}). */
    public boolean loadBalanceHosts() {
        return loadBalanceHosts;
    }

    /**
     * Where read-only work goes ({@code read_only_target}): {@code null} (the default) sends it where
     * everything else goes; else one of {@link TargetSessionAttrs#ANY}, {@link TargetSessionAttrs#READ_ONLY},
     * {@link TargetSessionAttrs#STANDBY}, {@link TargetSessionAttrs#PREFER_STANDBY}.
     */
    public @Nullable TargetSessionAttrs readOnlyTarget() {
        return readOnlyTarget;
    }

    /**
     * Whether a read-only transaction routed by {@link #readOnlyTarget()} first waits until its host
     * has replayed the last write this client committed ({@code read_your_writes}; off by default).
     * Has no effect without {@code read_only_target}. See docs/multi-host.md.
     */
    public boolean readYourWrites() {
        return readYourWrites;
    }

    /**
     * How long a read-only transaction waits for its standby to catch up with this client's last
     * write ({@code read_your_writes_timeout}, 1 s by default) before it runs on the
     * {@code target_session_attrs} host instead.
     */
    public Duration readYourWritesTimeout() {
        return readYourWritesTimeout;
    }

    /** This configuration aimed at {@code host} alone: what one connection to that host uses. */
    public LazyPgConfig forHost(PgHost host) {
        Builder b = toBuilder();
        b.hosts = null;
        b.host = host.host();
        b.port = host.port();
        b.targetSessionAttrs = TargetSessionAttrs.ANY;
        b.loadBalanceHosts = false;
        b.readOnlyTarget = null;
        b.readYourWrites = false;
        return b.build();
    }

    /** The database to connect to; the user name when none was given (as libpq does). */
    public String database() {
        return database;
    }

    public String user() {
        return user;
    }

    /** The password, or {@code null} when the server needs none (trust, peer, certificate). */
    public @Nullable String password() {
        return password;
    }

    public SslMode sslMode() {
        return sslMode;
    }

    /**
     * PEM file of the CA certificate(s) to trust, or {@code null} for {@code ~/.postgresql/root.crt}
     * (as libpq does). verify-ca and verify-full need one of the two to exist; the other modes check
     * the chain against it when it exists. The JDK trust store is never used.
     */
    public @Nullable Path sslRootCert() {
        return sslRootCert;
    }

    public String applicationName() {
        return applicationName;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    /** Time limit for one statement; {@link Duration#ZERO} means none. */
    public Duration queryTimeout() {
        return queryTimeout;
    }

    /** Prepared statements kept per connection; 0 disables the cache. */
    public int statementCacheSize() {
        return statementCacheSize;
    }

    /**
     * How many auto-commit statements from different threads may be in flight at once on one pooled
     * connection (1, the default: none; each statement has a connection of its own). Above 1,
     * LazyPgClient.query/execute (and LazyPgTemplate outside a transaction) may send a statement on a
     * connection whose earlier statements are still being answered, each with its own Sync, when
     * every connection of the pool is busy; the answers are read in order. Only SELECT, INSERT,
     * UPDATE, DELETE, MERGE, WITH, VALUES and TABLE statements already prepared on the connection are
     * pipelined, and only without a query timeout; transactions, cursors, batches, COPY, scripts and
     * sessions from acquire() always have their connection to themselves. See docs/pipelining.md.
     */
    public int pipeliningLimit() {
        return pipeliningLimit;
    }

    /** Rows asked for per Execute when streaming; 0 fetches all rows at once. */
    public int fetchSize() {
        return fetchSize;
    }

    /** Largest server message accepted, in bytes; a message declaring more is a protocol error. */
    public int maxMessageSize() {
        return maxMessageSize;
    }

    /** Size in bytes of one socket read. */
    public int receiveBufferSize() {
        return receiveBufferSize;
    }

    /**
     * How long a thread waiting for the server's answer keeps polling the socket before it sleeps
     * ({@code receive_spin}); {@link Duration#ZERO} (the default) sleeps at once. An answer that
     * arrives within it is read without the thread being put to sleep and woken, which is most of
     * the client's share of a short statement's round trip when processors are idle, at the price of
     * the CPU spent polling. Spinning stops by itself while more threads wait for answers than half
     * the processors, and after answers that took longer than this. At most 1 ms. See
     * docs/client.md (receive spin).
     */
    public Duration receiveSpin() {
        return receiveSpin;
    }

    /** Run-time parameters sent in the StartupMessage (TimeZone, search_path, ...); unmodifiable. */
    /**
     * How many distinct SQL statements the client keeps laziness statistics for (LRU); 0 turns
     * statistics off, which also removes their bookkeeping from every cell read.
     */
    public int statisticsMaxStatements() {
        return statisticsMaxStatements;
    }

    /**
     * Whether to log once per statement (INFO) when it keeps fetching columns the application never
     * reads, naming them so the SELECT can be narrowed. Needs statistics on.
     */
    public boolean reportUnreadColumns() {
        return reportUnreadColumns;
    }

    public Map<String, String> serverParameters() {
        return serverParameters;
    }

    public PoolSettings pool() {
        return pool;
    }

    /** libpq's require_auth: the authentication methods accepted from the server; "" accepts any. */
    public String requireAuth() {
        return connect.requireAuth();
    }

    /** libpq's channel_binding: disable, prefer (the default) or require. */
    public String channelBinding() {
        return connect.channelBinding().toString();
    }

    /** The password file read when no password is set: passfile, else PGPASSFILE, else ~/.pgpass. */
    public Path passFile() {
        return connect.passFile();
    }

    /** Whether TCP keepalives are on (libpq's keepalives, default on). */
    public boolean keepalives() {
        return connect.keepAlive().enabled();
    }

    /** Seconds without traffic before the first keepalive probe; null for the system's. */
    public @Nullable Duration keepalivesIdle() {
        return connect.keepAlive().idle();
    }

    /** Seconds between keepalive probes; null for the system's. */
    public @Nullable Duration keepalivesInterval() {
        return connect.keepAlive().interval();
    }

    /** Keepalive probes lost before the connection is dropped; null for the system's. */
    public @Nullable Integer keepalivesCount() {
        return connect.keepAlive().count();
    }

    /** SQL run on each new connection after it is opened, before first use; null for none. */
    public @Nullable String initSql() {
        return connect.initSql();
    }

    /** Asked for the password of each new connection, instead of {@link #password()}; null when unset. */
    public @Nullable Supplier<char[]> passwordSupplier() {
        return connect.passwordSupplier();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LazyPgConfig)) {
            return false;
        }
        LazyPgConfig c = (LazyPgConfig) o;
        return hosts.equals(c.hosts)
                && targetSessionAttrs == c.targetSessionAttrs
                && loadBalanceHosts == c.loadBalanceHosts
                && readOnlyTarget == c.readOnlyTarget
                && readYourWrites == c.readYourWrites
                && readYourWritesTimeout.equals(c.readYourWritesTimeout)
                && statementCacheSize == c.statementCacheSize
                && pipeliningLimit == c.pipeliningLimit
                && fetchSize == c.fetchSize
                && maxMessageSize == c.maxMessageSize
                && receiveBufferSize == c.receiveBufferSize
                && receiveSpin.equals(c.receiveSpin)
                && statisticsMaxStatements == c.statisticsMaxStatements
                && reportUnreadColumns == c.reportUnreadColumns
                && database.equals(c.database)
                && user.equals(c.user)
                && Objects.equals(password, c.password)
                && sslMode == c.sslMode
                && Objects.equals(sslRootCert, c.sslRootCert)
                && applicationName.equals(c.applicationName)
                && connectTimeout.equals(c.connectTimeout)
                && queryTimeout.equals(c.queryTimeout)
                && serverParameters.equals(c.serverParameters)
                && pool.equals(c.pool)
                && connect.equals(c.connect);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hosts, database, user, sslMode, applicationName, pipeliningLimit, pool);
    }

    /** All settings, with the password shown as {@code ****} (or {@code null} when unset). */
    @Override
    public String toString() {
        String where = hosts.size() == 1
                ? "host=" + host() + ", port=" + port()
                : "hosts=" + hosts + ", targetSessionAttrs=" + targetSessionAttrs + ", loadBalanceHosts="
                        + loadBalanceHosts;
        return "LazyPgConfig[" + where + (readOnlyTarget == null ? "" : ", readOnlyTarget=" + readOnlyTarget)
                + (readYourWrites ? ", readYourWrites=true, readYourWritesTimeout=" + readYourWritesTimeout : "")
                + ", database=" + database
                + ", user=" + user + ", password=" + (password == null ? "null" : "****")
                + ", sslMode=" + sslMode + ", sslRootCert=" + sslRootCert
                + ", applicationName=" + applicationName + ", connectTimeout=" + connectTimeout
                + ", queryTimeout=" + queryTimeout + ", statementCacheSize=" + statementCacheSize
                + ", pipeliningLimit=" + pipeliningLimit
                + ", fetchSize=" + fetchSize + ", maxMessageSize=" + maxMessageSize
                + ", receiveBufferSize=" + receiveBufferSize
                + ", receiveSpin=" + receiveSpin
                + ", statisticsMaxStatements=" + statisticsMaxStatements + ", reportUnreadColumns="
                + reportUnreadColumns
                + ", serverParameters=" + serverParameters + ", pool=" + pool + ", " + connect + "]";
    }

    /**
     * Connection pool settings. Immutable; the constructor checks every range and names the
     * setting in its message. {@link Duration#ZERO} disables {@code maxLifetime},
     * {@code idleTimeout} and {@code leakDetectionThreshold}, makes {@code acquireTimeout} fail at
     * once when no connection is free, and makes {@code validateAfterIdle} validate every hand-out.
     *
     * @param maxSize most connections open at once, in use or idle (at least 1)
     * @param minIdle idle connections the housekeeper keeps open (0..maxSize)
     * @param acquireTimeout longest wait for a connection when all are in use
     * @param maxLifetime a connection older than this is closed when next idle
     * @param idleTimeout a connection idle longer than this is closed, beyond {@code minIdle}
     * @param validationTimeout time limit for the round trip that validates a connection (&gt; 0)
     * @param validateAfterIdle a connection idle longer than this is validated before hand-out
     * @param leakDetectionThreshold a connection held longer than this is reported once
     */
    public record PoolSettings(
            int maxSize,
            int minIdle,
            Duration acquireTimeout,
            Duration maxLifetime,
            Duration idleTimeout,
            Duration validationTimeout,
            Duration validateAfterIdle,
            Duration leakDetectionThreshold) {

        /** maxSize 10, minIdle 0, acquire 30 s, lifetime 30 min, idle 10 min, validation 5 s, after idle 1 s, leaks off. */
        public static final PoolSettings DEFAULTS = new PoolSettings(
                10,
                0,
                Duration.ofSeconds(30),
                Duration.ofMinutes(30),
                Duration.ofMinutes(10),
                Duration.ofSeconds(5),
                Duration.ofSeconds(1),
                Duration.ZERO);

        public PoolSettings {
            if (maxSize < 1) {
                throw new IllegalArgumentException("pool.max-size must be at least 1, got " + maxSize);
            }
            if (minIdle < 0 || minIdle > maxSize) {
                throw new IllegalArgumentException(
                        "pool.min-idle must be between 0 and pool.max-size (" + maxSize + "), got " + minIdle);
            }
            requireNonNegative("pool.acquire-timeout", acquireTimeout);
            requireNonNegative("pool.max-lifetime", maxLifetime);
            requireNonNegative("pool.idle-timeout", idleTimeout);
            requirePositive("pool.validation-timeout", validationTimeout);
            requireNonNegative("pool.validate-after-idle", validateAfterIdle);
            requireNonNegative("pool.leak-detection-threshold", leakDetectionThreshold);
        }

        public PoolSettings withMaxSize(int value) {
            return new PoolSettings(
                    value,
                    minIdle,
                    acquireTimeout,
                    maxLifetime,
                    idleTimeout,
                    validationTimeout,
                    validateAfterIdle,
                    leakDetectionThreshold);
        }

        public PoolSettings withMinIdle(int value) {
            return new PoolSettings(
                    maxSize,
                    value,
                    acquireTimeout,
                    maxLifetime,
                    idleTimeout,
                    validationTimeout,
                    validateAfterIdle,
                    leakDetectionThreshold);
        }

        public PoolSettings withAcquireTimeout(Duration value) {
            return new PoolSettings(
                    maxSize,
                    minIdle,
                    value,
                    maxLifetime,
                    idleTimeout,
                    validationTimeout,
                    validateAfterIdle,
                    leakDetectionThreshold);
        }

        public PoolSettings withMaxLifetime(Duration value) {
            return new PoolSettings(
                    maxSize,
                    minIdle,
                    acquireTimeout,
                    value,
                    idleTimeout,
                    validationTimeout,
                    validateAfterIdle,
                    leakDetectionThreshold);
        }

        public PoolSettings withIdleTimeout(Duration value) {
            return new PoolSettings(
                    maxSize,
                    minIdle,
                    acquireTimeout,
                    maxLifetime,
                    value,
                    validationTimeout,
                    validateAfterIdle,
                    leakDetectionThreshold);
        }

        public PoolSettings withValidationTimeout(Duration value) {
            return new PoolSettings(
                    maxSize,
                    minIdle,
                    acquireTimeout,
                    maxLifetime,
                    idleTimeout,
                    value,
                    validateAfterIdle,
                    leakDetectionThreshold);
        }

        public PoolSettings withValidateAfterIdle(Duration value) {
            return new PoolSettings(
                    maxSize,
                    minIdle,
                    acquireTimeout,
                    maxLifetime,
                    idleTimeout,
                    validationTimeout,
                    value,
                    leakDetectionThreshold);
        }

        public PoolSettings withLeakDetectionThreshold(Duration value) {
            return new PoolSettings(
                    maxSize,
                    minIdle,
                    acquireTimeout,
                    maxLifetime,
                    idleTimeout,
                    validationTimeout,
                    validateAfterIdle,
                    value);
        }
    }

    /**
     * Collects settings for a {@link LazyPgConfig}. Not thread-safe; {@link #build()} may be called
     * more than once and every built config is independent of later changes.
     */
    public static final class Builder {

        private String host = "localhost";
        private int port = DEFAULT_PORT;
        /** Set for several hosts; then {@link #host} and {@link #port} are not used. */
        private @Nullable List<PgHost> hosts;

        private TargetSessionAttrs targetSessionAttrs = TargetSessionAttrs.ANY;
        private boolean loadBalanceHosts;
        private @Nullable TargetSessionAttrs readOnlyTarget;
        private boolean readYourWrites;
        private Duration readYourWritesTimeout = Duration.ofSeconds(1);
        private @Nullable String database;
        private @Nullable String user;
        private @Nullable String password;
        private SslMode sslMode = SslMode.PREFER;
        private @Nullable Path sslRootCert;
        private String applicationName = "lazypg";
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration queryTimeout = Duration.ZERO;
        private int statementCacheSize = 256;
        private int pipeliningLimit = 1;
        private int fetchSize = 1000;
        private int maxMessageSize = 1 << 30;
        private int receiveBufferSize = 64 * 1024;
        private Duration receiveSpin = Duration.ZERO;
        private int statisticsMaxStatements = 500;
        private boolean reportUnreadColumns = true;
        private final Map<String, String> serverParameters = new LinkedHashMap<>();
        // Kept field by field (not as a PoolSettings) so that each setter can be applied in any
        // order and the cross-field check (minIdle <= maxSize) runs once, in build().
        private int poolMaxSize;
        private int poolMinIdle;
        private Duration poolAcquireTimeout;
        private Duration poolMaxLifetime;
        private Duration poolIdleTimeout;
        private Duration poolValidationTimeout;
        private Duration poolValidateAfterIdle;
        private Duration poolLeakDetectionThreshold;
        private ConnectSettings connect = new ConnectSettings();

        private Builder() {
            pool(PoolSettings.DEFAULTS);
        }

        /**
         * Applies the settings a connection URL names onto this builder; settings it does not name
         * keep their current values, and setters called afterwards override it.
         *
         * <p>libpq URI, {@code postgresql://} or {@code postgres://}: {@code
         * [user[:password]@][host[:port]][/database][?param=value&...]}, percent-decoded; an IPv6
         * host goes in brackets; a host without a port means 5432. Parameters: {@code host, port,
         * dbname, user, password, sslmode, sslrootcert, application_name, connect_timeout}
         * (seconds) and {@code options} ({@code -c name=value} switches, into
         * {@link #serverParameter}).
         *
         * <p>pgjdbc URL, {@code jdbc:postgresql://host[:port]/database?...} (or {@code
         * jdbc:postgresql:database}): {@code user, password, sslmode, sslrootcert,
         * ApplicationName, connectTimeout} (seconds), {@code options, currentSchema,
         * defaultRowFetchSize, preparedStatementCacheQueries}; {@code socketTimeout} is accepted
         * and ignored ({@code query_timeout} is the lazypg equivalent). lazypg-jdbc's
         * {@code jdbc:lazypg://host[:port]/database?...} has the same syntax and parameters.
         *
         * <p>Several hosts: {@code postgresql://h1:5432,h2:5433/db}, libpq's {@code host=h1,h2&port=...},
         * or {@code jdbc:postgresql://h1,h2:5433/db}; with {@code target_session_attrs} (any,
         * read-write, read-only, primary, standby, prefer-standby) and {@code load_balance_hosts}
         * (disable, random) in libpq URIs, pgjdbc's {@code targetServerType} (any, primary,
         * secondary, preferSecondary) and {@code loadBalanceHosts} (true, false) in JDBC URLs, and
         * {@code read_only_target} (any, read-only, standby, prefer-standby), {@code read_your_writes}
         * (true, false) and {@code read_your_writes_timeout} (a duration) in both. See
         * docs/multi-host.md.
         *
         * <p>Both forms also accept the lazypg settings {@code query_timeout, statement_cache_size,
         * pipelining_limit, fetch_size, max_message_size, receive_buffer_size, receive_spin, pool_max_size,
         * pool_min_idle,
         * pool_acquire_timeout, pool_max_lifetime, pool_idle_timeout, pool_validation_timeout,
         * pool_validate_after_idle, pool_leak_detection_threshold}. Durations are seconds, or a
         * number with a unit ({@code 50us, 250ms, 30s, 5m, 1h}), or ISO-8601 ({@code PT30S}); sizes are
         * bytes or a number with {@code kB, MB, GB} (1024-based).
         *
         * @throws IllegalArgumentException for a malformed URL or value or an unknown parameter;
         *     the message names the parameter, lists the known ones, and never contains the password
         */
        public Builder url(String url) {
            ConnectionUrl.applyTo(url, this);
            return this;
        }

        /**
         * libpq's require_auth: a comma list of the authentication methods to accept ({@code
         * password, md5, scram-sha-256, gss, sspi, none}), or of the ones to refuse, each with {@code !}.
         * A server that asks for another method is refused before any secret is sent. "" (the
         * default) accepts any.
         */
        public Builder requireAuth(String methods) {
            connect.requireAuth(methods);
            return this;
        }

        /**
         * libpq's channel_binding: {@code prefer} (the default) binds SCRAM to the TLS channel
         * (SCRAM-SHA-256-PLUS) when the server offers it; {@code require} refuses to authenticate
         * otherwise, and refuses every other method; {@code disable} never binds.
         */
        public Builder channelBinding(String mode) {
            connect.channelBinding(mode);
            return this;
        }

        /** libpq's passfile: the password file read when no password is set (default PGPASSFILE or ~/.pgpass). */
        public Builder passFile(@Nullable Path file) {
            connect.passFile(file);
            return this;
        }

        /** libpq's keepalives: TCP keepalives on (the default) or off. */
        public Builder keepalives(boolean on) {
            connect.keepalives(on);
            return this;
        }

        /** libpq's keepalives_idle: idle time before the first probe (whole seconds); null for the system's. */
        public Builder keepalivesIdle(@Nullable Duration idle) {
            connect.keepalivesIdle(idle);
            return this;
        }

        /** libpq's keepalives_interval: time between probes (whole seconds); null for the system's. */
        public Builder keepalivesInterval(@Nullable Duration interval) {
            connect.keepalivesInterval(interval);
            return this;
        }

        /** libpq's keepalives_count: probes lost before the connection is dropped; null for the system's. */
        public Builder keepalivesCount(@Nullable Integer count) {
            connect.keepalivesCount(count);
            return this;
        }

        /**
         * SQL run on each new connection once it is open, before it is used or pooled (HikariCP's
         * connectionInitSql); a failure fails the connect. Null for none.
         */
        public Builder initSql(@Nullable String sql) {
            connect.initSql(sql);
            return this;
        }

        /**
         * Asked for the password each time a connection is opened, so rotating secrets (cloud IAM
         * tokens, vault leases) need no restart: open connections keep working, new ones use the
         * new secret. Called on the opening thread; the array is wiped after use. Excludes {@link
         * #password(String)}. Null to unset.
         */
        public Builder passwordSupplier(@Nullable Supplier<char[]> supplier) {
            connect.passwordSupplier(supplier);
            return this;
        }

        /**
         * The environment libpq's variables ({@code PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD,
         * PGPASSFILE, PGSSLMODE, PGAPPNAME, PGOPTIONS, PGSERVICE, PGSERVICEFILE, PGSYSCONFDIR}) are
         * read from; the process environment by default. Call it before {@link #url(String)}, which
         * reads it; {@code Map.of()} turns the variables off.
         */
        public Builder environment(Map<String, String> variables) {
            connect.environment(variables);
            return this;
        }

        /** The environment set with {@link #environment(Map)}; for the URL reader. */
        public Map<String, String> environment() {
            return connect.environment();
        }

        /** One host; replaces any list set with {@link #hosts(List)}. */
        public Builder host(String host) {
            this.host = host;
            this.hosts = null;
            return this;
        }

        /**
         * Several hosts, tried in order (or at random, see {@link #loadBalanceHosts(boolean)}) until one
         * matches {@link #targetSessionAttrs(TargetSessionAttrs)}; replaces {@link #host(String)} and
         * {@link #port(int)}. A list of one is the same as {@code host(...).port(...)}.
         */
        public Builder hosts(List<PgHost> hosts) {
            if (hosts == null || hosts.isEmpty()) {
                throw new IllegalArgumentException("hosts must name at least one host");
            }
            if (hosts.size() == 1) {
                this.host = hosts.get(0).host();
                this.port = hosts.get(0).port();
                this.hosts = null;
            } else {
                this.hosts = List.copyOf(hosts);
            }
            return this;
        }

        /** libpq's {@code target_session_attrs}: which of the hosts a connection may go to. */
        public Builder targetSessionAttrs(TargetSessionAttrs target) {
            this.targetSessionAttrs = target;
            return this;
        }

        /** libpq's {@code load_balance_hosts=random} when true: each connection tries the hosts in a random order. */
        public Builder loadBalanceHosts(boolean loadBalanceHosts) {
            this.loadBalanceHosts = loadBalanceHosts;
            return this;
        }

        /**
         * Sends read-only work (read-only transactions, read-only JDBC connections) to a host matching
         * {@code target}: any, read-only, standby or prefer-standby; {@code null} (the default) turns
         * this routing off.
         */
        public Builder readOnlyTarget(@Nullable TargetSessionAttrs target) {
            this.readOnlyTarget = target;
            return this;
        }

        /**
         * With {@code true}, a read-only transaction routed to a {@link #readOnlyTarget} host first waits
         * (up to {@link #readYourWritesTimeout}) until that host has replayed the last write this client
         * committed, and runs on the {@code target_session_attrs} host when it has not by then. Needs
         * {@code read_only_target}; without it, read-only work already runs where the writes do.
         */
        public Builder readYourWrites(boolean readYourWrites) {
            this.readYourWrites = readYourWrites;
            return this;
        }

        /** How long a read-only transaction waits for its host to catch up; positive, 1 s by default. */
        public Builder readYourWritesTimeout(Duration timeout) {
            this.readYourWritesTimeout = timeout;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The database; when never set, the user name is used. */
        public Builder database(String database) {
            this.database = database;
            return this;
        }

        public Builder user(String user) {
            this.user = user;
            return this;
        }

        public Builder password(String password) {
            this.password = password;
            return this;
        }

        public Builder sslMode(SslMode sslMode) {
            this.sslMode = sslMode;
            return this;
        }

        public Builder sslRootCert(@Nullable Path sslRootCert) {
            this.sslRootCert = sslRootCert;
            return this;
        }

        public Builder applicationName(String applicationName) {
            this.applicationName = applicationName;
            return this;
        }

        public Builder connectTimeout(Duration connectTimeout) {
            this.connectTimeout = connectTimeout;
            return this;
        }

        public Builder queryTimeout(Duration queryTimeout) {
            this.queryTimeout = queryTimeout;
            return this;
        }

        public Builder statementCacheSize(int statementCacheSize) {
            this.statementCacheSize = statementCacheSize;
            return this;
        }

        /**
         * Auto-commit statements from different threads that may share one pooled connection at
         * once, 1 to 1024; 1 (the default) turns pipelining off. See {@link LazyPgConfig#pipeliningLimit()}.
         */
        public Builder pipeliningLimit(int pipeliningLimit) {
            this.pipeliningLimit = pipeliningLimit;
            return this;
        }

        public Builder fetchSize(int fetchSize) {
            this.fetchSize = fetchSize;
            return this;
        }

        public Builder maxMessageSize(int maxMessageSize) {
            this.maxMessageSize = maxMessageSize;
            return this;
        }

        public Builder receiveBufferSize(int receiveBufferSize) {
            this.receiveBufferSize = receiveBufferSize;
            return this;
        }

        /** How long a read polls for the answer before it sleeps, 0 to 1 ms; see {@link LazyPgConfig#receiveSpin()}. */
        public Builder receiveSpin(Duration receiveSpin) {
            this.receiveSpin = receiveSpin;
            return this;
        }

        public Builder statisticsMaxStatements(int statisticsMaxStatements) {
            this.statisticsMaxStatements = statisticsMaxStatements;
            return this;
        }

        public Builder reportUnreadColumns(boolean reportUnreadColumns) {
            this.reportUnreadColumns = reportUnreadColumns;
            return this;
        }

        /** Adds (or with a {@code null} value removes) one StartupMessage parameter. */
        public Builder serverParameter(String name, String value) {
            if (value == null) {
                serverParameters.remove(name);
            } else {
                serverParameters.put(name, value);
            }
            return this;
        }

        /** Replaces all StartupMessage parameters. */
        public Builder serverParameters(Map<String, String> parameters) {
            serverParameters.clear();
            serverParameters.putAll(parameters);
            return this;
        }

        /** Replaces every pool setting. */
        public Builder pool(PoolSettings settings) {
            poolMaxSize = settings.maxSize();
            poolMinIdle = settings.minIdle();
            poolAcquireTimeout = settings.acquireTimeout();
            poolMaxLifetime = settings.maxLifetime();
            poolIdleTimeout = settings.idleTimeout();
            poolValidationTimeout = settings.validationTimeout();
            poolValidateAfterIdle = settings.validateAfterIdle();
            poolLeakDetectionThreshold = settings.leakDetectionThreshold();
            return this;
        }

        public Builder poolMaxSize(int value) {
            poolMaxSize = value;
            return this;
        }

        public Builder poolMinIdle(int value) {
            poolMinIdle = value;
            return this;
        }

        public Builder poolAcquireTimeout(Duration value) {
            poolAcquireTimeout = value;
            return this;
        }

        public Builder poolMaxLifetime(Duration value) {
            poolMaxLifetime = value;
            return this;
        }

        public Builder poolIdleTimeout(Duration value) {
            poolIdleTimeout = value;
            return this;
        }

        public Builder poolValidationTimeout(Duration value) {
            poolValidationTimeout = value;
            return this;
        }

        public Builder poolValidateAfterIdle(Duration value) {
            poolValidateAfterIdle = value;
            return this;
        }

        public Builder poolLeakDetectionThreshold(Duration value) {
            poolLeakDetectionThreshold = value;
            return this;
        }

        /**
         * Checks every setting and builds the configuration.
         *
         * @throws IllegalArgumentException naming the first setting that is missing or out of range
         */
        public LazyPgConfig build() {
            String user = this.user;
            if (user == null || user.isBlank()) {
                throw new IllegalArgumentException("user is required: set it with LazyPgConfig.builder()"
                        + ".user(...) or in the URL (postgresql://user@host/db or ?user=...)");
            }
            List<PgHost> hostList;
            if (hosts != null) {
                hostList = hosts;
            } else {
                if (host == null || host.isBlank()) {
                    throw new IllegalArgumentException("host must not be empty");
                }
                if (port < 1 || port > 65535) {
                    throw new IllegalArgumentException("port must be between 1 and 65535, got " + port);
                }
                hostList = List.of(new PgHost(host, port));
            }
            if (targetSessionAttrs == null) {
                throw new IllegalArgumentException("targetSessionAttrs must not be null (ANY accepts every host)");
            }
            if (readOnlyTarget != null && !readOnlyTarget.suitsReadOnlyWork()) {
                throw new IllegalArgumentException("readOnlyTarget must be any, read-only, standby or prefer-standby"
                        + " (or unset to turn read-only routing off), got " + readOnlyTarget);
            }
            if (database != null && database.isEmpty()) {
                throw new IllegalArgumentException("database must not be empty (leave it unset to use the user name)");
            }
            if (sslMode == null) {
                throw new IllegalArgumentException("sslMode must not be null");
            }
            if (applicationName == null) {
                throw new IllegalArgumentException("applicationName must not be null (use \"\" for none)");
            }
            requirePositive("connectTimeout", connectTimeout);
            requirePositive("readYourWritesTimeout", readYourWritesTimeout);
            requireNonNegative("queryTimeout", queryTimeout);
            if (statementCacheSize < 0) {
                throw new IllegalArgumentException(
                        "statementCacheSize must be 0 (disabled) or more, got " + statementCacheSize);
            }
            if (pipeliningLimit < 1 || pipeliningLimit > MAX_PIPELINING_LIMIT) {
                throw new IllegalArgumentException("pipelining_limit (pipeliningLimit) must be between 1 and "
                        + MAX_PIPELINING_LIMIT + ", got " + pipeliningLimit + "; 1 turns pipelining off");
            }
            if (statisticsMaxStatements < 0) {
                throw new IllegalArgumentException(
                        "statisticsMaxStatements must be 0 (statistics off) or more, got " + statisticsMaxStatements);
            }
            if (fetchSize < 0) {
                throw new IllegalArgumentException("fetchSize must be 0 (all rows at once) or more, got " + fetchSize);
            }
            // Below 1 KiB an ordinary ErrorResponse or RowDescription would already be refused.
            if (maxMessageSize < 1024) {
                throw new IllegalArgumentException("maxMessageSize must be at least 1024 bytes, got " + maxMessageSize);
            }
            if (receiveBufferSize < 1024) {
                throw new IllegalArgumentException(
                        "receiveBufferSize must be at least 1024 bytes, got " + receiveBufferSize);
            }
            requireNonNegative("receiveSpin", receiveSpin);
            if (receiveSpin.compareTo(MAX_RECEIVE_SPIN) > 0) {
                throw new IllegalArgumentException("receive_spin (receiveSpin) must be at most 1ms, got " + receiveSpin
                        + ": a sleeping thread is woken in microseconds, so a longer spin only burns CPU");
            }
            for (Map.Entry<String, String> p : serverParameters.entrySet()) {
                String name = p.getKey();
                if (name == null || name.isBlank()) {
                    throw new IllegalArgumentException("serverParameters: a parameter name must not be empty");
                }
                if (p.getValue() == null) {
                    throw new IllegalArgumentException("serverParameters: value of '" + name + "' must not be null");
                }
                String lower = name.toLowerCase(Locale.ROOT);
                // These are written by the connection itself; a second copy would be ambiguous.
                if (lower.equals("user")
                        || lower.equals("database")
                        || lower.equals("application_name")
                        || lower.equals("replication")) {
                    throw new IllegalArgumentException(
                            "serverParameters must not contain '" + name + "': use the dedicated setting instead");
                }
                if (name.indexOf('\0') >= 0 || p.getValue().indexOf('\0') >= 0) {
                    throw new IllegalArgumentException("serverParameters: '" + name + "' contains a NUL character");
                }
            }
            connect.check();
            if (connect.passwordSupplier() != null && password != null) {
                throw new IllegalArgumentException("password and passwordSupplier are both set: set one (the"
                        + " supplier is asked for each new connection)");
            }
            PoolSettings poolSettings = new PoolSettings(
                    poolMaxSize,
                    poolMinIdle,
                    poolAcquireTimeout,
                    poolMaxLifetime,
                    poolIdleTimeout,
                    poolValidationTimeout,
                    poolValidateAfterIdle,
                    poolLeakDetectionThreshold);
            return new LazyPgConfig(this, hostList, user, database == null ? user : database, poolSettings);
        }
    }

    private static void requireNonNegative(String name, Duration value) {
        if (value == null || value.isNegative()) {
            throw new IllegalArgumentException(name + " must be zero or positive, got " + value);
        }
    }

    private static void requirePositive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
    }
}
