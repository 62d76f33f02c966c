package io.lazypg.client.internal.conn;

import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgConnectionClosedException;
import io.lazypg.client.PgException;
import io.lazypg.client.PgProtocolException;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgTimeoutException;
import io.lazypg.client.SslMode;
import io.lazypg.client.internal.auth.AuthenticationGate;
import io.lazypg.client.internal.auth.ChannelBinding;
import io.lazypg.client.internal.auth.Md5Password;
import io.lazypg.client.internal.auth.RequireAuth;
import io.lazypg.client.internal.auth.ScramSha256Client;
import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.channel.MessageLoop;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.protocol.CancelKey;
import io.lazypg.client.internal.protocol.ProtocolNegotiation;
import io.lazypg.client.internal.timeout.SocketDeadline;
import io.lazypg.client.internal.tls.DirectTls;
import io.lazypg.client.internal.tls.SslNegotiation;
import io.lazypg.client.internal.tls.TlsNegotiator;
import io.lazypg.client.internal.transport.KeepAlive;
import io.lazypg.client.internal.transport.Transport;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Opens a session: TCP connect, TLS as the sslmode demands, StartupMessage with the protocol version
 * {@link ProtocolNegotiation} picks, authentication (trust, cleartext, MD5, SCRAM-SHA-256), then
 * waits for ReadyForQuery. The connect timeout bounds all of it.
 */
final class ConnectionOpener {

    private ConnectionOpener() {}

    static PgConnection open(LazyPgConfig config, ClientHooks hooks) {
        // libpq: no TLS over a Unix-domain socket, whatever the sslmode (the kernel carries the bytes).
        SslMode mode = Transport.isUnixSocket(config.host()) ? SslMode.DISABLE : config.sslMode();
        boolean tls = TlsNegotiator.tryTls(mode, true);
        try {
            return attempt(config, hooks, mode, tls);
        } catch (PgServerException e) {
            // allow: a plain connection refused by pg_hba is retried with TLS; prefer: the reverse.
            if (e.sqlState() != null
                    && e.sqlState().startsWith("28")
                    && TlsNegotiator.retryOnNewConnection(mode, tls)) {
                return attempt(config, hooks, mode, TlsNegotiator.tryTls(mode, false));
            }
            throw e;
        }
    }

    private static PgConnection attempt(LazyPgConfig config, ClientHooks hooks, SslMode mode, boolean tls) {
        Socket socket;
        try {
            socket = Transport.newSocket(config.host());
        } catch (IOException e) {
            throw new PgConnectException("Cannot open a socket for " + where(config) + ": " + e.getMessage(), e);
        }
        // The whole of connecting (TCP, TLS, authentication) is bounded by closing the socket when
        // the connect timeout passes, not by socket timeouts: those would leave the socket
        // non-blocking for its whole life (see SocketDeadline).
        SocketDeadline deadline = SocketDeadline.closeAfter(socket, config.connectTimeout());
        try {
            socket.setTcpNoDelay(true);
            new KeepAlive(
                            config.keepalives(),
                            config.keepalivesIdle(),
                            config.keepalivesInterval(),
                            config.keepalivesCount())
                    .applyTo(socket);
            socket.connect(Transport.address(config.host(), config.port()));
            Socket session = !tls
                    ? socket
                    : SslNegotiation.parse(config.sslNegotiation()) == SslNegotiation.DIRECT
                            ? DirectTls.handshake(socket, config.host(), config.port(), mode, config.sslRootCert())
                            : TlsNegotiator.negotiate(
                                    socket, config.host(), config.port(), mode, config.sslRootCert(), 0);
            PgConnection connection = new PgConnection(config, session, socket, hooks);
            startup(connection);
            if (config.initSql() != null) {
                connection.executeScript(config.initSql()); // bounded by the connect timeout, as the startup
            }
            if (!deadline.cancel()) {
                // The connect timeout fired just as the startup finished: the socket is closed, or
                // about to be, so this connection must not be handed out.
                throw new SocketException("Socket closed by the connect timeout");
            }
            return connection;
        } catch (IOException e) {
            closeQuietly(socket);
            throw deadline.expired()
                    ? timedOut(config, e)
                    : new PgConnectException(
                            "Cannot connect to " + where(config)
                                    + ": " + e.getMessage()
                                    + (Transport.isUnixSocket(config.host())
                                            ? ". Check the socket directory and port, and that PostgreSQL is running"
                                                    + " with this directory in unix_socket_directories."
                                            : ". Check the host and port, and that PostgreSQL is running and accepts"
                                                    + " TCP connections."),
                            e);
        } catch (PgServerException e) {
            closeQuietly(socket);
            // A startup error (wrong password, no pg_hba.conf line, unknown database) names at most the
            // user: say where we were connecting, as a refused connection does.
            throw new PgServerException(
                    "Cannot connect to " + where(config)
                            + ProtocolNegotiation.refusedStartup(
                                    e.sqlState(), config.minProtocolVersion(), config.maxProtocolVersion()),
                    e.fields());
        } catch (PgException e) {
            closeQuietly(socket);
            throw deadline.expired() ? timedOut(config, e) : e;
        } catch (RuntimeException e) {
            closeQuietly(socket);
            throw new PgConnectException("Cannot connect to " + where(config) + ": " + e, e);
        } finally {
            deadline.cancel();
        }
    }

