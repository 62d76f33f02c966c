package io.lazypg.client.internal.auth;

import io.lazypg.client.PgConnectException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * The client side of SCRAM-SHA-256 (RFC 5802, RFC 7677) as PostgreSQL uses it, without channel
 * binding (GS2 header {@code n,,}, or {@code y,,} when the client could bind but the server offered
 * no PLUS mechanism), or as SCRAM-SHA-256-PLUS with {@code tls-server-end-point} binding (RFC 5929,
 * header {@code p=tls-server-end-point,,}, the binding data in client-final's {@code c=}); which one
 * is {@link ChannelBinding}'s decision.
 *
 * <pre>
 * client-first  n,,n=,r=&lt;client nonce&gt;                       (SASLInitialResponse)
 * server-first  r=&lt;client nonce + server nonce&gt;,s=&lt;salt b64&gt;,i=&lt;iterations&gt;   (AuthenticationSASLContinue, 11)
 * client-final  c=biws,r=&lt;nonce&gt;,p=&lt;proof b64&gt;                (SASLResponse)
 * server-final  v=&lt;server signature b64&gt;  or  e=&lt;error&gt;        (AuthenticationSASLFinal, 12)
 * </pre>
 *
 * <p>The user name in the messages is empty: PostgreSQL takes the role from the StartupMessage and
 * ignores it. The password is SASLprepped as PostgreSQL does ({@link SaslPrep}).
 *
 * <p>One instance serves one authentication exchange, in this order: {@link #clientFirstMessage()},
 * {@link #clientFinalMessage(byte[])}, {@link #verifyServerFinal(byte[])}. The prepared password is
 * wiped once the proof is computed; only the expected server signature is kept. Not thread-safe.
 */
public final class ScramSha256Client {

    /** The SASL mechanism name offered in AuthenticationSASL (10) and sent in SASLInitialResponse. */
    public static final String MECHANISM = "SCRAM-SHA-256";

    /** The mechanism with tls-server-end-point channel binding. */
    public static final String MECHANISM_PLUS = "SCRAM-SHA-256-PLUS";

    private static final String GS2_HEADER = "n,,";

    private static final String HMAC = "HmacSHA256";
    private static final int NONCE_BYTES = 18;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String clientNonce;
    private final String clientFirstBare;
    private final String gs2Header;
    /** client-final's c= attribute: base64 of the GS2 header and, with PLUS, the binding data. */
    private final String channelBinding;

    private final boolean bound;
    /** Wiped and dropped once client-final is computed: null after that. */
    private byte @Nullable [] password;

    private byte @Nullable [] expectedServerSignature;
    private boolean verified;

    /** Prepares an exchange with a fresh random nonce (18 random bytes, base64). */
    public ScramSha256Client(String password) {
        this(password, randomNonce());
    }

    /** An exchange as {@link ChannelBinding.Choice choice} says: bound to the TLS channel, or not. */
    public static ScramSha256Client forChoice(String password, ChannelBinding.Choice choice) {
        return new ScramSha256Client(password, randomNonce(), "", choice.gs2Header(), choice.bindingData());
    }

    /** The mechanism to name in SASLInitialResponse. */
    public String mechanism() {
        return bound ? MECHANISM_PLUS : MECHANISM;
    }

    /** Whether the exchange binds to the TLS channel (SCRAM-SHA-256-PLUS). */
    public boolean usesChannelBinding() {
        return bound;
    }

    /** Prepares an exchange with the given nonce: for tests with known vectors. */
    public ScramSha256Client(String password, String clientNonce) {
        this(password, clientNonce, "");
    }

    /** With a user name in client-first, as the RFC 7677 example has ({@code n=user}); tests only. */
    ScramSha256Client(String password, String clientNonce, String user) {
        this(password, clientNonce, user, GS2_HEADER, null);
    }

    /**
     * With a channel-binding choice: {@code gs2Header} is {@code n,,}, {@code y,,} or {@code
     * p=tls-server-end-point,,}; {@code bindingData} the server certificate's hash with {@code p=},
     * else null.
     */
    ScramSha256Client(
            String password, String clientNonce, String user, String gs2Header, byte @Nullable [] bindingData) {
        if (gs2Header.startsWith("p=") != (bindingData != null)) {
            throw new IllegalArgumentException("binding data goes with a p= header, and only with one");
        }
        this.gs2Header = gs2Header;
        byte[] header = gs2Header.getBytes(StandardCharsets.US_ASCII);
        byte[] cbind = bindingData == null ? header : concat(header, bindingData);
        this.channelBinding = "c=" + Base64.getEncoder().encodeToString(cbind);
        this.bound = bindingData != null;
        if (password == null) {
            throw new PgConnectException("The server asks for SCRAM-SHA-256 authentication but no password was"
                    + " configured. Set the password for this user.");
        }
        if (clientNonce.isEmpty() || clientNonce.indexOf(',') >= 0 || !isPrintable(clientNonce)) {
            throw new IllegalArgumentException("A SCRAM nonce is printable ASCII without ',': " + clientNonce);
        }
        this.password = SaslPrep.prepare(password).getBytes(StandardCharsets.UTF_8);
        this.clientNonce = clientNonce;
        this.clientFirstBare = "n=" + saslName(user) + ",r=" + clientNonce;
    }

    /** The SASLInitialResponse data: {@code n,,n=,r=<nonce>}. */
    public byte[] clientFirstMessage() {
        return (gs2Header + clientFirstBare).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Reads server-first ({@code r=...,s=...,i=...}) and returns client-final with the proof.
     *
     * @throws PgConnectException when server-first is malformed, its nonce does not extend ours, the
     *         salt is not base64 or the iteration count is not a positive integer
     */
    public byte[] clientFinalMessage(byte[] serverFirstMessage) {
        if (password == null) {
            throw new IllegalStateException("clientFinalMessage was already called for this exchange");
        }
        String serverFirst = new String(serverFirstMessage, StandardCharsets.UTF_8);
        String[] parts = serverFirst.split(",", -1);
        if (parts.length > 0 && parts[0].startsWith("m=")) {
            throw malformed("requires an extension (m=) that this client does not support", serverFirst);
        }
        if (parts.length < 3) {
            throw malformed("has fewer than the three attributes r=, s=, i=", serverFirst);
        }
        String nonce = attribute(parts[0], 'r', serverFirst);
        String saltBase64 = attribute(parts[1], 's', serverFirst);
        String iterationText = attribute(parts[2], 'i', serverFirst);
        if (!nonce.startsWith(clientNonce) || nonce.length() == clientNonce.length() || !isPrintable(nonce)) {
            throw malformed("carries a nonce that does not extend the client's nonce", serverFirst);
        }
        byte[] salt;
        try {
            salt = Base64.getDecoder().decode(saltBase64);
        } catch (IllegalArgumentException e) {
            throw malformed("carries a salt that is not base64", serverFirst);
        }
        if (salt.length == 0) {
            throw malformed("carries an empty salt", serverFirst);
        }
        int iterations;
        try {
            iterations = Integer.parseInt(iterationText);
        } catch (NumberFormatException e) {
            iterations = 0;
        }
        if (iterations < 1) {
            throw malformed("carries an iteration count that is not a positive integer", serverFirst);
        }

        String clientFinalWithoutProof = channelBinding + ",r=" + nonce;
        byte[] authMessage =
                (clientFirstBare + "," + serverFirst + "," + clientFinalWithoutProof).getBytes(StandardCharsets.UTF_8);
        byte[] secret = password;
        if (secret == null) {
            throw new IllegalStateException("client-final was already computed by this SCRAM exchange");
        }
        byte[] saltedPassword = hi(secret, salt, iterations);
        Arrays.fill(secret, (byte) 0);
        password = null;

        byte[] clientKey = hmac(saltedPassword, "Client Key".getBytes(StandardCharsets.US_ASCII));
        byte[] storedKey = sha256(clientKey);
        byte[] clientSignature = hmac(storedKey, authMessage);
        byte[] proof = clientKey;
        for (int i = 0; i < proof.length; i++) {
            proof[i] ^= clientSignature[i];
        }
        byte[] serverKey = hmac(saltedPassword, "Server Key".getBytes(StandardCharsets.US_ASCII));
        expectedServerSignature = hmac(serverKey, authMessage);
        Arrays.fill(saltedPassword, (byte) 0);

        return (clientFinalWithoutProof + ",p=" + Base64.getEncoder().encodeToString(proof))
                .getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Checks server-final: {@code v=<signature>} must carry the signature only a server that knows
     * the password's keys can compute.
     *
     * @throws PgConnectException for {@code e=<error>} (with the server's error), a wrong signature or
     *         a malformed message
     */
    public void verifyServerFinal(byte[] serverFinalMessage) {
        if (expectedServerSignature == null) {
            throw new IllegalStateException("verifyServerFinal needs clientFinalMessage to have been called first");
        }
        String serverFinal = new String(serverFinalMessage, StandardCharsets.UTF_8);
        String first = serverFinal.split(",", -1)[0];
        if (first.startsWith("e=")) {
            throw new PgConnectException("The server rejected SCRAM-SHA-256 authentication: " + first.substring(2));
        }
        if (!first.startsWith("v=")) {
            throw new PgConnectException("The server's final SCRAM-SHA-256 message is malformed (no v= or e="
                    + " attribute); the server may not speak SCRAM as PostgreSQL does.");
        }
        byte[] signature;
        try {
            signature = Base64.getDecoder().decode(first.substring(2));
        } catch (IllegalArgumentException e) {
            throw new PgConnectException("The server's final SCRAM-SHA-256 message carries a signature that is not"
                    + " base64; the server may not speak SCRAM as PostgreSQL does.");
        }
        // Constant time: the comparison must not tell an impostor how many bytes it got right.
        if (!MessageDigest.isEqual(signature, expectedServerSignature)) {
            throw new PgConnectException("The server signature in the final SCRAM-SHA-256 message does not match:"
                    + " the server may not know the password (it may not be the server you meant to reach)."
                    + " The connection was not used.");
        }
        verified = true;
    }

    /** Whether {@link #verifyServerFinal} accepted the server's signature. */
    public boolean isServerVerified() {
        return verified;
    }

    /** Hi(password, salt, i) of RFC 5802: PBKDF2 with HMAC-SHA-256 and one 32-byte block, salt in binary. */
    static byte[] hi(byte[] password, byte[] salt, int iterations) {
        Mac mac = mac(password);
        mac.update(salt);
        mac.update(new byte[] {0, 0, 0, 1}); // INT(1): the first and only PBKDF2 block
        byte[] u = mac.doFinal();
        byte[] result = u.clone();
        try {
            for (int i = 1; i < iterations; i++) {
                mac.update(u);
                mac.doFinal(u, 0); // reuses u: no allocation per iteration
                for (int j = 0; j < result.length; j++) {
                    result[j] ^= u[j];
                }
            }
        } catch (javax.crypto.ShortBufferException e) {
            throw new IllegalStateException(e); // u is exactly the MAC length
        }
        return result;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    private static byte[] hmac(byte[] key, byte[] data) {
        return mac(key).doFinal(data);
    }

    private static Mac mac(byte[] key) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            // SecretKeySpec refuses an empty key; HMAC pads keys with zero bytes to the block size, so a
            // single zero byte is the same key as an empty one.
            mac.init(new SecretKeySpec(key.length == 0 ? new byte[1] : key, HMAC));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("This JVM provides no " + HMAC, e);
        }
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("This JVM provides no SHA-256", e);
        }
    }

    private static String attribute(String part, char name, String message) {
        if (part.length() < 2 || part.charAt(0) != name || part.charAt(1) != '=') {
            throw malformed("lacks the " + name + "= attribute where RFC 5802 puts it", message);
        }
        return part.substring(2);
    }

    private static PgConnectException malformed(String what, String message) {
        // server-first holds no secret (nonce, salt, count), so quoting it helps diagnose a non-PostgreSQL peer.
        String shown = message.length() > 200 ? message.substring(0, 200) + "..." : message;
        return new PgConnectException("The server's first SCRAM-SHA-256 message " + what + ": \"" + shown
                + "\". The server may not speak SCRAM as PostgreSQL does.");
    }

    private static boolean isPrintable(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x21 || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /** RFC 5802 saslname: '=' and ',' escaped as =3D and =2C. */
    private static String saslName(String user) {
        return user.replace("=", "=3D").replace(",", "=2C");
    }

    private static String randomNonce() {
        byte[] bytes = new byte[NONCE_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
