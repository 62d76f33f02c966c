package io.lazypg.client;

import java.time.Instant;

/**
 * What a client last learnt about one of its hosts, for health checks and metrics.
 *
 * @param host the host
 * @param role its role when last connected to or reported, or {@link HostRole#UNREACHABLE} when the
 *     last attempt failed, or {@link HostRole#UNKNOWN} before any attempt
 * @param checkedAt when {@code role} was learnt; {@code null} before any attempt
 * @param lastError why the last attempt failed (never a password); {@code null} when it succeeded
 */
public record HostStatus(PgHost host, HostRole role, Instant checkedAt, String lastError) {}
