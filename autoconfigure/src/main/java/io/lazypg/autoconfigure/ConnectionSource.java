package io.lazypg.autoconfigure;

import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Finds out from the environment whether a PostgreSQL connection is configured, and where: the
 * {@code lazypg.url}, the {@code lazypg.host}, or (as a fallback) a PostgreSQL
 * {@code spring.datasource.url}. Read through the {@link Binder}, so relaxed names and every
 * property source work and no dependency on spring-boot-jdbc is needed.
 */
enum ConnectionSource {

    /** {@code lazypg.url} is set. */
    LAZYPG_URL,
    /** {@code lazypg.host} is set (and no URL). */
    LAZYPG_HOST,
    /** Neither, but {@code spring.datasource.url} is a {@code jdbc:postgresql:} (or {@code jdbc:lazypg:}) URL. */
    DATASOURCE,
    /** Nothing usable is configured. */
    NONE;

    static final String DATASOURCE_URL = "spring.datasource.url";

    static ConnectionSource of(Environment environment) {
        Binder binder = Binder.get(environment);
        if (StringUtils.hasText(string(binder, "lazypg.url"))) {
            return LAZYPG_URL;
        }
        if (StringUtils.hasText(string(binder, "lazypg.host"))) {
            return LAZYPG_HOST;
        }
        return isPostgresJdbcUrl(string(binder, DATASOURCE_URL)) ? DATASOURCE : NONE;
    }

    static @Nullable String string(Binder binder, String name) {
        return binder.bind(name, String.class).orElse(null);
    }

    /** pgjdbc's scheme, or lazypg-jdbc's own (the same syntax), which the client reads as well. */
    static boolean isPostgresJdbcUrl(@Nullable String url) {
        if (url == null) {
            return false;
        }
        return url.trim().toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:") || JdbcPoolMode.isLazyPgJdbcUrl(url);
    }
}
