package io.lazypg.autoconfigure;

import io.lazypg.autoconfigure.MissingConnectionMessage.MissingConnectionException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;

/**
 * Reports "no PostgreSQL to connect to" as one description and one action, instead of the chain of
 * UnsatisfiedDependencyExceptions (controller, service, template, client) it arrives wrapped in.
 * Ordered first, so Boot's generic bean-creation analyzers do not answer before it.
 */
final class MissingConnectionFailureAnalyzer extends AbstractFailureAnalyzer<MissingConnectionException>
        implements Ordered {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, MissingConnectionException cause) {
        return new FailureAnalysis(
                cause.message().description(), cause.message().action(), cause);
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
