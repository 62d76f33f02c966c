package io.lazypg.client.internal.tls;

import io.lazypg.client.PgConnectException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Reads root certificates from a PEM file (one or several {@code BEGIN CERTIFICATE} blocks, as in a
 * libpq {@code sslrootcert} file) and turns them into a trust manager that trusts exactly them.
 *
 * <p>The certificates go into an in-memory key store; nothing is read from or written to the JDK's
 * own trust store, so the system's public CAs are never trusted by accident.
 */
public final class PemCertificates {

    private PemCertificates() {}

    /**
     * The X.509 certificates in {@code file}, in file order; never empty.
     *
     * @throws PgConnectException if the file is missing or unreadable, holds no certificate, or a
     *                            block is not a valid certificate; the message names the file
     */
    public static List<X509Certificate> load(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            List<X509Certificate> certificates = new ArrayList<>();
            for (Certificate certificate :
                    CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                certificates.add((X509Certificate) certificate);
            }
            if (certificates.isEmpty()) {
                throw new PgConnectException("The root certificate file " + file + " holds no certificate: put the"
                        + " PEM certificate(s) of the CA that signed the server certificate in it"
                        + " (-----BEGIN CERTIFICATE----- blocks)");
            }
            return certificates;
        } catch (NoSuchFileException e) {
            throw new PgConnectException(
                    "The root certificate file " + file + " does not exist: create it with the"
                            + " PEM certificate of the CA that signed the server certificate, or point sslrootcert at it",
                    e);
        } catch (IOException e) {
            throw new PgConnectException(
                    "Cannot read the root certificate file " + file + ": " + e.getMessage()
                            + "; check that it exists and is readable by this process",
                    e);
        } catch (CertificateException e) {
            throw new PgConnectException(
                    "The root certificate file " + file + " is not a valid PEM certificate" + " file (" + e.getMessage()
                            + "): it must hold -----BEGIN CERTIFICATE----- blocks",
                    e);
        }
    }

    /**
     * A PKIX trust manager that trusts exactly the certificates in {@code file} as roots. It checks
     * the chain (and the host name when the socket's endpoint identification algorithm asks for
     * it), nothing else is trusted.
     */
    public static X509ExtendedTrustManager trustManager(Path file) {
        List<X509Certificate> roots = load(file);
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < roots.size(); i++) {
                store.setCertificateEntry("root-" + i, roots.get(i));
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
            factory.init(store);
            for (javax.net.ssl.TrustManager manager : factory.getTrustManagers()) {
                if (manager instanceof X509ExtendedTrustManager) {
                    return (X509ExtendedTrustManager) manager;
                }
            }
            throw new IllegalStateException("The JDK's PKIX TrustManagerFactory returned no X509ExtendedTrustManager");
        } catch (IOException | GeneralSecurityException e) {
            throw new PgConnectException(
                    "Cannot build a trust store from the root certificate file " + file + ": " + e.getMessage(), e);
        }
    }
}
