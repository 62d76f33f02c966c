package io.lazypg.client.internal.config;

import io.lazypg.client.SslMode;
import io.lazypg.client.TargetSessionAttrs;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the text of a connection URL parameter is read into a setting's value. Every message names
 * the parameter as the user wrote it ({@code name}) and never echoes a password (no parser here is
 * used for one). Stateless and thread-safe.
 */
final class SettingParsers {

    private SettingParsers() {}

    /** The text itself (names, application_name, the password). */
    static String text(String name, String value) {
        return value;
    }

    /**
     * The port after the host. Its text is not echoed: with an unencoded '/' in a password the URL
     * is cut in the wrong place and this "port" would be a piece of the password.
     */
    static int parseAuthorityPort(String value) {
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

    static int parsePort(String name, String value) {
        int port = parseInt(name, value);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(
                    "connection URL parameter '" + name + "' must be between 1 and 65535, got " + port);
        }
        return port;
    }

    static int parseInt(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "connection URL parameter '" + name + "' must be an integer, got '" + value + "'");
        }
    }

    static Duration parseSeconds(String name, String value) {
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

    static TargetSessionAttrs parseTarget(String name, String value) {
        try {
            return TargetSessionAttrs.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("connection URL parameter '" + name + "' " + e.getMessage(), e);
        }
    }

    static TargetSessionAttrs parseReadOnlyTarget(String name, String value) {
        TargetSessionAttrs target = parseTarget(name, value);
        if (!target.suitsReadOnlyWork()) {
            throw new IllegalArgumentException("connection URL parameter '" + name
                    + "' must be one of any, read-only, standby, prefer-standby; got '" + value + "'");
        }
        return target;
    }

    static boolean parseLoadBalance(String name, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "disable" -> false;
            case "random" -> true;
            default ->
                throw new IllegalArgumentException(
                        "connection URL parameter '" + name + "' must be disable or random; got '" + value + "'");
        };
    }

    /** libpq's keepalives: 0 is off, any other integer on. */
    static boolean parseKeepalives(String name, String value) {
        return value.trim().matches("-?\\d+") ? parseInt(name, value) != 0 : parseBoolean(name, value);
    }

    /** A whole number of seconds, 0 or more (libpq's keepalives_idle and keepalives_interval). */
    static Duration parseWholeSeconds(String name, String value) {
        int seconds = parseInt(name, value);
        if (seconds < 0) {
            throw new IllegalArgumentException(
                    "connection URL parameter '" + name + "' must be 0 or more seconds, got " + seconds);
        }
        return Duration.ofSeconds(seconds);
    }

    static boolean parseBoolean(String name, String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default ->
                throw new IllegalArgumentException(
                        "connection URL parameter '" + name + "' must be true or false; got '" + value + "'");
        };
    }

    /** pgjdbc's {@code targetServerType}, onto libpq's target_session_attrs (see {@link TargetSessionAttrs}). */
    static TargetSessionAttrs parseTargetServerType(String name, String value) {
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

    /** pgjdbc's {@code ssl}: true asks for verify-full (pgjdbc's default once ssl is on), false for none. */
    static SslMode parseSsl(String name, String value) {
        return parseBoolean(name, value) ? SslMode.VERIFY_FULL : SslMode.DISABLE;
    }

    static SslMode parseSslMode(String name, String value) {
        try {
            return SslMode.fromString(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("connection URL parameter '" + name + "': " + e.getMessage(), e);
        }
    }

    static Path parsePath(String name, String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(
                    "connection URL parameter '" + name + "' is not a valid file path: " + e.getMessage(), e);
        }
    }
}
