package io.lazypg.client.internal.wire;

import java.util.Map;

/**
 * Writes frontend (client-to-server) messages into a {@link WriteBuffer}, each in one pass with its
 * length patched afterwards. Nothing is sent here: the connection flushes the buffer once per batch
 * (for example Bind + Execute + Sync in one write).
 */
public final class FrontendMessages {

    public static final int SSL_REQUEST_CODE = 80877103;
    public static final int CANCEL_REQUEST_CODE = 80877102;

    private FrontendMessages() {}

    /**
     * StartupMessage: no type byte; the protocol version asked for ({@code major << 16 | minor},
     * 196608 for 3.0, 196610 for 3.2), then name/value pairs, ended by a NUL.
     */
    public static void startup(WriteBuffer out, int protocolVersion, Map<String, String> parameters) {
        int length = out.reserveInt();
        out.writeInt(protocolVersion);
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            out.writeCString(e.getKey());
            out.writeCString(e.getValue());
        }
        out.writeByte(0);
        out.patchLength(length);
    }

    /** PasswordMessage / SASLResponse ('p') with the given payload bytes as they are. */
    public static void passwordPayload(WriteBuffer out, byte[] payload, boolean nulTerminated) {
        out.writeByte('p');
        int length = out.reserveInt();
        out.writeBytes(payload);
        if (nulTerminated) {
            out.writeByte(0);
        }
        out.patchLength(length);
    }

    /** SASLInitialResponse ('p'): mechanism name, then the length-prefixed client-first message. */
    public static void saslInitialResponse(WriteBuffer out, String mechanism, byte[] clientFirst) {
        out.writeByte('p');
        int length = out.reserveInt();
        out.writeCString(mechanism);
        out.writeInt(clientFirst.length);
        out.writeBytes(clientFirst);
        out.patchLength(length);
    }

    /** Query ('Q'): the simple query protocol; the SQL may hold several statements. */
    public static void query(WriteBuffer out, String sql) {
        out.writeByte('Q');
        int length = out.reserveInt();
        out.writeCString(sql);
        out.patchLength(length);
    }

    /** Parse ('P'): statement name ("" = unnamed), SQL, and the declared parameter type OIDs (0 = infer). */
    public static void parse(WriteBuffer out, String statementName, String sql, int[] parameterTypes) {
        out.writeByte('P');
        int length = out.reserveInt();
        out.writeCString(statementName);
        out.writeCString(sql);
        out.writeShort(parameterTypes.length);
        for (int oid : parameterTypes) {
            out.writeInt(oid);
        }
        out.patchLength(length);
    }

    /** Describe ('D') of a statement ('S') or portal ('P'). */
    public static void describe(WriteBuffer out, char kind, String name) {
        out.writeByte('D');
        int length = out.reserveInt();
        out.writeByte(kind);
        out.writeCString(name);
        out.patchLength(length);
    }

    /**
     * Starts a Bind ('B') into the unnamed portal and writes everything before the parameter values:
     * returns the position of the length field, to pass to {@link #endBind} after the values.
     */
    public static int beginBind(WriteBuffer out, String statementName, short[] parameterFormats, int valueCount) {
        out.writeByte('B');
        int length = out.reserveInt();
        out.writeByte(0); // unnamed portal
        out.writeCString(statementName);
        out.writeShort(parameterFormats.length);
        for (short f : parameterFormats) {
            out.writeShort(f);
        }
        out.writeShort(valueCount);
        return length;
    }

    /** Ends a Bind: the result-column format codes, then the patched length. */
    public static void endBind(WriteBuffer out, int lengthField, short[] resultFormats) {
        out.writeShort(resultFormats.length);
        for (short f : resultFormats) {
            out.writeShort(f);
        }
        out.patchLength(lengthField);
    }

    /** Execute ('E') of the unnamed portal; {@code maxRows} 0 means all rows. */
    public static void execute(WriteBuffer out, int maxRows) {
        out.writeByte('E');
        out.writeInt(9);
        out.writeByte(0);
        out.writeInt(maxRows);
    }

    /** Close ('C') of a statement ('S') or portal ('P'). */
    public static void close(WriteBuffer out, char kind, String name) {
        out.writeByte('C');
        int length = out.reserveInt();
        out.writeByte(kind);
        out.writeCString(name);
        out.patchLength(length);
    }

    public static void sync(WriteBuffer out) {
        out.writeByte('S');
        out.writeInt(4);
    }

    public static void flush(WriteBuffer out) {
        out.writeByte('H');
        out.writeInt(4);
    }

    /** CopyDone ('c'): the end of COPY FROM STDIN data. */
    public static void copyDone(WriteBuffer out) {
        out.writeByte('c');
        out.writeInt(4);
    }

    public static void terminate(WriteBuffer out) {
        out.writeByte('X');
        out.writeInt(4);
    }

    /** CopyFail ('f'): refuses a COPY FROM STDIN the server started. */
    public static void copyFail(WriteBuffer out, String reason) {
        out.writeByte('f');
        int length = out.reserveInt();
        out.writeCString(reason);
        out.patchLength(length);
    }

    /**
     * CancelRequest: sent on a fresh connection of its own, never on the busy one. The secret key is
     * written whole: 4 bytes in protocol 3.0, up to 256 in 3.2, so the message is 12 bytes plus the key.
     */
    public static byte[] cancelRequest(int processId, byte[] secretKey) {
        int length = 12 + secretKey.length;
        WriteBuffer out = new WriteBuffer(length);
        out.writeInt(length);
        out.writeInt(CANCEL_REQUEST_CODE);
        out.writeInt(processId);
        out.writeBytes(secretKey);
        return out.array();
    }
}
