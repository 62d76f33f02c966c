package io.lazypg.autoconfigure.metrics;

import io.lazypg.client.QueryObserver;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;

/**
 * Observes every statement as a Micrometer {@link Observation} named {@code lazypg.query}, started
 * in {@link #started} and stopped in {@link #finished}, with the low-cardinality key values
 * {@code operation} (query, callback, stream, execute, batch, script), {@code db.operation.name}
 * (the statement's first keyword, {@link SqlOperationName}), {@code outcome}
 * (SUCCESS/ERROR) and {@code error.type} (the exception's simple name, or {@code none}), and the SQL
 * as the high-cardinality {@code db.query.text} and the rows as {@code db.response.returned_rows}
 * (for traces, never a metric tag). Never a parameter value. A
 * {@code DefaultMeterObservationHandler} turns it into a timer of the same name.
 *
 * <p>Without an {@link ObservationRegistry} bean it records a {@code lazypg.query} {@link Timer}
 * with the same tags on the {@link MeterRegistry}, when there is one.
 *
 * <p>The registries are looked up on the first statement, not at construction: this observer is
 * handed to the client when the client is built, before metrics infrastructure may be ready.
 */
public final class LazyPgQueryObservation implements QueryObserver {

    static final String NAME = "lazypg.query";
    /** The statement's first keyword ({@link SqlOperationName}), OpenTelemetry's name for it. */
    static final String OPERATION_NAME = "db.operation.name";
    /** Rows received (execute, batch: affected), high cardinality: on spans, never a metric tag. */
    static final String RETURNED_ROWS = "db.response.returned_rows";

    private final ObjectProvider<ObservationRegistry> observationRegistry;
    private final ObjectProvider<MeterRegistry> meterRegistry;
    private volatile @Nullable Target target;

    public LazyPgQueryObservation(
            ObjectProvider<ObservationRegistry> observationRegistry, ObjectProvider<MeterRegistry> meterRegistry) {
        this.observationRegistry = observationRegistry;
        this.meterRegistry = meterRegistry;
    }

    @Override
    public @Nullable Object started(String sql, String operation) {
        Target t = target();
        if (t.observations != null) {
            return Observation.createNotStarted(NAME, t.observations)
                    .contextualName("lazypg " + operation)
                    .lowCardinalityKeyValue("operation", operation)
                    .lowCardinalityKeyValue(OPERATION_NAME, SqlOperationName.of(sql))
                    .highCardinalityKeyValue("db.query.text", sql)
                    .start();
        }
        return t.meters != null ? Timer.start(t.meters) : null;
    }

    @Override
    public void finished(@Nullable Object token, String sql, String operation, long rows, @Nullable Throwable error) {
        String outcome = error == null ? "SUCCESS" : "ERROR";
        String errorType = error == null ? "none" : error.getClass().getSimpleName();
        if (token instanceof Observation observation) {
            observation
                    .lowCardinalityKeyValue("outcome", outcome)
                    .lowCardinalityKeyValue("error.type", errorType)
                    .highCardinalityKeyValue(RETURNED_ROWS, Long.toString(rows));
            if (error != null) {
                observation.error(error);
            }
            observation.stop();
        } else if (token instanceof Timer.Sample sample) {
            sample.stop(Timer.builder(NAME)
                    .description("Time to run a lazypg statement and receive its rows")
                    .tags(Tags.of(
                            "operation",
                            operation,
                            OPERATION_NAME,
                            SqlOperationName.of(sql),
                            "outcome",
                            outcome,
                            "error.type",
                            errorType))
                    .register(Objects.requireNonNull(target().meters))); // a Sample exists only with meters
        }
    }

    private Target target() {
        Target t = target;
        if (t == null) {
            // Racing threads may both resolve; they find the same beans, so either result is right.
            ObservationRegistry observations = observationRegistry.getIfUnique();
            t = new Target(
                    observations == null || observations.isNoop() ? null : observations, meterRegistry.getIfUnique());
            target = t;
        }
        return t;
    }

    private record Target(
            @Nullable ObservationRegistry observations,
            @Nullable MeterRegistry meters) {}
}
