package io.lazypg.client.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgProtocolException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;

class Md5PasswordTest {

    /** The definition, computed independently: "md5" + hex(md5(hex(md5(password + user)) + salt)). */
    private static String reference(String user, String password, byte[] salt) throws Exception {
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        String inner = String.format(
                "%032x", new BigInteger(1, md5.digest((password + user).getBytes(StandardCharsets.UTF_8))));
        byte[] innerBytes = inner.getBytes(StandardCharsets.US_ASCII);
        byte[] salted = new byte[innerBytes.length + salt.length];
        System.arraycopy(innerBytes, 0, salted, 0, innerBytes.length);
        System.arraycopy(salt, 0, salted, innerBytes.length, salt.length);
        return "md5" + String.format("%032x", new BigInteger(1, md5.digest(salted)));
    }

    @Test
    void matchesTheDefinition() throws Exception {
        byte[] salt = {(byte) 0x93, 0x00, 0x7F, (byte) 0xFF};
        for (String[] up : new String[][] {
            {"postgres", "secret"}, {"lazypg_md5", "md5-Pa55:w@rd/"}, {"ünïcode", "pässwörd😀"}, {"u", ""}
        }) {
            byte[] encoded = Md5Password.encode(up[0], up[1], salt);
            assertThat(new String(encoded, StandardCharsets.US_ASCII)).isEqualTo(reference(up[0], up[1], salt));
            assertThat(encoded).hasSize(35).doesNotContain(0);
        }
    }

    @Test
    void knownValue() {
        // Computed with Python's hashlib: md5("secretpostgres") = 53f48b7c4b76a86ce72276c5755f217d
        // (the hash pg_authid stores), then md5 of that hex + salt 01 02 03 04.
        byte[] encoded = Md5Password.encode("postgres", "secret", new byte[] {1, 2, 3, 4});
        assertThat(new String(encoded, StandardCharsets.US_ASCII)).isEqualTo("md5bb41a296aab6baccb36ff243a562abff");
    }

    @Test
    void saltMatters() {
        assertThat(Md5Password.encode("u", "p", new byte[] {1, 2, 3, 4}))
                .isNotEqualTo(Md5Password.encode("u", "p", new byte[] {1, 2, 3, 5}));
    }

    @Test
    void badSaltOrMissingPasswordIsReported() {
        assertThatThrownBy(() -> Md5Password.encode("u", "p", new byte[3]))
                .isInstanceOf(PgProtocolException.class)
                .hasMessageContaining("3 bytes");
        assertThatThrownBy(() -> Md5Password.encode("u", null, new byte[4]))
                .isInstanceOf(PgConnectException.class)
                .hasMessageContaining("no password");
    }
}
