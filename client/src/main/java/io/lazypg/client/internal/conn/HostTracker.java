package io.lazypg.client.internal.conn;

/**
 * What a connection tells about its host, and asks, when a client has several hosts (see
 * {@code internal.hosts.HostConnector}). Called from whichever thread owns the connection or the
 * pool; implementations are thread-safe and do no I/O.
 */
public interface HostTracker {

    /** The connection's server went away (the stream ended or an I/O error, not a timeout or a close by us). */
    void lost(PgConnection connection);

    /**
     * Whether the connection must not be handed out again: its server reported a role its target
     * does not accept (a standby promoted, a primary turned read-only), or its host was lost after
     * the connection was opened.
     */
    boolean retired(PgConnection connection);
}
