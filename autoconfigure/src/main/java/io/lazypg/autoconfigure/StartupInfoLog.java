package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.PgHost;
import java.util.stream.Collectors;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Logs one INFO line once every singleton exists, saying which stack runs: the pool's name (its
 * application_name), host(s), database, the server's version, the pool's size and whether the
 * server is the embedded one the starter started. Never the password (not part of the line) and
 * never the URL.
 *
 * <p>It does not connect: lazypg connects on first use, and a startup log line must not make an
 * unreachable server delay or fail the start. The version is the embedded server's, else that of a
 * session already open (Flyway, JPA or the SQL scripts usually opened one by now), else the line
 * says that no session is open yet.
 */
final class StartupInfoLog implements SmartInitializingSingleton {

    private static final Log logger = LogFactory.getLog(LazyPgClient.class);

    private final ObjectProvider<LazyPgClient> client;
    private final ObjectProvider<LazyPgConnectionDetails> connectionDetails;

    StartupInfoLog(ObjectProvider<LazyPgClient> client, ObjectProvider<LazyPgConnectionDetails> connectionDetails) {
        this.client = client;
        this.connectionDetails = connectionDetails;
    }

    @Override
    public void afterSingletonsInstantiated() {
        LazyPgClient lazyPg = client.getIfAvailable();
        if (lazyPg != null && logger.isInfoEnabled()) {
            logger.info(line(lazyPg, connectionDetails.getIfAvailable()));
        }
    }

    static String line(LazyPgClient client, @Nullable LazyPgConnectionDetails details) {
        LazyPgConfig config = client.config();
        boolean embedded = details instanceof EmbeddedPostgresConnectionDetails;
        String hosts = config.hosts().stream().map(PgHost::toString).collect(Collectors.joining(","));
        return "lazypg pool '" + config.applicationName() + "' to " + hosts + "/" + config.database()
                + ", " + serverVersion(client, details) + ", pool size "
                + config.pool().minIdle() + ".."
                + config.pool().maxSize()
                + (embedded ? ", embedded server (started by the starter)" : ", not embedded");
    }

    private static String serverVersion(LazyPgClient client, @Nullable LazyPgConnectionDetails details) {
        if (details instanceof EmbeddedPostgresConnectionDetails embedded) {
            return "PostgreSQL " + embedded.getServerVersion();
        }
        if (client.poolStats().idle() > 0) {
            try {
                String version = client.withConnection(c -> c.serverParameter("server_version"));
                if (version != null) {
                    return "PostgreSQL " + version;
                }
            } catch (RuntimeException e) {
                return "server version unknown (" + e.getClass().getSimpleName() + ")";
            }
        }
        return "server version not known yet (no session open; lazypg connects on first use)";
    }
}
