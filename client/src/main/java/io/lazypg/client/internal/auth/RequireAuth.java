package io.lazypg.client.internal.auth;

import io.lazypg.client.PgConnectException;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * libpq's {@code require_auth}: which authentication methods the client accepts from the server,
 * checked on each authentication request before any answer, so a server that asks for another
 * method gets no secret at all (not even an MD5 hash or a SCRAM client-first with a proof later).
 *
 * <p>The setting is a comma list of methods ({@code password, md5, scram-sha-256, gss, sspi,
 * none}), all positive (only these) or all negated with {@code !} (any but these), as in libpq 16.
 * {@code none} means the server let the client in without asking anything (trust, peer).
 *
 * <p>Immutable and thread-safe.
 */
public final class RequireAuth {

    /** The name of the setting, for messages. */
    public static final String SETTING = "require_auth";

    /** An authentication method as libpq's require_auth names it. */
    public enum Method {
        PASSWORD("password"),
        MD5("md5"),
        SCRAM_SHA_256("scram-sha-256"),
        GSS("gss"),
        SSPI("sspi"),
        NONE("none");

        private final String libpqName;

        Method(String libpqName) {
            this.libpqName = libpqName;
        }

        public String libpqName() {
            return libpqName;
        }

        static Method named(String name) {
            for (Method m : values()) {
                if (m.libpqName.equals(name)) {
                    return m;
                }
            }
            throw new IllegalArgumentException(SETTING + " names an unknown authentication method '" + name
                    + "'; known: password, md5, scram-sha-256, gss, sspi, none (a leading ! negates)");
        }
    }

    /** Every method accepted: the default, as without the setting. */
    public static final RequireAuth ANY = new RequireAuth(EnumSet.allOf(Method.class), "");

    private final Set<Method> allowed;
    private final String text;

    private RequireAuth(Set<Method> allowed, String text) {
        this.allowed = allowed;
        this.text = text;
    }

    /**
     * Reads the setting; blank means {@link #ANY}.
     *
     * @throws IllegalArgumentException naming {@code require_auth} for an unknown method, a method
     *     named twice, or a list that mixes negated and plain methods
     */
    public static RequireAuth parse(String value) {
        String trimmed = value.trim();
        if (trimmed.isEmpty()) {
            return ANY;
        }
        Set<Method> named = EnumSet.noneOf(Method.class);
        Boolean negated = null;
        for (String part : trimmed.split(",", -1)) {
            String item = part.trim().toLowerCase(Locale.ROOT);
            boolean not = item.startsWith("!");
            if (not) {
                item = item.substring(1).trim();
            }
            if (item.isEmpty()) {
                throw new IllegalArgumentException(SETTING + " has an empty method in its list '" + value + "'");
            }
            if (negated != null && negated != not) {
                throw new IllegalArgumentException(SETTING + " mixes negated (!) and plain methods in '" + value
                        + "'; list either the methods to accept or, each with !, the methods to refuse");
            }
            negated = not;
            if (!named.add(Method.named(item))) {
                throw new IllegalArgumentException(SETTING + " names the method '" + item + "' twice");
            }
        }
        Set<Method> allowed = EnumSet.copyOf(named);
        if (Boolean.TRUE.equals(negated)) {
            allowed = EnumSet.complementOf(EnumSet.copyOf(named));
        }
        return new RequireAuth(allowed, trimmed);
    }

    /** Whether the server may use {@code method}. */
    public boolean allows(Method method) {
        return allowed.contains(method);
    }

    /** Whether this is {@link #ANY}: nothing is refused. */
    public boolean acceptsAll() {
        return allowed.size() == Method.values().length;
    }

    /**
     * The method an authentication request code asks for, or null for one that asks for no
     * method (0 AuthenticationOk, 11 and 12 the later steps of SASL).
     */
    public static @Nullable Method methodOf(int code) {
        return switch (code) {
            case 3 -> Method.PASSWORD;
            case 5 -> Method.MD5;
            case 10 -> Method.SCRAM_SHA_256;
            case 7, 8 -> Method.GSS;
            case 9 -> Method.SSPI;
            default -> null;
        };
    }

    /**
     * Checks a request for {@code method} before anything is answered.
     *
     * @param where the server, for the message
     * @throws PgConnectException naming the method and the setting, when it is refused
     */
    public void check(Method method, String where) {
        if (!allows(method)) {
            throw new PgConnectException("The server at " + where + " "
                    + (method == Method.NONE
                            ? "let the session in without authentication (none)"
                            : "asks for " + method.libpqName() + " authentication")
                    + ", which require_auth=" + text + " does not allow; nothing secret was sent."
                    + " Change require_auth, or the server's pg_hba.conf entry for this user.");
        }
    }

    @Override
    public String toString() {
        return text;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RequireAuth r && r.allowed.equals(allowed);
    }

    @Override
    public int hashCode() {
        return allowed.hashCode();
    }
}
