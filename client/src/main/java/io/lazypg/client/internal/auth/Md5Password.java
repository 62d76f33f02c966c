package io.lazypg.client.internal.auth;

import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgProtocolException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The response to AuthenticationMD5Password ('R', code 5):
 * {@code "md5" + hex(md5(hex(md5(password + user)) + salt))}, 35 ASCII bytes.
 *
 * <p>The inner hash is what the server stores for the role (pg_authid.rolpassword minus "md5");
 * the 4-byte salt is fresh per connection attempt, so a captured response cannot be replayed.
 */
public final class Md5Password {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private Md5Password() {}

    /**
     * The PasswordMessage payload, without the terminating NUL (the caller adds it).
     *
     * @param user the role name as sent in the StartupMessage (it salts the stored hash)
     * @param salt4 the 4 salt bytes of the server's request
     * @throws PgConnectException when no password was given
     * @throws PgProtocolException when the salt is not 4 bytes
     */
    public static byte[] encode(String user, String password, byte[] salt4) {
        if (password == null) {
            throw new PgConnectException("The server asks for an MD5 password for user \"" + user
                    + "\" but no password was configured. Set the password for this user.");
        }
        if (salt4 == null || salt4.length != 4) {
            throw new PgProtocolException("The server's MD5 password request carries a salt of "
                    + (salt4 == null ? "no" : Integer.toString(salt4.length)) + " bytes instead of 4.");
        }
        MessageDigest md5 = md5();
        md5.update(password.getBytes(StandardCharsets.UTF_8));
        md5.update(user.getBytes(StandardCharsets.UTF_8));
        byte[] inner = hex(md5.digest(), 0);
        md5.update(inner);
        md5.update(salt4);
        byte[] result = hex(md5.digest(), 3);
        result[0] = 'm';
        result[1] = 'd';
        result[2] = '5';
        return result;
    }

    /** Lower-case hex of {@code digest} after {@code prefix} bytes left for the caller to fill. */
    private static byte[] hex(byte[] digest, int prefix) {
        byte[] out = new byte[prefix + digest.length * 2];
        for (int i = 0; i < digest.length; i++) {
            out[prefix + 2 * i] = HEX[(digest[i] >> 4) & 0xF];
            out[prefix + 2 * i + 1] = HEX[digest[i] & 0xF];
        }
        return out;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            // Every Java SE implementation must provide MD5; a JVM without it cannot speak this method.
            throw new IllegalStateException("This JVM provides no MD5 MessageDigest", e);
        }
    }
}
