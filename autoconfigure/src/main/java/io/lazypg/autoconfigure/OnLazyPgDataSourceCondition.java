package io.lazypg.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/**
 * Matches when lazypg should provide the DataSource: a PostgreSQL connection is configured
 * ({@link ConnectionSource}), and {@code spring.datasource.url} is either unset or PostgreSQL. A
 * {@code spring.datasource.url} of another database (H2, say) beside {@code lazypg.url} keeps
 * Boot's DataSource for it, unless {@code lazypg.jdbc.enabled=true} is set explicitly: then this
 * matches, and startup fails saying the URL is not PostgreSQL
 * ({@link NotPostgresDataSourceUrlException}) rather than silently ignoring either setting.
 */
final class OnLazyPgDataSourceCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConnectionSource source = ConnectionSource.of(context.getEnvironment());
        if (source == ConnectionSource.NONE) {
            return ConditionOutcome.noMatch("no lazypg.url, lazypg.host or PostgreSQL spring.datasource.url");
        }
        Binder binder = Binder.get(context.getEnvironment());
        String datasourceUrl = ConnectionSource.string(binder, ConnectionSource.DATASOURCE_URL);
        if (StringUtils.hasText(datasourceUrl)
                && !ConnectionSource.isPostgresJdbcUrl(datasourceUrl)
                && !binder.bind("lazypg.jdbc.enabled", Boolean.class).orElse(false)) {
            return ConditionOutcome.noMatch("spring.datasource.url is not PostgreSQL; Boot's DataSource serves it");
        }
        return ConditionOutcome.match("PostgreSQL connection from " + source);
    }
}
