package io.lazypg.client.internal.tls;

import java.net.Socket;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import org.jspecify.annotations.Nullable;

/**
 * The trust manager of a lazypg TLS connection: checks nothing, the chain only, or the chain and
 * then the host name, and fails with an exception type that says which check failed, so the
 * connection error can tell the user what to change.
 *
 * <p>The host-name check is the JDK's own (RFC 2818 / RFC 6125 matching of SubjectAltName DNS names,
 * or IP addresses for an IP literal host), run by the PKIX delegate because the socket's
 * endpoint identification algorithm is {@code "HTTPS"}. Being an {@link X509ExtendedTrustManager}
 * also keeps JSSE from wrapping this class in checks of its own.
 */
final class ServerCertificateCheck extends X509ExtendedTrustManager {

    /** The server's chain does not lead to a trusted root. */
    static final class UntrustedChainException extends CertificateException {
        private static final long serialVersionUID = 1L;

        UntrustedChainException(CertificateException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /** The chain is trusted but the certificate does not name the host we connected to. */
    static final class HostNameMismatchException extends CertificateException {
        private static final long serialVersionUID = 1L;

        HostNameMismatchException(CertificateException cause) {
            super(cause.getMessage(), cause);
        }
    }

    private static final X509Certificate[] NO_ISSUERS = new X509Certificate[0];

    /** Null when nothing is checked; then {@link #rootFile} is null too. */
    private final @Nullable X509ExtendedTrustManager roots;

    private final @Nullable Path rootFile;
    private final boolean checkHostName;

    private ServerCertificateCheck(
            @Nullable X509ExtendedTrustManager roots, @Nullable Path rootFile, boolean checkHostName) {
        this.roots = roots;
        this.rootFile = rootFile;
        this.checkHostName = checkHostName;
    }

    /** Accepts any certificate: encryption without authentication (require, prefer, allow). */
    static ServerCertificateCheck none() {
        return new ServerCertificateCheck(null, null, false);
    }

    /** The chain must lead to one of the certificates in {@code rootFile} (verify-ca). */
    static ServerCertificateCheck chain(Path rootFile) {
        return new ServerCertificateCheck(PemCertificates.trustManager(rootFile), rootFile, false);
    }

    /** The chain must lead to a root in {@code rootFile} and the certificate must name the host (verify-full). */
    static ServerCertificateCheck chainAndHostName(Path rootFile) {
        return new ServerCertificateCheck(PemCertificates.trustManager(rootFile), rootFile, true);
    }

    boolean checksChain() {
        return roots != null;
    }

    boolean checksHostName() {
        return checkHostName;
    }

    /** The file the roots came from, for error messages; null when nothing is checked. */
    @Nullable
    Path rootFile() {
        return rootFile;
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        if (roots == null) {
            return;
        }
        checkChain(roots, chain, authType);
        if (checkHostName) {
            try {
                // The socket variant adds the endpoint identification the socket asks for.
                roots.checkServerTrusted(chain, authType, socket);
            } catch (CertificateException e) {
                throw new HostNameMismatchException(e);
            }
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        if (roots == null) {
            return;
        }
        checkChain(roots, chain, authType);
        if (checkHostName) {
            try {
                roots.checkServerTrusted(chain, authType, engine);
            } catch (CertificateException e) {
                throw new HostNameMismatchException(e);
            }
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        if (checkHostName) {
            // Without a socket there is no host to compare: refuse rather than skip the check.
            throw new CertificateException("verify-full needs the socket to check the host name");
        }
        if (roots != null) {
            checkChain(roots, chain, authType);
        }
    }

    private static void checkChain(X509ExtendedTrustManager roots, X509Certificate[] chain, String authType)
            throws CertificateException {
        try {
            roots.checkServerTrusted(chain, authType);
        } catch (CertificateException e) {
            throw new UntrustedChainException(e);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
            throws CertificateException {
        throw new CertificateException("lazypg is a client: it never checks client certificates");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
            throws CertificateException {
        throw new CertificateException("lazypg is a client: it never checks client certificates");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        throw new CertificateException("lazypg is a client: it never checks client certificates");
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return roots == null ? NO_ISSUERS : roots.getAcceptedIssuers();
    }
}
