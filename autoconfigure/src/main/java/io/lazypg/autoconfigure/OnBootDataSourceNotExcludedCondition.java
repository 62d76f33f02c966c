package io.lazypg.autoconfigure;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Does not match when the application excluded Boot's {@code DataSourceAutoConfiguration}
 * ({@code @SpringBootApplication(exclude = ...)}, {@code @EnableAutoConfiguration(exclude = ...)},
 * {@code @ImportAutoConfiguration(exclude = ...)} or {@code spring.autoconfigure.exclude}): a user who
 * turns Boot's DataSource off means "no DataSource", and lazypg's must not take its place.
 *
 * <p>Boot records every exclusion in the context's {@link ConditionEvaluationReport} when it selects
 * the auto-configurations, before any of their conditions is evaluated; this reads it there, so the
 * exclusion is seen however it was written.
 */
final class OnBootDataSourceNotExcludedCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        if (beans != null
                && ConditionEvaluationReport.get(beans)
                        .getExclusions()
                        .contains(LazyPgDataSourceAutoConfiguration.BOOT_DATA_SOURCE_AUTO_CONFIGURATION)) {
            return ConditionOutcome.noMatch("the application excluded "
                    + LazyPgDataSourceAutoConfiguration.BOOT_DATA_SOURCE_AUTO_CONFIGURATION);
        }
        return ConditionOutcome.match("DataSourceAutoConfiguration is not excluded");
    }
}
