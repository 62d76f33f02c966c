package io.lazypg.client.internal.pipeline;

import io.lazypg.client.LazyPgPipeline;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.PipelineResult;
import io.lazypg.client.internal.command.PipelineOutcome;
import io.lazypg.client.internal.conn.PgConnection;
import io.lazypg.client.internal.result.CommandTags;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The statements one block queues ({@link LazyPgPipeline}), run on a connection when the block
 * returns ({@link #run}), and their handles resolved from the outcome. Not thread-safe: one block,
 * one thread.
 */
public final class QueuedPipeline implements LazyPgPipeline {

    private static final Object[] NO_VALUES = new Object[0];

    private final List<String> sqls = new ArrayList<>();
    private final List<Object[]> values = new ArrayList<>();
    private final List<Handle<?>> handles = new ArrayList<>();
    private boolean closed;

    /**
     * Runs {@code block} to queue statements, then runs them on {@code connection} as one pipeline
     * and returns every statement's result in order (an update's: its command tag and no rows).
     *
     * @throws PgException the first failure (see {@link PipelineOutcome}), once every handle is resolved
     */
    public static List<LazyResult> run(PgConnection connection, Consumer<? super LazyPgPipeline> block) {
        QueuedPipeline queue = new QueuedPipeline();
        try {
            block.accept(queue);
        } finally {
            queue.closed = true; // a handle kept past the block cannot queue more
        }
        return queue.runOn(connection);
    }

    private List<LazyResult> runOn(PgConnection connection) {
        PipelineOutcome outcome = connection.pipeline(sqls, values);
        List<LazyResult> results = new ArrayList<>(handles.size());
        for (int i = 0; i < handles.size(); i++) {
            LazyResult result = outcome.result(i);
            PgException failure = outcome.failure(i);
            handles.get(i).resolve(result, failure);
            if (result != null) {
                results.add(result);
            }
        }
        PgException failure = outcome.failure();
        if (failure != null) {
            throw failure;
        }
        for (Handle<?> handle : handles) {
            handle.map(); // mappers run once every answer is in: a failing one leaves none unread
        }
        return results;
    }

    @Override
    public PipelineResult<LazyResult> query(String sql, Object... params) {
        return add(sql, params, r -> r);
    }

    @Override
    public <T> PipelineResult<List<T>> query(
            String sql, Function<? super LazyRow, ? extends T> mapper, Object... params) {
        if (mapper == null) {
            throw new PgUsageException("The row mapper of a pipelined query cannot be null: " + sql);
        }
        return add(sql, params, r -> {
            List<T> mapped = new ArrayList<>(r.size());
            for (LazyRow row : r) {
                mapped.add(mapper.apply(row));
            }
            return mapped;
        });
    }

    @Override
    public PipelineResult<Integer> execute(String sql, Object... params) {
        return add(sql, params, r -> (int) Math.min(Integer.MAX_VALUE, CommandTags.rowCount(r.commandTag())));
    }

    private <T> Handle<T> add(String sql, Object[] params, Function<LazyResult, T> finish) {
        if (closed) {
            throw new PgUsageException("This pipeline has already run: queue statements inside its block.");
        }
        if (sql == null) {
            throw new PgUsageException("The SQL of pipeline statement " + sqls.size() + " is null.");
        }
        Handle<T> handle = new Handle<>(sqls.size(), sql, finish);
        sqls.add(sql);
        values.add(params == null ? NO_VALUES : params);
        handles.add(handle);
        return handle;
    }
}
