package io.lazypg.autoconfigure;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Matches when another embedded database is the application's only database: no PostgreSQL
 * connection is configured ({@link ConnectionSource#NONE}, no {@code spring.datasource.url}, no
 * {@link LazyPgConnectionDetails} bean), the starter will not start its embedded PostgreSQL (zonky
 * absent, or {@code lazypg.embedded.enabled=false}), and H2, HSQLDB or Derby is on the class path
 * beside Boot's JDBC support, so Boot makes an embedded DataSource for it. That is an application
 * whose development default is H2: lazypg then backs off ({@link LazyPgAutoConfiguration} is
 * conditioned on {@link NotOnly}) instead of failing its startup, and {@link OtherEmbeddedDatabaseWarning}
 * says so once.
 *
 * <p>Evaluated when beans are registered, so the application's own connection-details bean (or a
 * Testcontainers {@code @ServiceConnection}'s) counts as a configured connection.
 */
final class OtherEmbeddedDatabaseCondition extends SpringBootCondition implements ConfigurationCondition {

    /** Driver classes of the embedded databases Boot makes a DataSource for without a URL, by name. */
    static final List<String> EMBEDDED_DRIVERS =
            List.of("org.h2.Driver", "org.hsqldb.jdbc.JDBCDriver", "org.apache.derby.jdbc.EmbeddedDriver");

    @Override
    public ConfigurationPhase getConfigurationPhase() {
        return ConfigurationPhase.REGISTER_BEAN;
    }

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        Optional<String> driver = onlyOtherEmbeddedDatabase(context);
        return driver.map(d -> ConditionOutcome.match("only the embedded database of " + d + " is configured"))
                .orElseGet(() -> ConditionOutcome.noMatch("a PostgreSQL connection or no other embedded database"));
    }

    /** The driver of the other embedded database, when it is the only database configured. */
    static Optional<String> onlyOtherEmbeddedDatabase(ConditionContext context) {
        @Nullable ClassLoader classLoader = context.getClassLoader();
        if (ConnectionSource.of(context.getEnvironment()) != ConnectionSource.NONE
                || !ClassUtils.isPresent(
                        LazyPgDataSourceAutoConfiguration.BOOT_DATA_SOURCE_AUTO_CONFIGURATION, classLoader)) {
            return Optional.empty();
        }
        Binder binder = Binder.get(context.getEnvironment());
        if (StringUtils.hasText(ConnectionSource.string(binder, ConnectionSource.DATASOURCE_URL))
                || (ClassUtils.isPresent(MissingConnectionMessage.EMBEDDED_POSTGRES_CLASS, classLoader)
                        && binder.bind("lazypg.embedded.enabled", Boolean.class).orElse(true))) {
            return Optional.empty();
        }
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        if (beans != null && beans.getBeanNamesForType(LazyPgConnectionDetails.class, true, false).length > 0) {
            return Optional.empty();
        }
        return EMBEDDED_DRIVERS.stream()
                .filter(name -> ClassUtils.isPresent(name, classLoader))
                .findFirst();
    }

    /** The negation: lazypg has a PostgreSQL to serve (or fails saying it has none). */
    static final class NotOnly extends SpringBootCondition implements ConfigurationCondition {

        @Override
        public ConfigurationPhase getConfigurationPhase() {
            return ConfigurationPhase.REGISTER_BEAN;
        }

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return onlyOtherEmbeddedDatabase(context)
                    .map(d -> ConditionOutcome.noMatch("only the embedded database of " + d + " is configured"))
                    .orElseGet(() -> ConditionOutcome.match("no other embedded database is the only one"));
        }
    }
}
