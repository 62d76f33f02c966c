package io.lazypg.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/** The started server and what stops it; closed by JUnit with the root extension context. */
final class RunningServer implements AutoCloseable {

    static final String URL_VARIABLE = "LAZYPG_TEST_URL";

    private final TestPostgres server;
    private final AutoCloseable stopper;

    private RunningServer(TestPostgres server, AutoCloseable stopper) {
        this.server = server;
        this.stopper = stopper;
    }

    TestPostgres server() {
        return server;
    }

    static RunningServer start() {
        String url = System.getProperty(URL_VARIABLE, System.getenv(URL_VARIABLE));
        if (url != null && !url.isBlank()) {
            return new RunningServer(external(url), () -> {});
        }
        Optional<RunningServer> container = ContainerServer.startIfDockerAvailable();
        if (container.isPresent()) {
            return container.get();
        }
        return EmbeddedServer.start();
    }

    static RunningServer of(TestPostgres server, AutoCloseable stopper) {
        return new RunningServer(server, stopper);
    }

    @Override
    public void close() throws Exception {
        stopper.close();
    }

    private static TestPostgres external(String url) {
        URI uri = URI.create(url.startsWith("jdbc:") ? url.substring(5) : url);
        String userInfo = uri.getRawUserInfo() == null ? "postgres" : uri.getRawUserInfo();
        int colon = userInfo.indexOf(':');
        String user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
        String password = colon < 0 ? "" : decode(userInfo.substring(colon + 1));
        String db = uri.getPath() == null || uri.getPath().length() <= 1
                ? "postgres"
                : uri.getPath().substring(1);
        int port = uri.getPort() < 0 ? 5432 : uri.getPort();
        return new Coordinates(
                TestPostgres.Source.EXTERNAL,
                uri.getHost(),
                port,
                db,
                user,
                password,
                probeMajorVersion(uri.getHost(), port, db, user, password),
                Optional.empty(),
                Optional.empty());
    }

    static int probeMajorVersion(String host, int port, String db, String user, String password) {
        String jdbc = "jdbc:postgresql://" + host + ":" + port + "/" + db;
        try (Connection c = DriverManager.getConnection(jdbc, user, password);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("show server_version_num")) {
            rs.next();
            return Integer.parseInt(rs.getString(1)) / 10000;
        } catch (SQLException e) {
            throw new IllegalStateException(
                    "Cannot reach the test PostgreSQL at " + host + ":" + port + "/" + db + " as " + user + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    static UncheckedIOException unchecked(String what, IOException e) {
        return new UncheckedIOException(what + ": " + e.getMessage(), e);
    }
}
