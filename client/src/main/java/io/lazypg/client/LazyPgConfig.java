package io.lazypg.client;

import io.lazypg.client.internal.config.ConnectSettings;
import io.lazypg.client.internal.config.PassFile;
import io.lazypg.client.internal.config.PoolRows;
import io.lazypg.client.internal.config.SettingValues;
import io.lazypg.client.internal.config.Settings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Everything needed to open and pool connections to a PostgreSQL server, or to one of several
 * ({@link #hosts()}, chosen by {@link #targetSessionAttrs()}). Getters and builder methods are named
 * after the settings; what each means, its URL key and its default are in docs/configuration.md.
 *
 * <p>Each setting is a row of lazypg's table of settings (URL key, builder name, pgjdbc and libpq
 * names, default, range check, documentation; listed in docs/configuration.md): values, {@link
 * #equals}, {@link #toString()} (never the password) and every check come from it, and messages
 * name a setting by URL key and builder name, {@code fetch_size (fetchSize)}. Immutable and
 * thread-safe; {@link LazyPgConfigBuilder#build()} checks every range, so a bad value fails at startup.
 */
public final class LazyPgConfig {

    /** Port PostgreSQL listens on unless told otherwise. */
    public static final int DEFAULT_PORT = 5432;

    /** Rows asked for per round trip when streaming, unless {@code fetch_size} says otherwise. */
    public static final int DEFAULT_FETCH_SIZE = Objects.requireNonNull(Settings.FETCH_SIZE.defaultValue());

    private final List<PgHost> hosts;
    /** Checked, never written again; the database resolved (the user name when it was unset). */
    private final SettingValues values;

    private final Map<String, String> serverParameters;
    private final PoolSettings pool;
    /** The password supplier and the environment (#31), beside the table. */
    private final ConnectSettings connect;

    LazyPgConfig(
            List<PgHost> hosts, SettingValues values, Map<String, String> serverParameters, ConnectSettings connect) {
        this.hosts = hosts;
        this.connect = connect;
        this.values = values;
        // Copied: a reused builder cannot change a built config; insertion order keeps StartupMessage stable.
        this.serverParameters = Collections.unmodifiableMap(new LinkedHashMap<>(serverParameters));
        this.pool = PoolRows.from(values);
    }

    public static LazyPgConfigBuilder builder() {
        return new LazyPgConfigBuilder();
    }

    /**
     * Parses a libpq URI or a pgjdbc URL; see {@link LazyPgConfigBuilder#url(String)}.
     *
     * @throws IllegalArgumentException for a malformed URL, an unknown parameter or a bad value (never the password)
     */
    public static LazyPgConfig fromUrl(String url) {
        return builder().url(url).build();
    }

    /** A builder holding this configuration's values, to derive a changed copy. */
    public LazyPgConfigBuilder toBuilder() {
        LazyPgConfigBuilder b = new LazyPgConfigBuilder();
        b.host = host();
        b.port = port();
        b.hosts = hosts.size() > 1 ? hosts : null;
        b.values = values.copy();
        b.serverParameters.putAll(serverParameters);
        b.connect = connect;
        return b;
    }

    /** This configuration aimed at {@code host} alone: what one connection to that host uses. */
    public LazyPgConfig forHost(PgHost host) {
        LazyPgConfigBuilder b = toBuilder().host(host.host()).port(host.port());
        b.values.set(Settings.TARGET_SESSION_ATTRS, TargetSessionAttrs.ANY);
        b.values.set(Settings.LOAD_BALANCE_HOSTS, false);
        b.values.set(Settings.READ_ONLY_TARGET, null);
        b.values.set(Settings.READ_YOUR_WRITES, false);
        return b.build();
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

    public TargetSessionAttrs targetSessionAttrs() {
        return values.get(Settings.TARGET_SESSION_ATTRS);
    }

    public boolean loadBalanceHosts() {
        return values.get(Settings.LOAD_BALANCE_HOSTS);
    }

    /** Where read-only work goes ({@code read_only_target}: any, read-only, standby, prefer-standby); null (the default): where everything else goes. */
    public @Nullable TargetSessionAttrs readOnlyTarget() {
        return values.getOrNull(Settings.READ_ONLY_TARGET);
    }

    /** Whether a read-only transaction routed by {@link #readOnlyTarget()} first waits for its host to replay this client's last write (docs/multi-host.md). */
    public boolean readYourWrites() {
        return values.get(Settings.READ_YOUR_WRITES);
    }

    public Duration readYourWritesTimeout() {
        return values.get(Settings.READ_YOUR_WRITES_TIMEOUT);
    }

    /** The database to connect to; the user name when none was given (as libpq does). */
    public String database() {
        return values.get(Settings.DATABASE);
    }

    public String user() {
        return values.get(Settings.USER);
    }

    /** The password, or {@code null} when the server needs none (trust, peer, certificate). */
    public @Nullable String password() {
        return values.getOrNull(Settings.PASSWORD);
    }

    public SslMode sslMode() {
        return values.get(Settings.SSL_MODE);
    }

    /** PEM file of the CA certificates to trust; null: {@code ~/.postgresql/root.crt} (as libpq). Never the JDK's. */
    public @Nullable Path sslRootCert() {
        return values.getOrNull(Settings.SSL_ROOT_CERT);
    }

    /** libpq's sslnegotiation: postgres (SSLRequest first, the default) or direct (TLS from the first byte). */
    public String sslNegotiation() {
        return values.get(Settings.SSL_NEGOTIATION);
    }

    public String applicationName() {
        return values.get(Settings.APPLICATION_NAME);
    }

    public Duration connectTimeout() {
        return values.get(Settings.CONNECT_TIMEOUT);
    }

    /** Time limit for one statement; {@link Duration#ZERO} means none. */
    public Duration queryTimeout() {
        return values.get(Settings.QUERY_TIMEOUT);
    }

    public int statementCacheSize() {
        return values.get(Settings.STATEMENT_CACHE_SIZE);
    }

    /** Auto-commit statements from different threads in flight at once on one pooled connection (docs/pipelining.md). */
    public int pipeliningLimit() {
        return values.get(Settings.PIPELINING_LIMIT);
    }

    /**
     * Whether {@code executeBatch} sends a single-row {@code INSERT ... VALUES (...)} as multi-row
     * INSERTs (docs/pipelining.md, "Batches and COPY in one write"); pgjdbc's reWriteBatchedInserts.
     */
    public boolean rewriteBatchedInserts() {
        return values.get(Settings.REWRITE_BATCHED_INSERTS);
    }

    public int fetchSize() {
        return values.get(Settings.FETCH_SIZE);
    }

    public int maxMessageSize() {
        return values.get(Settings.MAX_MESSAGE_SIZE);
    }

    public int receiveBufferSize() {
        return values.get(Settings.RECEIVE_BUFFER_SIZE);
    }

    /** How long a thread waiting for an answer polls the socket before it sleeps (docs/client.md, receive spin). */
    public Duration receiveSpin() {
        return values.get(Settings.RECEIVE_SPIN);
    }

    public int statisticsMaxStatements() {
        return values.get(Settings.STATISTICS_MAX_STATEMENTS);
    }

    public boolean reportUnreadColumns() {
        return values.get(Settings.REPORT_UNREAD_COLUMNS);
    }

    /** Run-time parameters sent in the StartupMessage (TimeZone, search_path, ...); unmodifiable. */
    public Map<String, String> serverParameters() {
        return serverParameters;
    }

    public PoolSettings pool() {
        return pool;
    }

    /** libpq's require_auth: the authentication methods accepted from the server; "" accepts any. */
    public String requireAuth() {
        return values.get(Settings.REQUIRE_AUTH);
    }

    /** libpq's channel_binding: disable, prefer (the default) or require. */
    public String channelBinding() {
        return values.get(Settings.CHANNEL_BINDING);
    }

    /** libpq 18's min_protocol_version: 3.0 (the default), 3.2 or latest. */
    public String minProtocolVersion() {
        return values.get(Settings.MIN_PROTOCOL_VERSION);
    }

    /** libpq 18's max_protocol_version: 3.0, 3.2 or latest; null: 3.0, or latest when the minimum is above 3.0. */
    public @Nullable String maxProtocolVersion() {
        return values.getOrNull(Settings.MAX_PROTOCOL_VERSION);
    }

    /** The password file read when no password is set: passfile, else PGPASSFILE, else ~/.pgpass. */
    public Path passFile() {
        Path file = values.getOrNull(Settings.PASS_FILE);
        return file != null ? file : PassFile.defaultLocation(connect.environment());
    }

    /** Whether TCP keepalives are on (libpq's keepalives, default on). */
    public boolean keepalives() {
        return values.get(Settings.KEEPALIVES);
    }

    /** Time without traffic before the first keepalive probe; zero for the system's. */
    public Duration keepalivesIdle() {
        return values.get(Settings.KEEPALIVES_IDLE);
    }

    /** Time between keepalive probes; zero for the system's. */
    public Duration keepalivesInterval() {
        return values.get(Settings.KEEPALIVES_INTERVAL);
    }

    /** Keepalive probes lost before the connection is dropped; 0 for the system's. */
    public int keepalivesCount() {
        return values.get(Settings.KEEPALIVES_COUNT);
    }

    /** SQL run on each new connection after it is opened, before first use; null for none. */
    public @Nullable String initSql() {
        return values.getOrNull(Settings.INIT_SQL);
    }

    /** Asked for the password of each new connection, instead of {@link #password()}; null when unset. */
    public @Nullable Supplier<char[]> passwordSupplier() {
        return connect.passwordSupplier();
    }

    @Override
    public boolean equals(@Nullable Object o) {
        return o instanceof LazyPgConfig c
                && hosts.equals(c.hosts)
                && values.equals(c.values)
                && serverParameters.equals(c.serverParameters)
                && connect.equals(c.connect);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hosts, values, serverParameters);
    }

    /** All settings, with the password shown as {@code ****} (or {@code null} when unset). */
    @Override
    public String toString() {
        String where = hosts.size() == 1 ? "host=" + host() + ", port=" + port() : "hosts=" + hosts;
        return "LazyPgConfig[" + where + ", " + values + ", serverParameters=" + serverParameters + ", " + connect
                + "]";
    }

    /** The {@code pool_*} settings (docs/configuration.md). Immutable; the constructor checks every range, naming it. */
    public record PoolSettings(
            int maxSize,
            int minIdle,
            Duration acquireTimeout,
            Duration maxLifetime,
            Duration idleTimeout,
            Duration validationTimeout,
            Duration validateAfterIdle,
            Duration leakDetectionThreshold) {

        /** The table's defaults: maxSize 10, minIdle 0, acquire 30 s, lifetime 30 min, idle 10 min, validation 5 s, after idle 1 s, leaks off. */
        public static final PoolSettings DEFAULTS = PoolRows.from(SettingValues.defaults());

        public PoolSettings {
            PoolRows.check(
                    maxSize,
                    minIdle,
                    acquireTimeout,
                    maxLifetime,
                    idleTimeout,
                    validationTimeout,
                    validateAfterIdle,
                    leakDetectionThreshold);
        }

        public PoolSettings withMaxSize(int value) {
            return PoolRows.with(this, Settings.POOL_MAX_SIZE, value);
        }

        public PoolSettings withMinIdle(int value) {
            return PoolRows.with(this, Settings.POOL_MIN_IDLE, value);
        }

        public PoolSettings withAcquireTimeout(Duration value) {
            return PoolRows.with(this, Settings.POOL_ACQUIRE_TIMEOUT, value);
        }

        public PoolSettings withMaxLifetime(Duration value) {
            return PoolRows.with(this, Settings.POOL_MAX_LIFETIME, value);
        }

        public PoolSettings withIdleTimeout(Duration value) {
            return PoolRows.with(this, Settings.POOL_IDLE_TIMEOUT, value);
        }

        public PoolSettings withValidationTimeout(Duration value) {
            return PoolRows.with(this, Settings.POOL_VALIDATION_TIMEOUT, value);
        }

        public PoolSettings withValidateAfterIdle(Duration value) {
            return PoolRows.with(this, Settings.POOL_VALIDATE_AFTER_IDLE, value);
        }

        public PoolSettings withLeakDetectionThreshold(Duration value) {
            return PoolRows.with(this, Settings.POOL_LEAK_DETECTION_THRESHOLD, value);
        }
    }
}
