package io.lazypg.autoconfigure;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * {@link LazyPgConnectionDetails} from {@code lazypg.url}, else {@code lazypg.host}/{@code port}/
 * {@code database}, else a PostgreSQL {@code spring.datasource.url}; credentials from
 * {@code lazypg.username}/{@code password}, else (for the datasource fallback)
 * {@code spring.datasource.username}/{@code password}.
 *
 * <p>{@link #toString()} names the source and never the URL or password (a URL may embed one).
 */
public final class PropertiesLazyPgConnectionDetails implements LazyPgConnectionDetails {

    private final LazyPgProperties properties;
    private final ConnectionSource source;
    private final @Nullable String datasourceUrl;
    private final @Nullable String datasourceUsername;
    private final @Nullable String datasourcePassword;

    public PropertiesLazyPgConnectionDetails(LazyPgProperties properties, Environment environment) {
        this.properties = properties;
        this.source = ConnectionSource.of(environment);
        Binder binder = Binder.get(environment);
        this.datasourceUrl = ConnectionSource.string(binder, ConnectionSource.DATASOURCE_URL);
        this.datasourceUsername = ConnectionSource.string(binder, "spring.datasource.username");
        this.datasourcePassword = ConnectionSource.string(binder, "spring.datasource.password");
    }

    /**
     * @throws IllegalStateException when no connection is configured, saying what to set
     */
    @Override
    public String getUrl() {
        return switch (source) {
            // ConnectionSource.of chose the source because its property is set
            case LAZYPG_URL -> Objects.requireNonNull(properties.getUrl()).trim();
            case LAZYPG_HOST ->
                hostUrl(
                        Objects.requireNonNull(properties.getHost()).trim(),
                        properties.getPort(),
                        properties.getDatabase());
            case DATASOURCE -> Objects.requireNonNull(datasourceUrl).trim();
            case NONE ->
                throw MissingConnectionMessage.of(null, getClass().getClassLoader())
                        .exception();
        };
    }

    @Override
    public @Nullable String getUsername() {
        if (properties.getUsername() != null || source != ConnectionSource.DATASOURCE) {
            return properties.getUsername();
        }
        return datasourceUsername;
    }

    @Override
    public @Nullable String getPassword() {
        if (properties.getPassword() != null || source != ConnectionSource.DATASOURCE) {
            return properties.getPassword();
        }
        return datasourcePassword;
    }

    /** Where the connection comes from, for logs and failure messages. */
    public String describeSource() {
        return switch (source) {
            case LAZYPG_URL -> "lazypg.url";
            case LAZYPG_HOST -> "lazypg.host";
            case DATASOURCE -> "spring.datasource.url";
            case NONE -> "nothing (no connection configured)";
        };
    }

    @Override
    public String toString() {
        return "PropertiesLazyPgConnectionDetails[from " + describeSource() + "]";
    }

    /** {@code postgresql://host:port/database}, the host bracketed when it is an IPv6 address. */
    static String hostUrl(String host, int port, @Nullable String database) {
        String hostPart = host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
        String path = StringUtils.hasText(database)
                ? "/" + URLEncoder.encode(database, StandardCharsets.UTF_8).replace("+", "%20")
                : "";
        return "postgresql://" + hostPart + ":" + port + path;
    }
}
