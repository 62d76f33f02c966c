package io.lazypg.client;

/**
 * What a server was found to be when last connected to, as libpq's {@code target_session_attrs}
 * distinguishes them. Learnt from the {@code in_hot_standby} and {@code default_transaction_read_only}
 * values the server reports (PostgreSQL 14 and later), else by a query when the connection opens,
 * and kept up to date while a connection to it reads the server's reports.
 */
public enum HostRole {
    /** Not in recovery, and sessions default to read-write. */
    PRIMARY,
    /** Not in recovery, but {@code default_transaction_read_only} is on. */
    READ_ONLY,
    /** A hot standby (in recovery): read-only. */
    STANDBY,
    /** The last attempt to connect failed (refused, timed out, authentication failed). */
    UNREACHABLE,
    /** Not connected to yet. */
    UNKNOWN;

    /** Whether sessions on a server in this role are read-only. */
    public boolean readOnly() {
        return this == READ_ONLY || this == STANDBY;
    }
}
