package io.lazypg.client.internal.hosts;

import io.lazypg.client.HostRole;
import io.lazypg.client.PgConnectException;
import io.lazypg.client.PgException;
import io.lazypg.client.TargetSessionAttrs;
import io.lazypg.client.internal.channel.ClientHooks;
import io.lazypg.client.internal.conn.HostTracker;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.pool.ConnectionFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;

/**
 * Opens connections to whichever of a client's hosts matches one target, with libpq's meaning of
 * {@code target_session_attrs}: the hosts are tried in order (shuffled per connection with
 * {@code load_balance_hosts=random}), each bounded by the connect timeout, and the first whose role
 * the target accepts is used. {@code prefer-standby} keeps the first other connection as a fallback
 * while it looks for a standby, rather than connecting a second time as libpq does.
 *
 * <p>Unlike libpq, a host that failed or did not match within the last 10 seconds is tried after the
 * others (still tried: it may be the only one left), so that after a failover each new connection
 * does not first wait for the dead host (pgjdbc's {@code hostRecheckSeconds} does the same).
 *
 * <p>Every connection it opens to several hosts carries a {@link HostTracker}: its host is marked
 * lost when the connection's server goes away, and the connection is retired (the pool closes it)
 * once its server reports a role the target does not accept, or once its host was lost after it
 * was opened.
 *
 * <p>Thread-safe; one per pool, sharing the client's {@link HostRegistry}.
 */
public final class HostConnector implements ConnectionFactory<PgConnection> {

    private final HostRegistry registry;
    private final TargetSessionAttrs target;
    private final boolean loadBalance;
    private final ClientHooks hooks;

    public HostConnector(HostRegistry registry, TargetSessionAttrs target, boolean loadBalance, ClientHooks hooks) {
        this.registry = registry;
        this.target = target;
        this.loadBalance = loadBalance;
        this.hooks = hooks;
    }

    /** The target this connector's connections match. */
    public TargetSessionAttrs target() {
        return target;
    }

    /**
     * Opens a connection to the first host that matches the target.
     *
     * @throws PgException with one host and target {@code any}, exactly what connecting failed with;
     *     otherwise a {@link PgConnectException} naming every host tried and why it was not used
     */
    @Override
    public PgConnection connect() {
        List<HostRegistry.Host> hosts = registry.hosts();
        if (hosts.size() == 1 && target == TargetSessionAttrs.ANY) {
            return openSingle(hosts.get(0)); // the single-host client, as it always was
        }
        List<String> tried = new ArrayList<>(hosts.size());
        @Nullable PgException lastFailure = null;
        @Nullable PgConnection fallback = null;
        HostRegistry.@Nullable Host fallbackHost = null;
        for (HostRegistry.Host host : order(hosts)) {
            PgConnection connection;
            HostRole role;
            try {
                connection = PgConnection.open(host.config, hooks);
            } catch (PgException e) {
                host.failed(e.getMessage());
                tried.add(host.host + " (" + e.getMessage() + ")");
                lastFailure = e;
                continue;
            }
            try {
                role = ServerRoles.of(connection);
            } catch (PgException e) {
                connection.close();
                host.failed("could not tell its role: " + e.getMessage());
                tried.add(host.host + " (could not tell its role: " + e.getMessage() + ")");
                lastFailure = e;
                continue;
            }
            boolean matches = target.accepts(role);
            host.seen(role, matches);
            if (matches) {
                if (fallback != null) {
                    fallback.close();
                }
                return track(connection, host);
            }
            if (target == TargetSessionAttrs.PREFER_STANDBY && fallback == null) {
                fallback = connection; // used when no host turns out to be a standby
                fallbackHost = host;
                continue;
            }
            connection.close();
            tried.add(host.host + " (" + describe(role) + ")");
        }
        if (fallback != null) {
            // fallbackHost is set together with fallback.
            return track(fallback, Objects.requireNonNull(fallbackHost));
        }
        throw new PgConnectException(
                "No host matches target_session_attrs=" + target + "; tried " + String.join(", ", tried)
                        + ". Check that the servers are up and have the roles the URL asks for"
                        + " (target_session_attrs, read_only_target).",
                lastFailure);
    }

    /** One host, any role: opened as it always was, failures unchanged; the role noted when reported. */
    private PgConnection openSingle(HostRegistry.Host host) {
        try {
            PgConnection connection = PgConnection.open(host.config, hooks);
            HostRole role = ServerRoles.reported(connection);
            host.seen(role == null ? HostRole.UNKNOWN : role, true);
            return connection;
        } catch (PgException e) {
            host.failed(e.getMessage());
            throw e;
        }
    }

    /** Configuration order, or shuffled; then the hosts set back recently moved to the end, in the same order. */
    private List<HostRegistry.Host> order(List<HostRegistry.Host> hosts) {
        List<HostRegistry.Host> order = new ArrayList<>(hosts);
        if (loadBalance) {
            Collections.shuffle(order, ThreadLocalRandom.current());
        }
        long now = System.nanoTime();
        List<HostRegistry.Host> good = new ArrayList<>(order.size());
        List<HostRegistry.Host> setBack = new ArrayList<>(order.size());
        for (HostRegistry.Host h : order) {
            (h.setBackRecently(now) ? setBack : good).add(h);
        }
        good.addAll(setBack);
        return good;
    }

    private PgConnection track(PgConnection connection, HostRegistry.Host host) {
        if (registry.multiHost() || target != TargetSessionAttrs.ANY) {
            connection.tracker(new Tracker(host));
        }
        return connection;
    }

    private static String describe(HostRole role) {
        return switch (role) {
            case PRIMARY -> "is a primary (read-write)";
            case READ_ONLY -> "is a primary with default_transaction_read_only on";
            case STANDBY -> "is a standby (in recovery)";
            default -> "role " + role;
        };
    }

    /** Ties one connection to its host's facts and to this connector's target. */
    private final class Tracker implements HostTracker {
        private final HostRegistry.Host host;

        Tracker(HostRegistry.Host host) {
            this.host = host;
        }

        @Override
        public void lost(PgConnection connection) {
            host.lost("the connection to the server was lost");
        }

        @Override
        public boolean retired(PgConnection connection) {
            if (host.lostSince(connection.createdNanos())) {
                return true;
            }
            if (target == TargetSessionAttrs.ANY || target == TargetSessionAttrs.PREFER_STANDBY) {
                return false; // any role will do (prefer-standby falls back to any)
            }
            HostRole role = ServerRoles.reported(connection);
            if (role == null || target.accepts(role)) {
                return false;
            }
            if (role != host.role()) {
                host.seen(role, false); // e.g. promoted: the next connections look elsewhere first
            }
            return true;
        }
    }
}
