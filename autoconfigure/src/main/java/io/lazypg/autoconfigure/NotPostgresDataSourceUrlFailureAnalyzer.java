package io.lazypg.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Reports a non-PostgreSQL {@code spring.datasource.url} beside {@code lazypg.jdbc.enabled=true} as
 * one description and one action. Ordered first, so Boot's generic bean-creation analyzers do not
 * answer before it.
 */
final class NotPostgresDataSourceUrlFailureAnalyzer extends AbstractFailureAnalyzer<NotPostgresDataSourceUrlException>
        implements Ordered {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, NotPostgresDataSourceUrlException cause) {
        return new FailureAnalysis(
                "lazypg.jdbc.enabled=true asks lazypg to provide the application's DataSource,"
                        + " but spring.datasource.url is not a PostgreSQL URL (it starts with " + cause.scheme() + ").",
                "Point spring.datasource.url at PostgreSQL (jdbc:postgresql://host:5432/database), or remove"
                        + " lazypg.jdbc.enabled=true so that Boot makes the DataSource for that URL (LazyPgTemplate"
                        + " then follows its transactions on a second connection).",
                cause);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
