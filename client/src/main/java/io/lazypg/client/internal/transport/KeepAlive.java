package io.lazypg.client.internal.transport;

import java.io.IOException;
import java.net.Socket;
import java.net.SocketOption;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * libpq's TCP keepalive settings for one socket: {@code keepalives} (on by default, as in libpq),
 * {@code keepalives_idle} (seconds without traffic before the first probe), {@code
 * keepalives_interval} (seconds between probes) and {@code keepalives_count} (probes lost before the
 * connection is dropped). Null (or zero) for the last three keeps the operating system's value, as
 * libpq does.
 *
 * <p>The three are {@code jdk.net.ExtendedSocketOptions} ({@code TCP_KEEPIDLE}, {@code
 * TCP_KEEPINTERVAL}, {@code TCP_KEEPCOUNT}), found by name among the socket's supported options so
 * that the client needs no module beyond {@code java.base}. Where the platform lacks one (Windows
 * before JDK 19 has none of them), the setting is skipped with one WARNING per option per JVM that
 * names it, and the system's value applies: the connection still works, only the time to notice a
 * dead peer differs, which does not justify refusing to connect. Unix-domain sockets have no
 * keepalives; nothing is set there.
 *
 * <p>Immutable and thread-safe.
 *
 * @param enabled  {@code SO_KEEPALIVE}
 * @param idle     {@code TCP_KEEPIDLE} in whole seconds, or null for the system's
 * @param interval {@code TCP_KEEPINTERVAL} in whole seconds, or null for the system's
 * @param count    {@code TCP_KEEPCOUNT}, or null for the system's
 */
public record KeepAlive(
        boolean enabled,
        @Nullable Duration idle,
        @Nullable Duration interval,
        @Nullable Integer count) {

    /** libpq's defaults: keepalives on, the system's timings. */
    public static final KeepAlive DEFAULTS = new KeepAlive(true, null, null, null);

    private static final System.Logger LOG = System.getLogger(KeepAlive.class.getName());
    private static final ConcurrentHashMap<String, Boolean> WARNED = new ConcurrentHashMap<>();

    public KeepAlive {
        if (idle != null && idle.isNegative()) {
            throw new IllegalArgumentException("keepalives_idle must be zero or more seconds, got " + idle);
        }
        if (interval != null && interval.isNegative()) {
            throw new IllegalArgumentException("keepalives_interval must be zero or more seconds, got " + interval);
        }
        if (count != null && count < 0) {
            throw new IllegalArgumentException("keepalives_count must be zero or more, got " + count);
        }
    }

    /** Sets the options on a TCP socket (connected or not); does nothing on a Unix-domain socket. */
    public void applyTo(Socket socket) throws IOException {
        if (socket instanceof UnixDomainSocket) {
            return;
        }
        socket.setKeepAlive(enabled);
        if (!enabled) {
            return;
        }
        set(socket, "TCP_KEEPIDLE", "keepalives_idle", seconds(idle));
        set(socket, "TCP_KEEPINTERVAL", "keepalives_interval", seconds(interval));
        set(socket, "TCP_KEEPCOUNT", "keepalives_count", count == null || count == 0 ? null : count);
    }

    private static @Nullable Integer seconds(@Nullable Duration d) {
        return d == null || d.isZero() ? null : (int) Math.max(1, Math.min(Integer.MAX_VALUE, d.toSeconds()));
    }

    @SuppressWarnings("unchecked")
    private static void set(Socket socket, String option, String setting, @Nullable Integer value) throws IOException {
        if (value == null) {
            return;
        }
        for (SocketOption<?> o : socket.supportedOptions()) {
            if (o.name().equals(option) && o.type() == Integer.class) {
                socket.setOption((SocketOption<Integer>) o, value);
                return;
            }
        }
        if (WARNED.putIfAbsent(option, Boolean.TRUE) == null) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    setting + " is set, but this platform's JDK cannot set " + option + " on a socket: the"
                            + " operating system's value applies");
        }
    }
}
