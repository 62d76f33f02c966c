package io.lazypg.spring;

import io.lazypg.client.LazyPgClient;
import io.lazypg.client.LazyPgConfig;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.LazyRowCallback;
import io.lazypg.client.PendingUpdate;
import io.lazypg.client.PgException;
import io.lazypg.client.RowCursor;
import io.lazypg.spring.entity.EntityMappers;
import io.lazypg.spring.pipeline.PipelineOperations;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.EmptyResultDataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.transaction.IllegalTransactionStateException;

/**
 * {@code JdbcTemplate} for lazypg: runs SQL on a {@link LazyPgClient} and maps the lazy rows. Each
 * call takes a session, runs, translates any failure into Spring's {@link DataAccessException}
 * hierarchy with the {@link LazyPgExceptionTranslator}, and gives the session back.
 *
 * <p><b>Which session a call runs on</b> ({@link LazyPgSessionUtils#lease}): the current
 * {@link LazyPgTransactionManager} transaction's; else, when the template was given the
 * application's {@link DataSource} and a transaction bound a lazypg-jdbc connection to it
 * ({@code DataSourceTransactionManager}, {@code JpaTransactionManager}), the session under that
 * connection, so JdbcTemplate, Flyway, Hibernate and this template share one server session, its
 * writes and its locks; else, inside any other Spring transaction, a lazypg transaction
 * synchronized with it (a second session, committed or rolled back with it); else a session from
 * the pool for the one call.
 *
 * <p>{@code ?} and {@code :name} placeholders are rewritten to {@code $n} once per distinct SQL
 * string (a bounded cache of {@value ParsedSqlCache#DEFAULT_CAPACITY} strings per template); SQL
 * written with {@code $n} and without {@code ?} goes to the server unchanged.
 *
 * <p>Thread-safe once configured: share one instance.
 */
public class LazyPgTemplate implements LazyPgOperations {

    private static final Object[] NO_ARGS = {};

    private final @Nullable LazyPgClient client;
    private final @Nullable DataSource dataSource;
    private volatile int fetchSize;
    private final ParsedSqlCache sqlCache = new ParsedSqlCache(ParsedSqlCache.DEFAULT_CAPACITY);
    /** The column types of the tables copied into, checked by each copy that uses them ({@link BinaryCopy}). */
    private final CopyColumnTypes copyColumnTypes = new CopyColumnTypes();

    private volatile LazyPgExceptionTranslator exceptionTranslator = new SqlStateLazyPgExceptionTranslator();

    /** A template that joins lazypg transactions, and synchronizes with any other Spring transaction. */
    public LazyPgTemplate(LazyPgClient client) {
        this(client, null);
    }

    /**
     * A template that also joins transactions bound to {@code dataSource}: pass the application's
     * DataSource bean itself (the instance its transaction manager was given), not a wrapper of it.
     * Outside a transaction, calls still run on {@code client}'s pool.
     */
    public LazyPgTemplate(LazyPgClient client, @Nullable DataSource dataSource) {
        this(
                Objects.requireNonNull(client, "client"),
                dataSource,
                client.config().fetchSize());
    }

    /**
     * A template with no lazypg pool of its own, over a JDBC pool of lazypg connections (HikariCP
     * with {@code driverClassName=io.lazypg.jdbc.LazyPgDriver}): each call runs on the lazypg session
     * under a connection of {@code dataSource}, the transaction's when one is bound to it, else one
     * taken for the call and closed after it (so the JDBC pool is the only pool). Pass the
     * application's DataSource bean itself. Streams fetch {@link LazyPgConfig#DEFAULT_FETCH_SIZE} rows per round trip
     * ({@link #setFetchSize}).
     */
    public LazyPgTemplate(DataSource dataSource) {
        this(null, Objects.requireNonNull(dataSource, "dataSource"), LazyPgConfig.DEFAULT_FETCH_SIZE);
    }

    private LazyPgTemplate(@Nullable LazyPgClient client, @Nullable DataSource dataSource, int fetchSize) {
        this.client = client;
        this.dataSource = dataSource;
        this.fetchSize = fetchSize;
    }

    /** The client whose pool calls outside a transaction use, or null for a template over a DataSource alone. */
    public @Nullable LazyPgClient getClient() {
        return client;
    }

