package io.lazypg.client;

import io.lazypg.client.internal.config.ConnectSettings;
import io.lazypg.client.internal.config.ConnectionUrl;
import io.lazypg.client.internal.config.PoolRows;
import io.lazypg.client.internal.config.ServerParameters;
import io.lazypg.client.internal.config.Setting;
import io.lazypg.client.internal.config.SettingValues;
import io.lazypg.client.internal.config.Settings;
import io.lazypg.client.internal.protocol.ProtocolVersion;
import io.lazypg.client.internal.tls.SslNegotiation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Collects the settings of a {@link LazyPgConfig} ({@link LazyPgConfig#builder()}, {@link
 * LazyPgConfig#toBuilder()}); {@link #build()} checks them, so order does not matter. One method per
 * setting, named as the setting's builder name in docs/configuration.md, plus {@link #url(String)}
 * and {@link #setting(String, Object)} for settings given as text or by name. Not thread-safe;
 * reusable: a built config never changes when the builder is used again.
 */
public final class LazyPgConfigBuilder {

    String host = "localhost";
    int port = LazyPgConfig.DEFAULT_PORT;
    /** Set for several hosts; then {@link #host} and {@link #port} are not used. */
    @Nullable
    List<PgHost> hosts;

    SettingValues values = SettingValues.defaults();
    final Map<String, String> serverParameters = new LinkedHashMap<>();
    ConnectSettings connect = ConnectSettings.DEFAULTS;

    LazyPgConfigBuilder() {}

    /** libpq's require_auth: methods to accept (password, md5, scram-sha-256, gss, sspi, none) or, each with !, to refuse. */
    public LazyPgConfigBuilder requireAuth(String methods) {
        return set(Settings.REQUIRE_AUTH, methods);
    }

    /** libpq's channel_binding: disable, prefer (the default) or require (SCRAM-SHA-256-PLUS or nothing). */
    public LazyPgConfigBuilder channelBinding(String mode) {
        return set(Settings.CHANNEL_BINDING, mode);
    }

    /** libpq 18's min_protocol_version: the oldest protocol accepted, 3.0 (the default), 3.2 or latest. */
    public LazyPgConfigBuilder minProtocolVersion(String version) {

        return set(Settings.MIN_PROTOCOL_VERSION, version);
    }

    /** libpq 18's max_protocol_version: the protocol asked for, 3.0, 3.2 or latest; null for libpq's choice. */
    public LazyPgConfigBuilder maxProtocolVersion(@Nullable String version) {

        return set(Settings.MAX_PROTOCOL_VERSION, version);
    }

    /** libpq's passfile: the password file read when no password is set (default PGPASSFILE or ~/.pgpass). */
    public LazyPgConfigBuilder passFile(@Nullable Path file) {
        return set(Settings.PASS_FILE, file);
    }

    /** libpq's keepalives: TCP keepalives on (the default) or off. */
    public LazyPgConfigBuilder keepalives(boolean on) {
        return set(Settings.KEEPALIVES, on);
    }

    /** libpq's keepalives_idle (whole seconds); zero for the system's. */
    public LazyPgConfigBuilder keepalivesIdle(Duration idle) {
        return set(Settings.KEEPALIVES_IDLE, idle);
    }

    /** libpq's keepalives_interval (whole seconds); zero for the system's. */
    public LazyPgConfigBuilder keepalivesInterval(Duration interval) {
        return set(Settings.KEEPALIVES_INTERVAL, interval);
    }

    /** libpq's keepalives_count; 0 for the system's. */
    public LazyPgConfigBuilder keepalivesCount(int count) {
        return set(Settings.KEEPALIVES_COUNT, count);
    }

    /** SQL run on each new connection before first use (HikariCP's connectionInitSql); null for none. */
    public LazyPgConfigBuilder initSql(@Nullable String sql) {
        return set(Settings.INIT_SQL, sql);
    }

    /**
     * Asked for the password each time a connection is opened, so rotating secrets (cloud IAM
     * tokens, vault leases) need no restart: open connections keep working, new ones use the new
     * secret. Called on the opening thread; the array is wiped after use. Excludes {@link
     * #password(String)}. Null to unset.
     */
    public LazyPgConfigBuilder passwordSupplier(@Nullable Supplier<char[]> supplier) {
        connect = connect.withPasswordSupplier(supplier);
        return this;
    }

    /**
     * The environment libpq's variables (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGPASSFILE,
     * PGSSLMODE, PGAPPNAME, PGOPTIONS, PGSERVICE, PGSERVICEFILE, PGSYSCONFDIR) are read from: the
     * process environment by default. Call it before {@link #url(String)}, which reads it;
     * {@code Map.of()} turns the variables off.
     */
    public LazyPgConfigBuilder environment(Map<String, String> variables) {
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
    public LazyPgConfigBuilder url(String url) {
        ConnectionUrl.applyTo(url, this, values);
        return this;
    }

    /**
     * Sets a setting by URL key or builder name ({@code fetch_size}, {@code fetchSize}) to a value of its
     * type or its URL text; {@code null} restores the default. For code handling settings by name (Boot).
     */
    public LazyPgConfigBuilder setting(String name, @Nullable Object value) {
        values.setNamed(name, value);
        return this;
    }

    private LazyPgConfigBuilder set(Setting<?> setting, @Nullable Object value) {
        values.set(setting, value);
        return this;
    }

    /** One host; replaces any list set with {@link #hosts(List)}. */
    public LazyPgConfigBuilder host(String host) {
        this.host = host;
        this.hosts = null;
        return this;
    }

    /** Hosts tried in order (or at random) until one matches {@code targetSessionAttrs}; replaces host and port. */
    public LazyPgConfigBuilder hosts(List<PgHost> hosts) {
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

    public LazyPgConfigBuilder port(int port) {
        this.port = port;
        return this;
    }

    public LazyPgConfigBuilder targetSessionAttrs(TargetSessionAttrs target) {
        return set(Settings.TARGET_SESSION_ATTRS, target);
    }

    public LazyPgConfigBuilder loadBalanceHosts(boolean loadBalanceHosts) {
        return set(Settings.LOAD_BALANCE_HOSTS, loadBalanceHosts);
    }

    public LazyPgConfigBuilder readOnlyTarget(@Nullable TargetSessionAttrs target) {
        return set(Settings.READ_ONLY_TARGET, target);
    }

    public LazyPgConfigBuilder readYourWrites(boolean readYourWrites) {
        return set(Settings.READ_YOUR_WRITES, readYourWrites);
    }

    public LazyPgConfigBuilder readYourWritesTimeout(Duration timeout) {
        return set(Settings.READ_YOUR_WRITES_TIMEOUT, timeout);
    }

    /** The database; when never set, the user name is used. */
    public LazyPgConfigBuilder database(String database) {
        return set(Settings.DATABASE, database);
    }

    public LazyPgConfigBuilder user(String user) {
        return set(Settings.USER, user);
    }

    public LazyPgConfigBuilder password(String password) {
        return set(Settings.PASSWORD, password);
    }

    public LazyPgConfigBuilder sslMode(SslMode sslMode) {
        return set(Settings.SSL_MODE, sslMode);
    }

    public LazyPgConfigBuilder sslRootCert(@Nullable Path sslRootCert) {
        return set(Settings.SSL_ROOT_CERT, sslRootCert);
    }

    public LazyPgConfigBuilder sslNegotiation(String sslNegotiation) {
        return set(Settings.SSL_NEGOTIATION, sslNegotiation);
    }

    public LazyPgConfigBuilder applicationName(String applicationName) {
        return set(Settings.APPLICATION_NAME, applicationName);
    }

    public LazyPgConfigBuilder connectTimeout(Duration connectTimeout) {
        return set(Settings.CONNECT_TIMEOUT, connectTimeout);
    }

    public LazyPgConfigBuilder queryTimeout(Duration queryTimeout) {
        return set(Settings.QUERY_TIMEOUT, queryTimeout);
    }

    public LazyPgConfigBuilder statementCacheSize(int statementCacheSize) {
        return set(Settings.STATEMENT_CACHE_SIZE, statementCacheSize);
    }

    public LazyPgConfigBuilder pipeliningLimit(int pipeliningLimit) {
        return set(Settings.PIPELINING_LIMIT, pipeliningLimit);
    }

    /** See {@link LazyPgConfig#rewriteBatchedInserts()}. */
    public LazyPgConfigBuilder rewriteBatchedInserts(boolean rewriteBatchedInserts) {
        return set(Settings.REWRITE_BATCHED_INSERTS, rewriteBatchedInserts);
    }

    public LazyPgConfigBuilder fetchSize(int fetchSize) {
        return set(Settings.FETCH_SIZE, fetchSize);
    }

    public LazyPgConfigBuilder maxMessageSize(int maxMessageSize) {
        return set(Settings.MAX_MESSAGE_SIZE, maxMessageSize);
    }

    public LazyPgConfigBuilder receiveBufferSize(int receiveBufferSize) {
        return set(Settings.RECEIVE_BUFFER_SIZE, receiveBufferSize);
    }

    public LazyPgConfigBuilder receiveSpin(Duration receiveSpin) {
        return set(Settings.RECEIVE_SPIN, receiveSpin);
    }

    public LazyPgConfigBuilder statisticsMaxStatements(int statisticsMaxStatements) {
        return set(Settings.STATISTICS_MAX_STATEMENTS, statisticsMaxStatements);
    }

    public LazyPgConfigBuilder reportUnreadColumns(boolean reportUnreadColumns) {
        return set(Settings.REPORT_UNREAD_COLUMNS, reportUnreadColumns);
    }

    /** Adds (or with a {@code null} value removes) one StartupMessage parameter. */
    public LazyPgConfigBuilder serverParameter(String name, @Nullable String value) {
        if (value == null) {
            serverParameters.remove(name);
        } else {
            serverParameters.put(name, value);
        }
        return this;
    }

    /** Replaces all StartupMessage parameters. */
    public LazyPgConfigBuilder serverParameters(Map<String, String> parameters) {
        serverParameters.clear();
        serverParameters.putAll(parameters);
        return this;
    }

    /** Replaces every pool setting. */
    public LazyPgConfigBuilder pool(LazyPgConfig.PoolSettings settings) {
        PoolRows.writeTo(settings, values);
        return this;
    }

    public LazyPgConfigBuilder poolMaxSize(int value) {
        return set(Settings.POOL_MAX_SIZE, value);
    }

    public LazyPgConfigBuilder poolMinIdle(int value) {
        return set(Settings.POOL_MIN_IDLE, value);
    }

    public LazyPgConfigBuilder poolAcquireTimeout(Duration value) {
        return set(Settings.POOL_ACQUIRE_TIMEOUT, value);
    }

    public LazyPgConfigBuilder poolMaxLifetime(Duration value) {
        return set(Settings.POOL_MAX_LIFETIME, value);
    }

    public LazyPgConfigBuilder poolIdleTimeout(Duration value) {
        return set(Settings.POOL_IDLE_TIMEOUT, value);
    }

    public LazyPgConfigBuilder poolValidationTimeout(Duration value) {
        return set(Settings.POOL_VALIDATION_TIMEOUT, value);
    }

    public LazyPgConfigBuilder poolValidateAfterIdle(Duration value) {
        return set(Settings.POOL_VALIDATE_AFTER_IDLE, value);
    }

    public LazyPgConfigBuilder poolLeakDetectionThreshold(Duration value) {
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
