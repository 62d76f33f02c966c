package io.lazypg.client.internal.tls;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The smallest piece of protocol that shows whether the server accepts a role on a connection:
 * sends a StartupMessage (protocol 3.0, user, database) and reads the server's first message.
 * An authentication request ('R') means pg_hba.conf let the connection through; an ErrorResponse
 * ('E') means it was refused. Test helper only: the real connection code lives elsewhere.
 */
final class StartupProbe {

    /** The server's first answer: its type byte, the auth code of an 'R', the M field of an 'E'. */
    record Answer(char type, int authenticationCode, String errorMessage) {

        boolean accepted() {
            return type == 'R';
        }
    }

    private StartupProbe() {}

    static Answer startup(Socket socket, String user, String database) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(body);
        out.writeInt(196608);
        for (String s : new String[] {"user", user, "database", database}) {
            out.write(s.getBytes(StandardCharsets.UTF_8));
            out.write(0);
        }
        out.write(0);
        DataOutputStream wire = new DataOutputStream(socket.getOutputStream());
        wire.writeInt(body.size() + 4);
        body.writeTo(wire);
        wire.flush();

        DataInputStream in = new DataInputStream(socket.getInputStream());
        char type = (char) in.readUnsignedByte();
        byte[] payload = new byte[in.readInt() - 4];
        in.readFully(payload);
        if (type == 'R') {
            int code = ((payload[0] & 0xff) << 24)
                    | ((payload[1] & 0xff) << 16)
                    | ((payload[2] & 0xff) << 8)
                    | (payload[3] & 0xff);
            return new Answer(type, code, null);
        }
        if (type == 'E') {
            return new Answer(type, -1, field(payload, 'M'));
        }
        throw new IOException("Unexpected first message type '" + type + "'");
    }

    private static String field(byte[] payload, char wanted) {
        int i = 0;
        while (i < payload.length && payload[i] != 0) {
            char code = (char) payload[i++];
            int end = i;
            while (payload[end] != 0) {
                end++;
            }
            if (code == wanted) {
                return new String(payload, i, end - i, StandardCharsets.UTF_8);
            }
            i = end + 1;
        }
        return "";
    }
}
