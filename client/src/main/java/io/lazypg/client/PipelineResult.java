package io.lazypg.client;

/**
 * The result of one statement of a pipeline ({@link LazyPgPipeline}), available once the pipeline
 * has run: also after the pipeline call threw for another statement's failure, outside a
 * transaction, where the other statements ran on their own.
 *
 * <p>Thread safety: written by the thread that ran the pipeline before its call returned; read it
 * on that thread, or publish it safely.
 */
public interface PipelineResult<T> {

    /**
     * The statement's result.
     *
     * @throws PgUsageException before the pipeline has run (inside the block that queues it)
     * @throws PgException the statement's own failure ({@link PgPipelineException} for a server error),
     *     or what skipped it: the earlier statement's failure inside a transaction, or the connection's
     */
    T get();

    /** Whether the pipeline has run, whatever became of this statement. */
    boolean isDone();

    /** Whether the statement ran and its result is here. */
    boolean succeeded();

    /** The statement's place in the pipeline, counted from 0. */
    int index();

    /** The statement's SQL as sent. */
    String sql();
}
