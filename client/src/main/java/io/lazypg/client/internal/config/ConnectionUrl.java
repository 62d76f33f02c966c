package io.lazypg.client.internal.config;

import static io.lazypg.client.internal.config.SettingParsers.parseAuthorityPort;
import static io.lazypg.client.internal.config.SettingParsers.parseInt;
import static io.lazypg.client.internal.config.SettingParsers.parsePort;

import io.lazypg.client.EditDistance;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgConfigBuilder;
import io.lazypg.client.PgHost;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Reads a connection URL onto a {@link LazyPgConfigBuilder}: libpq URIs ({@code postgresql://},
 * {@code postgres://}) and pgjdbc URLs ({@code jdbc:postgresql:}, and lazypg-jdbc's {@code jdbc:lazypg:}
 * with the same syntax). The accepted syntax is documented
 * on {@link LazyPgConfigBuilder#url(String)}.
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

    /** Applies one decoded parameter value; throws IllegalArgumentException if invalid. */
    @FunctionalInterface
    private interface Setter {
        void apply(Target target, String name, String value);
    }

    /** What one URL is applied to: the builder's structured parts, its table values, its hosts. */
    private record Target(LazyPgConfigBuilder builder, SettingValues values, Endpoints endpoints) {}

    private static final Map<String, Setter> LIBPQ_PARAMETERS = libpqParameters();
    private static final Map<String, Setter> JDBC_PARAMETERS = jdbcParameters();

    private ConnectionUrl() {}

    /**
     * Applies the settings {@code url} names onto {@code builder}, whose table values are {@code
     * values}; other settings keep their value.
     *
     * @throws IllegalArgumentException if the URL is malformed or names an unknown parameter
     */
    public static void applyTo(String url, LazyPgConfigBuilder builder, SettingValues values) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("connection URL must not be empty");
        }
        String u = url.trim();
        if (u.regionMatches(true, 0, JDBC_SCHEME, 0, JDBC_SCHEME.length())) {
            applyJdbc(u.substring(JDBC_SCHEME.length()), builder, values);
        } else if (u.regionMatches(true, 0, LAZYPG_JDBC_SCHEME, 0, LAZYPG_JDBC_SCHEME.length())) {
            applyJdbc(u.substring(LAZYPG_JDBC_SCHEME.length()), builder, values);
        } else if (u.regionMatches(true, 0, LIBPQ_SCHEME, 0, LIBPQ_SCHEME.length())) {
            applyLibpq(u.substring(LIBPQ_SCHEME.length()), builder, values);
        } else if (u.regionMatches(true, 0, LIBPQ_SHORT_SCHEME, 0, LIBPQ_SHORT_SCHEME.length())) {
            applyLibpq(u.substring(LIBPQ_SHORT_SCHEME.length()), builder, values);
        } else {
            // Not even the scheme is echoed: a mistyped URL may still hold a password.
            throw new IllegalArgumentException("unsupported connection URL: it must start with "
                    + "postgresql://, postgres://, jdbc:postgresql: or jdbc:lazypg:");
        }
    }

    /**
     * The pgjdbc properties a JDBC URL names that lazypg accepts without effect, each with the reason,
     * in the URL's order; empty for other URLs. The URL is assumed valid ({@link #applyTo} read it).
     */
    public static Map<String, String> withoutEffect(String url) {
        Map<String, String> found = new LinkedHashMap<>();
        forEachJdbcParameter(url, (name, value) -> {
            PgjdbcProperties.Handling h = PgjdbcProperties.of(name);
            if (h != null && h.kind() == PgjdbcProperties.Kind.NO_EFFECT) {
                found.put(name, h.what());
            }
        });
        return found;
    }

    /**
     * The values a JDBC URL gives the parameters named in {@code names} (the JDBC driver's own
     * properties, {@link PgjdbcProperties.Kind#DRIVER}), decoded, the last one winning, in the URL's
     * order; empty for other URLs. The URL is assumed valid ({@link #applyTo} read it).
     */
    public static Map<String, String> parameters(String url, java.util.Set<String> names) {
        Map<String, String> found = new LinkedHashMap<>();
        forEachJdbcParameter(url, (name, value) -> {
            if (names.contains(name)) {
                found.put(name, decode(value, "the value of '" + name + "'", true));
            }
        });
        return found;
    }

    /** Calls {@code action} with each query parameter's decoded name and its value as written (encoded). */
    private static void forEachJdbcParameter(String url, java.util.function.BiConsumer<String, String> action) {
        String u = url.trim();
        int q = u.indexOf('?');
        boolean jdbc = u.regionMatches(true, 0, JDBC_SCHEME, 0, JDBC_SCHEME.length())
                || u.regionMatches(true, 0, LAZYPG_JDBC_SCHEME, 0, LAZYPG_JDBC_SCHEME.length());
        if (!jdbc || q < 0) {
            return;
        }
        for (String pair : u.substring(q + 1).split("&")) {
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), "a parameter name", true);
            action.accept(name, eq < 0 ? "" : pair.substring(eq + 1)); // still encoded: decoded when wanted
        }
    }

    /** {@code [user[:password]@][host[:port]][/database][?query]}, everything percent-encoded. */
    private static void applyLibpq(String rest, LazyPgConfigBuilder b, SettingValues values) {
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
        // A port from PGPORT or the service is libpq's default port: it applies to the URL's hosts
        // that name none (postgresql://db/shop with PGPORT=5433 connects to db:5433).
        Integer inheritedPort = applySettings(environment, b, values);
        String service = parameter(query, "service", false);
        if (service == null) {
            service = environment.get("service");
        }
        if (service != null) {
            Integer servicePort = applySettings(ServiceFile.settings(service, b.environment()), b, values);
            inheritedPort = servicePort != null ? servicePort : inheritedPort;
        }
        Endpoints endpoints = new Endpoints(inheritedPort);
        endpoints.addAuthority(authority);
        if (!path.isEmpty()) {
            b.database(decode(path, "database", false));
        }
        applyQuery(query, LIBPQ_PARAMETERS, false, new Target(b, values, endpoints));
        endpoints.applyTo(b);
    }

    /** {@code //host[:port]/database?query}, {@code //host[:port]/?query} or {@code database?query}. */
    private static void applyJdbc(String rest, LazyPgConfigBuilder b, SettingValues values) {
        int q = rest.indexOf('?');
        String query = q < 0 ? null : rest.substring(q + 1);
        String beforeQuery = q < 0 ? rest : rest.substring(0, q);
        String path;
        // The service's port applies to the URL's hosts that name none, as in libpq.
        String service = parameter(query, "service", true);
        Integer servicePort =
                service == null ? null : applySettings(ServiceFile.settings(service, b.environment()), b, values);
        Endpoints endpoints = new Endpoints(servicePort);
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
        if (!path.isEmpty()) {
            b.database(decode(path, "database", true));
        }
        applyQuery(query, JDBC_PARAMETERS, true, new Target(b, values, endpoints));
        endpoints.applyTo(b);
    }

    /**
     * The hosts and ports a URL names, collected while it is read and applied at the end: in the
     * authority ({@code h1:5432,h2:5433}, {@code [::1]:5432}) and, for libpq, in the {@code host}
     * and {@code port} parameters (comma-separated lists; one port applies to every host, as in
     * libpq). A host named without a port gets the default port: the one PGPORT or the service
     * gave, else 5432 (a host and its port are one endpoint, so a port configured on the builder
     * before the URL does not apply), except a single host from the {@code host} parameter, which
     * keeps the configured port.
     */
    private static final class Endpoints {
        /** From PGPORT or the service file; null for 5432. */
        private final @Nullable Integer inheritedPort;

        private final List<String> hosts = new ArrayList<>();
        private final List<Integer> ports = new ArrayList<>();
        private @Nullable Integer portWithoutHost;
        private @Nullable List<String> hostParameter;
        private @Nullable List<Integer> portParameter;

        Endpoints(@Nullable Integer inheritedPort) {
            this.inheritedPort = inheritedPort;
        }

        private int defaultPort() {
            return inheritedPort != null ? inheritedPort : LazyPgConfig.DEFAULT_PORT;
        }

        /** The one port the {@code port} parameter named, or null (none, or one per host). */
        @Nullable
        Integer singlePort() {
            return portParameter != null && portParameter.size() == 1 ? portParameter.get(0) : null;
        }

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

        void applyTo(LazyPgConfigBuilder b) {
            List<String> parameterHosts = hostParameter;
            boolean fromParameter = parameterHosts != null;
            List<String> names = parameterHosts != null ? parameterHosts : hosts;
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
                    b.port(defaultPort());
                }
                return;
            }
            List<PgHost> list = new ArrayList<>(names.size());
            for (int i = 0; i < names.size(); i++) {
                Integer port = explicit.get(i);
                list.add(new PgHost(names.get(i), port == null ? defaultPort() : port));
            }
            b.hosts(list);
        }
    }

    private static void applyQuery(
            @Nullable String query, Map<String, Setter> known, boolean plusIsSpace, Target target) {
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
                String nearest = afterPassword ? null : EditDistance.nearest(name, known.keySet());
                throw new IllegalArgumentException("unknown connection URL parameter " + shown
                        + (afterPassword ? " (percent-encode '&' in a password as %26)" : "")
                        + (nearest == null ? "" : "; did you mean '" + nearest + "'?")
                        + "; known parameters: " + String.join(", ", new TreeSet<>(known.keySet())));
            }
            afterPassword = isPassword(name);
            if (eq < 0) {
                throw new IllegalArgumentException("connection URL parameter '" + name + "' has no value");
            }
            String what = isPassword(name) ? "password" : "the value of '" + name + "'";
            setter.apply(target, name, decode(pair.substring(eq + 1), what, plusIsSpace));
        }
    }

    private static boolean isPassword(String name) {
        return name.equals("password");
    }

    // ---- parameter tables, read from the table of settings ----------------------------------

    /** Every setting by its key, and by its aliases of {@code syntax}. */
    private static void addSettings(Map<String, Setter> m, Setting.Syntax syntax) {
        for (Setting<?> s : Settings.all()) {
            m.put(s.key(), (t, n, v) -> t.values.parse(s, n, v));
            for (Setting.Alias a : s.aliases()) {
                if (a.syntax() == syntax) {
                    Setting.Parser<?> parser = a.parser();
                    m.put(a.name(), (t, n, v) -> t.values.set(s, parser.parse(n, v)));
                }
            }
        }
    }

    /**
     * Settings from the environment or a service file, in libpq's keywords, applied as a libpq URI's
     * parameters would be; the messages name the keyword, never a password value.
     */
    /** Applies libpq keywords (environment, service file); returns the one port they named, or null. */
    private static @Nullable Integer applySettings(
            Map<String, String> settings, LazyPgConfigBuilder b, SettingValues values) {
        Endpoints endpoints = new Endpoints(null);
        Target target = new Target(b, values, endpoints);
        for (Map.Entry<String, String> s : settings.entrySet()) {
            if (s.getKey().equals("service")) {
                continue; // PGSERVICE: the caller applies the service itself
            }
            Setter setter = LIBPQ_PARAMETERS.get(s.getKey());
            if (setter == null) {
                throw new IllegalArgumentException("unknown setting '" + s.getKey() + "' in a service file;"
                        + " known settings: " + String.join(", ", new TreeSet<>(LIBPQ_PARAMETERS.keySet())));
            }
            setter.apply(target, s.getKey(), s.getValue());
        }
        endpoints.applyTo(b);
        return endpoints.singlePort();
    }

    /** The decoded value of parameter {@code wanted} in a query, or null. */
    private static @Nullable String parameter(@Nullable String query, String wanted, boolean plusIsSpace) {
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

    private static Map<String, Setter> libpqParameters() {
        Map<String, Setter> m = new LinkedHashMap<>();
        m.put("host", (t, n, v) -> t.endpoints.hostParameter(v));
        m.put("port", (t, n, v) -> t.endpoints.portParameter(n, v));
        m.put("options", (t, n, v) -> parseOptions(n, v).forEach(t.builder::serverParameter));
        m.put("service", (t, n, v) -> {}); // applied before the other parameters, see applyLibpq
        addSettings(m, Setting.Syntax.LIBPQ);
        return Collections.unmodifiableMap(m);
    }

    private static Map<String, Setter> jdbcParameters() {
        Map<String, Setter> m = new LinkedHashMap<>();
        // libpq's host and port parameters, for a socket directory: jdbc:lazypg:///db?host=/var/run/postgresql
        m.put("host", (t, n, v) -> t.endpoints.hostParameter(v));
        m.put("port", (t, n, v) -> t.endpoints.portParameter(n, v));
        m.put("service", (t, n, v) -> {}); // pgjdbc's and libpq's service, applied before the other parameters
        m.put("options", (t, n, v) -> parseOptions(n, v).forEach(t.builder::serverParameter));
        m.put("currentSchema", (t, n, v) -> t.builder.serverParameter("search_path", v));
        m.put("PGHOST", (t, n, v) -> t.endpoints.hostParameter(v));
        m.put("PGPORT", (t, n, v) -> t.endpoints.portParameter(n, v));
        m.put("prepareThreshold", (t, n, v) -> {
            if (parseInt(n, v) == 0) {
                t.values.set(Settings.STATEMENT_CACHE_SIZE, 0);
            }
        });
        m.put("preferQueryMode", (t, n, v) -> {
            switch (v) {
                case "simple" -> t.values.set(Settings.STATEMENT_CACHE_SIZE, 0);
                case "extended", "extendedForPrepared", "extendedCacheEverything" -> {}
                default ->
                    throw new IllegalArgumentException("connection URL parameter '" + n + "' must be one of extended,"
                            + " extendedForPrepared, extendedCacheEverything or simple, got '" + v + "'");
            }
        });
        // The rest of pgjdbc's properties: accepted without effect, so a URL or DataSource written for
        // pgjdbc works unchanged (lazypg-jdbc warns once, naming them), or refused with the reason.
        for (Map.Entry<String, PgjdbcProperties.Handling> p :
                PgjdbcProperties.all().entrySet()) {
            PgjdbcProperties.Handling h = p.getValue();
            if (h.kind() == PgjdbcProperties.Kind.NO_EFFECT || h.kind() == PgjdbcProperties.Kind.DRIVER) {
                m.put(p.getKey(), (t, n, v) -> {}); // DRIVER: read and checked by lazypg-jdbc
            } else if (h.kind() == PgjdbcProperties.Kind.REFUSED) {
                m.put(p.getKey(), (t, n, v) -> {
                    throw new IllegalArgumentException(
                            "connection URL parameter '" + n + "' is not supported: " + h.what());
                });
            }
        }
        addSettings(m, Setting.Syntax.JDBC);
        return Collections.unmodifiableMap(m);
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
