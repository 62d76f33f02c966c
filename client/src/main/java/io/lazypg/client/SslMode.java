package io.lazypg.client;

import java.util.Locale;

/**
 * Whether and how a connection uses TLS, with the meanings libpq gives its {@code sslmode}
 * connection parameter.
 *
 * <table>
 *   <caption>What each mode protects against</caption>
 *   <tr><th>mode</th><th>TLS</th><th>server certificate checked</th></tr>
 *   <tr><td>{@link #DISABLE}</td><td>never</td><td>no</td></tr>
 *   <tr><td>{@link #ALLOW}</td><td>only if the server refuses a plain connection</td><td>no*</td></tr>
 *   <tr><td>{@link #PREFER}</td><td>if the server offers it</td><td>no*</td></tr>
 *   <tr><td>{@link #REQUIRE}</td><td>always</td><td>no*</td></tr>
 *   <tr><td>{@link #VERIFY_CA}</td><td>always</td><td>chain must lead to a trusted root</td></tr>
 *   <tr><td>{@link #VERIFY_FULL}</td><td>always</td><td>chain, and the host name must be in the certificate</td></tr>
 * </table>
 * * As in libpq, when a root certificate file is given, these modes check the chain as
 * {@link #VERIFY_CA} does.
 *
 * <p>Only {@link #VERIFY_FULL} protects against an active man in the middle.
 */
public enum SslMode {
    DISABLE("disable"),
    ALLOW("allow"),
    PREFER("prefer"),
    REQUIRE("require"),
    VERIFY_CA("verify-ca"),
    VERIFY_FULL("verify-full");

    private final String libpqName;

    SslMode(String libpqName) {
        this.libpqName = libpqName;
    }

    /** The name libpq uses, for example {@code "verify-full"}. */
    public String libpqName() {
        return libpqName;
    }

    /** Whether a connection in this mode fails rather than run without TLS. */
    public boolean requiresTls() {
        return compareTo(REQUIRE) >= 0;
    }

    /** Whether the server's certificate chain must verify against a root certificate. */
    public boolean verifiesCertificate() {
        return compareTo(VERIFY_CA) >= 0;
    }

    /**
     * The mode named {@code libpqName}: a libpq name such as {@code "verify-full"}, in any case;
     * the constant's own name ({@code "VERIFY_FULL"}) is accepted too, because property binders
     * write enum names that way.
     *
     * @throws IllegalArgumentException for null or any other text, listing the valid names
     */
    public static SslMode fromString(String libpqName) {
        if (libpqName != null) {
            String wanted = libpqName.trim().toLowerCase(Locale.ROOT).replace('_', '-');
            for (SslMode mode : values()) {
                if (mode.libpqName.equals(wanted)) {
                    return mode;
                }
            }
        }
        throw new IllegalArgumentException("Unknown sslmode " + (libpqName == null ? "null" : "'" + libpqName + "'")
                + ": use one of disable, allow, prefer, require, verify-ca, verify-full");
    }

    /** The libpq name, as in a connection string. */
    @Override
    public String toString() {
        return libpqName;
    }
}
