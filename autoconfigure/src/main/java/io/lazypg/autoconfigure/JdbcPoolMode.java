package io.lazypg.autoconfigure;

import java.util.Locale;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * The application keeps its JDBC pool (HikariCP, from {@code spring.datasource.*}) and makes it a
 * pool of lazypg connections: {@code spring.datasource.driver-class-name=io.lazypg.jdbc.LazyPgDriver}.
 * Then that pool is the only one: Boot builds the DataSource as without lazypg, no
 * {@code LazyPgClient} (nor embedded server) is configured, and {@code LazyPgTemplate} runs on the
 * lazypg sessions under the pool's connections.
 *
 * <p>The URL must be a {@code jdbc:lazypg:} one: the driver claims no other scheme (so it can sit
 * beside pgjdbc in DriverManager), and a pool asks the driver whether it accepts the URL.
 * {@link UrlCheck} reports any other URL at startup, before the pool is first used.
 */
final class JdbcPoolMode {

    static final String DRIVER_CLASS_NAME = "io.lazypg.jdbc.LazyPgDriver";
    static final String DRIVER_CLASS_NAME_PROPERTY = "spring.datasource.driver-class-name";

    private JdbcPoolMode() {}

    static boolean isOn(Environment environment) {
        String driver = ConnectionSource.string(Binder.get(environment), DRIVER_CLASS_NAME_PROPERTY);
        return driver != null && DRIVER_CLASS_NAME.equals(driver.trim());
    }

    static boolean isLazyPgJdbcUrl(String url) {
        return url != null && url.trim().toLowerCase(Locale.ROOT).startsWith("jdbc:lazypg:");
    }

    /** Matches when the application's JDBC pool pools lazypg connections. */
    static final class On extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return isOn(context.getEnvironment())
                    ? ConditionOutcome.match(DRIVER_CLASS_NAME_PROPERTY + "=" + DRIVER_CLASS_NAME)
                    : ConditionOutcome.noMatch(DRIVER_CLASS_NAME_PROPERTY + " is not " + DRIVER_CLASS_NAME);
        }
    }

    /** The negation: lazypg keeps a pool of its own (the {@code LazyPgClient}). */
    static final class Off extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return isOn(context.getEnvironment())
                    ? ConditionOutcome.noMatch(DRIVER_CLASS_NAME_PROPERTY + "=" + DRIVER_CLASS_NAME
                            + ": the application's JDBC pool is the only pool")
                    : ConditionOutcome.match(DRIVER_CLASS_NAME_PROPERTY + " is not " + DRIVER_CLASS_NAME);
        }
    }

    /**
     * Fails startup, before any bean is created, when {@code spring.datasource.url} is set and is not
     * a {@code jdbc:lazypg:} URL (the pool would fail on first use with the driver's refusal);
     * {@link JdbcPoolUrlFailureAnalyzer} explains it.
     */
    static final class UrlCheck implements BeanFactoryPostProcessor {

        private final Environment environment;

        UrlCheck(Environment environment) {
            this.environment = environment;
        }

        @Override
        public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
            String url = ConnectionSource.string(Binder.get(environment), ConnectionSource.DATASOURCE_URL);
            if (StringUtils.hasText(url) && !isLazyPgJdbcUrl(url)) {
                throw new JdbcPoolUrlException(NotPostgresDataSourceUrlException.scheme(url.trim()));
            }
        }
    }

    /** {@code driver-class-name} is lazypg's and the URL is not {@code jdbc:lazypg:}; shows the scheme only. */
    static final class JdbcPoolUrlException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        private final String scheme;

        JdbcPoolUrlException(String scheme) {
            super(DRIVER_CLASS_NAME_PROPERTY + "=" + DRIVER_CLASS_NAME + ", but spring.datasource.url is not a"
                    + " jdbc:lazypg: URL (" + scheme + "...)");
            this.scheme = scheme;
        }

        String scheme() {
            return scheme;
        }
    }
}
