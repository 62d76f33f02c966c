package io.lazypg.client.internal.tls;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.SslMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import org.jspecify.annotations.Nullable;

/**
 * Upgrades a freshly connected socket to TLS the PostgreSQL way: an {@code SSLRequest} before the
 * startup message, a one-byte answer, then a TLS handshake on the same TCP connection.
 *
 * <pre>
 *   client                                   server
 *   SSLRequest: int32 8 | int32 80877103  -->
 *                                         <--  'S' (go ahead with TLS) or 'N' (no TLS here)
 *   TLS handshake (on 'S')                <-->
 *   StartupMessage ... (over TLS, or in the clear after 'N' when the sslmode allows it)
 * </pre>
 *
 * <h2>How the connection code uses it (libpq's sslmode semantics)</h2>
 * <ol>
 *   <li>First attempt: connect a socket; if {@link #tryTls tryTls(mode, true)}, call
 *       {@link #negotiate}; send the StartupMessage on the socket it returns.</li>
 *   <li>If the server then refuses the connection (an ErrorResponse during startup or
 *       authentication, for example a pg_hba.conf {@code reject} line) and
 *       {@link #retryOnNewConnection retryOnNewConnection(mode, usedTls)} says so, close it and
 *       make a second attempt on a new socket, negotiating if {@link #tryTls tryTls(mode, false)}.
 *       This is how {@code allow} gets TLS only when the server refuses a plain connection, and how
 *       {@code prefer} falls back to a plain connection when the server refuses one over TLS.</li>
 * </ol>
 * {@code disable} never calls {@link #negotiate}.
 *
 * <p>Invariants: nothing is read from the socket past the one answer byte before the handshake
 * (bytes after 'S' would be unauthenticated, CVE-2021-23222, so they fail the negotiation); the
 * socket's read timeout is restored on the returned socket; on any failure the socket is closed
 * and the exception names host, port and sslmode and says what to change.
 */
public final class TlsNegotiator {

    /** The SSLRequest code: 1234 in the high 16 bits, 5679 in the low 16 bits. */
    static final int SSL_REQUEST_CODE = 80877103;

    private static final byte[] SSL_REQUEST = {
        0,
        0,
        0,
        8,
        (byte) (SSL_REQUEST_CODE >>> 24),
        (byte) (SSL_REQUEST_CODE >>> 16),
        (byte) (SSL_REQUEST_CODE >>> 8),
        (byte) SSL_REQUEST_CODE,
    };

    /** The ALPN protocol PostgreSQL 17 registers; a direct handshake must select it. */
    static final String ALPN_PROTOCOL = "postgresql";

    /** Sent as ALPN, as libpq 17 does; a server that does not know ALPN ignores it. */
    private static final String[] ALPN = {ALPN_PROTOCOL};

    private TlsNegotiator() {}

    /**
     * Whether an attempt sends SSLRequest: the first attempt for every mode but {@code disable} and
     * {@code allow}; the second attempt (made only when {@link #retryOnNewConnection} allows one)
     * for {@code allow}, which tries TLS only after a plain connection was refused.
     */
    public static boolean tryTls(SslMode mode, boolean firstAttempt) {
        switch (mode) {
            case DISABLE:
                return false;
            case ALLOW:
                return !firstAttempt;
            case PREFER:
                return firstAttempt;
            default:
                return true;
        }
    }

    /**
     * Whether a first attempt that the server refused during startup or authentication should be
     * repeated once on a new connection with the other choice: {@code allow} after a refused plain
     * connection (then with TLS), {@code prefer} after a refused TLS connection (then without).
     * A {@code prefer} connection that got plain text because the server answered 'N' is not
     * retried: the second attempt would be the same. This is the trace of libpq's own negotiation
     * tests: a TLS-only user under {@code allow} gets "connect, authfail, reconnect, sslaccept, authok",
     * a plain-only user under {@code prefer} gets "connect, sslaccept, authfail, reconnect, authok".
     * Not retried: a failed TLS handshake, a timeout, an error answer to the TLS request.
     *
     * @param firstAttemptUsedTls whether the refused connection ran over TLS
     */
    public static boolean retryOnNewConnection(SslMode mode, boolean firstAttemptUsedTls) {
        return (mode == SslMode.ALLOW && !firstAttemptUsedTls) || (mode == SslMode.PREFER && firstAttemptUsedTls);
    }

