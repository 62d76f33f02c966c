package io.lazypg.testing;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** The immutable {@link TestPostgres} every server source produces. */
record Coordinates(
        Source source,
        String host,
        int port,
        String database,
        String username,
        String password,
        int majorVersion,
        Optional<AuthRoles> authRoles,
        Optional<Tls> tls,
        Optional<UnixSocket> unixSocket)
        implements TestPostgres {

    /** A server reached over TCP only. */
    Coordinates(
            Source source,
            String host,
            int port,
            String database,
            String username,
            String password,
            int majorVersion,
            Optional<AuthRoles> authRoles,
            Optional<Tls> tls) {
        this(source, host, port, database, username, password, majorVersion, authRoles, tls, Optional.empty());
    }

    /**
     * A private embedded server on 127.0.0.1 with zonky's defaults: superuser {@code postgres},
     * no password (trust), database {@code postgres}; its version is asked of the running server.
     */
    static Coordinates privateEmbedded(int port) {
        int major = RunningServer.probeMajorVersion("127.0.0.1", port, "postgres", "postgres", "");
        return new Coordinates(
                Source.EMBEDDED,
                "127.0.0.1",
                port,
                "postgres",
                "postgres",
                "",
                major,
                Optional.empty(),
                Optional.empty());
    }

    @Override
    public String url() {
        String credentials = encode(username) + (password.isEmpty() ? "" : ":" + encode(password));
        return "postgresql://" + credentials + "@" + host + ":" + port + "/" + database;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public String toString() {
        // Never print the password.
        return source + " PostgreSQL " + majorVersion + " at " + host + ":" + port + "/" + database + " as " + username;
    }
}
