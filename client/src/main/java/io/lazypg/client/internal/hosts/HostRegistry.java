package io.lazypg.client.internal.hosts;

import io.lazypg.client.HostRole;
import io.lazypg.client.HostStatus;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgHost;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one client knows about each of its hosts: the role last seen, when, the last failure, and
 * when its server was last lost. One per client, shared by its pools (one per target), so that
 * what one pool learns (a host is down, a standby was promoted) steers the others' next connections.
 *
 * <p>Thread-safe: each host's facts are volatile fields written as whole values; a reader may see
 * the role of one moment and the error of the next, which is fine for ordering and reporting.
 */
public final class HostRegistry {

    /** How long a failure or a role that did not match puts a host at the end of the order (pgjdbc's hostRecheckSeconds). */
    static final long RECHECK_NANOS = 10_000_000_000L;

    private final List<Host> hosts;

    public HostRegistry(LazyPgConfig config) {
        List<Host> list = new ArrayList<>(config.hosts().size());
        for (PgHost h : config.hosts()) {
            list.add(new Host(h, config.hosts().size() == 1 ? config : config.forHost(h)));
        }
        this.hosts = List.copyOf(list);
    }

    /** The hosts in configuration order. */
    List<Host> hosts() {
        return hosts;
    }

    /** Whether there are several hosts (with one, nothing is tracked). */
    public boolean multiHost() {
        return hosts.size() > 1;
    }

    /** A snapshot of every host's status, in configuration order. */
    public List<HostStatus> statuses() {
        List<HostStatus> list = new ArrayList<>(hosts.size());
        for (Host h : hosts) {
            list.add(h.status());
        }
        return list;
    }

    /** One host: its single-host configuration and what was last learnt about it. */
    static final class Host {
        private static final long NEVER = Long.MIN_VALUE;

        final PgHost host;
        /** The client's configuration aimed at this host alone. */
        final LazyPgConfig config;

        private volatile HostStatus status;
        /** System.nanoTime() of the last failure or mismatch; NEVER when none. */
        private volatile long setbackNanos = NEVER;
        /** System.nanoTime() when its server was last lost by an open connection; NEVER when never. */
        private volatile long lostNanos = NEVER;

        Host(PgHost host, LazyPgConfig config) {
            this.host = host;
            this.config = config;
            this.status = new HostStatus(host, HostRole.UNKNOWN, null, null);
        }

        HostStatus status() {
            return status;
        }

        HostRole role() {
            return status.role();
        }

        /** A connection found the host in {@code role}; {@code matched} says whether its target wanted it. */
        void seen(HostRole role, boolean matched) {
            status = new HostStatus(host, role, Instant.now(), null);
            setbackNanos = matched ? NEVER : System.nanoTime();
        }

        /** A connection attempt failed for {@code reason} (never containing a password). */
        void failed(@Nullable String reason) {
            status = new HostStatus(host, HostRole.UNREACHABLE, Instant.now(), reason);
            setbackNanos = System.nanoTime();
        }

        /** An open connection lost its server. */
        void lost(String reason) {
            long now = System.nanoTime();
            lostNanos = now;
            setbackNanos = now;
            status = new HostStatus(host, HostRole.UNREACHABLE, Instant.now(), reason);
        }

        /** Whether a failure or a mismatch was seen in the last {@link #RECHECK_NANOS}. */
        boolean setBackRecently(long now) {
            long at = setbackNanos;
            return at != NEVER && now - at < RECHECK_NANOS;
        }

        /** Whether its server was lost after {@code openedNanos} (a connection opened then is stale). */
        boolean lostSince(long openedNanos) {
            long at = lostNanos;
            return at != NEVER && at - openedNanos > 0;
        }
    }
}