    /** {@code ~/.postgresql/root.crt}, the root certificate file libpq uses when none is given. */
    public static Path defaultRootCertificate() {
        return Path.of(System.getProperty("user.home"), ".postgresql", "root.crt");
    }

    /**
     * Sends SSLRequest and reads the one-byte answer; on 'S' wraps the socket in an
     * {@link SSLSocket} and completes the handshake, checking the server's certificate as the
     * mode demands; on 'N' returns {@code plain} itself under {@code prefer} and fails otherwise
     * ({@code allow} calls this only on its second attempt, after a plain connection was refused).
     *
     * @param plain           a connected socket on which nothing has been sent yet; closed on failure
     * @param host            the host name as the user gave it: sent as SNI and, for verify-full,
     *                        compared with the certificate's SubjectAltName (an IP literal is
     *                        compared with its IP address entries)
     * @param port            for messages
     * @param mode            any mode but {@code disable}
     * @param rootCertificate PEM file of trusted root(s), or null for {@link #defaultRootCertificate()};
     *                        required to exist for verify-ca and verify-full; for the other modes the
     *                        chain is checked against it when it exists, as libpq does
     * @param timeoutMillis   read timeout for the answer and the handshake, 0 for none
     * @return the socket to speak the protocol on: an {@link SSLSocket} after a completed handshake,
     *         or {@code plain} when the server declined TLS under {@code prefer}
     * @throws PgConnectException   TLS is required but declined, the certificate check failed, the
     *                              root file is missing or invalid, the server sent an error, or I/O failed
     * @throws PgProtocolException  the answer is not PostgreSQL protocol
     * @throws PgTimeoutException   no answer or handshake within {@code timeoutMillis}
     */
    public static Socket negotiate(
            Socket plain, String host, int port, SslMode mode, @Nullable Path rootCertificate, int timeoutMillis) {
        return negotiate(plain, host, port, mode, rootCertificate, defaultRootCertificate(), timeoutMillis);
    }

    /** {@link #negotiate(Socket, String, int, SslMode, Path, int)} with the default root file given. */
    static Socket negotiate(
            Socket plain,
            String host,
            int port,
            SslMode mode,
            @Nullable Path rootCertificate,
            Path defaultRoot,
            int timeoutMillis) {
        if (mode == SslMode.DISABLE) {
            throw new IllegalArgumentException(
                    "sslmode=disable never negotiates TLS: connect without calling" + " TlsNegotiator");
        }
        String where = "Server " + host + ":" + port + " (sslmode=" + mode + ")";
        boolean handedOver = false;
        try {
            // Resolve trust first: a missing root file fails before a byte goes to the server.
            ServerCertificateCheck check = certificateCheck(mode, rootCertificate, defaultRoot, where);
            int previousTimeout = plain.getSoTimeout();
            plain.setSoTimeout(timeoutMillis);
            OutputStream out = plain.getOutputStream();
            out.write(SSL_REQUEST);
            out.flush();
            // Unbuffered on purpose: we must read exactly one byte, the rest belongs to TLS.
            InputStream in = plain.getInputStream();
            int answer = in.read();
            Socket result;
            switch (answer) {
                case 'S':
                    if (in.available() > 0) {
                        throw new PgProtocolException(where + ": the server sent unencrypted data right after"
                                + " agreeing to TLS; something between us and the server may be injecting data."
                                + " Connect directly to the server and check the network path");
                    }
                    result = handshake(plain, host, port, check, where);
                    break;
                case 'N':
                    if (mode == SslMode.ALLOW) {
                        // allow asks for TLS only on its second attempt, after the server refused a
                        // plain connection: the same plain connection again would be refused again.
                        throw new PgConnectException(where + ": the server refused a connection without TLS and"
                                + " does not support TLS either (it answered 'N' to the TLS request). Check the"
                                + " server's pg_hba.conf for this user and database, or enable ssl on the server");
                    }
                    if (mode.requiresTls()) {
                        throw new PgConnectException(where + ": the server does not support TLS (it answered 'N'"
                                + " to the TLS request), but sslmode=" + mode + " requires it. Enable ssl on the"
                                + " server (ssl = on in postgresql.conf, with a certificate and key), or use"
                                + " sslmode=prefer to accept an unencrypted connection");
                    }
                    result = plain;
                    break;
                case 'E':
                    // Not shown: it arrived before the server was authenticated (CVE-2024-10977).
                    throw new PgConnectException(where + ": the server answered the TLS request with an error"
                            + " message (not shown, because the server is not yet authenticated). The server may"
                            + " be out of connection slots or starting up; check the server log and retry");
                case -1:
                    throw new PgConnectException(where + ": the server closed the connection instead of answering"
                            + " the TLS request. Check that " + host + ":" + port + " is a PostgreSQL server");
                default:
                    throw new PgProtocolException(String.format(
                            "%s: the server answered the TLS request with byte"
                                    + " 0x%02x instead of 'S' or 'N'. Check that %s:%d is a PostgreSQL server and not another"
                                    + " service",
                            where, answer, host, port));
            }
            result.setSoTimeout(previousTimeout);
            handedOver = true;
            return result;
        } catch (SocketTimeoutException e) {
            throw new PgTimeoutException(
                    PgTimeoutException.Kind.CONNECT,
                    where + ": no answer to the TLS request or"
                            + " no completed TLS handshake within " + timeoutMillis + " ms. Check that the server is"
                            + " reachable and not overloaded, or raise the connect timeout",
                    e);
        } catch (IOException e) {
            throw new PgConnectException(
                    where + ": I/O error while negotiating TLS: " + e.getMessage()
                            + ". Check the network path to the server",
                    e);
        } finally {
            if (!handedOver) {
                closeQuietly(plain);
            }
        }
    }

