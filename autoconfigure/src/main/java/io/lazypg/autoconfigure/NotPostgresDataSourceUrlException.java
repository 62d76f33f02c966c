package io.lazypg.autoconfigure;

import java.util.Locale;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * {@code lazypg.jdbc.enabled=true} asks lazypg for the application's DataSource, but
 * {@code spring.datasource.url} names another database. Explained by
 * {@link NotPostgresDataSourceUrlFailureAnalyzer}. The message shows the URL's scheme only (a URL
 * may carry a password).
 */
final class NotPostgresDataSourceUrlException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final String scheme;

    private NotPostgresDataSourceUrlException(String scheme) {
        super("lazypg.jdbc.enabled=true, but spring.datasource.url is not a PostgreSQL URL (" + scheme + "...)");
        this.scheme = scheme;
    }

    String scheme() {
        return scheme;
    }

    /** Throws when {@code spring.datasource.url} is set and is not PostgreSQL. */
    static void check(Environment environment) {
        String url = ConnectionSource.string(Binder.get(environment), ConnectionSource.DATASOURCE_URL);
        if (StringUtils.hasText(url) && !ConnectionSource.isPostgresJdbcUrl(url)) {
            throw new NotPostgresDataSourceUrlException(scheme(url.trim()));
        }
    }

    /** {@code jdbc:h2:} from {@code jdbc:h2:mem:test;PASSWORD=x}: up to the second colon. */
    static String scheme(String url) {
        int first = url.indexOf(':');
        int second = first < 0 ? -1 : url.indexOf(':', first + 1);
        return (second < 0 ? "" : url.substring(0, second + 1)).toLowerCase(Locale.ROOT);
    }
}
