package io.lazypg.client;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a client last learnt about one of its hosts, and its connections to it, for health checks
 * and metrics.
 *
 * @param host the host
 * @param role its role when last connected to or reported, or {@link HostRole#UNREACHABLE} when the
 *     last attempt failed, or {@link HostRole#UNKNOWN} before any attempt
 * @param checkedAt when {@code role} was learnt; {@code null} before any attempt
 * @param lastError why the last attempt failed (never a password); {@code null} when it succeeded
 * @param pool the main pool's open connections to this host
 * @param readOnlyPool the read-only pool's open connections to this host; zero without {@code read_only_target}
 */
public record HostStatus(
        PgHost host,
        HostRole role,
        @Nullable Instant checkedAt,
        @Nullable String lastError,
        Connections pool,
        Connections readOnlyPool) {

    /** A status with no connections counted (what the host registry knows). */
    public HostStatus(PgHost host, HostRole role, @Nullable Instant checkedAt, @Nullable String lastError) {
        this(host, role, checkedAt, lastError, Connections.NONE, Connections.NONE);
    }

    /** This status with the given connection counts. */
    public HostStatus withConnections(Connections pool, Connections readOnlyPool) {
        return new HostStatus(host, role, checkedAt, lastError, pool, readOnlyPool);
    }

    /**
     * One pool's open connections to one host, counted without stopping the pool (so under load they
     * need not add up exactly with {@link PoolStats}, which also counts connections being opened).
     *
     * @param active handed out
     * @param idle open and waiting to be handed out
     */
    public record Connections(int active, int idle) {
        public static final Connections NONE = new Connections(0, 0);
    }
}
