package io.lazypg.client;

/**
 * One server of a (possibly multi-host) configuration: a host name or IP address and a port.
 *
 * <p>Immutable. {@link #toString()} is {@code host:port}, with an IPv6 address in brackets: the form
 * every message that names a host uses.
 *
 * @param host a host name or an IP address (IPv6 without brackets)
 * @param port 1..65535
 */
public record PgHost(String host, int port) {

    public PgHost {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port of host " + host + " must be between 1 and 65535, got " + port);
        }
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
