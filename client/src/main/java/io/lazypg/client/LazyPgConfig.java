package io.lazypg.client;

import io.lazypg.client.internal.config.ConnectSettings;
import io.lazypg.client.internal.config.ConnectionUrl;
import io.lazypg.client.internal.config.PassFile;
import io.lazypg.client.internal.config.PoolRows;
import io.lazypg.client.internal.config.ServerParameters;
import io.lazypg.client.internal.config.Setting;
import io.lazypg.client.internal.config.SettingValues;
import io.lazypg.client.internal.config.Settings;
import io.lazypg.client.internal.protocol.ProtocolVersion;
import io.lazypg.client.internal.tls.SslNegotiation;
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
 * thread-safe; {@link Builder#build()} checks every range, so a bad value fails at startup.
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

    private LazyPgConfig(
            List<PgHost> hosts, SettingValues values, Map<String, String> serverParameters, ConnectSettings connect) {
        this.hosts = hosts;
        this.connect = connect;
        this.values = values;
        // Copied: a reused builder cannot change a built config; insertion order keeps StartupMessage stable.
        this.serverParameters = Collections.unmodifiableMap(new LinkedHashMap<>(serverParameters));
        this.pool = PoolRows.from(values);
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Parses a libpq URI or a pgjdbc URL; see {@link Builder#url(String)}.
     *
     * @throws IllegalArgumentException for a malformed URL, an unknown parameter or a bad value (never the password)
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
        b.values = values.copy();
        b.serverParameters.putAll(serverParameters);
        b.connect = connect;
        return b;
    }

    /** This configuration aimed at {@code host} alone: what one connection to that host uses. */
    public LazyPgConfig forHost(PgHost host) {
        Builder b = toBuilder().host(host.host()).port(host.port());
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

    /** Collects settings; {@link #build()} checks them, so order does not matter. Not thread-safe; reusable. */
    public static final class Builder {

        private String host = "localhost";
        private int port = DEFAULT_PORT;
        /** Set for several hosts; then {@link #host} and {@link #port} are not used. */
        private @Nullable List<PgHost> hosts;

        private SettingValues values = SettingValues.defaults();
        private final Map<String, String> serverParameters = new LinkedHashMap<>();
        private ConnectSettings connect = ConnectSettings.DEFAULTS;

        private Builder() {}

        /** libpq's require_auth: methods to accept (password, md5, scram-sha-256, gss, sspi, none) or, each with !, to refuse. */
        public Builder requireAuth(String methods) {
            return set(Settings.REQUIRE_AUTH, methods);
        }

        /** libpq's channel_binding: disable, prefer (the default) or require (SCRAM-SHA-256-PLUS or nothing). */
        public Builder channelBinding(String mode) {
            return set(Settings.CHANNEL_BINDING, mode);
        }

        /** libpq 18's min_protocol_version: the oldest protocol accepted, 3.0 (the default), 3.2 or latest. */
        public Builder minProtocolVersion(String version) {
            return set(Settings.MIN_PROTOCOL_VERSION, version);
        }

        /** libpq 18's max_protocol_version: the protocol asked for, 3.0, 3.2 or latest; null for libpq's choice. */
        public Builder maxProtocolVersion(@Nullable String version) {
            return set(Settings.MAX_PROTOCOL_VERSION, version);
        }

        /** libpq's passfile: the password file read when no password is set (default PGPASSFILE or ~/.pgpass). */
        public Builder passFile(@Nullable Path file) {
            return set(Settings.PASS_FILE, file);
        }

        /** libpq's keepalives: TCP keepalives on (the default) or off. */
        public Builder keepalives(boolean on) {
            return set(Settings.KEEPALIVES, on);
        }

        /** libpq's keepalives_idle (whole seconds); zero for the system's. */
        public Builder keepalivesIdle(Duration idle) {
            return set(Settings.KEEPALIVES_IDLE, idle);
        }

        /** libpq's keepalives_interval (whole seconds); zero for the system's. */
        public Builder keepalivesInterval(Duration interval) {
            return set(Settings.KEEPALIVES_INTERVAL, interval);
        }

        /** libpq's keepalives_count; 0 for the system's. */
        public Builder keepalivesCount(int count) {
            return set(Settings.KEEPALIVES_COUNT, count);
        }

        /** SQL run on each new connection before first use (HikariCP's connectionInitSql); null for none. */
        public Builder initSql(@Nullable String sql) {
            return set(Settings.INIT_SQL, sql);
        }

        /**
         * Asked for the password each time a connection is opened, so rotating secrets (cloud IAM
         * tokens, vault leases) need no restart: open connections keep working, new ones use the new
         * secret. Called on the opening thread; the array is wiped after use. Excludes {@link
         * #password(String)}. Null to unset.
         */
        public Builder passwordSupplier(@Nullable Supplier<char[]> supplier) {
            connect = connect.withPasswordSupplier(supplier);
            return this;
        }

        /**
         * The environment libpq's variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGPASSFILE,
         * PGSSLMODE, PGAPPNAME, PGOPTIONS, PGSERVICE, PGSERVICEFILE, PGSYSCONFDIR) are read from: the
         * process environment by default. Call it before {@link #url(String)}, which reads it;
         * {@code Map.of()} turns the variables off.
         */
        public Builder environment(Map<String, String> variables) {
            connect = connect.withEnvironment(variables);
            return this;
        }

        /** The environment set with {@link #environment(Map)}, for the URL reader. */
        public Map<String, String> environment() {
            return connect.environment();
        }

        /**
         * Applies what a URL names, the rest kept: {@code postgresql://[user[:password]@]host[:port],.../db?k=v&...}
         * (libpq; {@code postgres://}) or {@code jdbc:postgresql://host[:port],.../db?k=v&...} (pgjdbc;
         * {@code jdbc:lazypg:}). Both take every setting's URL key (docs/configuration.md), JDBC URLs pgjdbc's
         * names too; durations are seconds, {@code 250ms}-style or ISO-8601, sizes bytes or {@code 64kB}-style.
         *
         * @throws IllegalArgumentException naming the parameter (never the password) of a malformed or unknown one
         */
        public Builder url(String url) {
            ConnectionUrl.applyTo(url, this, values);
            return this;
        }

        /**
         * Sets a setting by URL key or builder name ({@code fetch_size}, {@code fetchSize}) to a value of its
         * type or its URL text; {@code null} restores the default. For code handling settings by name (Boot).
         */
        public Builder setting(String name, @Nullable Object value) {
            values.setNamed(name, value);
            return this;
        }

        private Builder set(Setting<?> setting, @Nullable Object value) {
            values.set(setting, value);
            return this;
        }

        /** One host; replaces any list set with {@link #hosts(List)}. */
        public Builder host(String host) {
            this.host = host;
            this.hosts = null;
            return this;
        }

        /** Hosts tried in order (or at random) until one matches {@code targetSessionAttrs}; replaces host and port. */
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

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder targetSessionAttrs(TargetSessionAttrs target) {
            return set(Settings.TARGET_SESSION_ATTRS, target);
        }

        public Builder loadBalanceHosts(boolean loadBalanceHosts) {
            return set(Settings.LOAD_BALANCE_HOSTS, loadBalanceHosts);
        }

        public Builder readOnlyTarget(@Nullable TargetSessionAttrs target) {
            return set(Settings.READ_ONLY_TARGET, target);
        }

        public Builder readYourWrites(boolean readYourWrites) {
            return set(Settings.READ_YOUR_WRITES, readYourWrites);
        }

        public Builder readYourWritesTimeout(Duration timeout) {
            return set(Settings.READ_YOUR_WRITES_TIMEOUT, timeout);
        }

        /** The database; when never set, the user name is used. */
        public Builder database(String database) {
            return set(Settings.DATABASE, database);
        }

        public Builder user(String user) {
            return set(Settings.USER, user);
        }

        public Builder password(String password) {
            return set(Settings.PASSWORD, password);
        }

        public Builder sslMode(SslMode sslMode) {
            return set(Settings.SSL_MODE, sslMode);
        }

        public Builder sslRootCert(@Nullable Path sslRootCert) {
            return set(Settings.SSL_ROOT_CERT, sslRootCert);
        }

        public Builder sslNegotiation(String sslNegotiation) {
            return set(Settings.SSL_NEGOTIATION, sslNegotiation);
        }

        public Builder applicationName(String applicationName) {
            return set(Settings.APPLICATION_NAME, applicationName);
        }

        public Builder connectTimeout(Duration connectTimeout) {
            return set(Settings.CONNECT_TIMEOUT, connectTimeout);
        }

        public Builder queryTimeout(Duration queryTimeout) {
            return set(Settings.QUERY_TIMEOUT, queryTimeout);
        }

        public Builder statementCacheSize(int statementCacheSize) {
            return set(Settings.STATEMENT_CACHE_SIZE, statementCacheSize);
        }

        public Builder pipeliningLimit(int pipeliningLimit) {
            return set(Settings.PIPELINING_LIMIT, pipeliningLimit);
        }

        public Builder fetchSize(int fetchSize) {
            return set(Settings.FETCH_SIZE, fetchSize);
        }

        public Builder maxMessageSize(int maxMessageSize) {
            return set(Settings.MAX_MESSAGE_SIZE, maxMessageSize);
        }

        public Builder receiveBufferSize(int receiveBufferSize) {
            return set(Settings.RECEIVE_BUFFER_SIZE, receiveBufferSize);
        }

        public Builder receiveSpin(Duration receiveSpin) {
            return set(Settings.RECEIVE_SPIN, receiveSpin);
        }

        public Builder statisticsMaxStatements(int statisticsMaxStatements) {
            return set(Settings.STATISTICS_MAX_STATEMENTS, statisticsMaxStatements);
        }

        public Builder reportUnreadColumns(boolean reportUnreadColumns) {
            return set(Settings.REPORT_UNREAD_COLUMNS, reportUnreadColumns);
        }

        /** Adds (or with a {@code null} value removes) one StartupMessage parameter. */
        public Builder serverParameter(String name, @Nullable String value) {
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
            PoolRows.writeTo(settings, values);
            return this;
        }

        public Builder poolMaxSize(int value) {
            return set(Settings.POOL_MAX_SIZE, value);
        }

        public Builder poolMinIdle(int value) {
            return set(Settings.POOL_MIN_IDLE, value);
        }

        public Builder poolAcquireTimeout(Duration value) {
            return set(Settings.POOL_ACQUIRE_TIMEOUT, value);
        }

        public Builder poolMaxLifetime(Duration value) {
            return set(Settings.POOL_MAX_LIFETIME, value);
        }

        public Builder poolIdleTimeout(Duration value) {
            return set(Settings.POOL_IDLE_TIMEOUT, value);
        }

        public Builder poolValidationTimeout(Duration value) {
            return set(Settings.POOL_VALIDATION_TIMEOUT, value);
        }

        public Builder poolValidateAfterIdle(Duration value) {
            return set(Settings.POOL_VALIDATE_AFTER_IDLE, value);
        }

        public Builder poolLeakDetectionThreshold(Duration value) {
            return set(Settings.POOL_LEAK_DETECTION_THRESHOLD, value);
        }

        /** @throws IllegalArgumentException naming the first setting that is missing or out of range */
        public LazyPgConfig build() {
            values.check();
            List<PgHost> hostList = hosts != null ? hosts : List.of(new PgHost(host, port));
            ServerParameters.check(serverParameters);
            SslNegotiation.checkAgainst(values.get(Settings.SSL_NEGOTIATION), values.get(Settings.SSL_MODE));
            ProtocolVersion.requested(
                    values.get(Settings.MIN_PROTOCOL_VERSION), values.getOrNull(Settings.MAX_PROTOCOL_VERSION));
            SettingValues built = values.copy();
            if (built.getOrNull(Settings.DATABASE) == null) {
                built.set(Settings.DATABASE, built.get(Settings.USER));
            }
            if (connect.passwordSupplier() != null && built.getOrNull(Settings.PASSWORD) != null) {
                throw new IllegalArgumentException("password and passwordSupplier are both set: set one (the"
                        + " supplier is asked for each new connection)");
            }
            return new LazyPgConfig(hostList, built, serverParameters, connect);
        }
    }
}
