package io.lazypg.client.internal.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConnectException;
import io.lazypg.testing.TestCertificateAuthority;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.net.ssl.X509ExtendedTrustManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PemCertificatesTest {

    private static final TestCertificateAuthority FIRST = TestCertificateAuthority.create("first CA");
    private static final TestCertificateAuthority SECOND = TestCertificateAuthority.create("second CA");

    @TempDir
    Path dir;

    @Test
    void loadsOneCertificate() throws Exception {
        Path file = FIRST.writeCertificate(dir.resolve("root.crt"));

        List<X509Certificate> loaded = PemCertificates.load(file);

        assertThat(loaded).containsExactly(FIRST.certificate());
    }

    @Test
    void loadsSeveralCertificatesInFileOrderWithTextBetween() throws Exception {
        // Bundles written by openssl carry "subject=" lines and comments between the blocks.
        Path file = dir.resolve("bundle.crt");
        Files.writeString(
                file,
                "# two roots\nsubject=CN = first CA\n" + FIRST.certificatePem() + "\nsubject=CN = second CA\n"
                        + SECOND.certificatePem(),
                StandardCharsets.US_ASCII);

        assertThat(PemCertificates.load(file)).containsExactly(FIRST.certificate(), SECOND.certificate());
    }

    @Test
    void missingFileSaysSoAndNamesIt() {
        Path missing = dir.resolve("nope.crt");
        assertThatThrownBy(() -> PemCertificates.load(missing))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining(missing.toString())
                .hasMessageContaining("does not exist")
                .hasMessageContaining("sslrootcert");
    }

    @Test
    void emptyFileHoldsNoCertificate() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.crt"), "");
        assertThatThrownBy(() -> PemCertificates.load(empty))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining(empty.toString())
                .hasMessageContaining("holds no certificate");
    }

    @Test
    void corruptBlockIsReported() throws Exception {
        Path corrupt = Files.writeString(
                dir.resolve("corrupt.crt"),
                "-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n");
        assertThatThrownBy(() -> PemCertificates.load(corrupt))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining(corrupt.toString())
                .hasMessageContaining("not a valid PEM certificate file");
    }

    @Test
    void trustManagerTrustsExactlyTheFileRoots() throws Exception {
        Path file = FIRST.writeCertificate(dir.resolve("root.crt"));
        X509ExtendedTrustManager manager = PemCertificates.trustManager(file);
        X509Certificate byFirst =
                FIRST.issueServerCertificate("server", "localhost").certificate();
        X509Certificate bySecond =
                SECOND.issueServerCertificate("server", "localhost").certificate();

        manager.checkServerTrusted(new X509Certificate[] {byFirst}, "ECDHE_ECDSA");
        assertThatThrownBy(() -> manager.checkServerTrusted(new X509Certificate[] {bySecond}, "ECDHE_ECDSA"))
                .isInstanceOf(CertificateException.class);
        assertThat(manager.getAcceptedIssuers()).containsExactly(FIRST.certificate());
    }
}