    private static PgTimeoutException timedOut(LazyPgConfig config, Exception cause) {
        return new PgTimeoutException(
                PgTimeoutException.Kind.CONNECT,
                "Connecting to " + where(config)
                        + " took longer than the connect timeout (" + config.connectTimeout()
                        + "). Check that the server is up and reachable, or raise connect-timeout.",
                cause);
    }

    private static String where(LazyPgConfig config) {
        return Transport.describe(config.host(), config.port()) + "/" + config.database() + " as " + config.user();
    }

    private static void startup(PgConnection c) throws IOException {
        LazyPgConfig config = c.config();
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("user", config.user());
        parameters.put("database", config.database());
        parameters.put("application_name", config.applicationName());
        parameters.put("client_encoding", "UTF8");
        parameters.put("DateStyle", "ISO, MDY");
        parameters.putAll(config.serverParameters());
        ProtocolNegotiation protocol =
                new ProtocolNegotiation(config.minProtocolVersion(), config.maxProtocolVersion(), where(config));
        FrontendMessages.startup(c.writeBuffer(), protocol.requested().code(), parameters);
        c.expectReadyAfterSend();
        c.send();
        try {
            c.loop().run(new Startup(c, protocol));
            c.protocolVersion(protocol.negotiated());
        } catch (PgConnectionClosedException e) {
            throw new PgConnectException(
                    "The server closed the connection during startup at " + where(config)
                            + ". Check the server log; the server may not accept this client (for example a TLS-only port).",
                    e);
        }
    }

    /**
     * The answer to the startup packet: the protocol version the server settles on, authentication
     * exchanges, the backend key, and an error that ends it at once.
     */
    private static final class Startup extends ResponseHandler {
        private final PgConnection connection;
        private final ProtocolNegotiation protocol;
        private final AuthenticationGate gate;
        private @Nullable ScramSha256Client scram;

        Startup(PgConnection connection, ProtocolNegotiation protocol) {
            this.connection = connection;
            this.protocol = protocol;
            LazyPgConfig config = connection.config();
            this.gate = new AuthenticationGate(
                    RequireAuth.parse(config.requireAuth()),
                    ChannelBinding.Mode.parse(config.channelBinding()),
                    where(config));
        }

        @Override
        protected String phase() {
            return "starting the session";
        }

        @Override
        protected boolean drainOnFailure() {
            return false; // the server waits for our answer (a password), not for a Sync
        }

        @Override
        protected void authentication(MessageReader in) throws IOException {
            byte[] b = in.buffer();
            int p = in.payloadOffset();
            int code = Bytes.readInt(b, p);
            gate.check(code, scram); // before any answer: a refused method gets no secret
            scram = authenticate(connection, code, b, p + 4, in.payloadLength() - 4, scram);
        }

