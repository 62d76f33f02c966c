package io.lazypg.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyFactory;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCertificateAuthorityTest {

    private static final TestCertificateAuthority CA = TestCertificateAuthority.create("test CA");

    @TempDir
    Path dir;

    @Test
    void rootIsASelfSignedCa() throws Exception {
        X509Certificate root = CA.certificate();
        root.verify(root.getPublicKey());
        root.checkValidity();
        assertThat(root.getBasicConstraints()).isGreaterThanOrEqualTo(0);
        assertThat(root.getSubjectX500Principal().getName()).isEqualTo("CN=test CA");
    }

    @Test
    void serverCertificateNamesOnlyTheGivenDnsNamesAndIsSignedByTheCa() throws Exception {
        X509Certificate server =
                CA.issueServerCertificate("server", "localhost").certificate();

        server.verify(CA.certificate().getPublicKey());
        assertThat(server.getIssuerX500Principal()).isEqualTo(CA.certificate().getSubjectX500Principal());
        assertThat(server.getSubjectAlternativeNames()).containsExactly(List.of(2, "localhost"));
        assertThat(server.getBasicConstraints()).isEqualTo(-1);
        assertThat(server.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
    }

    @Test
    void anotherAuthorityDoesNotVerifyIt() throws Exception {
        X509Certificate server =
                CA.issueServerCertificate("server", "localhost").certificate();
        TestCertificateAuthority other = TestCertificateAuthority.create("test CA");
        assertThatThrownBy(() -> server.verify(other.certificate().getPublicKey()))
                .isInstanceOf(SignatureException.class);
    }

    @Test
    void writesPemFilesWithAPrivateKey() throws Exception {
        TestCertificateAuthority.Issued issued = CA.issueServerCertificate("server", "localhost");
        issued.writeTo(dir, "server.crt", "server.key");

        Path key = dir.resolve("server.key");
        assertThat(Files.getPosixFilePermissions(key)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        String pem = Files.readString(key);
        assertThat(pem).startsWith("-----BEGIN PRIVATE KEY-----\n").endsWith("-----END PRIVATE KEY-----\n");
        byte[] der = Base64.getMimeDecoder().decode(pem.replaceAll("-----[A-Z ]+-----", ""));
        var privateKey = KeyFactory.getInstance("EC").generatePrivate(new PKCS8EncodedKeySpec(der));
        // The key in the file belongs to the certificate in the other file.
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(privateKey);
        signer.update(new byte[] {1, 2, 3});
        byte[] signature = signer.sign();
        Signature verifier = Signature.getInstance("SHA256withECDSA");
        verifier.initVerify(issued.certificate());
        verifier.update(new byte[] {1, 2, 3});
        assertThat(verifier.verify(signature)).isTrue();
        assertThat(Files.readString(dir.resolve("server.crt"))).startsWith("-----BEGIN CERTIFICATE-----\n");
    }
}
