package io.lazypg.autoconfigure;

import io.lazypg.client.LazyPgConfig;
import java.util.List;
import org.springframework.util.unit.DataSize;

/**
 * Builds the client's {@link LazyPgConfig}: first every {@link LazyPgProperties} setting, then the
 * {@link LazyPgConnectionDetails} URL (so what its query string names wins), then its username and
 * password, then the {@link LazyPgConfigCustomizer}s.
 *
 * <p>Failures are {@link IllegalArgumentException}s from the client, which never contain the
 * password; they are re-thrown with the source of the connection and a hint at what to change.
 */
final class LazyPgConfigFactory {

    private LazyPgConfigFactory() {}

    static LazyPgConfig create(
            LazyPgProperties properties, LazyPgConnectionDetails details, List<LazyPgConfigCustomizer> customizers) {
        LazyPgConfig.Builder builder = LazyPgConfig.builder();
        try {
            applyProperties(properties, builder);
            builder.url(details.getUrl());
            if (details.getUsername() != null) {
                builder.user(details.getUsername());
            }
            if (details.getPassword() != null) {
                builder.password(details.getPassword());
            }
            customizers.forEach(customizer -> customizer.customize(builder));
            return builder.build();
        } catch (IllegalArgumentException e) {
            // The client's message names the setting and never holds the password; the connection
            // details' toString() is written not to show the URL, which may embed one.
            String hint = details.getUsername() == null
                            && String.valueOf(e.getMessage()).startsWith("user is required")
                    ? "Set lazypg.username, or put the user in the URL."
                    : "Fix the matching lazypg.* property or the URL.";
            throw new IllegalStateException(
                    "Invalid lazypg configuration (connection from " + describe(details) + "): " + e.getMessage() + ". "
                            + hint,
                    e);
        }
    }

    private static void applyProperties(LazyPgProperties p, LazyPgConfig.Builder b) {
        b.sslMode(p.getSslMode())
                .sslRootCert(p.getSslRootCert())
                .applicationName(p.getApplicationName())
                .connectTimeout(p.getConnectTimeout())
                .queryTimeout(p.getQueryTimeout())
                .statementCacheSize(p.getStatementCacheSize())
                .pipeliningLimit(p.getPipeliningLimit())
                .targetSessionAttrs(p.getTargetSessionAttrs())
                .loadBalanceHosts(p.isLoadBalanceHosts())
                .readOnlyTarget(p.getReadOnlyTarget())
                .readYourWrites(p.isReadYourWrites())
                .readYourWritesTimeout(p.getReadYourWritesTimeout())
                .fetchSize(p.getFetchSize())
                .maxMessageSize(bytes("lazypg.max-message-size", p.getMaxMessageSize()))
                .receiveBufferSize(bytes("lazypg.receive-buffer-size", p.getReceiveBufferSize()))
                .receiveSpin(p.getReceiveSpin())
                .serverParameters(p.getServerParameters())
                .statisticsMaxStatements(p.getStatistics().getMaxStatements())
                .reportUnreadColumns(p.getStatistics().isReportUnreadColumns());
        LazyPgProperties.Pool pool = p.getPool();
        b.poolMaxSize(pool.getMaxSize())
                .poolMinIdle(pool.getMinIdle())
                .poolAcquireTimeout(pool.getAcquireTimeout())
                .poolMaxLifetime(pool.getMaxLifetime())
                .poolIdleTimeout(pool.getIdleTimeout())
                .poolValidationTimeout(pool.getValidationTimeout())
                .poolValidateAfterIdle(pool.getValidateAfterIdle())
                .poolLeakDetectionThreshold(pool.getLeakDetectionThreshold());
    }

    private static int bytes(String name, DataSize size) {
        if (size == null) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        long bytes = size.toBytes();
        if (bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(name + " must be below 2GB, got " + size);
        }
        return (int) bytes;
    }

    private static String describe(LazyPgConnectionDetails details) {
        return details instanceof PropertiesLazyPgConnectionDetails p
                ? p.describeSource()
                : details.getClass().getSimpleName();
    }
}
