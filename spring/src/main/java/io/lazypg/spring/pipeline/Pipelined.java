package io.lazypg.spring.pipeline;

import org.jspecify.annotations.Nullable;

/**
 * The mapped result of one statement queued on {@link PipelineOperations}, there once the
 * pipeline's block has returned and the pipeline has run; outside a transaction also when another
 * statement of the pipeline failed (each ran on its own).
 *
 * <p>Thread safety: written by the thread that ran the pipeline before {@code pipeline} returned.
 */
public interface Pipelined<T> {

    /**
     * The statement's mapped result (null only where the non-pipelined call would return null:
     * {@code queryForObject} of a NULL single column).
     *
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException inside the block, before the pipeline ran
     * @throws org.springframework.dao.DataAccessException the statement's failure, translated (for a
     *     skipped statement, the failure that skipped it), or its mapping's: {@code queryForObject}
     *     of no row throws {@code EmptyResultDataAccessException} here, as the call would
     */
    @Nullable
    T get();

    /** Whether the statement ran and its result (or its mapping's failure) is here. */
    boolean succeeded();

    /** The statement's place in the pipeline, counted from 0. */
    int index();

    /** The statement's SQL as the application wrote it. */
    String sql();
}
