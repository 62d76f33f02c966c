package io.lazypg.jdbc;

import io.lazypg.testing.TestPostgres;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** The test server's coordinates as lazypg-jdbc URLs. */
final class JdbcUrlsForTests {

    private JdbcUrlsForTests() {}

    /** {@code jdbc:lazypg://host:port/db} without credentials. */
    static String lazypgUrl(TestPostgres server) {
        return "jdbc:lazypg://" + server.host() + ":" + server.port() + "/" + server.database();
    }

    /** {@code jdbc:lazypg://host:port/db?user=...&password=...}. */
    static String lazypgUrlWithCredentials(TestPostgres server) {
        return lazypgUrl(server) + "?user=" + encode(server.username()) + "&password=" + encode(server.password());
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
