package io.lazypg.autoconfigure;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when {@link ConnectionSource} finds a configured connection (lazypg.url, lazypg.host or a PostgreSQL spring.datasource.url). */
final class OnConnectionConfiguredCondition extends SpringBootCondition {

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        ConnectionSource source = ConnectionSource.of(context.getEnvironment());
        return source == ConnectionSource.NONE
                ? ConditionOutcome.noMatch("no lazypg.url, lazypg.host or PostgreSQL spring.datasource.url")
                : ConditionOutcome.match("PostgreSQL connection from " + source);
    }

    /** The negation: matches when no connection is configured. */
    static final class None extends SpringBootCondition {

        @Override
        public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
            ConnectionSource source = ConnectionSource.of(context.getEnvironment());
            return source == ConnectionSource.NONE
                    ? ConditionOutcome.match("no lazypg.url, lazypg.host or PostgreSQL spring.datasource.url")
                    : ConditionOutcome.noMatch("PostgreSQL connection from " + source);
        }
    }
}