    /** Rows asked for per round trip by {@link #queryForStream}; the client's {@code fetchSize} by default. */
    public int getFetchSize() {
        return fetchSize;
    }

    /** Rows asked for per round trip by {@link #queryForStream}; 0 fetches all rows at once. */
    public void setFetchSize(int fetchSize) {
        if (fetchSize < 0) {
            throw new IllegalArgumentException("fetchSize must be 0 (all rows at once) or more, not " + fetchSize);
        }
        this.fetchSize = fetchSize;
    }

    /** The DataSource whose transactions calls join, or null. */
    public @Nullable DataSource getDataSource() {
        return dataSource;
    }

    public LazyPgExceptionTranslator getExceptionTranslator() {
        return exceptionTranslator;
    }

    /** Replaces the translator of client exceptions (default: {@link SqlStateLazyPgExceptionTranslator}). */
    public void setExceptionTranslator(LazyPgExceptionTranslator exceptionTranslator) {
        this.exceptionTranslator = Objects.requireNonNull(exceptionTranslator, "exceptionTranslator");
    }

    // ---- query ------------------------------------------------------------------------------------

    @Override
    public <T> List<T> query(String sql, Class<T> type, Object... args) {
        return list(positional(sql, args), RowMapping.of(EntityMappers.forType(type)));
    }

    @Override
    public <T> List<T> query(String sql, LazyRowMapper<T> mapper, Object... args) {
        return list(positional(sql, args), RowMapping.of(mapper));
    }