    /** The TLS handshake on {@code plain}, shared with {@link DirectTls}; a failure names {@code where}. */
    static SSLSocket handshake(Socket plain, String host, int port, ServerCertificateCheck check, String where)
            throws IOException {
        SSLContext context;
        try {
            context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {check}, null);
        } catch (GeneralSecurityException e) {
            throw new PgConnectException(where + ": this JDK cannot create a TLS context: " + e.getMessage(), e);
        }
        // autoClose: closing the TLS socket closes the TCP connection under it.
        SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, host, port, true);
        SSLParameters parameters = tls.getSSLParameters();
        if (check.checksHostName()) {
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
        }
        parameters.setApplicationProtocols(ALPN);
        tls.setSSLParameters(parameters);
        tls.setUseClientMode(true);
        try {
            tls.startHandshake();
        } catch (SSLException e) {
            throw new PgConnectException(TlsFailures.describe(e, where, host, check), e);
        }
        return tls;
    }

    /**
     * Which certificate check a mode gets: verify-ca and verify-full need the root file; the other
     * modes check the chain only when a root file exists (libpq's backwards-compatible behaviour).
     */
    static ServerCertificateCheck certificateCheck(
            SslMode mode, @Nullable Path rootCertificate, Path defaultRoot, String where) {
        Path root = rootCertificate != null ? rootCertificate : defaultRoot;
        boolean exists = root != null && Files.exists(root);
        if (mode.verifiesCertificate() && !exists) {
            throw new PgConnectException(where + ": sslmode=" + mode + " needs a root certificate to check the"
                    + " server's certificate, but "
                    + (root == null
                            ? "no root certificate file was given"
                            : "the root certificate file " + root + " does not exist")
                    + ". Set sslrootcert to the PEM file"
                    + " of the CA that signed the server certificate, or use sslmode=require to encrypt without"
                    + " checking the server (which does not protect against a man in the middle)");
        }
        if (!exists) {
            return ServerCertificateCheck.none();
        }
        try {
            return mode == SslMode.VERIFY_FULL
                    ? ServerCertificateCheck.chainAndHostName(root)
                    : ServerCertificateCheck.chain(root);
        } catch (PgConnectException e) {
            throw new PgConnectException(where + ": " + e.getMessage(), e.getCause());
        }
    }

    /**
     * The server's certificate when {@code session} is a TLS socket after its handshake, for channel
     * binding; null for a plain socket or a server without a certificate.
     */
    public static @Nullable X509Certificate serverCertificate(Socket session) {
        if (!(session instanceof SSLSocket tls)) {
            return null;
        }
        try {
            Certificate[] chain = tls.getSession().getPeerCertificates();
            return chain.length > 0 && chain[0] instanceof X509Certificate x ? x : null;
        } catch (SSLPeerUnverifiedException e) {
            return null;
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Already failing; the original exception says why.
        }
    }
}
