package io.lazypg.jdbc;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgConfigBuilder;
import io.lazypg.client.SettingName;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TimeZone;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Turns a JDBC URL and the properties a pool or DriverManager passes beside it into a
 * {@link LazyPgConfig}. The URL syntax and its parameters are the client's ({@link
 * LazyPgConfigBuilder#url}); each property is read as one more URL parameter, so the two cannot
 * disagree about names or values, and an unknown property fails like an unknown parameter.
 *
 * <p>Stateless and thread-safe.
 */
final class JdbcUrls {

    static final String LAZYPG_PREFIX = "jdbc:lazypg:";

    /** The logger of the no-effect warning (tests capture it by this name). */
    static final System.Logger LOG = System.getLogger(JdbcUrls.class.getName());

    /** The sets of no-effect properties already warned about. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private JdbcUrls() {}

    /** Whether the driver claims the URL through DriverManager: only its own scheme, never pgjdbc's. */
    static boolean isLazyPgUrl(@Nullable String url) {
        return url != null && url.regionMatches(true, 0, LAZYPG_PREFIX, 0, LAZYPG_PREFIX.length());
    }

    /** The configuration for {@code url} with {@code info}'s entries as extra parameters. */
    static LazyPgConfig config(String url, @Nullable Properties info) throws SQLException {
        return configured(url, info).config();
    }

    /** A configuration and the properties lazypg-jdbc applies itself, read from one URL and its properties. */
    record Configured(LazyPgConfig config, DriverProperties driver) {}

    /** As {@link #config}, with the driver's own properties ({@link DriverProperties}) read too. */
    static Configured configured(String url, @Nullable Properties info) throws SQLException {
        String full = url;
        if (info != null && !info.isEmpty()) {
            StringBuilder b = new StringBuilder(url);
            char separator = url.indexOf('?') < 0 ? '?' : '&';
            for (String name : info.stringPropertyNames()) {
                b.append(separator).append(encode(name)).append('=').append(encode(info.getProperty(name)));
                separator = '&';
            }
            full = b.toString();
        }
        try {
            LazyPgConfig config = withJvmTimeZone(LazyPgConfig.fromUrl(full));
            DriverProperties driver = DriverProperties.of(full);
            Map<String, String> withoutEffect =
                    new java.util.LinkedHashMap<>(SettingName.pgjdbcParametersWithoutEffect(full));
            if (driver.varcharStrings()) {
                withoutEffect.put(
                        "stringtype=varchar",
                        "lazypg binds a String untyped, as stringtype=unspecified does: the server infers its type");
            }
            warnOnceAboutNoEffect(withoutEffect);
            return new Configured(config, driver);
        } catch (IllegalArgumentException e) {
            // the client's messages never contain the URL or a password
            throw new SQLException(
                    "Invalid lazypg JDBC URL or property: " + e.getMessage(), JdbcErrors.UNABLE_TO_CONNECT, e);
        }
    }

    /**
     * {@code config} with the session's TimeZone set to the JVM's default zone (read now), unless
     * it sets one: pgjdbc does the same at connect, so java.time values bound typed (a LocalDateTime
     * into a timestamptz column, an OffsetDateTime into a timestamp one) convert in the same zone
     * with either driver, and timestamptz text reads in the JVM's zone.
     */
    static LazyPgConfig withJvmTimeZone(LazyPgConfig config) {
        for (String name : config.serverParameters().keySet()) {
            if (name.equalsIgnoreCase("TimeZone")) {
                return config;
            }
        }
        return config.toBuilder()
                .serverParameter(
                        "TimeZone", postgresZoneName(TimeZone.getDefault().getID()))
                .build();
    }

    /**
     * The JVM zone's id as PostgreSQL reads it: Java's {@code GMT+05:30} is five and a half hours
     * east, PostgreSQL's POSIX {@code GMT+05:30} west, so the sign flips (as pgjdbc flips it).
     */
    static String postgresZoneName(String javaId) {
        if (javaId.length() > 3 && javaId.startsWith("GMT") && (javaId.charAt(3) == '+' || javaId.charAt(3) == '-')) {
            return (javaId.charAt(3) == '+' ? "GMT-" : "GMT+") + javaId.substring(4);
        }
        return javaId;
    }

    /**
     * Logs one WARN per distinct set of pgjdbc properties that have no effect, naming each and why: a
     * pool or DataSource configured once warns once, not at every connection the driver opens.
     */
    static void warnOnceAboutNoEffect(Map<String, String> withoutEffect) {
        if (withoutEffect.isEmpty() || !WARNED.add(new TreeSet<>(withoutEffect.keySet()).toString())) {
            return;
        }
        StringBuilder b = new StringBuilder("lazypg-jdbc accepts these pgjdbc properties without effect:");
        withoutEffect.forEach((name, why) ->
                b.append(' ').append(name).append(" (").append(why).append(");"));
        b.setLength(b.length() - 1);
        LOG.log(
                System.Logger.Level.WARNING,
                b.append(". See docs/jdbc.md (pgjdbc properties).").toString());
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** The URL to report from DatabaseMetaData.getURL: lazypg's scheme, without parameters (which may hold a password). */
    static String displayUrl(LazyPgConfig config) {
        String host = config.host().indexOf(':') >= 0 ? "[" + config.host() + "]" : config.host();
        return LAZYPG_PREFIX + "//" + host + ":" + config.port() + "/" + config.database();
    }
}
