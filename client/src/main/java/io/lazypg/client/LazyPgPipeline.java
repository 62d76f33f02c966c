package io.lazypg.client;

import java.util.List;
import java.util.function.Function;

/**
 * Statements queued for one thread's pipeline ({@link LazyPgQueries#pipeline}): each call adds
 * one parameterized statement and returns its {@link PipelineResult}, a handle that holds the
 * statement's result once the pipeline has run. Nothing is sent while the statements are queued;
 * when the block returns they go to the server together, in as few writes as their size allows
 * (one for any everyday pipeline), and their answers are read in order.
 *
 * <p>Outside a transaction each statement is its own implicit transaction: a failing one does not
 * touch the others. Inside one (after {@link LazyPgQueries#begin()}, whose BEGIN rides with the
 * first statement) they share it: the first failure aborts the transaction and the statements after
 * it are skipped. See docs/pipelining.md.
 *
 * <p>Valid only inside the block it was given to; not thread-safe.
 */
public interface LazyPgPipeline {

    /** Queues a query (or any statement); its handle holds the buffered result: rows, columns and command tag. */
    PipelineResult<LazyResult> query(String sql, Object... params);

    /**
     * Queues a query whose rows {@code mapper} maps, once every answer of the pipeline has been read,
     * on the calling thread; a mapper that throws makes the pipeline call throw it.
     */
    <T> PipelineResult<List<T>> query(String sql, Function<? super LazyRow, ? extends T> mapper, Object... params);

    /**
     * Queues an insert, update, delete (or any statement); its handle holds the rows it affected (from
     * its command tag; beyond {@code Integer.MAX_VALUE} it reads as {@code Integer.MAX_VALUE}).
     */
    PipelineResult<Integer> execute(String sql, Object... params);
}
