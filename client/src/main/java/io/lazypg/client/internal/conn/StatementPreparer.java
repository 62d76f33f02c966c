package io.lazypg.client.internal.conn;

import io.lazypg.client.Column;
import io.lazypg.client.PgServerException;
import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.codec.CellDecoder;
import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.param.ParameterEncoder;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.stats.StatementUsage;
import io.lazypg.client.internal.wire.BackendMessages;
import io.lazypg.client.internal.wire.Bytes;
import io.lazypg.client.internal.wire.FrontendMessages;
import io.lazypg.client.internal.wire.MessageReader;
import io.lazypg.client.sql.SqlLexer;
import java.io.IOException;
import java.util.List;

/**
 * Turns SQL into a {@link PreparedStatement} on one connection: the per-connection cache first,
 * else Parse + Describe + Sync (one round trip), which also tells the parameter count and the
 * result columns, for which the binary format is chosen wherever a binary decoder exists. Statements
 * evicted from the cache are closed on the server with the next batch of messages.
 *
 * <p>Not thread-safe: belongs to its connection.
 */
final class StatementPreparer {

    private static final short[] NO_FORMATS = new short[0];

    private final PgConnection connection;
    private final StatementCache statements;
    private long counter;
    private final DescribeResponse description = new DescribeResponse();

    StatementPreparer(PgConnection connection, StatementCache statements) {
        this.connection = connection;
        this.statements = statements;
    }

    int cachedCount() {
        return statements.size();
    }

    /**
     * A cached plan goes stale when a table's definition changes (SQLSTATE 0A000 "cached plan must
     * not change result type") or the statement vanished (26000, e.g. after DISCARD ALL): forget it
     * so the next call parses afresh.
     */
    void forgetIfStale(PreparedStatement statement, PgServerException error) {
        String state = error.sqlState();
        if ("0A000".equals(state) || "26000".equals(state)) {
            statements.remove(statement);
        }
    }

    PreparedStatement prepare(String sql, Object[] values) throws IOException {
        PreparedStatement cached = statements.get(sql);
        if (cached != null && cached.accepts(values)) {
            if (cached.shape != null && cached.shape.settings() != connection.output()) {
                cached.adaptTo(connection.output(), this::chooseBinary);
            }
            return cached;
        }
        if (cached != null) {
            statements.remove(cached);
        }
        SqlText.check(sql);
        int expected = SqlLexer.highestPositionalParameter(sql);
        if (expected != values.length) {
            throw wrongParameterCount(sql, expected, values.length);
        }
        int[] types = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            types[i] = values[i] == null ? Oids.UNSPECIFIED : ParameterEncoder.typeOid(values[i]);
        }
        String name = statements.enabled() ? "lazypg_" + (++counter) : "";
        FrontendMessages.parse(connection.writeBuffer(), name, sql, types);
        FrontendMessages.describe(connection.writeBuffer(), 'S', name);
        connection.writeSync();
        connection.send();
        description.start();
        connection.loop().run(description);
        Column[] columns = description.columns;
        int parameterCount = description.parameterCount;
        if (parameterCount >= 0 && parameterCount != values.length) {
            closeUnnamedLater(name);
            throw wrongParameterCount(sql, parameterCount, values.length);
        }
        StatementUsage usage = connection.hooks().statistics() == null
                ? null
                : connection.hooks().statistics().usageFor(sql);
        if (usage != null) {
            usage.shape(columns == null ? List.of() : List.of(columns));
        }
        ResultShape shape = columns == null ? null : new ResultShape(columns, connection.output(), usage);
        short[] formats = columns == null ? NO_FORMATS : RowDescriptions.formats(columns);
        int[] described = description.parameterTypes != null ? description.parameterTypes : types;
        PreparedStatement statement =
                new PreparedStatement(name, sql, types, described, values.length, shape, formats, usage);
        if (statements.enabled()) {
            statements.put(statement);
        }
        return statement;
    }

    /** The server forgot every prepared statement (DEALLOCATE ALL, DISCARD ALL): forget them too, closing none. */
    void forgetAll() {
        statements.clear();
    }

    /** The answer to Parse + Describe(statement) + Sync: the parameter count and the result columns. */
    private final class DescribeResponse extends ResponseHandler {
        int parameterCount;
        /** The parameter types the server settled on (ParameterDescription), in $n order. */
        int[] parameterTypes;

        Column[] columns;

        void start() {
            parameterCount = -1;
            parameterTypes = null;
            columns = null;
        }

        @Override
        String phase() {
            return "preparing a statement";
        }

        @Override
        void parameterDescription(MessageReader in) {
            byte[] b = in.buffer();
            int at = in.payloadOffset();
            parameterCount = Bytes.readUnsignedShort(b, at);
            parameterTypes = new int[parameterCount];
            for (int i = 0; i < parameterCount; i++) {
                parameterTypes[i] = Bytes.readInt(b, at + 2 + 4 * i);
            }
        }

        @Override
        void rowDescription(MessageReader in) {
            columns = RowDescriptions.parse(
                    in.buffer(), in.payloadOffset(), in.payloadLength(), StatementPreparer.this::chooseBinary);
        }

        @Override
        void dataRow(MessageReader in) {
            throw MessageLoop.unexpected(BackendMessages.DATA_ROW, phase());
        }
    }

    private void closeUnnamedLater(String name) {
        if (!name.isEmpty()) {
            statements.pendingCloses().add(name);
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
                + (given == 1 ? " was" : "s were") + " given: " + PgConnection.abbreviate(sql)
                + ". Pass exactly one value per placeholder.");
    }

    /** Writes Close for every statement evicted since the last call; only {@link PgConnection#writeSync} calls it. */
    void writePendingCloses() {
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
