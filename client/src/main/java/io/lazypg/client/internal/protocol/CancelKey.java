package io.lazypg.client.internal.protocol;

import io.lazypg.client.PgProtocolException;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.FrontendMessages;
import java.util.Arrays;

/**
 * What a CancelRequest for one session must carry: the backend's process id and its secret key, as
 * BackendKeyData gave them. In protocol 3.0 the key is 4 bytes; in 3.2 it has a length of its own,
 * 4 to 256 bytes (PostgreSQL 18 sends 32; the room above is for poolers that wrap the server's key).
 *
 * <p>Immutable (the key is copied in and never handed out); thread-safe.
 */
public final class CancelKey {

    /** The key of a session whose server sent no BackendKeyData (some poolers): what a 3.0 request of zeros carries. */
    public static final CancelKey NONE = new CancelKey(0, new byte[4]);

    /** The bounds of a 3.2 key, as the protocol states them. */
    static final int MIN_LENGTH = 4;

    static final int MAX_LENGTH = 256;

    private final int processId;
    private final byte[] secret;

    private CancelKey(int processId, byte[] secret) {
        this.processId = processId;
        this.secret = secret;
    }

    /**
     * Reads a BackendKeyData payload: the process id, then the secret key to the end of the message.
     *
     * @param version the session's negotiated protocol version, which fixes the lengths allowed
     * @throws PgProtocolException when the key's length is not one {@code version} allows
     */
    public static CancelKey fromBackendKeyData(byte[] b, int offset, int length, ProtocolVersion version) {
        int keyLength = length - 4;
        if (version == ProtocolVersion.V3_0 ? keyLength != 4 : keyLength < MIN_LENGTH || keyLength > MAX_LENGTH) {
            throw new PgProtocolException("The server sent a cancel key of " + Math.max(0, keyLength)
                    + " bytes, which protocol " + version + " does not allow ("
                    + (version == ProtocolVersion.V3_0 ? "4 bytes" : MIN_LENGTH + " to " + MAX_LENGTH + " bytes")
                    + "). The connection was closed.");
        }
        return new CancelKey(Bytes.readInt(b, offset), Arrays.copyOfRange(b, offset + 4, offset + length));
    }

    public int processId() {
        return processId;
    }

    /** The secret key's length in bytes: 4 in protocol 3.0, 32 from PostgreSQL 18 in 3.2. */
    public int secretLength() {
        return secret.length;
    }

    /** A CancelRequest for this session, with the whole key (16 bytes for a 4-byte key). */
    public byte[] cancelRequest() {
        return FrontendMessages.cancelRequest(processId, secret);
    }

    /** Never the key itself: it is what lets anyone who knows it cancel the session's work. */
    @Override
    public String toString() {
        return "CancelKey[backend " + processId + ", " + secret.length + "-byte key]";
    }
}