        @Override
        protected void negotiateProtocolVersion(MessageReader in) {
            // Before any authentication request: a refused version gets no secret either.
            protocol.negotiate(in.buffer(), in.payloadOffset(), in.payloadLength());
        }

        @Override
        protected void backendKeyData(MessageReader in) {
            connection.backendKey(CancelKey.fromBackendKeyData(
                    in.buffer(), in.payloadOffset(), in.payloadLength(), protocol.negotiated()));
        }

        @Override
        protected void error(PgServerException e) {
            throw e; // no ReadyForQuery follows a startup error: the server closes the connection
        }

        @Override
        protected void dataRow(MessageReader in) {
            throw MessageLoop.unexpected(BackendMessages.DATA_ROW, phase());
        }
    }

    private static @Nullable ScramSha256Client authenticate(
            PgConnection c, int code, byte[] b, int p, int length, @Nullable ScramSha256Client scram)
            throws IOException {
        LazyPgConfig config = c.config();
        switch (code) {
            case 0 -> {
                return scram; // AuthenticationOk
            }
            case 3 -> {
                FrontendMessages.passwordPayload(
                        c.writeBuffer(), password(config, "cleartext password").getBytes(StandardCharsets.UTF_8), true);
                c.send();
                return null;
            }
            case 5 -> {
                byte[] salt = Arrays.copyOfRange(b, p, p + 4);
                FrontendMessages.passwordPayload(
                        c.writeBuffer(), Md5Password.encode(config.user(), password(config, "md5"), salt), true);
                c.send();
                return null;
            }
            case 10 -> {
                String mechanisms = new String(b, p, Math.max(0, length), StandardCharsets.UTF_8);
                ChannelBinding.Choice choice = ChannelBinding.choose(
                        ChannelBinding.Mode.parse(config.channelBinding()),
                        TlsNegotiator.serverCertificate(c.channel().socket()),
                        Arrays.stream(mechanisms.split("\0"))
                                .filter(m -> !m.isEmpty())
                                .toList(),
                        where(config));
                ScramSha256Client client = ScramSha256Client.forChoice(password(config, "SCRAM-SHA-256"), choice);
                FrontendMessages.saslInitialResponse(c.writeBuffer(), client.mechanism(), client.clientFirstMessage());
                c.send();
                return client;
            }
            case 11 -> {
                if (scram == null) {
                    throw new PgProtocolException(
                            "The server sent SASLContinue before SASL started. The connection was closed.");
                }
                FrontendMessages.passwordPayload(
                        c.writeBuffer(), scram.clientFinalMessage(Arrays.copyOfRange(b, p, p + length)), false);
                c.send();
                return scram;
            }
            case 12 -> {
                if (scram == null) {
                    throw new PgProtocolException(
                            "The server sent SASLFinal before SASL started. The connection was closed.");
                }
                scram.verifyServerFinal(Arrays.copyOfRange(b, p, p + length));
                return scram;
            }
            default ->
                throw new PgConnectException("The server at " + where(config) + " asks for authentication method "
                        + code + " (" + methodName(code)
                        + "), which lazypg does not support. Supported: trust, password,"
                        + " md5 and scram-sha-256; change the pg_hba.conf entry for this user.");
        }
    }

    private static String password(LazyPgConfig config, String method) {
        String password = Passwords.forConnection(config);
        if (password == null) {
            throw new PgConnectException("The server at " + where(config) + " requires " + method
                    + " authentication but no password is configured, and the password file "
                    + config.passFile() + " has none for it. Set the password (URL or lazypg.password),"
                    + " a password supplier, or a line in the password file.");
        }
        return password;
    }

    private static String methodName(int code) {
        return switch (code) {
            case 2 -> "Kerberos V5";
            case 6 -> "SCM credentials";
            case 7, 8 -> "GSSAPI";
            case 9 -> "SSPI";
            default -> "unknown";
        };
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
    }
}
