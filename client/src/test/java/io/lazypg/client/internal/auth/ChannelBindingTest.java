package io.lazypg.client.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConnectException;
import io.lazypg.testing.TestCertificateAuthority;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * channel_binding's choice of mechanism, the RFC 5929 hash, and the downgrades pgjdbc had to fix
 * (CVE-2025-49146: other methods under require; CVE-2026-54291: a certificate without a binding hash).
 */
class ChannelBindingTest {

    private static final X509Certificate CERT = TestCertificateAuthority.create("lazypg test")
            .issueServerCertificate("server", "localhost")
            .certificate();
    private static final List<String> BOTH = List.of("SCRAM-SHA-256-PLUS", "SCRAM-SHA-256");
    private static final List<String> PLAIN = List.of("SCRAM-SHA-256");

    @Test
    void theEndPointHashIsTheSignaturesHashOfTheCertificatesDer() throws Exception {
        assertThat(CERT.getSigAlgName()).isEqualTo("SHA256withECDSA");
        assertThat(ChannelBinding.tlsServerEndPoint(CERT))
                .isEqualTo(MessageDigest.getInstance("SHA-256").digest(CERT.getEncoded()));
        assertThat(ChannelBinding.hashAlgorithm("SHA1withRSA")).isEqualTo("SHA-256");
        assertThat(ChannelBinding.hashAlgorithm("MD5withRSA")).isEqualTo("SHA-256");
        assertThat(ChannelBinding.hashAlgorithm("SHA384withECDSA")).isEqualTo("SHA-384");
        assertThat(ChannelBinding.hashAlgorithm("SHA512withRSA")).isEqualTo("SHA-512");
        assertThat(ChannelBinding.hashAlgorithm("Ed25519")).isNull();
        assertThat(ChannelBinding.hashAlgorithm("RSASSA-PSS")).isNull();
    }

    @Test
    void preferBindsOverTlsWhenOfferedAndSaysYWhenNotOfferedAndNWithoutTls() {
        ChannelBinding.Choice bound = ChannelBinding.choose(ChannelBinding.Mode.PREFER, CERT, BOTH, "here");
        assertThat(bound.mechanism()).isEqualTo("SCRAM-SHA-256-PLUS");
        assertThat(bound.gs2Header()).isEqualTo("p=tls-server-end-point,,");
        assertThat(bound.bindingData()).isEqualTo(ChannelBinding.tlsServerEndPoint(CERT));
        ChannelBinding.Choice notOffered = ChannelBinding.choose(ChannelBinding.Mode.PREFER, CERT, PLAIN, "here");
        assertThat(notOffered.mechanism()).isEqualTo("SCRAM-SHA-256");
        assertThat(notOffered.gs2Header()).isEqualTo("y,,");
        ChannelBinding.Choice plain = ChannelBinding.choose(ChannelBinding.Mode.PREFER, null, PLAIN, "here");
        assertThat(plain.gs2Header()).isEqualTo("n,,");
        assertThat(ChannelBinding.choose(ChannelBinding.Mode.DISABLE, CERT, BOTH, "here")
                        .gs2Header())
                .isEqualTo("n,,");
    }

    @Test
    void requireRefusesWithoutTlsWithoutThePlusMechanismAndNamesTheSetting() {
        assertThatThrownBy(() -> ChannelBinding.choose(ChannelBinding.Mode.REQUIRE, null, BOTH, "db:5432"))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("channel_binding=require")
                .hasMessageContaining("not encrypted")
                .hasMessageContaining("Nothing secret was sent");
        assertThatThrownBy(() -> ChannelBinding.choose(ChannelBinding.Mode.REQUIRE, CERT, PLAIN, "db:5432"))
                .hasMessageContaining("channel_binding=require")
                .hasMessageContaining("does not offer SCRAM-SHA-256-PLUS");
        assertThat(ChannelBinding.choose(ChannelBinding.Mode.REQUIRE, CERT, BOTH, "db:5432")
                        .mechanism())
                .isEqualTo("SCRAM-SHA-256-PLUS");
    }

    @Test
    void underRequireTheGateRefusesEveryOtherMethodAndAnOkWithoutABoundExchange() {
        for (int code : new int[] {3, 5, 7, 9}) {
            AuthenticationGate gate = new AuthenticationGate(RequireAuth.ANY, ChannelBinding.Mode.REQUIRE, "db:5432");
            assertThatThrownBy(() -> gate.check(code, null))
                    .as("request %d", code)
                    .isInstanceOf(PgConnectException.class)
                    .hasMessageContaining("channel_binding=require")
                    .hasMessageContaining("Nothing secret was sent");
        }
        assertThatThrownBy(
                        () -> new AuthenticationGate(RequireAuth.ANY, ChannelBinding.Mode.REQUIRE, "db").check(0, null))
                .hasMessageContaining("without a channel-bound");
        AuthenticationGate unbound = new AuthenticationGate(RequireAuth.ANY, ChannelBinding.Mode.REQUIRE, "db");
        unbound.check(10, null);
        assertThatThrownBy(() -> unbound.check(0, new ScramSha256Client("pw", "nonce")))
                .hasMessageContaining("without a channel-bound");
    }

    @Test
    void aBoundExchangeCarriesTheHeaderAndTheCertificateHashInClientFinal() {
        ChannelBinding.Choice choice = ChannelBinding.choose(ChannelBinding.Mode.PREFER, CERT, BOTH, "here");
        ScramSha256Client scram = new ScramSha256Client("pw", "abc", "", choice.gs2Header(), choice.bindingData());
        assertThat(scram.mechanism()).isEqualTo("SCRAM-SHA-256-PLUS");
        assertThat(new String(scram.clientFirstMessage(), StandardCharsets.UTF_8))
                .isEqualTo("p=tls-server-end-point,,n=,r=abc");
        String serverFirst = "r=abcdef,s=" + Base64.getEncoder().encodeToString(new byte[] {1, 2, 3}) + ",i=4096";
        String clientFinal = new String(
                scram.clientFinalMessage(serverFirst.getBytes(StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        byte[] header = "p=tls-server-end-point,,".getBytes(StandardCharsets.US_ASCII);
        byte[] cbind = new byte[header.length + choice.bindingData().length];
        System.arraycopy(header, 0, cbind, 0, header.length);
        System.arraycopy(choice.bindingData(), 0, cbind, header.length, choice.bindingData().length);
        assertThat(clientFinal).startsWith("c=" + Base64.getEncoder().encodeToString(cbind) + ",r=abcdef,p=");
    }
}
