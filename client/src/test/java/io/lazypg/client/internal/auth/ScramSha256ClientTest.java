package io.lazypg.client.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConnectException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.Test;

class ScramSha256ClientTest {

    // RFC 7677 section 3
    private static final String NONCE = "rOprNGfwEbeRWgbNEkqO";
    private static final String SERVER_FIRST =
            "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
    private static final String CLIENT_FINAL =
            "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
    /** As printed in RFC 7677 (and recomputed with Python's hashlib while writing this test). */
    private static final String SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.UTF_8);
    }

    @Test
    void rfc7677Vector() {
        ScramSha256Client scram = new ScramSha256Client("pencil", NONCE, "user");
        assertThat(text(scram.clientFirstMessage())).isEqualTo("n,,n=user,r=" + NONCE);
        assertThat(text(scram.clientFinalMessage(ascii(SERVER_FIRST)))).isEqualTo(CLIENT_FINAL);
        assertThat(scram.isServerVerified()).isFalse();
        scram.verifyServerFinal(ascii(SERVER_FINAL));
        assertThat(scram.isServerVerified()).isTrue();
    }

    @Test
    void aSignatureThatDiffersOnlyInItsTailIsRejected() {
        ScramSha256Client scram = new ScramSha256Client("pencil", NONCE, "user");
        scram.clientFinalMessage(ascii(SERVER_FIRST));
        assertThatThrownBy(() -> scram.verifyServerFinal(ascii("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJ2aWHaLo4=")))
                .isInstanceOf(PgConnectException.class);
    }

    @Test
    void productionSendsAnEmptyUserNameAndARandomNonce() {
        String first = text(new ScramSha256Client("pencil").clientFirstMessage());
        assertThat(first).startsWith("n,,n=,r=");
        String nonce = first.substring("n,,n=,r=".length());
        assertThat(Base64.getDecoder().decode(nonce)).hasSize(18);
        assertThat(text(new ScramSha256Client("pencil").clientFirstMessage())).isNotEqualTo(first);
        assertThat(text(new ScramSha256Client("pencil", "abc").clientFirstMessage()))
                .isEqualTo("n,,n=,r=abc");
        assertThat(ScramSha256Client.MECHANISM).isEqualTo("SCRAM-SHA-256");
    }

    @Test
    void withoutTheUserNameTheProofDiffersButTheServerStillVerifies() {
        // The proof covers client-first-bare, so "n=" changes it; the salted password does not depend on it.
        ScramSha256Client scram = new ScramSha256Client("pencil", NONCE);
        String clientFinal = text(scram.clientFinalMessage(ascii(SERVER_FIRST)));
        assertThat(clientFinal)
                .startsWith("c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=")
                .isNotEqualTo(CLIENT_FINAL);
        assertThatThrownBy(() -> scram.verifyServerFinal(ascii(SERVER_FINAL)))
                .as("the RFC's server signature covers n=user")
                .isInstanceOf(PgConnectException.class);
    }

    @Test
    void hiMatchesTheJdksPbkdf2ForTextSalts() throws Exception {
        byte[] salt = ascii("NaCl-salt");
        byte[] ours = ScramSha256Client.hi(ascii("pencil"), salt, 4096);
        byte[] jdk = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec("pencil".toCharArray(), salt, 4096, 256))
                .getEncoded();
        assertThat(ours).isEqualTo(jdk);
        assertThat(ScramSha256Client.hi(ascii("pencil"), salt, 1)).isNotEqualTo(jdk);
    }

    @Test
    void emptyPasswordIsHashedAsAnEmptyHmacKey() throws Exception {
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(new byte[64], "HmacSHA256")); // 64 zero bytes = padded empty key
        byte[] expected = mac.doFinal(new byte[] {1, 2, 3, 0, 0, 0, 1});
        assertThat(ScramSha256Client.hi(new byte[0], new byte[] {1, 2, 3}, 1)).isEqualTo(expected);
    }

    @Test
    void serverErrorIsReportedWithTheServersText() {
        ScramSha256Client scram = new ScramSha256Client("pencil", NONCE, "user");
        scram.clientFinalMessage(ascii(SERVER_FIRST));
        assertThatThrownBy(() -> scram.verifyServerFinal(ascii("e=invalid-proof")))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("invalid-proof");
    }

    @Test
    void wrongServerSignatureIsRejectedWithoutThePassword() {
        ScramSha256Client scram = new ScramSha256Client("pencil", NONCE, "user");
        scram.clientFinalMessage(ascii(SERVER_FIRST));
        byte[] tampered = Base64.getDecoder().decode(SERVER_FINAL.substring(2));
        tampered[0] ^= 1;
        assertThatThrownBy(() ->
                        scram.verifyServerFinal(ascii("v=" + Base64.getEncoder().encodeToString(tampered))))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("server signature")
                .hasMessageContaining("the server may not know the password")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("pencil"));
        assertThat(scram.isServerVerified()).isFalse();
        assertThatThrownBy(() -> scram.verifyServerFinal(ascii("x=1"))).isInstanceOf(PgConnectException.class);
        assertThatThrownBy(() -> scram.verifyServerFinal(ascii("v=%%%"))).isInstanceOf(PgConnectException.class);
    }

    @Test
    void malformedServerFirstIsRejected() {
        String[] bad = {
            "",
            "r=" + NONCE + "xyz,s=W22ZaJ0SNY7soEsUEjb6gQ==", // no i=
            "r=someoneelse,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096", // foreign nonce
            "r=" + NONCE + ",s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096", // server added nothing
            "r=" + NONCE + "x,s=not base64!,i=4096",
            "r=" + NONCE + "x,s=,i=4096",
            "r=" + NONCE + "x,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=0",
            "r=" + NONCE + "x,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=-5",
            "r=" + NONCE + "x,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=many",
            "s=W22ZaJ0SNY7soEsUEjb6gQ==,r=" + NONCE + "x,i=4096", // wrong order
            "m=ext,r=" + NONCE + "x,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
        };
        for (String serverFirst : bad) {
            ScramSha256Client scram = new ScramSha256Client("pencil", NONCE);
            assertThatThrownBy(() -> scram.clientFinalMessage(ascii(serverFirst)))
                    .as(serverFirst)
                    .isInstanceOf(PgConnectException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("pencil"));
        }
    }

    @Test
    void smallIterationCountsAreAccepted() {
        ScramSha256Client scram = new ScramSha256Client("pencil", NONCE);
        assertThat(text(scram.clientFinalMessage(ascii("r=" + NONCE + "x,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=1"))))
                .startsWith("c=biws,r=" + NONCE + "x,p=");
    }

    @Test
    void stepsOutOfOrderAreProgrammingErrors() {
        ScramSha256Client scram = new ScramSha256Client("pencil", NONCE);
        assertThatThrownBy(() -> scram.verifyServerFinal(ascii(SERVER_FINAL)))
                .isInstanceOf(IllegalStateException.class);
        scram.clientFinalMessage(ascii(SERVER_FIRST));
        assertThatThrownBy(() -> scram.clientFinalMessage(ascii(SERVER_FIRST)))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void missingPasswordSaysSoWithoutNamingOne() {
        assertThatThrownBy(() -> new ScramSha256Client(null))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("no password");
    }
}
