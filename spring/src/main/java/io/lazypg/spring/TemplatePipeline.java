package io.lazypg.spring;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.PgException;
import io.lazypg.client.PgPipelineException;
import io.lazypg.client.PipelineResult;
import io.lazypg.spring.entity.EntityMappers;
import io.lazypg.spring.pipeline.PipelineOperations;
import io.lazypg.spring.pipeline.Pipelined;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.jdbc.core.RowMapper;

/**
 * {@link LazyPgTemplate#pipeline}: the statements a block queues, run as one client pipeline
 * ({@link LazyPgSession#pipeline}) on the session a template call would use (the transaction's
 * inside one, so the statements share it and a deferred BEGIN rides with the first), each result
 * mapped as the template's own call maps it and every failure translated once, naming the
 * statement. Not thread-safe: one block, one thread.
 */
final class TemplatePipeline implements PipelineOperations {

    /** Turns a statement's buffered result into what its handle holds; may throw a mapping's DataAccessException. */
    @FunctionalInterface
    private interface Finish<T> {
        @Nullable
        T apply(LazyResult result);
    }

    private final LazyPgTemplate template;
    private final List<Handle<?>> handles = new ArrayList<>();
    private boolean closed;

    private TemplatePipeline(LazyPgTemplate template) {
        this.template = template;
    }

    static void run(LazyPgTemplate template, Consumer<? super PipelineOperations> block) {
        TemplatePipeline pipeline = new TemplatePipeline(template);
        try {
            block.accept(pipeline);
        } finally {
            pipeline.closed = true;
        }
        if (!pipeline.handles.isEmpty()) {
            pipeline.send();
        }
    }

    // ---- queueing ---------------------------------------------------------------------------------

    @Override
    public <T> Pipelined<List<T>> query(String sql, Class<T> type, Object... args) {
        RowMapping<T> mapping = RowMapping.of(EntityMappers.forType(type));
        return add(sql, args, r -> LazyPgTemplate.mapAll(r, mapping, sql));
    }

    @Override
    public <T> Pipelined<List<T>> query(String sql, LazyRowMapper<T> mapper, Object... args) {
        RowMapping<T> mapping = RowMapping.of(mapper);
        return add(sql, args, r -> LazyPgTemplate.mapAll(r, mapping, sql));
    }

    @Override
    public <T> Pipelined<List<T>> query(String sql, RowMapper<T> mapper, Object... args) {
        RowMapping<T> mapping = RowMapping.of(mapper);
        return add(sql, args, r -> LazyPgTemplate.mapAll(r, mapping, sql));
    }

    @Override
    public <T> Pipelined<T> queryForObject(String sql, Class<T> type, Object... args) {
        RowMapping<T> mapping = RowMapping.of(EntityMappers.forType(type));
        return add(sql, args, r -> LazyPgTemplate.mapOne(r, mapping, true, sql));
    }

    @Override
    public <T> Pipelined<T> queryForObject(String sql, LazyRowMapper<T> mapper, Object... args) {
        RowMapping<T> mapping = RowMapping.of(mapper);
        return add(sql, args, r -> LazyPgTemplate.mapOne(r, mapping, true, sql));
    }

    @Override
    public <T> Pipelined<T> queryForObject(String sql, RowMapper<T> mapper, Object... args) {
        RowMapping<T> mapping = RowMapping.of(mapper);
        return add(sql, args, r -> LazyPgTemplate.mapOne(r, mapping, true, sql));
    }

    @Override
    public <T> Pipelined<Optional<T>> queryForOptional(String sql, Class<T> type, Object... args) {
        RowMapping<T> mapping = RowMapping.of(EntityMappers.forType(type));
        return add(sql, args, r -> Optional.ofNullable(LazyPgTemplate.mapOne(r, mapping, false, sql)));
    }

    @Override
    public <T> Pipelined<Optional<T>> queryForOptional(String sql, LazyRowMapper<T> mapper, Object... args) {
        RowMapping<T> mapping = RowMapping.of(mapper);
        return add(sql, args, r -> Optional.ofNullable(LazyPgTemplate.mapOne(r, mapping, false, sql)));
    }

