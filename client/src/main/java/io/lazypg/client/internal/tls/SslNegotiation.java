package io.lazypg.client.internal.tls;

import io.lazypg.client.SslMode;
import java.util.Locale;

/**
 * libpq's {@code sslnegotiation} (PostgreSQL 17): how a TLS connection starts. {@link #POSTGRES}
 * sends an SSLRequest and waits for the server's one-byte answer ({@link TlsNegotiator});
 * {@link #DIRECT} starts the TLS handshake with the first byte, with ALPN {@code postgresql},
 * saving that round trip ({@link DirectTls}). Servers before 17 do not understand a direct
 * handshake, so {@code direct} is for servers known to be 17 or later.
 */
public enum SslNegotiation {
    POSTGRES,
    DIRECT;

    /** The URL parameter's name, for messages. */
    public static final String SETTING = "sslnegotiation";

    /** Reads postgres or direct, in any case. */
    public static SslNegotiation parse(String value) {
        for (SslNegotiation n : values()) {
            if (n.name().equalsIgnoreCase(value.trim())) {
                return n;
            }
        }
        throw new IllegalArgumentException(SETTING + " must be postgres or direct, got '" + value + "'");
    }

    /**
     * libpq's rule: a direct handshake has no way back to a plain connection, so it is refused
     * with an sslmode that accepts one (disable, allow, prefer).
     *
     * @throws IllegalArgumentException naming both settings and what to change
     */
    public static void checkAgainst(String negotiation, SslMode mode) {
        if (parse(negotiation) == DIRECT && !mode.requiresTls()) {
            throw new IllegalArgumentException(SETTING + "=direct needs sslmode=require, verify-ca or verify-full,"
                    + " got sslmode=" + mode.libpqName() + ": a direct TLS handshake cannot fall back to a plain"
                    + " connection. Set sslmode=require (or stronger), or sslnegotiation=postgres");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
