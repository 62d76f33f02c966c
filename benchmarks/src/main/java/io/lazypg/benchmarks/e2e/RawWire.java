package io.lazypg.benchmarks.e2e;

import io.lazypg.client.internal.wire.MessageReader;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The socket floor: a bare protocol loop over lazypg's {@link MessageReader} in streaming mode that
 * counts DataRow frames and decodes nothing. No pool, no statement cache, no row objects: what any
 * client must at least spend to receive and frame the result. Trust authentication only (the
 * embedded server trusts the benchmark's role); anything else is refused with a clear message.
 */
public final class RawWire implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final MessageReader reader;

    private RawWire(Socket socket) throws IOException {
        this.socket = socket;
        socket.setTcpNoDelay(true);
        this.out = new BufferedOutputStream(socket.getOutputStream(), 8192);
        this.reader = new MessageReader(socket.getInputStream(), 64 * 1024, 1 << 30);
        reader.retainViews(false);
    }

    public static RawWire connect(String host, int port, String user, String database) throws IOException {
        RawWire wire = new RawWire(new Socket(host, port));
        try {
            wire.startup(user, database);
        } catch (IOException | RuntimeException e) {
            wire.close();
            throw e;
        }
        return wire;
    }

    private void startup(String user, String database) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(body);
        d.writeInt(196608); // protocol 3.0
        cstring(d, "user");
        cstring(d, user);
        cstring(d, "database");
        cstring(d, database);
        d.writeByte(0);
        DataOutputStream o = new DataOutputStream(out);
        o.writeInt(body.size() + 4);
        body.writeTo(o);
        o.flush();
        while (true) {
            byte type = reader.next();
            if (type == 'R') {
                int code = readInt(reader.buffer(), reader.payloadOffset());
                if (code != 0) {
                    throw new IOException("RawWire supports trust authentication only; the server asked for method "
                            + code + ". Run the benchmark against the embedded server (or a trusting one).");
                }
            } else if (type == 'E') {
                throw new IOException("The server refused the raw connection: " + errorText());
            } else if (type == 'Z') {
                return;
            }
        }
    }

    /** Simple query protocol: text results. Returns the number of DataRow frames. */
    public long countRowsText(String sql) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        cstring(new DataOutputStream(body), sql);
        message('Q', body);
        out.flush();
        return drain();
    }

    /** Extended protocol, unnamed statement, every result column in binary. Returns the number of DataRow frames. */
    public long countRowsBinary(String sql) throws IOException {
        ByteArrayOutputStream parse = new ByteArrayOutputStream();
        DataOutputStream p = new DataOutputStream(parse);
        cstring(p, "");
        cstring(p, sql);
        p.writeShort(0);
        message('P', parse);
        ByteArrayOutputStream bind = new ByteArrayOutputStream();
        DataOutputStream b = new DataOutputStream(bind);
        cstring(b, "");
        cstring(b, "");
        b.writeShort(0); // parameter formats
        b.writeShort(0); // parameters
        b.writeShort(1); // one result format code ...
        b.writeShort(1); // ... binary, applied to every column
        message('B', bind);
        ByteArrayOutputStream execute = new ByteArrayOutputStream();
        DataOutputStream e = new DataOutputStream(execute);
        cstring(e, "");
        e.writeInt(0);
        message('E', execute);
        message('S', new ByteArrayOutputStream());
        out.flush();
        return drain();
    }

    private long drain() throws IOException {
        long rows = 0;
        String error = null;
        while (true) {
            byte type = reader.next();
            if (type == 'D') {
                rows++;
            } else if (type == 'E') {
                error = errorText();
            } else if (type == 'Z') {
                if (error != null) {
                    throw new IOException("The server answered with an error: " + error);
                }
                return rows;
            }
        }
    }

    private String errorText() {
        byte[] b = reader.buffer();
        return new String(b, reader.payloadOffset(), reader.payloadLength(), StandardCharsets.UTF_8).replace('\0', ' ');
    }

    private void message(char type, ByteArrayOutputStream body) throws IOException {
        DataOutputStream o = new DataOutputStream(out);
        o.writeByte(type);
        o.writeInt(body.size() + 4);
        body.writeTo(o);
    }

    private static void cstring(DataOutputStream d, String s) throws IOException {
        d.write(s.getBytes(StandardCharsets.UTF_8));
        d.writeByte(0);
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xff) << 24 | (b[at + 1] & 0xff) << 16 | (b[at + 2] & 0xff) << 8 | (b[at + 3] & 0xff);
    }

    @Override
    public void close() throws IOException {
        try {
            out.write(new byte[] {'X', 0, 0, 0, 4});
            out.flush();
        } catch (IOException ignored) {
            // closing anyway
        }
        socket.close();
    }
}
