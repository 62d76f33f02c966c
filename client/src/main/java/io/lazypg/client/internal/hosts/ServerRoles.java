package io.lazypg.client.internal.hosts;

import io.lazypg.client.HostRole;
import io.lazypg.client.LazyRow;
import io.lazypg.client.internal.conn.PgConnection;
import org.jspecify.annotations.Nullable;

/**
 * Tells a server's {@link HostRole} the way libpq does: from the {@code in_hot_standby} and
 * {@code default_transaction_read_only} values PostgreSQL 14 and later report in ParameterStatus
 * (at startup, and again whenever they change, e.g. on promotion), else by asking.
 */
final class ServerRoles {

    /** One round trip for both facts, on servers that do not report them. */
    static final String ROLE_QUERY =
            "select pg_catalog.pg_is_in_recovery(), pg_catalog.current_setting('transaction_read_only')";

    private ServerRoles() {}

    /** The role as the server last reported it, or {@code null} when it does not report it (before 14). */
    static @Nullable HostRole reported(PgConnection connection) {
        String hotStandby = connection.serverParameter("in_hot_standby");
        if (hotStandby == null) {
            return null;
        }
        if ("on".equals(hotStandby)) {
            return HostRole.STANDBY;
        }
        return "on".equals(connection.serverParameter("default_transaction_read_only"))
                ? HostRole.READ_ONLY
                : HostRole.PRIMARY;
    }

    /** The role, from the reports when the server sends them, else by {@link #ROLE_QUERY}. */
    static HostRole of(PgConnection connection) {
        HostRole role = reported(connection);
        if (role != null) {
            return role;
        }
        LazyRow row = connection.querySessionState(ROLE_QUERY).get(0).get(0);
        if ("t".equals(row.getString(0))) {
            return HostRole.STANDBY;
        }
        return "on".equals(row.getString(1)) ? HostRole.READ_ONLY : HostRole.PRIMARY;
    }
}
