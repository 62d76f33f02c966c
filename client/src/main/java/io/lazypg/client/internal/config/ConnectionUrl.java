package io.lazypg.client.internal.config;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgHost;
import io.lazypg.client.SslMode;
import io.lazypg.client.TargetSessionAttrs;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a connection URL onto a {@link LazyPgConfig.Builder}: libpq URIs ({@code postgresql://},
 * {@code postgres://}) and pgjdbc URLs ({@code jdbc:postgresql:}, and lazypg-jdbc's {@code jdbc:lazypg:}
 * with the same syntax). The accepted syntax is documented
 * on {@link LazyPgConfig.Builder#url(String)}.
 *
 * <p>Stateless and thread-safe. No message this class throws contains the URL itself or any
 * value of a {@code password}: the URL may carry one, and messages end up in logs.
 */
public final class ConnectionUrl {

    private static final String LIBPQ_SCHEME = "postgresql://";
    private static final String LIBPQ_SHORT_SCHEME = "postgres://";
    private static final String JDBC_SCHEME = "jdbc:postgresql:";
    /** lazypg-jdbc's own scheme: the pgjdbc syntax, so DriverManager can tell the two drivers apart. */
    private static final String LAZYPG_JDBC_SCHEME = "jdbc:lazypg:";

    /** Applies one decoded parameter value to the builder; throws IllegalArgumentException if invalid. */
    @FunctionalInterface
    private interface Setter {
        void apply(LazyPgConfig.Builder b, Endpoints e, String name, String value);
    }

    private static final Map<String, Setter> LAZYPG_PARAMETERS = lazypgParameters();
    private static final Map<String, Setter> LIBPQ_PARAMETERS = libpqParameters();
    private static final Map<String, Setter> JDBC_PARAMETERS = jdbcParameters();

    private ConnectionUrl() {}

    /**
     * Applies the settings {@code url} names onto {@code builder}; other settings keep their value.
     *
     * @throws IllegalArgumentException if the URL is malformed or names an unknown parameter
     */
    public static void applyTo(String url, LazyPgConfig.Builder builder) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("connection URL must not be empty");
        }
        String u = url.trim();
        if (u.regionMatches(true, 0, JDBC_SCHEME, 0, JDBC_SCHEME.length())) {
            applyJdbc(u.substring(JDBC_SCHEME.length()), builder);
        } else if (u.regionMatches(true, 0, LAZYPG_JDBC_SCHEME, 0, LAZYPG_JDBC_SCHEME.length())) {
            applyJdbc(u.substring(LAZYPG_JDBC_SCHEME.length()), builder);
        } else if (u.regionMatches(true, 0, LIBPQ_SCHEME, 0, LIBPQ_SCHEME.length())) {
            applyLibpq(u.substring(LIBPQ_SCHEME.length()), builder);
        } else if (u.regionMatches(true, 0, LIBPQ_SHORT_SCHEME, 0, LIBPQ_SHORT_SCHEME.length())) {
            applyLibpq(u.substring(LIBPQ_SHORT_SCHEME.length()), builder);
        } else {
            // Not even the scheme is echoed: a mistyped URL may still hold a password.
            throw new IllegalArgumentException("unsupported connection URL: it must start with "
                    + "postgresql://, postgres://, jdbc:postgresql: or jdbc:lazypg:");
        }
    }

    /** {@code [user[:password]@][host[:port]][/database][?query]}, everything percent-encoded. */
    private static void applyLibpq(String rest, LazyPgConfig.Builder b) {
        int q = rest.indexOf('?');
        String query = q < 0 ? null : rest.substring(q + 1);
        String beforeQuery = q < 0 ? rest : rest.substring(0, q);
        int slash = beforeQuery.indexOf('/');
        String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
        String path = slash < 0 ? "" : beforeQuery.substring(slash + 1);

        // The last '@' separates user info: an unencoded '@' in a password is common enough.
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            String userInfo = authority.substring(0, at);
            authority = authority.substring(at + 1);
            int colon = userInfo.indexOf(':');
            String user = colon < 0 ? userInfo : userInfo.substring(0, colon);
            if (!user.isEmpty()) {
                b.user(decode(user, "user", false));
            }
            if (colon >= 0) {
                b.password(decode(userInfo.substring(colon + 1), "password", false));
            }
        }
        // libpq's order: the URL's own settings over its service's, over the environment's.
        Map<String, String> environment = LibpqEnvironment.settings(b.environment());
        applySettings(environment, b);
        String service = parameter(query, "service", false);
        if (service == null) {
            service = environment.get("service");
        }
        if (service != null) {
            applySettings(ServiceFile.settings(service, b.environment()), b);
        }
        Endpoints endpoints = new Endpoints();
        endpoints.addAuthority(authority);
        if (!path.isEmpty()) {
            b.database(decode(path, "database", false));
        }
        applyQuery(query, LIBPQ_PARAMETERS, false, b, endpoints);
        endpoints.applyTo(b);
    }

    /** {@code //host[:port]/database?query}, {@code //host[:port]/?query} or {@code database?query}. */
    private static void applyJdbc(String rest, LazyPgConfig.Builder b) {
        int q = rest.indexOf('?');
        String query = q < 0 ? null : rest.substring(q + 1);
        String beforeQuery = q < 0 ? rest : rest.substring(0, q);
        String path;
        Endpoints endpoints = new Endpoints();
        if (beforeQuery.startsWith("//")) {
            String hostPart = beforeQuery.substring(2);
            int slash = hostPart.indexOf('/');
            String authority = slash < 0 ? hostPart : hostPart.substring(0, slash);
            if (authority.indexOf('@') >= 0) {
                throw new IllegalArgumentException("jdbc:postgresql: URLs take the user and password as "
                        + "parameters (?user=...&password=...), not before the host");
            }
            endpoints.addAuthority(authority);
            path = slash < 0 ? "" : hostPart.substring(slash + 1);
        } else {
            path = beforeQuery.startsWith("/") ? beforeQuery.substring(1) : beforeQuery;
        }
        String service = parameter(query, "service", true);
        if (service != null) {
            applySettings(ServiceFile.settings(service, b.environment()), b);
        }
        if (!path.isEmpty()) {
            b.database(decode(path, "database", true));
        }
        applyQuery(query, JDBC_PARAMETERS, true, b, endpoints);
        endpoints.applyTo(b);
    }

    /**
     * The hosts and ports a URL names, collected while it is read and applied at the end: in the
     * authority ({@code h1:5432,h2:5433}, {@code [::1]:5432}) and, for libpq, in the {@code host}
     * and {@code port} parameters (comma-separated lists; one port applies to every host, as in
     * libpq). A host named without a port gets 5432 (a host and its port are one endpoint), except a
     * single host from the {@code host} parameter, which keeps the configured port.
     */
    private static final class Endpoints {
        private final List<String> hosts = new ArrayList<>();
        private final List<Integer> ports = new ArrayList<>();
        private Integer portWithoutHost;
        private List<String> hostParameter;
        private List<Integer> portParameter;

        /** A comma-separated list of {@code host[:port]}; an empty authority names no host. */
        void addAuthority(String authority) {
            if (authority.isEmpty()) {
                return;
            }
            for (String endpoint : authority.split(",", -1)) {
                addEndpoint(endpoint);
            }
        }

        private void addEndpoint(String endpoint) {
            String host;
            String port = null;
            if (endpoint.startsWith("[")) {
                int close = endpoint.indexOf(']');
                if (close < 0) {
                    throw new IllegalArgumentException("connection URL has an IPv6 host without its closing ']'");
                }
                host = endpoint.substring(1, close);
                String after = endpoint.substring(close + 1);
                if (!after.isEmpty()) {
                    if (!after.startsWith(":")) {
                        throw new IllegalArgumentException(
                                "connection URL has unexpected characters after the IPv6 host");
                    }
                    port = after.substring(1);
                }
            } else {
                int colon = endpoint.lastIndexOf(':');
                host = colon < 0 ? endpoint : endpoint.substring(0, colon);
                port = colon < 0 ? null : endpoint.substring(colon + 1);
            }
            Integer parsedPort = port == null || port.isEmpty() ? null : parseAuthorityPort(port);
            if (host.isEmpty()) {
                if (hosts.isEmpty() && parsedPort != null && endpoint.equals(":" + port)) {
                    portWithoutHost = parsedPort; // postgresql://:5433/db
                    return;
                }
                throw new IllegalArgumentException("connection URL has an empty host in its host list");
            }
            hosts.add(decode(host, "host", false));
            ports.add(parsedPort);
        }

        void hostParameter(String value) {
            List<String> list = new ArrayList<>();
            for (String h : value.split(",", -1)) {
                String host = h.trim();
                if (host.startsWith("[") && host.endsWith("]")) {
                    host = host.substring(1, host.length() - 1);
                }
                if (host.isEmpty()) {
                    throw new IllegalArgumentException("connection URL parameter 'host' has an empty host in its list");
                }
                list.add(host);
            }
            hostParameter = list;
        }

        void portParameter(String name, String value) {
            List<Integer> list = new ArrayList<>();
            for (String p : value.split(",", -1)) {
                list.add(parsePort(name, p));
            }
            portParameter = list;
        }

        void applyTo(LazyPgConfig.Builder b) {
            boolean fromParameter = hostParameter != null;
            List<String> names = fromParameter ? hostParameter : hosts;
            List<Integer> explicit = new ArrayList<>();
            if (portParameter != null) {
                if (portParameter.size() != 1 && portParameter.size() != Math.max(1, names.size())) {
                    throw new IllegalArgumentException("connection URL parameter 'port' lists " + portParameter.size()
                            + " ports for " + names.size() + " hosts: give one port for all, or one per host");
                }
                for (int i = 0; i < Math.max(1, names.size()); i++) {
                    explicit.add(portParameter.size() == 1 ? portParameter.get(0) : portParameter.get(i));
                }
            } else {
                for (int i = 0; i < names.size(); i++) {
                    explicit.add(fromParameter ? null : ports.get(i));
                }
                if (names.isEmpty()) {
                    explicit.add(portWithoutHost);
                }
            }
            if (names.isEmpty()) {
                if (explicit.get(0) != null) {
                    b.port(explicit.get(0));
                }
                return;
            }
            if (names.size() == 1) {
                b.host(names.get(0));
                if (explicit.get(0) != null) {
                    b.port(explicit.get(0));
                } else if (!fromParameter) {
                    b.port(LazyPgConfig.DEFAULT_PORT);
                }
                return;
            }
            List<PgHost> list = new ArrayList<>(names.size());
            for (int i = 0; i < names.size(); i++) {
                Integer port = explicit.get(i);
                list.add(new PgHost(names.get(i), port == null ? LazyPgConfig.DEFAULT_PORT : port));
            }
            b.hosts(list);
        }
    }

    private static void applyQuery(
            String query, Map<String, Setter> known, boolean plusIsSpace, LazyPgConfig.Builder b, Endpoints e) {
        if (query == null || query.isEmpty()) {
            return;
        }
        boolean afterPassword = false;
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), "a parameter name", plusIsSpace);
            Setter setter = known.get(name);
            if (setter == null) {
                // Right after a password, an "unknown parameter" is most likely the rest of a
                // password with an unencoded '&': do not echo it.
                String shown = afterPassword ? "following 'password'" : "'" + name + "'";
                throw new IllegalArgumentException("unknown connection URL parameter " + shown
                        + (afterPassword ? " (percent-encode '&' in a password as %26)" : "")
                        + "; known parameters: " + String.join(", ", new TreeSet<>(known.keySet())));
            }
            afterPassword = isPassword(name);
            if (eq < 0) {
                throw new IllegalArgumentException("connection URL parameter '" + name + "' has no value");
            }
            String what = isPassword(name) ? "password" : "the value of '" + name + "'";
            setter.apply(b, e, name, decode(pair.substring(eq + 1), what, plusIsSpace));
        }
    }

    /**
     * Settings from the environment or a service file, in libpq's keywords, applied as a libpq URI's
     * parameters would be; the messages name the keyword, never a password value.
     */
    private static void applySettings(Map<String, String> settings, LazyPgConfig.Builder b) {
        Endpoints endpoints = new Endpoints();
        for (Map.Entry<String, String> s : settings.entrySet()) {
            if (s.getKey().equals("service")) {
                continue; // PGSERVICE: the caller applies the service itself
            }
            Setter setter = LIBPQ_PARAMETERS.get(s.getKey());
            if (setter == null) {
                throw new IllegalArgumentException("unknown setting '" + s.getKey() + "' in a service file;"
                        + " known settings: " + String.join(", ", new TreeSet<>(LIBPQ_PARAMETERS.keySet())));
            }
            setter.apply(b, endpoints, s.getKey(), s.getValue());
        }
        endpoints.applyTo(b);
    }

    /** The decoded value of parameter {@code wanted} in a query, or null. */
    private static String parameter(String query, String wanted, boolean plusIsSpace) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0
                    && decode(pair.substring(0, eq), "a parameter name", plusIsSpace)
                            .equals(wanted)) {
                return decode(pair.substring(eq + 1), "the value of '" + wanted + "'", plusIsSpace);
            }
        }
        return null;
    }

    private static boolean isPassword(String name) {
        return name.equals("password");
    }

    // ---- parameter tables ------------------------------------------------------------------

    private static Map<String, Setter> lazypgParameters() {
        Map<String, Setter> m = new LinkedHashMap<>();
        m.put("query_timeout", (b, e, n, v) -> b.queryTimeout(parseDuration(n, v)));
        m.put("statement_cache_size", (b, e, n, v) -> b.statementCacheSize(parseInt(n, v)));
        m.put("pipelining_limit", (b, e, n, v) -> b.pipeliningLimit(parseInt(n, v)));
        m.put("receive_spin", (b, e, n, v) -> b.receiveSpin(parseDuration(n, v)));
        m.put("fetch_size", (b, e, n, v) -> b.fetchSize(parseInt(n, v)));
        m.put("max_message_size", (b, e, n, v) -> b.maxMessageSize(parseSize(n, v)));
        m.put("receive_buffer_size", (b, e, n, v) -> b.receiveBufferSize(parseSize(n, v)));
        m.put("pool_max_size", (b, e, n, v) -> b.poolMaxSize(parseInt(n, v)));
        m.put("pool_min_idle", (b, e, n, v) -> b.poolMinIdle(parseInt(n, v)));
        m.put("pool_acquire_timeout", (b, e, n, v) -> b.poolAcquireTimeout(parseDuration(n, v)));
        m.put("pool_max_lifetime", (b, e, n, v) -> b.poolMaxLifetime(parseDuration(n, v)));
        m.put("pool_idle_timeout", (b, e, n, v) -> b.poolIdleTimeout(parseDuration(n, v)));
        m.put("pool_validation_timeout", (b, e, n, v) -> b.poolValidationTimeout(parseDuration(n, v)));
        m.put("pool_validate_after_idle", (b, e, n, v) -> b.poolValidateAfterIdle(parseDuration(n, v)));
        m.put("pool_leak_detection_threshold", (b, e, n, v) -> b.poolLeakDetectionThreshold(parseDuration(n, v)));
        m.put("read_only_target", (b, e, n, v) -> b.readOnlyTarget(parseReadOnlyTarget(n, v)));
        m.put("read_your_writes", (b, e, n, v) -> b.readYourWrites(parseBoolean(n, v)));
        m.put("read_your_writes_timeout", (b, e, n, v) -> b.readYourWritesTimeout(parseDuration(n, v)));
        // libpq's connection settings (#31), under libpq's names in both syntaxes
        m.put("require_auth", (b, e, n, v) -> b.requireAuth(v));
        m.put("channel_binding", (b, e, n, v) -> b.channelBinding(v));
        m.put("passfile", (b, e, n, v) -> b.passFile(parsePath(n, v)));
        m.put("keepalives", (b, e, n, v) -> b.keepalives(parseInt(n, v) != 0));
        m.put("keepalives_idle", (b, e, n, v) -> b.keepalivesIdle(Duration.ofSeconds(parseNonNegative(n, v))));
        m.put("keepalives_interval", (b, e, n, v) -> b.keepalivesInterval(Duration.ofSeconds(parseNonNegative(n, v))));
        m.put("keepalives_count", (b, e, n, v) -> b.keepalivesCount(parseNonNegative(n, v)));
        m.put("init_sql", (b, e, n, v) -> b.initSql(v));
        m.put("service", (b, e, n, v) -> {}); // applied before the other parameters, see applyLibpq
        return m;
    }

    private static Map<String, Setter> libpqParameters() {
        Map<String, Setter> m = new LinkedHashMap<>();
        m.put("host", (b, e, n, v) -> e.hostParameter(v));
        m.put("port", (b, e, n, v) -> e.portParameter(n, v));
        m.put("target_session_attrs", (b, e, n, v) -> b.targetSessionAttrs(parseTarget(n, v)));
        m.put("load_balance_hosts", (b, e, n, v) -> b.loadBalanceHosts(parseLoadBalance(n, v)));
        m.put("dbname", (b, e, n, v) -> b.database(v));
        m.put("user", (b, e, n, v) -> b.user(v));
        m.put("password", (b, e, n, v) -> b.password(v));
        m.put("sslmode", (b, e, n, v) -> b.sslMode(parseSslMode(n, v)));
        m.put("sslrootcert", (b, e, n, v) -> b.sslRootCert(parsePath(n, v)));
        m.put("application_name", (b, e, n, v) -> b.applicationName(v));
        m.put("connect_timeout", (b, e, n, v) -> b.connectTimeout(parseSeconds(n, v)));
        m.put("options", (b, e, n, v) -> parseOptions(n, v).forEach(b::serverParameter));
        m.putAll(LAZYPG_PARAMETERS);
        return Collections.unmodifiableMap(m);
    }

    private static Map<String, Setter> jdbcParameters() {
        Map<String, Setter> m = new LinkedHashMap<>();
        m.put("user", (b, e, n, v) -> b.user(v));
        m.put("password", (b, e, n, v) -> b.password(v));
        // libpq's host and port parameters, for a socket directory: jdbc:lazypg:///db?host=/var/run/postgresql
        m.put("host", (b, e, n, v) -> e.hostParameter(v));
        m.put("port", (b, e, n, v) -> e.portParameter(n, v));
        m.put("sslmode", (b, e, n, v) -> b.sslMode(parseSslMode(n, v)));
        m.put("sslrootcert", (b, e, n, v) -> b.sslRootCert(parsePath(n, v)));
        m.put("ApplicationName", (b, e, n, v) -> b.applicationName(v));
        m.put("connectTimeout", (b, e, n, v) -> b.connectTimeout(parseSeconds(n, v)));
        // pgjdbc's socket read timeout; lazypg bounds statements with query_timeout instead.
        m.put("socketTimeout", (b, e, n, v) -> {});
        // pgjdbc tuning knobs that have no lazypg counterpart: accepted and ignored, so a
        // spring.datasource.url written for pgjdbc works unchanged. Typos still fail.
        for (String ignored : new String[] {
            "reWriteBatchedInserts",
            "binaryTransfer",
            "stringtype",
            "loginTimeout",
            "cancelSignalTimeout",
            "loggerLevel",
            "loggerFile",
            "assumeMinServerVersion",
            "autosave",
            "cleanupSavepoints",
            "readOnly",
            "readOnlyMode",
            // lazypg remembers a host that failed or did not match for a fixed 10 s (see HostConnector)
            "hostRecheckSeconds",
            "logUnclosedConnections",
            "disableColumnSanitiser",
            "escapeSyntaxCallMode",
            "quoteReturningIdentifiers",
            "unknownLength",
            "sendBufferSize",
            "receiveBufferSize",
            "preparedStatementCacheSizeMiB",
            "databaseMetadataCacheFields",
            "databaseMetadataCacheFieldsMiB",
            "gssEncMode",
            "adaptiveFetch"
        }) {
            m.put(ignored, (b, e, n, v) -> {});
        }
        m.put("channelBinding", (b, e, n, v) -> b.channelBinding(v));
        m.put("tcpKeepAlive", (b, e, n, v) -> b.keepalives(parseBoolean(n, v)));
        m.put("targetServerType", (b, e, n, v) -> b.targetSessionAttrs(parseTargetServerType(n, v)));
        m.put("loadBalanceHosts", (b, e, n, v) -> b.loadBalanceHosts(parseBoolean(n, v)));
        m.put("options", (b, e, n, v) -> parseOptions(n, v).forEach(b::serverParameter));
        m.put("currentSchema", (b, e, n, v) -> b.serverParameter("search_path", v));
        m.put("defaultRowFetchSize", (b, e, n, v) -> b.fetchSize(parseInt(n, v)));
        m.put("preparedStatementCacheQueries", (b, e, n, v) -> b.statementCacheSize(parseInt(n, v)));
        // pgjdbc's "never use a named server-side statement", the usual advice for PgBouncer in transaction
        // mode: lazypg's statement_cache_size=0. Other thresholds have no counterpart (lazypg prepares a
        // statement at its first use) and are ignored.
        m.put("prepareThreshold", (b, e, n, v) -> {
            if (parseInt(n, v) == 0) {
                b.statementCacheSize(0);
            }
        });
        m.putAll(LAZYPG_PARAMETERS);
        return Collections.unmodifiableMap(m);
    }

    // ---- value parsers (all messages name the parameter) -------------------------------------

    /**
     * The port after the host. Its text is not echoed: with an unencoded '/' in a password the URL
     * is cut in the wrong place and this "port" would be a piece of the password.
     */
    private static int parseAuthorityPort(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // fall through to the message below
        }
        throw new IllegalArgumentException("connection URL: the port after the host must be a number between"
                + " 1 and 65535 (percent-encode '/', '?' and '@' in a password as %2F, %3F and %40)");
    }

    private static int parseNonNegative(String name, String value) {
        int n = parseInt(name, value);
        if (n < 0) {
            throw new IllegalArgumentException("connection URL parameter '" + name + "' must be 0 or more, got " + n);
        }
        return n;
    }

    private static int parsePort(String name, String value) {
        int port = parseInt(name, value);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(
                    "connection URL parameter '" + name + "' must be between 1 and 65535, got " + port);
        }
        return port;
    }

    private static int parseInt(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "connection URL parameter '" + name + "' must be an integer, got '" + value + "'");
        }
    }

    private static Duration parseSeconds(String name, String value) {
        int seconds = parseInt(name, value);
        if (seconds <= 0) {
            throw new IllegalArgumentException("connection URL parameter '" + name
                    + "' must be a positive number of seconds (lazypg always bounds connecting), got " + seconds);
        }
        return Duration.ofSeconds(seconds);
    }

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(us|ms|s|m|min|h|d)?");

    /** Seconds, a number with a unit (us, ms, s, m/min, h, d), or ISO-8601 ({@code PT30S}). */
    static Duration parseDuration(String name, String value) {
        String v = value.trim();
        if (!v.isEmpty() && (v.charAt(0) == 'P' || v.charAt(0) == 'p')) {
            try {
                return Duration.parse(v.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                throw badDuration(name, value);
            }
        }
        Matcher m = DURATION.matcher(v.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw badDuration(name, value);
        }
        long amount;
        try {
            amount = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            throw badDuration(name, value);
        }
        String unit = m.group(2) == null ? "s" : m.group(2);
        switch (unit) {
            case "us":
                return Duration.ofNanos(Math.multiplyExact(amount, 1000L));
            case "ms":
                return Duration.ofMillis(amount);
            case "s":
                return Duration.ofSeconds(amount);
            case "m":
            case "min":
                return Duration.ofMinutes(amount);
            case "h":
                return Duration.ofHours(amount);
            default:
                return Duration.ofDays(amount);
        }
    }

    private static IllegalArgumentException badDuration(String name, String value) {
        return new IllegalArgumentException("connection URL parameter '" + name + "' must be a duration: "
                + "seconds, a number with us/ms/s/m/h/d, or ISO-8601 such as PT30S; got '" + value + "'");
    }

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kb|mb|gb)?");

    /** Bytes, or a number with kB, MB or GB (1024-based, as postgresql.conf reads them). */
    static int parseSize(String name, String value) {
        Matcher m = SIZE.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("connection URL parameter '" + name
                    + "' must be a size: bytes, or a number with kB, MB or GB; got '" + value + "'");
        }
        long multiplier;
        String unit = m.group(2) == null ? "b" : m.group(2);
        switch (unit) {
            case "kb":
                multiplier = 1024L;
                break;
            case "mb":
                multiplier = 1024L * 1024;
                break;
            case "gb":
                multiplier = 1024L * 1024 * 1024;
                break;
            default:
                multiplier = 1;
        }
        try {
            long bytes = Math.multiplyExact(Long.parseLong(m.group(1)), multiplier);
            if (bytes > Integer.MAX_VALUE) {
                throw new ArithmeticException();
            }
            return (int) bytes;
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("connection URL parameter '" + name + "' must be at most "
                    + Integer.MAX_VALUE + " bytes, got '" + value + "'");
        }
    }

    private static TargetSessionAttrs parseTarget(String name, String value) {
        try {
            return TargetSessionAttrs.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("connection URL parameter '" + name + "' " + e.getMessage(), e);
        }
    }

    private static TargetSessionAttrs parseReadOnlyTarget(String name, String value) {
        TargetSessionAttrs target = parseTarget(name, value);
        if (!target.suitsReadOnlyWork()) {
            throw new IllegalArgumentException("connection URL parameter '" + name
                    + "' must be one of any, read-only, standby, prefer-standby; got '" + value + "'");
        }
        return target;
    }

    private static boolean parseLoadBalance(String name, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "disable" -> false;
            case "random" -> true;
            default ->
                throw new IllegalArgumentException(
                        "connection URL parameter '" + name + "' must be disable or random; got '" + value + "'");
        };
    }

    private static boolean parseBoolean(String name, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default ->
                throw new IllegalArgumentException(
                        "connection URL parameter '" + name + "' must be true or false; got '" + value + "'");
        };
    }

    /** pgjdbc's {@code targetServerType}, onto libpq's target_session_attrs (see {@link TargetSessionAttrs}). */
    private static TargetSessionAttrs parseTargetServerType(String name, String value) {
        return switch (value.trim()) {
            case "any" -> TargetSessionAttrs.ANY;
            case "primary", "master" -> TargetSessionAttrs.PRIMARY;
            case "secondary", "slave" -> TargetSessionAttrs.STANDBY;
            case "preferSecondary", "preferSlave" -> TargetSessionAttrs.PREFER_STANDBY;
            default ->
                throw new IllegalArgumentException(
                        "connection URL parameter '" + name + "' must be one of any, primary,"
                                + " secondary, preferSecondary (lazypg has no preferPrimary: list the primary first with"
                                + " targetServerType=any); got '" + value + "'");
        };
    }

    private static SslMode parseSslMode(String name, String value) {
        try {
            return SslMode.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("connection URL parameter '" + name + "': " + e.getMessage(), e);
        }
    }

    private static Path parsePath(String name, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(
                    "connection URL parameter '" + name + "' is not a valid file path: " + e.getMessage(), e);
        }
    }

    /**
     * Reads the server command-line switches libpq passes in {@code options}: {@code -c name=value},
     * {@code -cname=value} and {@code --name=value}, separated by spaces; a backslash escapes the
     * next character (so {@code \ } is a space inside a value), as in libpq.
     */
    static Map<String, String> parseOptions(String name, String value) {
        List<String> tokens = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inToken = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '\\' && i + 1 < value.length()) {
                current.append(value.charAt(++i));
                inToken = true;
            } else if (Character.isWhitespace(c)) {
                if (inToken) {
                    tokens.add(current.toString());
                    current.setLength(0);
                    inToken = false;
                }
            } else {
                current.append(c);
                inToken = true;
            }
        }
        if (inToken) {
            tokens.add(current.toString());
        }
        Map<String, String> result = new LinkedHashMap<>();
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            String setting;
            if (t.equals("-c")) {
                if (i + 1 >= tokens.size()) {
                    throw new IllegalArgumentException(
                            "connection URL parameter '" + name + "' ends with -c and no name=value after it");
                }
                setting = tokens.get(++i);
            } else if (t.startsWith("-c")) {
                setting = t.substring(2);
            } else if (t.startsWith("--")) {
                setting = t.substring(2);
            } else {
                throw new IllegalArgumentException("connection URL parameter '" + name + "' supports only "
                        + "'-c name=value' and '--name=value' switches, got '" + t + "'");
            }
            int eq = setting.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("connection URL parameter '" + name
                        + "': expected name=value after the switch, got '" + setting + "'");
            }
            // The server treats '-' in a switch's name as '_' (--search-path = search_path).
            result.put(setting.substring(0, eq).replace('-', '_'), setting.substring(eq + 1));
        }
        return result;
    }

    /**
     * Percent-decodes one URL part as UTF-8. {@code what} names the part in the error message; the
     * value is never echoed, since the part may be a password.
     */
    static String decode(String s, String what, boolean plusIsSpace) {
        if (s.indexOf('%') < 0 && (!plusIsSpace || s.indexOf('+') < 0)) {
            return s;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= s.length()) {
                    throw badEncoding(what);
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw badEncoding(what);
                }
                bytes.write(hi << 4 | lo);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else {
                byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
                    encoded = s.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.write(encoded, 0, encoded.length);
            }
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("connection URL: " + what + " is not valid UTF-8 once percent-decoded");
        }
    }

    private static IllegalArgumentException badEncoding(String what) {
        return new IllegalArgumentException(
                "connection URL: " + what + " has an invalid percent-encoding (expected %XX with two hex digits)");
    }
}
