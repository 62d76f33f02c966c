package io.lazypg.client.internal.channel;

/**
 * The name of the logger that a connection's own events go to, whichever class logs them (the
 * channel, the commands, the connection): an error in an answer nobody waited for, a connection
 * marked broken, notices, dropped notifications, a failing observer. It is the name of the class
 * those lines were first logged under ({@code PgConnection}, in the {@code conn} package), which
 * docs/pipelining.md gives users and their logging configuration names; kept as text, so that
 * moving a class never renames it (TransactionEndsIT listens on the documented name).
 */
public final class ConnectionLog {

    /** The logger name; never derived from a class, see the class comment. */
    public static final String NAME = "io.lazypg.client.internal.conn.PgConnection";

    private ConnectionLog() {}
}