    @Override
    public Pipelined<Integer> update(String sql, Object... args) {
        return add(sql, args, r -> (int) Math.min(Integer.MAX_VALUE, r.rowsAffected()));
    }

    private <T> Pipelined<T> add(String sql, Object[] args, Finish<T> finish) {
        if (closed) {
            throw new InvalidDataAccessApiUsageException(
                    "This pipeline has already run: queue statements inside its block, on the operations it was given.");
        }
        Handle<T> handle = new Handle<>(handles.size(), template.positional(sql, args), finish);
        handles.add(handle);
        return handle;
    }

    // ---- running ----------------------------------------------------------------------------------

    /** Runs the queued statements on a leased session, then resolves every handle; throws the first failure translated. */
    private void send() {
        LazyPgSessionLease lease = null;
        PgException failure = null;
        List<PipelineResult<LazyResult>> results = new ArrayList<>(handles.size());
        try {
            lease = LazyPgSessionUtils.leaseForStatement(template.getClient(), template.getDataSource());
            LazyPgSession session = lease.session();
            List<LazyPgTemplate.Bound> asRead = new ArrayList<>(handles.size());
            for (Handle<?> h : handles) {
                asRead.add(template.forSession(h.bound, session));
            }
            try {
                session.pipeline(p -> {
                    for (LazyPgTemplate.Bound b : asRead) {
                        results.add(p.query(b.pgSql(), b.args()));
                    }
                });
            } catch (PgException e) {
                failure = e;
            }
        } catch (PgException e) {
            failure = e; // no session: nothing ran
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
        Map<PgException, DataAccessException> translated = new IdentityHashMap<>();
        for (int i = 0; i < handles.size(); i++) {
            PipelineResult<LazyResult> result = i < results.size() ? results.get(i) : null;
            Handle<?> handle = handles.get(i);
            if (result != null && result.succeeded()) {
                handle.resolve(result.get());
            } else {
                PgException e = result != null && result.isDone() ? failureOf(result) : failure;
                handle.fail(translate(e != null ? e : failure, translated));
            }
        }
        if (failure != null) {
            throw translate(failure, translated);
        }
    }

    private static @Nullable PgException failureOf(PipelineResult<LazyResult> result) {
        try {
            result.get();
            return null;
        } catch (PgException e) {
            return e;
        }
    }

    /** Each client failure translated once, so a skipped statement's handle throws the very exception the call threw. */
    private DataAccessException translate(@Nullable PgException e, Map<PgException, DataAccessException> translated) {
        if (e == null) {
            return new InvalidDataAccessApiUsageException("The pipeline did not run this statement.");
        }
        return translated.computeIfAbsent(e, x -> {
            String sql = sqlOf(x instanceof PgPipelineException pe ? pe.statementIndex() : 0);
            return template.translate("pipeline", sql, x);
        });
    }

    /** The statement's SQL as written; the first statement's for a failure of the whole pipeline (its message names the statement). */
    private String sqlOf(int index) {
        return handles.get(index >= 0 && index < handles.size() ? index : 0)
                .bound
                .sql();
    }

    /** One statement's handle: its SQL as bound, then its mapped result or its failure. */
    private static final class Handle<T> implements Pipelined<T> {
        private final int index;
        final LazyPgTemplate.Bound bound;
        private final Finish<T> finish;
        private boolean done;
        private @Nullable T value;
        private @Nullable RuntimeException failure;

        Handle(int index, LazyPgTemplate.Bound bound, Finish<T> finish) {
            this.index = index;
            this.bound = bound;
            this.finish = finish;
        }

        /** Maps the result now, on the calling thread: a mapping's failure (no row, several) is this handle's. */
        void resolve(LazyResult result) {
            done = true;
            try {
                value = finish.apply(result);
            } catch (RuntimeException e) {
                failure = e;
            }
        }

        void fail(RuntimeException e) {
            done = true;
            failure = e;
        }

        @Override
        public @Nullable T get() {
            if (!done) {
                throw new InvalidDataAccessApiUsageException("Pipeline statement " + index + " [" + bound.sql()
                        + "] has not run yet: its result is there once the pipeline's block has returned.");
            }
            RuntimeException f = failure;
            if (f != null) {
                throw f;
            }
            return value;
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
            return bound.sql();
        }
    }
}
