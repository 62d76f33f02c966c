package io.lazypg.client.internal.auth;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Just enough of protocol v3 to start a session and authenticate, over a plain socket, so the auth
 * message classes can be tested against a real server before the connection code exists.
 * Test code only: no TLS, no cancel, no error recovery.
 */
final class RawStartup {

    /** How a startup attempt ended. */
    record Outcome(List<Integer> authCodes, Map<Character, String> errorFields, boolean serverVerified) {

        boolean ok() {
            return errorFields.isEmpty();
        }

        String sqlState() {
            return errorFields.get('C');
        }
    }

    private RawStartup() {}

    static Outcome authenticate(String host, int port, String user, String database, String password)
            throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 10_000);
            socket.setSoTimeout(30_000);
            DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
            DataOutputStream out = new DataOutputStream(socket.getOutputStream());
            sendStartup(out, user, database);

            List<Integer> codes = new ArrayList<>();
            ScramSha256Client scram = null;
            while (true) {
                int type = in.readUnsignedByte();
                byte[] body = new byte[in.readInt() - 4];
                in.readFully(body);
                switch (type) {
                    case 'R': {
                        int code = readInt(body, 0);
                        codes.add(code);
                        switch (code) {
                            case 0: // AuthenticationOk: ParameterStatus, BackendKeyData, ReadyForQuery follow
                                break;
                            case 3:
                                sendPassword(out, password.getBytes(StandardCharsets.UTF_8));
                                break;
                            case 5:
                                byte[] salt = java.util.Arrays.copyOfRange(body, 4, 8);
                                sendPassword(out, Md5Password.encode(user, password, salt));
                                break;
                            case 10:
                                if (!mechanisms(body).contains(ScramSha256Client.MECHANISM)) {
                                    throw new IOException("server offers no SCRAM-SHA-256: " + mechanisms(body));
                                }
                                scram = new ScramSha256Client(password);
                                sendSaslInitial(out, scram.clientFirstMessage());
                                break;
                            case 11:
                                sendMessage(out, 'p', scram.clientFinalMessage(rest(body)));
                                break;
                            case 12:
                                scram.verifyServerFinal(rest(body));
                                break;
                            default:
                                throw new IOException("unexpected authentication request " + code);
                        }
                        break;
                    }
                    case 'E':
                        return new Outcome(codes, errorFields(body), false);
                    case 'Z':
                        sendMessage(out, 'X', new byte[0]); // Terminate
                        return new Outcome(codes, Map.of(), scram != null && scram.isServerVerified());
                    default: // ParameterStatus 'S', BackendKeyData 'K', NoticeResponse 'N'
                        break;
                }
            }
        }
    }

    private static void sendStartup(DataOutputStream out, String user, String database) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        writeInt(body, 196608); // protocol 3.0
        for (String s : new String[] {"user", user, "database", database}) {
            cstring(body, s);
        }
        body.write(0);
        out.writeInt(body.size() + 4);
        body.writeTo(out);
        out.flush();
    }

    /** PasswordMessage: the payload then its NUL. */
    private static void sendPassword(DataOutputStream out, byte[] payload) throws IOException {
        byte[] withNul = java.util.Arrays.copyOf(payload, payload.length + 1);
        sendMessage(out, 'p', withNul);
    }

    /** SASLInitialResponse: mechanism name, int32 length of the data, the data. */
    private static void sendSaslInitial(DataOutputStream out, byte[] clientFirst) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        cstring(body, ScramSha256Client.MECHANISM);
        writeInt(body, clientFirst.length);
        body.write(clientFirst);
        sendMessage(out, 'p', body.toByteArray());
    }

    private static void sendMessage(DataOutputStream out, char type, byte[] body) throws IOException {
        out.writeByte(type);
        out.writeInt(body.length + 4);
        out.write(body);
        out.flush();
    }

    private static List<String> mechanisms(byte[] body) {
        List<String> names = new ArrayList<>();
        int p = 4;
        while (p < body.length && body[p] != 0) {
            int end = p;
            while (body[end] != 0) {
                end++;
            }
            names.add(new String(body, p, end - p, StandardCharsets.UTF_8));
            p = end + 1;
        }
        return names;
    }

    private static Map<Character, String> errorFields(byte[] body) {
        Map<Character, String> fields = new LinkedHashMap<>();
        int p = 0;
        while (p < body.length && body[p] != 0) {
            char code = (char) body[p++];
            int end = p;
            while (body[end] != 0) {
                end++;
            }
            fields.put(code, new String(body, p, end - p, StandardCharsets.UTF_8));
            p = end + 1;
        }
        return fields;
    }

    private static byte[] rest(byte[] body) {
        return java.util.Arrays.copyOfRange(body, 4, body.length);
    }

    private static int readInt(byte[] b, int at) {
        return ((b[at] & 0xFF) << 24) | ((b[at + 1] & 0xFF) << 16) | ((b[at + 2] & 0xFF) << 8) | (b[at + 3] & 0xFF);
    }

    private static void writeInt(ByteArrayOutputStream out, int v) {
        out.write(v >>> 24);
        out.write(v >>> 16);
        out.write(v >>> 8);
        out.write(v);
    }

    private static void cstring(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
        out.write(0);
    }
}
