package io.lazypg.autoconfigure;

import io.lazypg.autoconfigure.JdbcPoolMode.JdbcPoolUrlException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Reports lazypg's JDBC driver configured for a pool whose {@code spring.datasource.url} is not a
 * {@code jdbc:lazypg:} URL as one description and one action. Ordered first, so Boot's generic
 * analyzers do not answer before it.
 */
final class JdbcPoolUrlFailureAnalyzer extends AbstractFailureAnalyzer<JdbcPoolUrlException> implements Ordered {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, JdbcPoolUrlException cause) {
        boolean postgres = cause.scheme().equals("jdbc:postgresql:");
        return new FailureAnalysis(
                "spring.datasource.driver-class-name=" + JdbcPoolMode.DRIVER_CLASS_NAME + " makes the JDBC pool"
                        + " (HikariCP) pool lazypg connections, but spring.datasource.url starts with "
                        + cause.scheme() + ", which lazypg's driver does not accept (it claims jdbc:lazypg: URLs"
                        + " only, so that it can sit beside pgjdbc).",
                postgres
                        ? "Write the URL as jdbc:lazypg://host:5432/database (the rest of a jdbc:postgresql: URL"
                                + " stays as it is), or remove spring.datasource.driver-class-name to let lazypg"
                                + " provide the DataSource over its own pool from the jdbc:postgresql: URL."
                        : "Point spring.datasource.url at PostgreSQL with a jdbc:lazypg://host:5432/database URL,"
                                + " or remove spring.datasource.driver-class-name=" + JdbcPoolMode.DRIVER_CLASS_NAME
                                + " to keep the driver of that database.",
                cause);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
