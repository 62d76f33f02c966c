package io.lazypg.client.internal.auth;

import io.lazypg.client.PgConnectException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * libpq's {@code channel_binding} (disable, prefer, require; default prefer) and the choice it makes
 * when the server asks for SASL: SCRAM-SHA-256-PLUS bound to the TLS channel by {@code
 * tls-server-end-point} (RFC 5929: a hash of the server's certificate, so a man in the middle with
 * another certificate cannot relay the exchange), or SCRAM-SHA-256 unbound.
 *
 * <p>Under {@code require} there is no downgrade: no TLS, a server that does not offer the PLUS
 * mechanism, or a certificate whose signature algorithm gives no binding hash (Ed25519, Ed448,
 * RSASSA-PSS; pgjdbc's CVE-2026-54291) each refuse the connection before anything is sent, and
 * {@link AuthenticationGate} refuses every method but SASL and an AuthenticationOk that did not end
 * a bound exchange (pgjdbc's CVE-2025-49146). Under {@code prefer} the client binds when it can and
 * otherwise says so honestly in the GS2 header ({@code y} when it could bind but the server offered
 * no PLUS mechanism, which a server that does offer it treats as an attack; {@code n} when it cannot).
 *
 * <p>Stateless and thread-safe.
 */
public final class ChannelBinding {

    /** The setting's name, for messages. */
    public static final String SETTING = "channel_binding";

    /** The values of {@code channel_binding}. */
    public enum Mode {
        DISABLE,
        PREFER,
        REQUIRE;

        /** Reads disable, prefer or require. */
        public static Mode parse(String value) {
            for (Mode m : values()) {
                if (m.name().equalsIgnoreCase(value.trim())) {
                    return m;
                }
            }
            throw new IllegalArgumentException(SETTING + " must be disable, prefer or require, got '" + value + "'");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The mechanism to use, its GS2 header and, for the PLUS mechanism, the binding data.
     *
     * @param bindingData the certificate hash, only with {@code p=tls-server-end-point,,}
     */
    public record Choice(String mechanism, String gs2Header, byte @Nullable [] bindingData) {}

    private static final String PLUS_HEADER = "p=tls-server-end-point,,";

    private ChannelBinding() {}

    /**
     * Chooses the SASL mechanism for one exchange.
     *
     * @param serverCertificate the server's certificate when the session runs over TLS, else null
     * @param offered           the mechanisms of AuthenticationSASL
     * @param where             the server, for messages
     * @throws PgConnectException naming {@code channel_binding} when {@code require} cannot be met,
     *     or when no offered mechanism can be used
     */
    public static Choice choose(
            Mode mode, @Nullable X509Certificate serverCertificate, List<String> offered, String where) {
        boolean offersPlus = offered.contains(ScramSha256Client.MECHANISM_PLUS);
        boolean offersPlain = offered.contains(ScramSha256Client.MECHANISM);
        byte[] data = mode == Mode.DISABLE || serverCertificate == null ? null : tlsServerEndPoint(serverCertificate);
        if (mode == Mode.REQUIRE) {
            if (serverCertificate == null) {
                throw refused(
                        where,
                        "the connection is not encrypted; channel binding needs TLS (set sslmode to"
                                + " require or stricter, and connect over TCP)");
            }
            if (!offersPlus) {
                throw refused(
                        where,
                        "the server does not offer " + ScramSha256Client.MECHANISM_PLUS + " (it offers "
                                + String.join(" ", offered) + "); the server may not be what it seems, or be behind a"
                                + " proxy that ends TLS");
            }
            if (data == null) {
                throw refused(
                        where,
                        "the server certificate's signature algorithm "
                                + serverCertificate.getSigAlgName()
                                + " defines no hash for tls-server-end-point binding;"
                                + " use a server certificate signed with RSA or ECDSA and SHA-256 or stronger");
            }
            return new Choice(ScramSha256Client.MECHANISM_PLUS, PLUS_HEADER, data);
        }
        if (data != null && offersPlus) {
            return new Choice(ScramSha256Client.MECHANISM_PLUS, PLUS_HEADER, data);
        }
        if (!offersPlain) {
            throw new PgConnectException("The server at " + where + " offers SASL mechanisms "
                    + String.join(" ", offered) + ", none of which lazypg can use here (it supports "
                    + ScramSha256Client.MECHANISM
                    + (mode == Mode.DISABLE
                            ? "; channel_binding=disable rules out " + ScramSha256Client.MECHANISM_PLUS
                            : " and, over TLS, " + ScramSha256Client.MECHANISM_PLUS)
                    + ").");
        }
        return new Choice(ScramSha256Client.MECHANISM, data != null ? "y,," : "n,,", null);
    }

    /**
     * RFC 5929 tls-server-end-point: the certificate's DER hashed with its signature's hash
     * algorithm, SHA-256 in place of MD5 and SHA-1; null when the algorithm names no hash.
     */
    public static byte @Nullable [] tlsServerEndPoint(X509Certificate certificate) {
        String algorithm = hashAlgorithm(certificate.getSigAlgName());
        if (algorithm == null) {
            return null;
        }
        try {
            return MessageDigest.getInstance(algorithm).digest(certificate.getEncoded());
        } catch (CertificateEncodingException e) {
            throw new PgConnectException(
                    "The server certificate cannot be encoded for channel binding: " + e.getMessage(), e);
        } catch (GeneralSecurityException e) {
            return null; // this JDK lacks the hash: as if the algorithm named none
        }
    }

    /** The hash of a signature algorithm name as the JDK spells it ({@code SHA384withECDSA}), or null. */
    static @Nullable String hashAlgorithm(String signatureAlgorithm) {
        String a = signatureAlgorithm.toUpperCase(Locale.ROOT);
        int with = a.indexOf("WITH");
        if (with < 0) {
            return null; // Ed25519, Ed448, RSASSA-PSS (its hash is in parameters, not in the name)
        }
        String hash = a.substring(0, with);
        return switch (hash) {
            case "MD5", "SHA1", "SHA256" -> "SHA-256";
            case "SHA224" -> "SHA-224";
            case "SHA384" -> "SHA-384";
            case "SHA512" -> "SHA-512";
            case "SHA3-256", "SHA3-384", "SHA3-512" -> hash;
            default -> null;
        };
    }

    private static PgConnectException refused(String where, String why) {
        return new PgConnectException("channel_binding=require refuses to authenticate to " + where + ": " + why
                + ". Nothing secret was sent.");
    }
}
