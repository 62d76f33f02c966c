package io.lazypg.autoconfigure;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Answers for Boot's "Failed to configure a DataSource: 'url' attribute is not specified" when the
 * application has the starter but no database configured at all: the production jar of a
 * development setup where the embedded PostgreSQL was test-scoped, with spring-boot-starter-jdbc
 * (Flyway, JdbcTemplate) on the class path. lazypg's own DataSource backs off there (nothing to
 * connect to), so Boot's HikariCP configuration fails first, and Boot's advice is to put H2, HSQL
 * or Derby on the class path: wrong for a PostgreSQL application. This analyzer gives lazypg's
 * {@link MissingConnectionMessage} instead, which names {@code lazypg.url},
 * {@code spring.datasource.url} and the embedded development server.
 *
 * <p>Boot's exception type ({@code DataSourceProperties.DataSourceBeanCreationException}) is
 * package-private, so it is recognised by name; a test pins the name against the Boot version the
 * BOM brings. It answers only when neither {@code lazypg.url}/{@code lazypg.host} nor any
 * {@code spring.datasource.url} is set: with a URL of its own, Boot's failure is about that URL
 * and Boot's analysis stays. Ordered first, before Boot's analyzer for the same exception.
 */
final class BootDataSourceWithoutUrlFailureAnalyzer implements FailureAnalyzer, Ordered {

    static final String BOOT_EXCEPTION =
            "org.springframework.boot.jdbc.autoconfigure.DataSourceProperties$DataSourceBeanCreationException";

    private final Environment environment;
    private final @Nullable ClassLoader classLoader;

    BootDataSourceWithoutUrlFailureAnalyzer(BeanFactory beanFactory, Environment environment) {
        this.environment = environment;
        this.classLoader =
                beanFactory instanceof ConfigurableBeanFactory configurable ? configurable.getBeanClassLoader() : null;
    }

    @Override
    public @Nullable FailureAnalysis analyze(Throwable failure) {
        Throwable bootFailure = findBootFailure(failure);
        if (bootFailure == null || !nothingConfigured()) {
            return null;
        }
        MissingConnectionMessage message = MissingConnectionMessage.of(environment, classLoader);
        return new FailureAnalysis(message.description(), message.action(), bootFailure);
    }

    private boolean nothingConfigured() {
        return ConnectionSource.of(environment) == ConnectionSource.NONE
                && !StringUtils.hasText(
                        ConnectionSource.string(Binder.get(environment), ConnectionSource.DATASOURCE_URL));
    }

    private static @Nullable Throwable findBootFailure(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getClass().getName().equals(BOOT_EXCEPTION)) {
                return t;
            }
        }
        return null;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
