package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.StatementDescription;
import io.lazypg.client.internal.channel.MessageLoop;
import io.lazypg.client.internal.channel.PoolerErrors;
import io.lazypg.client.internal.channel.ResponseHandler;
import io.lazypg.client.internal.channel.SessionChannel;
import io.lazypg.client.internal.channel.StatementCacheHooks;
import io.lazypg.client.internal.codec.CellDecoder;
import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.codec.encode.ParameterEncoder;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.stats.StatementUsage;
import io.lazypg.client.internal.stats.StatisticsRegistry;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.sql.SqlLexer;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Turns SQL into a {@link PreparedStatement} on one connection: the per-connection cache first,
 * else Parse + Describe + Sync (one round trip), which also tells the parameter count and the
 * result columns, for which the binary format is chosen wherever a binary decoder exists. Statements
 * evicted from the cache are closed on the server with the next batch of messages.
 *
 * <p><b>Names.</b> A cached statement is named {@code lazypg_<tag>_<n>}, where the tag is random per
 * connection: behind a transaction-mode pooler that does not track prepared statements, a Bind may
 * reach a server connection where another client prepared statements, and a name shared with that
 * client's statement would run the other client's SQL with our values. With a tag of its own, such
 * a Bind can only fail (SQLSTATE 26000, explained by {@link PoolerErrors}), never return a wrong result.
 *
 * <p><b>Without a cache</b> ({@code statement_cache_size=0}, for transaction-mode poolers) nothing
 * is prepared ahead: {@link #prepare} only writes Parse of the unnamed statement, and the caller
 * follows it with Bind, Describe (portal) and Execute before one Sync, so the whole statement is
 * one unit a pooler cannot split across server connections. The result columns are learnt from the
 * portal's RowDescription in the same answer ({@link #describedPortal}); every column is asked for
 * in text, the one format that needs no description beforehand, and is decoded lazily as usual.
 *
 * <p>Not thread-safe: belongs to its connection.
 */
public final class StatementPreparer implements StatementCacheHooks {

    private static final short[] NO_FORMATS = new short[0];

    private static final SecureRandom TAGS = new SecureRandom();

    private final SessionChannel connection;
    private final StatementCache statements;
    /** Makes this connection's statement names its own (see the class comment). */
    private final String namePrefix = "lazypg_" + Long.toString(TAGS.nextLong() >>> 16, 36) + "_";

    private long counter;
    private final DescribeResponse description = new DescribeResponse();
    /** What {@link #multiRowInsert} found per SQL text, the least recently used dropped past 64. */
    private final java.util.Map<String, Object> rewrites = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(java.util.Map.Entry<String, Object> eldest) {
            return size() > 64;
        }
    };

    private static final Object NOT_REWRITABLE = new Object();
    private boolean rewritesUnderScs = true;
    /**
     * Whether the statements prepared now carry a RETURNING clause their caller appended to the
     * application's SQL (the JDBC driver's generated keys): their statistics are kept apart from
     * the same text written by the application, and their columns are never reported unread.
     */
    private boolean returningAdded;

    public StatementPreparer(SessionChannel connection, StatementCache statements) {
        this.connection = connection;
        this.statements = statements;
    }

    public void returningAdded(boolean added) {
        returningAdded = added;
    }

    int cachedCount() {
        return statements.size();
    }

    /**
     * A cached plan goes stale when a table's definition changes (SQLSTATE 0A000 "cached plan must
     * not change result type", see {@link StalePlans}) or the statement vanished (26000, e.g. after DISCARD ALL): mark it,
     * so the next call parses afresh. Only marked here, not removed: under pipelining the thread
     * reading the answer must not touch the cache, which the senders use.
     */
    static void markIfStale(PreparedStatement statement, PgServerException error) {
        if ("26000".equals(error.sqlState()) || StalePlans.isStalePlan(error)) {
            statement.stale = true;
        }
    }

    /**
     * The cached statement for {@code sql} when it can run these values as it is, without any
     * message or round trip of its own: named, not stale, accepting the values' types and shaped
     * for the session's current output settings; else null. For pipelining, which sends only
     * statements that are ready.
     */
    public @Nullable PreparedStatement ready(String sql, Object[] values) {
        PreparedStatement cached = statements.get(sql);
        if (cached == null
                || cached.stale
                || !sameOrigin(cached)
                || cached.describedPerExecution
                || !cached.accepts(values)
                || (cached.shape != null && cached.shape.settings() != connection.output())) {
            return null;
        }
        return cached;
    }

    public PreparedStatement prepare(String sql, Object[] values) throws IOException {
        PreparedStatement cached = cached(sql, values);
        if (cached != null) {
            return cached;
        }
        int[] types = checkedParameterTypes(sql, values, standardConformingStrings());
        if (!statements.enabled()) {
            FrontendMessages.parse(connection.writeBuffer(), "", sql, types);
            // Not described: the parameter types are the ones declared in Parse (json/jsonb need a String or ?::jsonb).
            return new PreparedStatement("", sql, types, types, values.length, null, NO_FORMATS, usage(sql), true);
        }
        String name = namePrefix + (++counter);
        FrontendMessages.parse(connection.writeBuffer(), name, sql, types);
        FrontendMessages.describe(connection.writeBuffer(), 'S', name);
        connection.writeSync();
        description.start();
        connection.enqueue(description);
        connection.send();
        connection.await(description);
        return cache(name, sql, types, description.parameterCount, description.parameterTypes, description.columns);
    }

    /**
     * The cached statement for {@code sql} when it accepts these values, brought in line with the
     * session's output settings; else null, and an entry that cannot serve (stale, of the other
     * origin, parsed for other types) is dropped (closed with the next Sync).
     */
    @Nullable
    PreparedStatement cached(String sql, Object[] values) {
        PreparedStatement cached = statements.get(sql);
        if (cached != null && (cached.stale || !sameOrigin(cached))) {
            statements.remove(cached);
            cached = null;
        }
        if (cached != null && cached.accepts(values)) {
            if (cached.shape != null && cached.shape.settings() != connection.output()) {
                cached.adaptTo(connection.output(), this::chooseBinary);
            }
            return cached;
        }
        if (cached != null) {
            statements.remove(cached);
        }
        return null;
    }

    /**
     * Writes Parse of a named statement for {@code sql} with the types of {@code values} declared,
     * and Describe of it, without Sync and without waiting: the caller writes its Binds behind them
     * in the same write (a batch's first use, one round trip instead of two). The statement
     * returned binds with every result column in text, since the columns are not known yet; once
     * the answer arrived, {@link #parsedAhead} caches it with the described shape. Only where
     * {@link #parsesAhead} says so.
     */
    PreparedStatement parseAhead(String sql, Object[] values) {
        int[] types = checkedParameterTypes(sql, values, standardConformingStrings());
        String name = namePrefix + (++counter);
        FrontendMessages.parse(connection.writeBuffer(), name, sql, types);
        FrontendMessages.describe(connection.writeBuffer(), 'S', name);
        return new PreparedStatement(name, sql, types, types, values.length, null, NO_FORMATS, usage(sql), false);
    }

    /** Whether the statement cache is on (statements are named and kept). */
    boolean caches() {
        return statements.enabled();
    }

    /**
     * Whether {@code statements} distinct statements can be looked up or prepared one after the other
     * without the last evicting (and closing) the first before all of them ran: the cache is off, or
     * holds at least that many (it evicts the least recently used).
     */
    boolean holdsTogether(int statements) {
        return !this.statements.enabled() || this.statements.capacity() >= statements;
    }

    /**
     * {@link MultiRowInsert#of} of {@code sql} under the session's standard_conforming_strings,
     * remembered per SQL text (null, "not rewritable", too) for the connection's next batches, so a
     * batch repeated does not lex its SQL nor render its chunk statements again.
     */
    @Nullable
    MultiRowInsert multiRowInsert(String sql) {
        boolean scs = standardConformingStrings();
        if (scs != rewritesUnderScs) {
            rewrites.clear(); // the same text may lex otherwise now
            rewritesUnderScs = scs;
        }
        Object known = rewrites.get(sql);
        if (known == null) {
            MultiRowInsert insert = MultiRowInsert.of(sql, scs);
            rewrites.put(sql, insert == null ? NOT_REWRITABLE : insert);
            return insert;
        }
        return known == NOT_REWRITABLE ? null : (MultiRowInsert) known;
    }

    /**
     * Whether {@link #parseAhead} can serve these values: the cache is on, and no value needs the
     * type the server infers to be bound (a value with no type of its own, such as a Map for what
     * may be a json parameter, is written by what the Describe says).
     */
    boolean parsesAhead(Object[] values) {
        if (!statements.enabled()) {
            return false;
        }
        for (Object v : values) {
            if (ParameterEncoder.needsServerType(v)) {
                return false;
            }
        }
        return true;
    }

    /** The columns of the RowDescription answering a {@link #parseAhead} Describe, binary where chosen. */
    Column[] describedColumns(MessageReader in) {
        return RowDescriptions.parse(in.buffer(), in.payloadOffset(), in.payloadLength(), this::chooseBinary);
    }

    /**
     * The Describe answer to {@link #parseAhead} arrived ({@code parameterTypes} from
     * ParameterDescription, {@code columns} null for NoData): the statement exists on the server and
     * is cached for the next use, bound with its binary result formats from then on.
     */
    void parsedAhead(PreparedStatement ahead, int[] parameterTypes, Column @Nullable [] columns) {
        try {
            cache(ahead.name, ahead.sql, ahead.declaredTypes, parameterTypes.length, parameterTypes, columns);
        } catch (PgUsageException e) {
            // the server counted other parameters than the lexer: the statement was closed, the next use says why
        }
    }

    private PreparedStatement cache(
            String name,
            String sql,
            int[] types,
            int parameterCount,
            int[] parameterTypes,
            Column @Nullable [] columns) {
        if (parameterCount >= 0 && parameterCount != types.length) {
            statements.pendingCloses().add(name);
            throw wrongParameterCount(sql, parameterCount, types.length);
        }
        StatementUsage usage = usage(sql);
        if (usage != null) {
            usage.shape(columns == null ? List.of() : List.of(columns));
        }
        ResultShape shape = columns == null ? null : new ResultShape(columns, connection.output(), usage);
        short[] formats = columns == null ? NO_FORMATS : RowDescriptions.formats(columns);
        int[] described = parameterCount >= 0 ? parameterTypes : types;
        PreparedStatement statement =
                new PreparedStatement(name, sql, types, described, types.length, shape, formats, usage, false);
        statements.put(statement);
        return statement;
    }

    /**
     * The statement to rerun {@code stale} with once its cached plan went stale ({@link StalePlans}):
     * the cached one is dropped (closed with the next messages), and this run goes as the unnamed
     * statement parsed in the same message batch as its Bind, Describe (portal) and Execute, as
     * without a cache. One round trip, and one implicit transaction from Parse to Sync, whose locks
     * keep further DDL out until the statement has run; a named Parse with a round trip of its own
     * would leave DDL a window before the Bind. The next run of the SQL prepares it named again.
     * The parameter types the server described for the stale statement still say which values to
     * bind as json.
     */
    PreparedStatement rerun(PreparedStatement stale, Object[] values) {
        statements.remove(stale);
        int[] types = checkedParameterTypes(stale.sql, values, standardConformingStrings());
        FrontendMessages.parse(connection.writeBuffer(), "", stale.sql, types);
        int[] described = stale.describedTypes.length == types.length ? stale.describedTypes : types;
        return new PreparedStatement(
                "", stale.sql, types, described, values.length, null, NO_FORMATS, stale.usage, true);
    }

    // ---------------------------------------------------------------- for a pipeline (PipelineExecution)

    /**
     * Writes Parse of {@code sql} for a pipeline, without waiting for any answer: with a cache,
     * Parse of a new named statement and Describe of it, whose answer (read ahead of the Bind's) gives
     * the statement its columns ({@link #describedInPipeline}); without one, Parse of the unnamed
     * statement, described per execution as {@link #prepare} does. Until its description is read
     * the returned statement asks for every column in text, the one format that needs no
     * description beforehand; the parameter types are the ones declared from the values.
     */
    PreparedStatement parseForPipeline(String sql, Object[] values) {
        if (!statements.enabled()) {
            int[] types = checkedParameterTypes(sql, values, standardConformingStrings());
            FrontendMessages.parse(connection.writeBuffer(), "", sql, types);
            return new PreparedStatement("", sql, types, types, values.length, null, NO_FORMATS, usage(sql), true);
        }
        return parseAhead(sql, values);
    }

    /**
     * The description of a statement {@link #parseForPipeline} parsed arrived (its RowDescription,
     * null for NoData): {@code parsed} reads this pipeline's text rows by it, and the statement is
     * cached with binary formats chosen, as {@link #prepare} would have cached it, for later runs.
     */
    void describedInPipeline(PreparedStatement parsed, int[] parameterTypes, @Nullable MessageReader rowDescription) {
        Column[] text = null;
        Column[] chosen = null;
        if (rowDescription != null) {
            byte[] b = rowDescription.buffer();
            int at = rowDescription.payloadOffset();
            int length = rowDescription.payloadLength();
            text = RowDescriptions.parse(b, at, length, oid -> false);
            chosen = RowDescriptions.parse(b, at, length, this::chooseBinary);
        }
        if (parsed.usage != null) {
            parsed.usage.shape(text == null ? List.of() : List.of(text));
        }
        parsed.shape = text == null ? null : new ResultShape(text, connection.output(), parsed.usage);
        int[] described = parameterTypes.length == parsed.parameterCount ? parameterTypes : parsed.describedTypes;
        statements.put(new PreparedStatement(
                parsed.name,
                parsed.sql,
                parsed.declaredTypes,
                described,
                parsed.parameterCount,
                chosen == null ? null : new ResultShape(chosen, connection.output(), parsed.usage),
                chosen == null ? NO_FORMATS : RowDescriptions.formats(chosen),
                parsed.usage,
                false));
    }

    /** The session's standard_conforming_strings as last reported (on unless the server says off): how '...' lexes. */
    private boolean standardConformingStrings() {
        return !"off".equalsIgnoreCase(connection.messages().serverParameter("standard_conforming_strings"));
    }

    /** Checks the SQL and the number of values against its placeholders; the OIDs to declare in Parse. */
    private static int[] checkedParameterTypes(String sql, Object[] values, boolean standardConformingStrings) {
        SqlText.check(sql);
        int expected = SqlLexer.highestPositionalParameter(sql, standardConformingStrings);
        if (expected != values.length) {
            throw wrongParameterCount(sql, expected, values.length);
        }
        int[] types = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            types[i] = values[i] == null ? Oids.UNSPECIFIED : ParameterEncoder.typeOid(values[i]);
        }
        return types;
    }

    private @Nullable StatementUsage usage(String sql) {
        StatisticsRegistry statistics = connection.hooks().statistics();
        return statistics == null ? null : statistics.usageFor(sql, returningAdded);
    }

    /**
     * Whether {@code cached} was prepared for statements of the kind being prepared now: the same
     * text with a RETURNING clause the caller appended and as the application wrote it feed
     * different statistics, so one is not reused for the other (a rare collision, re-prepared).
     */
    private boolean sameOrigin(PreparedStatement cached) {
        return cached.usage == null || cached.usage.returningAdded() == returningAdded;
    }

    /**
     * The RowDescription of an unnamed statement's portal (see the class comment): its columns
     * become the statement's shape. Every column was asked for in text, which the message confirms.
     */
    void describedPortal(PreparedStatement statement, MessageReader in) {
        Column[] columns = RowDescriptions.parse(in.buffer(), in.payloadOffset(), in.payloadLength(), oid -> false);
        if (statement.usage != null) {
            statement.usage.shape(List.of(columns));
        }
        statement.shape = new ResultShape(columns, connection.output(), statement.usage);
    }

    /** {@link #describe} as an exchange of its own through {@code bracket}, bounded by the query timeout. */
    public static StatementDescription describeIn(ExchangeBracket bracket, StatementPreparer preparer, String sql) {
        StatementDescription[] described = new StatementDescription[1];
        bracket.run(new Exchange(sql, null, true) {
            @Override
            protected void perform() throws IOException {
                described[0] = preparer.describe(sql);
            }
        });
        return described[0];
    }

    /**
     * Parses {@code sql} as the unnamed statement and describes it (Parse + Describe + Sync, one
     * round trip), without caching or running it: the parameter types the server inferred and the
     * result columns. A server error (a syntax error, an unknown table) is thrown as usual.
     */
    public StatementDescription describe(String sql) throws IOException {
        SqlText.check(sql);
        FrontendMessages.parse(connection.writeBuffer(), "", sql, new int[0]);
        FrontendMessages.describe(connection.writeBuffer(), 'S', "");
        connection.writeSync();
        description.start();
        connection.enqueue(description);
        connection.send();
        connection.await(description);
        List<Integer> types = new ArrayList<>(description.parameterTypes.length);
        for (int oid : description.parameterTypes) {
            types.add(oid);
        }
        return new StatementDescription(types, description.columns == null ? List.of() : List.of(description.columns));
    }

    /** The server forgot every prepared statement (DEALLOCATE ALL, DISCARD ALL): forget them too, closing none. */
    @Override
    public void forgetAll() {
        statements.clear();
    }

    /**
     * Definitions changed (DDL this session ran, a new search_path): every cached statement is
     * closed and prepared afresh on its next use. Only flags the cache, so the thread reading an
     * answer may call it (see {@link StatementCache#closeAllOnNextUse}).
     */
    @Override
    public void definitionsChanged() {
        statements.closeAllOnNextUse();
    }

    /** The answer to Parse + Describe(statement) + Sync: the parameters and the result columns. */
    private final class DescribeResponse extends ResponseHandler {
        private static final int[] NONE = new int[0];
        int parameterCount;
        /** The parameters' type OIDs, as the server inferred them. */
        int[] parameterTypes = NONE;

        Column @Nullable [] columns;

        void start() {
            parameterCount = -1;
            parameterTypes = NONE;
            columns = null;
        }

        @Override
        protected String phase() {
            return "preparing a statement";
        }

        @Override
        protected void parameterDescription(MessageReader in) {
            int[] types = ParameterDescriptions.types(in);
            parameterCount = types.length;
            parameterTypes = types;
        }

        @Override
        protected void rowDescription(MessageReader in) {
            columns = RowDescriptions.parse(
                    in.buffer(), in.payloadOffset(), in.payloadLength(), StatementPreparer.this::chooseBinary);
        }

        @Override
        protected void dataRow(MessageReader in) {
            throw MessageLoop.unexpected(BackendMessages.DATA_ROW, phase());
        }
    }

    private boolean chooseBinary(int typeOid) {
        // Binary only where the codec shows the value exactly as the server's text under the session's
        // settings (a timestamptz needs a zone java.time models, DateStyle ISO; see OutputSettings).
        return CellDecoder.hasBinaryDecoder(typeOid) && connection.output().rendersBinary(typeOid);
    }

    private static PgUsageException wrongParameterCount(String sql, int expected, int given) {
        return new PgUsageException("The statement has " + expected + " parameter" + (expected == 1 ? "" : "s")
                + (expected > 0 ? " ($1.." + "$" + expected + ")" : "") + " but " + given + " value"
                + (given == 1 ? " was" : "s were") + " given: " + SqlText.abbreviate(sql)
                + ". Pass exactly one value per placeholder.");
    }

    /** Writes Close for every statement evicted since the last call; only {@link SessionChannel#writeSync} calls it. */
    @Override
    public void writePendingCloses() {
        List<String> names = statements.pendingCloses();
        if (names.isEmpty()) {
            return;
        }
        for (String name : names) {
            FrontendMessages.close(connection.writeBuffer(), 'S', name);
        }
        names.clear();
    }
}
