package io.lazypg.client.internal.pipeline;

import io.lazypg.client.LazyResult;
import io.lazypg.client.PgException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.PipelineResult;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * One statement's {@link PipelineResult}: empty until its pipeline ran, then its result (finished
 * by {@link #map}) or its failure. Written by the thread that ran the pipeline, before the
 * pipeline call returned.
 */
final class Handle<T> implements PipelineResult<T> {

    private final int index;
    private final String sql;
    private final Function<LazyResult, T> finish;
    private boolean done;
    private @Nullable LazyResult result;
    private @Nullable T value;
    private boolean mapped;
    private @Nullable PgException failure;

    Handle(int index, String sql, Function<LazyResult, T> finish) {
        this.index = index;
        this.sql = sql;
        this.finish = finish;
    }

    void resolve(@Nullable LazyResult result, @Nullable PgException failure) {
        this.done = true;
        this.result = result;
        this.failure = result == null && failure == null
                ? new PgException("Pipeline statement " + index + " has no result: " + sql)
                : failure;
    }

    /** Finishes the result (maps its rows); a mapper's failure propagates. */
    void map() {
        if (result != null && !mapped) {
            value = finish.apply(result);
            mapped = true;
        }
    }

    @Override
    @SuppressWarnings("NullAway") // a mapped value may be null only when the mapper made it so
    public T get() {
        if (!done) {
            throw new PgUsageException("Pipeline statement " + index + " has not run yet: its result is there once the"
                    + " pipeline's block has returned and the pipeline has run.");
        }
        PgException f = failure;
        if (f != null) {
            throw f;
        }
        map();
        return value;
    }

    @Override
    public boolean isDone() {
        return done;
    }

    @Override
    public boolean succeeded() {
        return done && failure == null;
    }

    @Override
    public int index() {
        return index;
    }

    @Override
    public String sql() {
        return sql;
    }
}
