package io.lazypg.client;

import java.util.Locale;

/**
 * Which of several hosts a connection may go to, with libpq's meaning of {@code target_session_attrs}:
 * hosts are tried in order (shuffled with {@code load_balance_hosts=random}) and the first whose
 * role is acceptable is used.
 *
 * <p>pgjdbc's {@code targetServerType} maps onto it: {@code any} to {@link #ANY}, {@code primary}
 * (and {@code master}) to {@link #PRIMARY}, {@code secondary} (and {@code slave}) to {@link #STANDBY},
 * {@code preferSecondary} (and {@code preferSlave}) to {@link #PREFER_STANDBY}.
 */
public enum TargetSessionAttrs {
    /** Any host that accepts the connection. */
    ANY("any"),
    /** A host whose sessions default to read-write: not a standby, {@code default_transaction_read_only} off. */
    READ_WRITE("read-write"),
    /** A host whose sessions are read-only: a standby, or a primary with {@code default_transaction_read_only} on. */
    READ_ONLY("read-only"),
    /** A host that is not in recovery. */
    PRIMARY("primary"),
    /** A hot standby (in recovery). */
    STANDBY("standby"),
    /** A standby when one of the hosts is one; else any host, as {@link #ANY}. */
    PREFER_STANDBY("prefer-standby");

    private final String value;

    TargetSessionAttrs(String value) {
        this.value = value;
    }

    /** The libpq spelling ({@code read-write}, {@code prefer-standby}, ...). */
    public String value() {
        return value;
    }

    /**
     * Whether a server in {@code role} is what this target wants. {@link #PREFER_STANDBY} accepts a
     * standby here; its fallback to any host is the connector's second pass.
     */
    public boolean accepts(HostRole role) {
        return switch (this) {
            case ANY -> true;
            case READ_WRITE -> role == HostRole.PRIMARY;
            case READ_ONLY -> role.readOnly();
            case PRIMARY -> role == HostRole.PRIMARY || role == HostRole.READ_ONLY;
            case STANDBY, PREFER_STANDBY -> role == HostRole.STANDBY;
        };
    }

    /** Whether this target only admits read-only work's hosts or any host: what {@code read_only_target} may be. */
    public boolean suitsReadOnlyWork() {
        return this == ANY || this == READ_ONLY || this == STANDBY || this == PREFER_STANDBY;
    }

    /**
     * Parses the libpq spelling, case-insensitively.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static TargetSessionAttrs fromString(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        for (TargetSessionAttrs t : values()) {
            if (t.value.equals(v)) {
                return t;
            }
        }
        throw new IllegalArgumentException(
                "must be one of any, read-write, read-only, primary, standby, prefer-standby; got '" + value + "'");
    }

    @Override
    public String toString() {
        return value;
    }
}
