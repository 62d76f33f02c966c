package io.lazypg.client.internal.tls;

import javax.net.ssl.SSLException;

/**
 * Turns a failed TLS handshake into a message that says which check failed and what to change,
 * by looking for the exception types of {@link ServerCertificateCheck} in the cause chain.
 */
final class TlsFailures {

    private TlsFailures() {}

    static String describe(SSLException failure, String where, String host, ServerCertificateCheck check) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ServerCertificateCheck.HostNameMismatchException) {
                return where + ": the server certificate is not valid for the host name '" + host + "' ("
                        + t.getMessage() + "). Connect using a host name listed in the certificate's"
                        + " SubjectAltName, or use sslmode=verify-ca to check the certificate chain only";
            }
            if (t instanceof ServerCertificateCheck.UntrustedChainException) {
                return where + ": the server certificate is not signed by a CA in the root certificate file "
                        + check.rootFile() + " (" + t.getMessage() + "). Set sslrootcert to the PEM file of the"
                        + " CA that signed the server certificate";
            }
        }
        return where + ": the TLS handshake failed: " + failure.getMessage() + ". Check that the server's TLS"
                + " settings (ssl_min_protocol_version, ssl_ciphers) accept a TLS 1.2 or 1.3 client";
    }
}
