package io.lazypg.client.internal.transport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;

/**
 * Where a host and port lead, as libpq reads them: a host that starts with {@code /} is the
 * directory of the server's Unix-domain socket, whose file is {@code <dir>/.s.PGSQL.<port>};
 * any other host is a TCP host name or address.
 *
 * <p>Stateless and thread-safe.
 */
public final class Transport {

    private Transport() {}

    /** Whether {@code host} names a socket directory rather than a TCP host. */
    public static boolean isUnixSocket(String host) {
        return host.startsWith("/");
    }

    /** The socket file of a server listening on {@code port} in {@code directory}: {@code <dir>/.s.PGSQL.<port>}. */
    public static Path socketFile(String directory, int port) {
        return Path.of(directory, ".s.PGSQL." + port);
    }

    /** An unconnected socket of the kind {@code host} needs. */
    public static Socket newSocket(String host) throws IOException {
        return isUnixSocket(host) ? new UnixDomainSocket() : new Socket();
    }

    /** The address to connect a {@link #newSocket(String) new socket} to (not resolved for TCP yet). */
    public static SocketAddress address(String host, int port) {
        return isUnixSocket(host)
                ? UnixDomainSocketAddress.of(socketFile(host, port))
                : new InetSocketAddress(host, port);
    }

    /** How messages name the endpoint: {@code host:port}, or the socket file for a directory. */
    public static String describe(String host, int port) {
        return isUnixSocket(host) ? socketFile(host, port).toString() : host + ":" + port;
    }
}