    @Override
    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... args) {
        return list(positional(sql, args), RowMapping.of(mapper));
    }

    @Override
    @SuppressWarnings("NullAway") // the session work returns null: a callback query has no value
    public void forEachRow(String sql, LazyRowCallback callback, Object... args) {
        Objects.requireNonNull(callback, "callback");
        Bound bound = positional(sql, args);
        run("query", bound, (session, b) -> {
            session.query(b.pgSql(), callback, b.args());
            return null;
        });
    }

    @Override
    public <T> @Nullable T queryForObject(String sql, Class<T> type, Object... args) {
        return one(positional(sql, args), RowMapping.of(EntityMappers.forType(type)), true);
    }

    @Override
    public <T> @Nullable T queryForObject(String sql, LazyRowMapper<T> mapper, Object... args) {
        return one(positional(sql, args), RowMapping.of(mapper), true);
    }

    @Override
    public <T> @Nullable T queryForObject(String sql, RowMapper<T> mapper, Object... args) {
        return one(positional(sql, args), RowMapping.of(mapper), true);
    }

    @Override
    public <T> Optional<T> queryForOptional(String sql, Class<T> type, Object... args) {
        return Optional.ofNullable(one(positional(sql, args), RowMapping.of(EntityMappers.forType(type)), false));
    }

    @Override
    public <T> Optional<T> queryForOptional(String sql, LazyRowMapper<T> mapper, Object... args) {
        return Optional.ofNullable(one(positional(sql, args), RowMapping.of(mapper), false));
    }

    @Override
    public <T> Stream<T> queryForStream(String sql, Class<T> type, Object... args) {
        return stream(positional(sql, args), RowMapping.of(EntityMappers.forType(type)));
    }

    @Override
    public <T> Stream<T> queryForStream(String sql, LazyRowMapper<T> mapper, Object... args) {
        return stream(positional(sql, args), RowMapping.of(mapper));
    }

    // ---- update -----------------------------------------------------------------------------------

    @Override
    public int update(String sql, Object... args) {
        return update(positional(sql, args));
    }

    @Override
    public PendingUpdate updateAtCommit(String sql, Object... args) {
        Bound bound = positional(sql, args);
        LazyPgSessionLease lease = null;
        try {
            lease = LazyPgSessionUtils.lease(client, dataSource);
            if (!lease.isTransactional()) {
                throw new IllegalTransactionStateException("updateAtCommit needs a transaction to commit with (a"
                        + " @Transactional method, or TransactionTemplate); outside one, update() runs the"
                        + " statement at once: " + sql);
            }
            Bound asRead = forSession(bound, lease.session());
            return lease.session().executeAtCommit(asRead.pgSql(), asRead.args());
        } catch (PgException e) {
            throw translate("update at commit", bound.sql(), e);
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
    }

    @Override
    public int[] batchUpdate(String sql, List<Object[]> batchArgs) {
        Objects.requireNonNull(batchArgs, "batchArgs");
        ParsedSql parsed = parse(sql);
        if (batchArgs.isEmpty()) {
            return new int[0]; // nothing to run: no session needed
        }
        boolean relex = lexedBySetting(sql);
        if (!relex) {
            checkBatchCounts(parsed, batchArgs);
        }
        // Not a relex Bound: its entries, not its (empty) args, are checked, here or below.
        Bound bound = new Bound(sql, parsed.positionalSql(), NO_ARGS);
        return run("batch update", bound, (session, b) -> {
            if (relex) {
                ParsedSql asRead = parsedFor(sql, session);
                checkBatchCounts(asRead, batchArgs);
                return session.executeBatch(asRead.positionalSql(), batchArgs);
            }
            return session.executeBatch(b.pgSql(), batchArgs);
        });
    }

    @Override
    public long copy(String table, List<String> columns, Stream<Object[]> rows) {
        return copy(table, columns, rows, Function.identity());
    }

    @Override
    public <T> long copy(String table, List<String> columns, Stream<T> rows, Function<? super T, Object[]> values) {
        Objects.requireNonNull(values, "values");
        BinaryCopy copy = BinaryCopy.of(table, columns);
        Bound bound = new Bound(copy.copySql(), copy.copySql(), NO_ARGS);
        try (Stream<T> closing = Objects.requireNonNull(rows, "rows")) {
            Iterator<Object[]> encoded = closing.map(values::apply).iterator();
            return run("copy", bound, (session, b) -> copy.run(session, encoded, client, copyColumnTypes));
        }
    }

    @Override
    @SuppressWarnings("NullAway") // the session work returns null: a script has no value
    public void execute(String sql) {
        Bound bound = new Bound(Objects.requireNonNull(sql, "sql"), sql, NO_ARGS);
        run("execute", bound, (session, b) -> {
            session.executeScript(sql);
            return null;
        });
    }

    @Override
    public void pipeline(Consumer<? super PipelineOperations> statements) {
        TemplatePipeline.run(this, Objects.requireNonNull(statements, "statements"));
    }

    @Override
    public LazyPgStatementSpec sql(String sql) {
        return new DefaultStatementSpec(this, Objects.requireNonNull(sql, "sql"));
    }

    // ---- binding ----------------------------------------------------------------------------------

    /**
     * SQL rewritten for the server, with its arguments; {@code sql} is kept for messages.
     *
     * @param named       the named parameters, kept only while {@code relex} is set (the names are bound then)
     * @param relex       the SQL has a backslash, so a session with {@code standard_conforming_strings=off}
     *                    lexes its string literals otherwise: {@link #forSession} finds the placeholders
     *                    again under the session's setting before anything is sent
     */
    record Bound(
            String sql,
            String pgSql,
            Object[] args,
            @Nullable Map<String, ?> named,
            boolean relex) {
        Bound(String sql, String pgSql, Object[] args) {
            this(sql, pgSql, args, null, false);
        }
    }

    /** Whether the placeholders of {@code sql} can depend on standard_conforming_strings: only a backslash can. */
    private static boolean lexedBySetting(String sql) {
        return sql.indexOf('\\') >= 0;
    }

    /**
     * {@code bound} as {@code session} reads its SQL: itself unless its placeholders could depend on
     * the session's {@code standard_conforming_strings} (a backslash in the SQL), so the common path
     * asks the session nothing. With the setting off, {@code 'it\'s ?'} is one literal and its
     * {@code ?} no placeholder. Counts and names are checked here for such SQL.
     */
    Bound forSession(Bound bound, LazyPgSession session) {
        if (!bound.relex()) {
            return bound;
        }
        ParsedSql parsed = parsedFor(bound.sql(), session);
        Map<String, ?> named = bound.named();
        if (named != null) {
            return bindNamed(bound.sql(), parsed, named);
        }
        if (parsed.positionalCount() > 0) {
            checkCount(parsed, bound.args(), "");
        }
        return new Bound(bound.sql(), parsed.positionalSql(), bound.args());
    }

    private ParsedSql parsedFor(String sql, LazyPgSession session) {
        boolean standard = !"off".equalsIgnoreCase(session.serverParameter("standard_conforming_strings"));
        return standard ? parse(sql) : SqlParser.parse(sql, false);
    }

    ParsedSql parse(String sql) {
        return sqlCache.get(Objects.requireNonNull(sql, "sql"));
    }

    /** {@code ?} placeholders to {@code $n}; the count is checked here when there are any (else by the client). */
    Bound positional(String sql, Object[] args) {
        ParsedSql parsed = parse(sql);
        Object[] values = args == null ? NO_ARGS : args;
        if (lexedBySetting(sql)) {
            return new Bound(sql, parsed.positionalSql(), values, null, true); // checked in forSession
        }
        if (parsed.positionalCount() > 0) {
            checkCount(parsed, values, "");
        }
        return new Bound(sql, parsed.positionalSql(), values);
    }

    /** {@code :name} placeholders to {@code $n}, each bound from {@code params}. */
    Bound named(String sql, Map<String, ?> params) {
        if (lexedBySetting(sql)) {
            return new Bound(sql, sql, NO_ARGS, params, true); // bound in forSession
        }
        return bindNamed(sql, parse(sql), params);
    }

    private static Bound bindNamed(String sql, ParsedSql parsed, Map<String, ?> params) {
        if (parsed.positionalCount() > 0) {
            throw new InvalidDataAccessApiUsageException(
                    "The SQL has both :name and ? placeholders: " + sql + ". Use one kind (write ?? for a literal ?).");
        }
        List<String> names = parsed.parameterNames();
        Object[] values = new Object[names.size()];
        for (int i = 0; i < values.length; i++) {
            String name = names.get(i);
            if (!params.containsKey(name)) {
                throw new InvalidDataAccessApiUsageException("No value for the named parameter :" + name
                        + " in SQL [" + sql + "]. Bind it with .param(\"" + name + "\", value)"
                        + " (bound names: " + params.keySet() + ").");
            }
            values[i] = params.get(name);
        }
        return new Bound(sql, parsed.namedSql(), values);
    }

    private static void checkBatchCounts(ParsedSql parsed, List<Object[]> batchArgs) {
        if (parsed.positionalCount() > 0) {
            for (int i = 0; i < batchArgs.size(); i++) {
                Object[] args = batchArgs.get(i);
                checkCount(parsed, args == null ? NO_ARGS : args, "Batch entry " + i + ": ");
            }
        }
    }

    private static void checkCount(ParsedSql parsed, Object[] args, String prefix) {
        int expected = parsed.positionalCount();
        if (args.length != expected) {
            throw new InvalidDataAccessApiUsageException(prefix + "The SQL has " + expected + " '?' placeholder"
                    + (expected == 1 ? "" : "s") + " but " + args.length + " argument"
                    + (args.length == 1 ? " was" : "s were") + " given: " + parsed.sql()
                    + ". Pass one argument per '?' (and write ?? for a literal ?).");
        }
    }

    // ---- execution --------------------------------------------------------------------------------

    @FunctionalInterface
    private interface SessionWork<R> {
        /** @param bound the statement as this session reads it ({@link #forSession}) */
        R run(LazyPgSession session, Bound bound);
    }

    /** The one place that acquires, translates and releases. */
    private <R> R run(String task, Bound bound, SessionWork<R> work) {
        LazyPgSessionLease lease = null;
        try {
            lease = LazyPgSessionUtils.leaseForStatement(client, dataSource);
            return work.run(lease.session(), forSession(bound, lease.session()));
        } catch (PgException e) {
            throw translate(task, bound.sql(), e);
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
    }

    DataAccessException translate(String task, String sql, PgException e) {
        return exceptionTranslator.translate(task, sql, e);
    }

    <T> List<T> list(Bound bound, RowMapping<T> mapping) {
        return run("query", bound, (session, b) -> mapAll(session.query(b.pgSql(), b.args()), mapping, b.sql()));
    }

    /** Every row of {@code result} mapped. */
    static <T> List<T> mapAll(LazyResult result, RowMapping<T> mapping, String sql) {
        RowMapping.NumberedMapper<T> mapper = mapping.bind(result.columns(), sql);
        List<T> out = new ArrayList<>(result.size());
        List<LazyRow> rows = result.rows();
        for (int i = 0; i < rows.size(); i++) {
            out.add(mapper.map(rows.get(i), i));
        }
        return out;
    }

    /** The only row mapped, null for none when not {@code required}. */
    @SuppressWarnings("NullAway") // the session work returns null for "no row": run passes it through
    <T> @Nullable T one(Bound bound, RowMapping<T> mapping, boolean required) {
        return run(
                "query",
                bound,
                (session, b) -> mapOne(session.query(b.pgSql(), b.args()), mapping, required, bound.sql()));
    }

    /** The only row of {@code result} mapped, null for none when not {@code required}. */
    static <T> @Nullable T mapOne(LazyResult result, RowMapping<T> mapping, boolean required, String sql) {
        if (result.size() > 1) {
            // queryForObject/single() need exactly one row; queryForOptional/optional() at most one.
            String wanted = required ? "exactly one row" : "at most one row";
            String instead =
                    required ? "queryForOptional for zero or one row, or query for a list" : "query for a list";
            throw new IncorrectResultSizeDataAccessException(
                    "Expected " + wanted + " but the query returned " + result.size() + ": " + sql
                            + ". Narrow the WHERE clause, or use " + instead + ".",
                    1,
                    result.size());
        }
        if (result.isEmpty()) {
            if (required) {
                throw new EmptyResultDataAccessException("Expected one row but the query returned none: " + sql, 1);
            }
            return null;
        }
        return mapping.bind(result.columns(), sql).map(result.get(0), 0);
    }

    int update(Bound bound) {
        return run("update", bound, (session, b) -> session.execute(b.pgSql(), b.args()));
    }

    <T> Stream<T> stream(Bound bound, RowMapping<T> mapping) {
        LazyPgSessionLease lease = null;
        RowCursor cursor = null;
        try {
            lease = LazyPgSessionUtils.lease(client, dataSource);
            Bound asRead = forSession(bound, lease.session());
            cursor = lease.session().stream(asRead.pgSql(), fetchSize, asRead.args());
            RowMapping.NumberedMapper<T> mapper = mapping.bind(cursor.columns(), bound.sql());
            CursorIterator<T> rows = new CursorIterator<>(this, bound.sql(), cursor, mapper);
            LazyPgSessionLease owned = lease;
            RowCursor opened = cursor;
            return StreamSupport.stream(Spliterators.spliteratorUnknownSize(rows, Spliterator.ORDERED), false)
                    .onClose(() -> closeStream(bound.sql(), opened, owned));
        } catch (PgException e) {
            closeAfterFailure(cursor, lease);
            throw translate("query", bound.sql(), e);
        } catch (RuntimeException | Error e) {
            closeAfterFailure(cursor, lease);
            throw e;
        }
    }

    private void closeStream(String sql, RowCursor cursor, LazyPgSessionLease lease) {
        try {
            cursor.close();
        } catch (PgException e) {
            throw translate("close cursor", sql, e);
        } finally {
            lease.close();
        }
    }

    private void closeAfterFailure(@Nullable RowCursor cursor, @Nullable LazyPgSessionLease lease) {
        try {
            if (cursor != null) {
                cursor.close();
            }
        } catch (RuntimeException suppressed) {
            // the original failure is the one to report
        } finally {
            if (lease != null) {
                lease.close();
            }
        }
    }

    /** Maps cursor rows one at a time, translating client exceptions. Not thread-safe (as the stream). */
    private static final class CursorIterator<T> implements Iterator<T> {

        private final LazyPgTemplate template;
        private final String sql;
        private final RowCursor cursor;
        private final RowMapping.NumberedMapper<T> mapper;
        private int rowNum;

        CursorIterator(LazyPgTemplate template, String sql, RowCursor cursor, RowMapping.NumberedMapper<T> mapper) {
            this.template = template;
            this.sql = sql;
            this.cursor = cursor;
            this.mapper = mapper;
        }

        @Override
        public boolean hasNext() {
            try {
                return cursor.hasNext();
            } catch (PgException e) {
                throw template.translate("query", sql, e);
            }
        }

        @Override
        public @Nullable T next() {
            if (!hasNext()) {
                throw new NoSuchElementException("The stream has no more rows");
            }
            try {
                return mapper.map(cursor.next(), rowNum++);
            } catch (PgException e) {
                throw template.translate("query", sql, e);
            }
        }
    }
}
