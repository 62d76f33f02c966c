package io.lazypg.autoconfigure.testcontainers;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** The lazypg URL of a started {@link PostgreSQLContainer}: its mapped port on its host, its database, no credentials. */
final class PostgreSQLContainerUrls {

    private PostgreSQLContainerUrls() {}

    static String url(PostgreSQLContainer container) {
        String host = container.getHost();
        String hostPart = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        return "postgresql://" + hostPart + ":" + container.getMappedPort(PostgreSQLContainer.POSTGRESQL_PORT) + "/"
                + URLEncoder.encode(container.getDatabaseName(), StandardCharsets.UTF_8)
                        .replace("+", "%20");
    }
}
