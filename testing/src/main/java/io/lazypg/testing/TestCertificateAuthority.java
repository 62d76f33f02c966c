package io.lazypg.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throwaway certificate authority for tests: a fresh EC P-256 key and a self-signed CA
 * certificate, valid from an hour ago for two days, that issues server certificates.
 *
 * <p>Every instance has its own key, so a certificate issued by one authority never verifies
 * against another's root: create a second authority to test "signed by an unknown CA".
 * Keys come from the JDK; Bouncy Castle only builds and signs the certificate structures (signing
 * itself goes through the JDK's default providers, so no security provider is registered).
 *
 * <p>Thread safety: immutable.
 */
public final class TestCertificateAuthority {

    private static final String SIGNATURE_ALGORITHM = "SHA256withECDSA";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final KeyPair keyPair;
    private final X500Name name;
    private final X509Certificate certificate;

    private TestCertificateAuthority(KeyPair keyPair, X500Name name, X509Certificate certificate) {
        this.keyPair = keyPair;
        this.name = name;
        this.certificate = certificate;
    }

    /** A new authority whose self-signed certificate has subject {@code CN=commonName}. */
    public static TestCertificateAuthority create(String commonName) {
        KeyPair keyPair = newKeyPair();
        X500Name name = new X500Name("CN=" + commonName);
        try {
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = builder(name, name, keyPair)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(true))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(
                            Extension.subjectKeyIdentifier,
                            false,
                            utils.createSubjectKeyIdentifier(keyPair.getPublic()));
            return new TestCertificateAuthority(keyPair, name, sign(builder, keyPair.getPrivate()));
        } catch (CertIOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot build the test CA certificate: " + e.getMessage(), e);
        }
    }

    /** The self-signed CA certificate: the root a client trusts. */
    public X509Certificate certificate() {
        return certificate;
    }

    /** {@link #certificate()} in PEM, as PostgreSQL's {@code sslrootcert} file holds it. */
    public String certificatePem() {
        return pem(certificate);
    }

    /** Writes {@link #certificatePem()} to {@code file} (created or replaced) and returns the file. */
    public Path writeCertificate(Path file) {
        try {
            return Files.writeString(file, certificatePem(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the test CA certificate to " + file, e);
        }
    }

    /**
     * Issues a TLS server certificate with a fresh key, signed by this authority, whose
     * SubjectAltName holds exactly the given DNS names (no IP addresses: a client that verifies
     * the host name must use one of these names).
     */
    public Issued issueServerCertificate(String commonName, String... dnsNames) {
        KeyPair serverKeys = newKeyPair();
        GeneralName[] names = new GeneralName[dnsNames.length];
        for (int i = 0; i < dnsNames.length; i++) {
            names[i] = new GeneralName(GeneralName.dNSName, dnsNames[i]);
        }
        try {
            JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = builder(name, new X500Name("CN=" + commonName), serverKeys)
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                    .addExtension(
                            Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth))
                    .addExtension(Extension.subjectAlternativeName, false, new GeneralNames(names))
                    .addExtension(
                            Extension.subjectKeyIdentifier,
                            false,
                            utils.createSubjectKeyIdentifier(serverKeys.getPublic()))
                    .addExtension(
                            Extension.authorityKeyIdentifier, false, utils.createAuthorityKeyIdentifier(certificate));
            return new Issued(sign(builder, keyPair.getPrivate()), serverKeys.getPrivate());
        } catch (CertIOException | GeneralSecurityException e) {
            throw new IllegalStateException("Cannot build the test server certificate: " + e.getMessage(), e);
        }
    }

    /** A certificate and its private key. */
    public record Issued(X509Certificate certificate, PrivateKey privateKey) {

        public String certificatePem() {
            return pem(certificate);
        }

        /** The key as unencrypted PKCS#8 PEM ({@code BEGIN PRIVATE KEY}), which PostgreSQL reads. */
        public String privateKeyPem() {
            return pem("PRIVATE KEY", privateKey.getEncoded());
        }

        /**
         * Writes the certificate and the key as PEM files into {@code directory}; the key file is
         * created with mode 0600 before any byte is written, because PostgreSQL refuses a key file
         * that group or others may read (and a private key should never be readable, even briefly).
         */
        public void writeTo(Path directory, String certificateFileName, String keyFileName) {
            Path key = directory.resolve(keyFileName);
            try {
                Files.writeString(directory.resolve(certificateFileName), certificatePem(), StandardCharsets.US_ASCII);
                Files.deleteIfExists(key);
                Files.createFile(
                        key, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(key, privateKeyPem(), StandardCharsets.US_ASCII);
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot write the test server certificate to " + directory, e);
            }
        }
    }

    private static X509v3CertificateBuilder builder(X500Name issuer, X500Name subject, KeyPair subjectKeys) {
        Instant now = Instant.now();
        // An hour back tolerates a little clock skew between the key's birth and its first use.
        return new JcaX509v3CertificateBuilder(
                issuer,
                new BigInteger(64, RANDOM).add(BigInteger.ONE),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(2))),
                subject,
                subjectKeys.getPublic());
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey signer)
            throws GeneralSecurityException {
        try {
            return new JcaX509CertificateConverter()
                    .getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE_ALGORITHM).build(signer)));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException("Cannot sign with " + SIGNATURE_ALGORITHM + ": " + e.getMessage(), e);
        }
    }

    private static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("This JDK cannot generate an EC P-256 key: " + e.getMessage(), e);
        }
    }

    private static String pem(X509Certificate certificate) {
        try {
            return pem("CERTIFICATE", certificate.getEncoded());
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IllegalStateException("Cannot encode a certificate we just built: " + e.getMessage(), e);
        }
    }

    private static String pem(String type, byte[] der) {
        String body = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }
}
