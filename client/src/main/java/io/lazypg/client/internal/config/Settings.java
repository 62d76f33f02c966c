package io.lazypg.client.internal.config;

import static io.lazypg.client.internal.config.Setting.Syntax.JDBC;

import io.lazypg.client.SslMode;
import io.lazypg.client.TargetSessionAttrs;
import io.lazypg.client.internal.auth.ChannelBinding;
import io.lazypg.client.internal.auth.RequireAuth;
import io.lazypg.client.internal.protocol.ProtocolVersion;
import io.lazypg.client.internal.tls.SslNegotiation;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The table of settings: one row per setting of {@link io.lazypg.client.LazyPgConfig}, in the order
 * {@code toString()} shows them. {@link ConnectionUrl} reads its parameter names from it,
 * {@code LazyPgConfig} its storage, checks, messages, {@code equals} and {@code toString}, the Boot
 * starter its copying of {@code lazypg.*} properties, and docs/configuration.md its list of URL
 * parameters ({@code SettingsReferenceTest} compares the page with {@link #markdownTable()}).
 *
 * <p>A new setting is one row here, a typed getter and setter on {@code LazyPgConfig} (one line
 * each), and its property in the Boot starter's {@code LazyPgProperties}. The hosts, the port and
 * the server parameters are structured and kept by {@code LazyPgConfig} itself.
 *
 * <p>Immutable after class initialization; thread-safe.
 */
public final class Settings {

    private static final List<Setting<?>> TABLE = new ArrayList<>();

    /** Largest pipelining limit accepted. */
    private static final int MAX_PIPELINING_LIMIT = 1024;

    /** Longest receive spin accepted. */
    private static final Duration MAX_RECEIVE_SPIN = Duration.ofMillis(1);

    public static final Setting<TargetSessionAttrs> TARGET_SESSION_ATTRS = Setting.define(
                    "target_session_attrs", "targetSessionAttrs", TargetSessionAttrs.class, SettingParsers::parseTarget)
            .defaultValue(TargetSessionAttrs.ANY)
            .ifMissing("must not be null (any accepts every host)")
            .alias(JDBC, "targetServerType", SettingParsers::parseTargetServerType)
            .boot("target-session-attrs")
            .doc("Which of the hosts a connection may go to: any, read-write, read-only, primary, standby,"
                    + " prefer-standby (libpq's target_session_attrs; pgjdbc's targetServerType any, primary,"
                    + " secondary, preferSecondary).")
            .add(TABLE);

    public static final Setting<Boolean> LOAD_BALANCE_HOSTS = Setting.define(
                    "load_balance_hosts", "loadBalanceHosts", Boolean.class, SettingParsers::parseLoadBalance)
            .defaultValue(false)
            .shownAs("disable")
            .alias(JDBC, "loadBalanceHosts", SettingParsers::parseBoolean)
            .boot("load-balance-hosts")
            .doc("random: each connection tries the hosts in a random order; disable (the default) tries them"
                    + " in order (pgjdbc's loadBalanceHosts: true or false).")
            .add(TABLE);

    public static final Setting<TargetSessionAttrs> READ_ONLY_TARGET = Setting.define(
                    "read_only_target", "readOnlyTarget", TargetSessionAttrs.class, SettingParsers::parseReadOnlyTarget)
            .optional("read-only work goes where everything else goes")
            .check(t -> t.suitsReadOnlyWork()
                    ? null
                    : "must be any, read-only, standby or prefer-standby (or unset to turn read-only routing off),"
                            + " got " + t)
            .boot("read-only-target")
            .doc("Where read-only transactions go: any, read-only, standby or prefer-standby, from a second pool.")
            .add(TABLE);

    public static final Setting<Boolean> READ_YOUR_WRITES = Setting.define(
                    "read_your_writes", "readYourWrites", Boolean.class, SettingParsers::parseBoolean)
            .defaultValue(false)
            .boot("read-your-writes")
            .doc("Whether a read-only transaction routed by read_only_target first waits until its host has"
                    + " replayed the last write this client committed.")
            .add(TABLE);

    public static final Setting<Duration> READ_YOUR_WRITES_TIMEOUT = Setting.define(
                    "read_your_writes_timeout", "readYourWritesTimeout", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ofSeconds(1))
            .check(positive())
            .boot("read-your-writes-timeout")
            .doc("How long a read-only transaction waits for its standby to catch up before it runs on the"
                    + " target_session_attrs host instead.")
            .add(TABLE);

    public static final Setting<String> DATABASE = Setting.define(
                    "dbname", "database", String.class, SettingParsers::text)
            .optional("the user name, as in libpq")
            .alias(JDBC, "PGDBNAME")
            .check(d -> d.isEmpty() ? "must not be empty (leave it unset to use the user name)" : null)
            .doc("The database to connect to (also the path of the URL).")
            .add(TABLE);

    public static final Setting<String> USER = Setting.define("user", "user", String.class, SettingParsers::text)
            .ifMissing("is required: set it with LazyPgConfig.builder().user(...) or in the URL"
                    + " (postgresql://user@host/db or ?user=...)")
            .check(u -> u.isBlank()
                    ? "is required: set it with LazyPgConfig.builder().user(...) or in the URL"
                            + " (postgresql://user@host/db or ?user=...)"
                    : null)
            .doc("The role to log in as.")
            .add(TABLE);

    public static final Setting<String> PASSWORD = Setting.define(
                    "password", "password", String.class, SettingParsers::text)
            .optional("no password (trust, peer or certificate authentication)")
            .secret()
            .doc("The role's password; never logged, never part of a message or a toString.")
            .add(TABLE);

    public static final Setting<SslMode> SSL_MODE = Setting.define(
                    "sslmode", "sslMode", SslMode.class, SettingParsers::parseSslMode)
            .defaultValue(SslMode.PREFER)
            .alias(JDBC, "ssl", SettingParsers::parseSsl)
            .boot("ssl-mode")
            .doc("Whether and how to use TLS: disable, allow, prefer, require, verify-ca, verify-full (pgjdbc's"
                    + " ssl=true is verify-full, as in pgjdbc).")
            .add(TABLE);

    public static final Setting<String> SSL_NEGOTIATION = Setting.define(
                    "sslnegotiation", "sslNegotiation", String.class, SettingParsers::text)
            .defaultValue("postgres")
            .check(v -> problem(() -> SslNegotiation.parse(v)))
            .alias(JDBC, "sslNegotiation")
            .boot("ssl-negotiation")
            .doc("How TLS starts: postgres (an SSLRequest first) or direct (TLS from the first byte with ALPN"
                    + " postgresql, PostgreSQL 17+; needs sslmode=require or stronger).")
            .add(TABLE);

    public static final Setting<Path> SSL_ROOT_CERT = Setting.define(
                    "sslrootcert", "sslRootCert", Path.class, SettingParsers::parsePath)
            .optional("~/.postgresql/root.crt if it exists, as in libpq")
            .boot("ssl-root-cert")
            .doc("PEM file with the CA certificate(s) to trust; never the JDK trust store.")
            .add(TABLE);

    public static final Setting<String> APPLICATION_NAME = Setting.define(
                    "application_name", "applicationName", String.class, SettingParsers::text)
            .defaultValue("lazypg")
            .ifMissing("must not be null (use \"\" for none)")
            .alias(JDBC, "ApplicationName")
            .boot("application-name")
            .doc("Name reported to the server (pg_stat_activity.application_name).")
            .add(TABLE);

    public static final Setting<Duration> CONNECT_TIMEOUT = Setting.define(
                    "connect_timeout", "connectTimeout", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ofSeconds(10))
            .check(positive())
            .alias(JDBC, "connectTimeout", SettingParsers::parseSeconds)
            .alias(JDBC, "loginTimeout", SettingParsers::parseSeconds)
            .boot("connect-timeout")
            .doc("Time limit for opening a connection (TCP, TLS and authentication); pgjdbc's connectTimeout"
                    + " and loginTimeout are in seconds.")
            .add(TABLE);

    public static final Setting<Duration> QUERY_TIMEOUT = Setting.define(
                    "query_timeout", "queryTimeout", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ZERO)
            .check(nonNegative())
            .alias(JDBC, "queryTimeout")
            .boot("query-timeout")
            .doc("Time limit for one statement; 0 means none (pgjdbc's queryTimeout, in seconds, is the default"
                    + " of every statement).")
            .add(TABLE);

    public static final Setting<Integer> STATEMENT_CACHE_SIZE = Setting.define(
                    "statement_cache_size", "statementCacheSize", Integer.class, SettingParsers::parseInt)
            .defaultValue(256)
            .check(atLeast(0, "0 (disabled) or more"))
            .alias(JDBC, "preparedStatementCacheQueries")
            .boot("statement-cache-size")
            .doc("Prepared statements kept per connection; 0 prepares nothing ahead (PgBouncer in transaction"
                    + " mode).")
            .add(TABLE);

    public static final Setting<Integer> PIPELINING_LIMIT = Setting.define(
                    "pipelining_limit", "pipeliningLimit", Integer.class, SettingParsers::parseInt)
            .defaultValue(1)
            .check(v -> v < 1 || v > MAX_PIPELINING_LIMIT
                    ? "must be between 1 and " + MAX_PIPELINING_LIMIT + ", got " + v + "; 1 turns pipelining off"
                    : null)
            .boot("pipelining-limit")
            .doc("Auto-commit statements from different threads that may be in flight at once on one pooled"
                    + " connection, 1 to 1024; 1 turns pipelining off.")
            .add(TABLE);

    public static final Setting<Boolean> REWRITE_BATCHED_INSERTS = Setting.define(
                    "rewrite_batched_inserts", "rewriteBatchedInserts", Boolean.class, SettingParsers::parseBoolean)
            .defaultValue(false)
            .alias(JDBC, "reWriteBatchedInserts")
            .boot("rewrite-batched-inserts")
            .doc("Whether executeBatch sends a single-row INSERT ... VALUES (...) as multi-row INSERTs of up to 128"
                    + " rows (powers of two, at most 32767 parameters), still one round trip and atomic; each entry"
                    + " counts 1, or -2 (SUCCESS_NO_INFO) where its multi-row INSERT inserted fewer rows (pgjdbc's"
                    + " reWriteBatchedInserts).")
            .add(TABLE);

    public static final Setting<Integer> FETCH_SIZE = Setting.define(
                    "fetch_size", "fetchSize", Integer.class, SettingParsers::parseInt)
            .defaultValue(1000)
            .check(atLeast(0, "0 (all rows at once) or more"))
            .alias(JDBC, "defaultRowFetchSize")
            .boot("fetch-size")
            .doc("Rows asked for per round trip when streaming; 0 fetches all rows at once.")
            .add(TABLE);

    public static final Setting<Integer> MAX_MESSAGE_SIZE = Setting.define(
                    "max_message_size", "maxMessageSize", Integer.class, SettingParsers::parseSize)
            .defaultValue(1 << 30)
            .shownAs("1GB")
            // Below 1 KiB an ordinary ErrorResponse or RowDescription would already be refused.
            .check(atLeast(1024, "at least 1024 bytes"))
            .boot("max-message-size")
            .doc("Largest server message accepted, in bytes; a message declaring more is a protocol error.")
            .add(TABLE);

    public static final Setting<Integer> RECEIVE_BUFFER_SIZE = Setting.define(
                    "receive_buffer_size", "receiveBufferSize", Integer.class, SettingParsers::parseSize)
            .defaultValue(64 * 1024)
            .shownAs("64kB")
            .check(atLeast(1024, "at least 1024 bytes"))
            .boot("receive-buffer-size")
            .doc("Size in bytes of one socket read.")
            .add(TABLE);

    public static final Setting<Duration> RECEIVE_SPIN = Setting.define(
                    "receive_spin", "receiveSpin", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ZERO)
            .check(v -> v.isNegative()
                    ? "must be zero or positive, got " + v
                    : v.compareTo(MAX_RECEIVE_SPIN) > 0
                            ? "must be at most 1ms, got " + v
                                    + ": a sleeping thread is woken in microseconds, so a longer spin only burns CPU"
                            : null)
            .boot("receive-spin")
            .doc("How long a thread waiting for the server's answer polls the socket before it sleeps, at most"
                    + " 1ms; 0 sleeps at once.")
            .add(TABLE);

    public static final Setting<Integer> STATISTICS_MAX_STATEMENTS = Setting.define(
                    "statistics_max_statements", "statisticsMaxStatements", Integer.class, SettingParsers::parseInt)
            .defaultValue(500)
            .check(atLeast(0, "0 (statistics off) or more"))
            .boot("statistics.max-statements")
            .doc("Distinct SQL statements laziness statistics are kept for (least recently used dropped first);"
                    + " 0 turns statistics off.")
            .add(TABLE);

    public static final Setting<Boolean> REPORT_UNREAD_COLUMNS = Setting.define(
                    "report_unread_columns", "reportUnreadColumns", Boolean.class, SettingParsers::parseBoolean)
            .defaultValue(true)
            .boot("statistics.report-unread-columns")
            .doc("Whether to log once per statement (INFO) when it keeps fetching columns that are never read.")
            .add(TABLE);

    public static final Setting<String> REQUIRE_AUTH = Setting.define(
                    "require_auth", "requireAuth", String.class, SettingParsers::text)
            .defaultValue("")
            .check(v -> problem(() -> RequireAuth.parse(v)))
            .alias(JDBC, "requireAuth")
            .boot("require-auth")
            .doc("Authentication methods accepted from the server (password, md5, scram-sha-256, gss, sspi,"
                    + " none; or each with ! to refuse it); another is refused before any secret is sent; empty"
                    + " accepts any.")
            .add(TABLE);

    public static final Setting<String> CHANNEL_BINDING = Setting.define(
                    "channel_binding", "channelBinding", String.class, SettingParsers::text)
            .defaultValue("prefer")
            .check(v -> problem(() -> ChannelBinding.Mode.parse(v)))
            .alias(JDBC, "channelBinding")
            .boot("channel-binding")
            .doc("SCRAM-SHA-256-PLUS channel binding to the TLS certificate: disable, prefer (bind when"
                    + " offered), require (refuse any other authentication, never downgrade).")
            .add(TABLE);

    public static final Setting<String> MIN_PROTOCOL_VERSION = Setting.define(
                    ProtocolVersion.MIN_SETTING, "minProtocolVersion", String.class, SettingParsers::text)
            .defaultValue("3.0")
            .check(v -> problem(() -> ProtocolVersion.parse(ProtocolVersion.MIN_SETTING, v)))
            .boot("min-protocol-version")
            .doc("The oldest protocol version accepted from the server: 3.0, 3.2 (PostgreSQL 18+; longer cancel"
                    + " keys) or latest; a server that offers less is refused, naming both versions.")
            .add(TABLE);

    public static final Setting<String> MAX_PROTOCOL_VERSION = Setting.define(
                    ProtocolVersion.MAX_SETTING, "maxProtocolVersion", String.class, SettingParsers::text)
            .optional("3.0, or latest when min_protocol_version is above 3.0 (as libpq 18)")
            .check(v -> problem(() -> ProtocolVersion.parse(ProtocolVersion.MAX_SETTING, v)))
            .boot("max-protocol-version")
            .doc("The protocol version asked for at startup: 3.0, 3.2 or latest; a server that speaks less"
                    + " answers with the version it speaks, accepted down to min_protocol_version.")
            .add(TABLE);

    public static final Setting<Path> PASS_FILE = Setting.define(
                    "passfile", "passFile", Path.class, SettingParsers::parsePath)
            .optional("PGPASSFILE, else ~/.pgpass (%APPDATA%\\postgresql\\pgpass.conf on Windows)")
            .boot("pass-file")
            .doc("Password file in libpq's format, read when no password is set; ignored when group or others"
                    + " may read it.")
            .add(TABLE);

    public static final Setting<Boolean> KEEPALIVES = Setting.define(
                    "keepalives", "keepalives", Boolean.class, SettingParsers::parseKeepalives)
            .defaultValue(true)
            .alias(JDBC, "tcpKeepAlive", SettingParsers::parseBoolean)
            .boot("keepalives")
            .doc("TCP keepalives on (1, the default) or off (0); pgjdbc's tcpKeepAlive is true or false.")
            .add(TABLE);

    public static final Setting<Duration> KEEPALIVES_IDLE = Setting.define(
                    "keepalives_idle", "keepalivesIdle", Duration.class, SettingParsers::parseWholeSeconds)
            .defaultValue(Duration.ZERO)
            .check(nonNegative())
            .boot("keepalives-idle")
            .doc("Seconds without traffic before the first keepalive probe (TCP_KEEPIDLE; a WARNING where"
                    + " the platform lacks it); 0 keeps the operating system's value.")
            .add(TABLE);

    public static final Setting<Duration> KEEPALIVES_INTERVAL = Setting.define(
                    "keepalives_interval", "keepalivesInterval", Duration.class, SettingParsers::parseWholeSeconds)
            .defaultValue(Duration.ZERO)
            .check(nonNegative())
            .boot("keepalives-interval")
            .doc("Seconds between keepalive probes (TCP_KEEPINTERVAL); 0 keeps the operating system's value.")
            .add(TABLE);

    public static final Setting<Integer> KEEPALIVES_COUNT = Setting.define(
                    "keepalives_count", "keepalivesCount", Integer.class, SettingParsers::parseInt)
            .defaultValue(0)
            .check(atLeast(0, "0 or more"))
            .boot("keepalives-count")
            .doc("Keepalive probes lost before the connection is dropped (TCP_KEEPCOUNT); 0 keeps the operating"
                    + " system's value.")
            .add(TABLE);

    public static final Setting<String> INIT_SQL = Setting.define(
                    "init_sql", "initSql", String.class, SettingParsers::text)
            .optional("none")
            .check(v -> v.isBlank() ? "must not be blank (leave it unset for none)" : null)
            .boot("init-sql")
            .doc("SQL run on each new connection before first use (HikariCP's connectionInitSql); a failure"
                    + " fails the connect.")
            .add(TABLE);

    public static final Setting<Integer> POOL_MAX_SIZE = Setting.define(
                    "pool_max_size", "poolMaxSize", Integer.class, SettingParsers::parseInt)
            .defaultValue(10)
            .check(atLeast(1, "at least 1"))
            .boot("pool.max-size")
            .doc("Most connections open at once, in use or idle.")
            .add(TABLE);

    public static final Setting<Integer> POOL_MIN_IDLE = Setting.define(
                    "pool_min_idle", "poolMinIdle", Integer.class, SettingParsers::parseInt)
            .defaultValue(0)
            .check(atLeast(0, "between 0 and pool_max_size"))
            .boot("pool.min-idle")
            .doc("Idle connections the housekeeper keeps open, 0 to pool_max_size.")
            .add(TABLE);

    public static final Setting<Duration> POOL_ACQUIRE_TIMEOUT = Setting.define(
                    "pool_acquire_timeout", "poolAcquireTimeout", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ofSeconds(30))
            .check(nonNegative())
            .boot("pool.acquire-timeout")
            .doc("How long a caller waits for a connection when all are in use; 0 fails at once.")
            .add(TABLE);

    public static final Setting<Duration> POOL_MAX_LIFETIME = Setting.define(
                    "pool_max_lifetime", "poolMaxLifetime", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ofMinutes(30))
            .check(nonNegative())
            .boot("pool.max-lifetime")
            .doc("Age after which a connection is closed once it is idle; 0 means no limit.")
            .add(TABLE);

    public static final Setting<Duration> POOL_IDLE_TIMEOUT = Setting.define(
                    "pool_idle_timeout", "poolIdleTimeout", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ofMinutes(10))
            .check(nonNegative())
            .boot("pool.idle-timeout")
            .doc("Idle time after which a connection beyond pool_min_idle is closed; 0 means no limit.")
            .add(TABLE);

    public static final Setting<Duration> POOL_VALIDATION_TIMEOUT = Setting.define(
                    "pool_validation_timeout", "poolValidationTimeout", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ofSeconds(5))
            .check(positive())
            .boot("pool.validation-timeout")
            .doc("Time limit for the round trip that checks a connection still works.")
            .add(TABLE);

    public static final Setting<Duration> POOL_VALIDATE_AFTER_IDLE = Setting.define(
                    "pool_validate_after_idle", "poolValidateAfterIdle", Duration.class, SettingParsers::parseDuration)
            .defaultValue(Duration.ofSeconds(1))
            .check(nonNegative())
            .boot("pool.validate-after-idle")
            .doc("A connection idle at least this long is checked before it is handed out; 0 checks every one.")
            .add(TABLE);

    public static final Setting<Duration> POOL_LEAK_DETECTION_THRESHOLD = Setting.define(
                    "pool_leak_detection_threshold",
                    "poolLeakDetectionThreshold",
                    Duration.class,
                    SettingParsers::parseDuration)
            .defaultValue(Duration.ZERO)
            .check(nonNegative())
            .boot("pool.leak-detection-threshold")
            .doc("A connection held longer than this is reported once, with the stack that took it; 0 turns"
                    + " this off.")
            .add(TABLE);

    private static final List<Setting<?>> ALL = Collections.unmodifiableList(TABLE);

    private static final Map<String, Setting<?>> BY_NAME = byName();

    private Settings() {}

    /** Every row, in table order. */
    public static List<Setting<?>> all() {
        return ALL;
    }

    /** The row a URL key or builder name names ({@code fetch_size} or {@code fetchSize}); null when none. */
    public static @Nullable Setting<?> named(String name) {
        return BY_NAME.get(name);
    }

    private static Map<String, Setting<?>> byName() {
        Map<String, Setting<?>> m = new LinkedHashMap<>();
        for (Setting<?> s : TABLE) {
            m.put(s.key(), s);
            m.put(s.builderName(), s);
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * The reference page's table of URL parameters (docs/configuration.md): key, builder method, the
     * pgjdbc names, the Boot property, the default and the line of documentation.
     */
    public static String markdownTable() {
        StringBuilder b = new StringBuilder();
        b.append("| URL parameter | builder | pgjdbc name | Boot property | default | meaning |\n");
        b.append("|---|---|---|---|---|---|\n");
        for (Setting<?> s : TABLE) {
            List<String> jdbc = new ArrayList<>();
            for (Setting.Alias a : s.aliases()) {
                if (a.syntax() == JDBC) {
                    jdbc.add("`" + a.name() + "`");
                }
            }
            String d = s.shownDefault();
            String shown = d != null ? "`" + d + "`" : s.whenUnset() != null ? s.whenUnset() : "—";
            b.append("| `")
                    .append(s.key())
                    .append("` | `")
                    .append(s.builderName())
                    .append("` | ")
                    .append(jdbc.isEmpty() ? "—" : String.join(", ", jdbc))
                    .append(" | ")
                    .append(s.bootProperty() == null ? "—" : "`lazypg." + s.bootProperty() + "`")
                    .append(" | ")
                    .append(shown)
                    .append(" | ")
                    .append(s.doc())
                    .append(" |\n");
        }
        return b.toString();
    }

    private static Setting.Check<Integer> atLeast(int min, String what) {
        return v -> v < min ? "must be " + what + ", got " + v : null;
    }

    /** The message of the IllegalArgumentException {@code parse} throws, without the setting's name; null if none. */
    private static @Nullable String problem(Runnable parse) {
        try {
            parse.run();
            return null;
        } catch (IllegalArgumentException e) {
            String m = String.valueOf(e.getMessage());
            int space = m.indexOf(' ');
            return space < 0 ? m : m.substring(space + 1); // the parsers start with the setting's name
        }
    }

    private static Setting.Check<Duration> positive() {
        return v -> v.isNegative() || v.isZero() ? "must be positive, got " + v : null;
    }

    private static Setting.Check<Duration> nonNegative() {
        return v -> v.isNegative() ? "must be zero or positive, got " + v : null;
    }
}
