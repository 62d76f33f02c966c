package io.lazypg.client.internal.tls;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.SslMode;
import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import javax.net.ssl.SSLSocket;
import org.jspecify.annotations.Nullable;

/**
 * {@code sslnegotiation=direct} (PostgreSQL 17): the TLS handshake starts with the client's first
 * byte, without an SSLRequest, and the server must select the ALPN protocol {@code postgresql}.
 *
 * <pre>
 *   client                                   server
 *   TLS ClientHello (ALPN postgresql)     -->
 *   TLS handshake                         <-->   (ALPN postgresql selected)
 *   StartupMessage ... (over TLS)
 * </pre>
 *
 * <p>Invariants: called only with an sslmode that requires TLS ({@link SslNegotiation#checkAgainst}
 * refuses the others when the configuration is built), so there is no plain fallback; the server's
 * certificate is checked exactly as after an SSLRequest ({@link TlsNegotiator#certificateCheck});
 * a handshake without the {@code postgresql} ALPN protocol fails, as in libpq, because a server
 * that did not choose it may be another TLS service; on any failure the socket is closed. Stateless.
 */
public final class DirectTls {

    private DirectTls() {}

    /**
     * Completes a direct TLS handshake on {@code plain}.
     *
     * @param plain           a connected socket on which nothing has been sent yet; closed on failure
     * @param host            the host name as the user gave it (SNI, and verify-full's host name check)
     * @param port            for messages
     * @param mode            require, verify-ca or verify-full
     * @param rootCertificate PEM file of trusted root(s), or null for {@link TlsNegotiator#defaultRootCertificate()}
     * @return the TLS socket to speak the protocol on
     * @throws PgConnectException the handshake or the certificate check failed, ALPN was not
     *                            negotiated, or I/O failed
     */
    public static Socket handshake(Socket plain, String host, int port, SslMode mode, @Nullable Path rootCertificate) {
        return handshake(plain, host, port, mode, rootCertificate, TlsNegotiator.defaultRootCertificate());
    }

    static Socket handshake(
            Socket plain, String host, int port, SslMode mode, @Nullable Path rootCertificate, Path defaultRoot) {
        if (!mode.requiresTls()) {
            throw new IllegalArgumentException(
                    "sslnegotiation=direct needs an sslmode that requires TLS, got " + mode.libpqName());
        }
        String where = "Server " + host + ":" + port + " (sslmode=" + mode + ", sslnegotiation=direct)";
        boolean handedOver = false;
        try {
            ServerCertificateCheck check = TlsNegotiator.certificateCheck(mode, rootCertificate, defaultRoot, where);
            SSLSocket tls;
            try {
                tls = TlsNegotiator.handshake(plain, host, port, check, where);
            } catch (PgConnectException e) {
                throw new PgConnectException(
                        e.getMessage() + ". A server before PostgreSQL 17 does not accept a direct TLS"
                                + " handshake: use sslnegotiation=postgres for it",
                        e.getCause());
            }
            if (!TlsNegotiator.ALPN_PROTOCOL.equals(tls.getApplicationProtocol())) {
                throw new PgConnectException(where + ": the TLS handshake completed without the ALPN protocol"
                        + " 'postgresql' (got '" + tls.getApplicationProtocol() + "'), so the server may not be"
                        + " PostgreSQL. Check the host and port, or use sslnegotiation=postgres");
            }
            handedOver = true;
            return tls;
        } catch (IOException e) {
            throw new PgConnectException(
                    where + ": I/O error during the TLS handshake: " + e.getMessage()
                            + ". Check the network path to the server",
                    e);
        } finally {
            if (!handedOver) {
                try {
                    plain.close();
                } catch (IOException ignored) {
                    // Already failing; the original exception says why.
                }
            }
        }
    }
}
