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
        Optional<Tls> tls)
        implements TestPostgres {

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
