package io.lazypg.client.internal.command;

import io.lazypg.client.Column;
import io.lazypg.client.internal.codec.OutputSettings;
import io.lazypg.client.internal.codec.encode.ParameterEncoder;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.stats.StatementUsage;
import java.util.function.IntPredicate;
import org.jspecify.annotations.Nullable;

/**
 * A statement parsed on one connection: its server-side name, the parameter types it was parsed
 * with, and the shape of its rows with the result formats chosen from the first Describe (binary
 * for every column whose type has a binary decoder). Reused by every later execution of the same
 * SQL on that connection, so a repeated query is one Bind + Execute + Sync round trip.
 *
 * <p>Not thread-safe: belongs to one connection, and to the one thread that holds it or, while
 * the connection is shared by pipelined statements ({@code SharedConnection}), is read by the
 * senders under the send lock and the reader of its answer; only {@link #stale} changes then.
 */
public final class PreparedStatement {

    final String name;
    final String sql;
    /** The OIDs declared in Parse (0 where the server was left to infer). */
    final int[] declaredTypes;
    /**
     * The OIDs the server reported in ParameterDescription: the declared ones, and what it inferred
     * where 0 was declared (jsonb for {@code insert into t (doc) values ($1)}). Binding reads them to
     * serialize a value for a json/jsonb parameter.
     */
    final int[] describedTypes;

    final int parameterCount;
    /** Null when the statement returns no rows (NoData). */
    @Nullable
    ResultShape shape;
    /** The result formats each Bind asks for; re-chosen with {@link #shape} by {@link #adaptTo}. */
    short[] resultFormats;
    /** The statement's statistics, shared across connections; null when statistics are off. */
    final @Nullable StatementUsage usage;
    /**
     * The unnamed statement of one execution, parsed in the same pipeline as its Bind: its shape is
     * unknown until the portal's RowDescription arrives, so the caller sends Describe (portal).
     */
    final boolean describedPerExecution;
    /**
     * Rows of this statement's last buffered result (0 before the first): the capacity the next
     * one's row list starts at. A hint only; any value is safe.
     */
    int lastBufferedRows;
    /**
     * The server refused to run this statement as cached (its plan went stale, or the server lost
     * it): the next {@link StatementPreparer#prepare} of its SQL parses it afresh, and pipelining
     * passes it by. Set by the thread reading the answer, which under pipelining is not the one
     * that looks the statement up; hence volatile.
     */
    volatile boolean stale;

    PreparedStatement(
            String name,
            String sql,
            int[] declaredTypes,
            int[] describedTypes,
            int parameterCount,
            @Nullable ResultShape shape,
            short[] resultFormats,
            @Nullable StatementUsage usage,
            boolean describedPerExecution) {
        this.name = name;
        this.sql = sql;
        this.declaredTypes = declaredTypes;
        this.describedTypes = describedTypes;
        this.parameterCount = parameterCount;
        this.shape = shape;
        this.resultFormats = resultFormats;
        this.usage = usage;
        this.describedPerExecution = describedPerExecution;
    }

    /**
     * Brings a cached statement in line with the session's current output settings (TimeZone,
     * DateStyle, IntervalStyle) before it runs again. The rows carry the settings for rendering
     * binary cells; and where the choice of result format depends on them (binary timestamptz
     * needs a zone java.time models and DateStyle ISO, binary interval IntervalStyle postgres),
     * the formats are chosen again. They travel in every Bind, so this needs no new Parse or
     * Describe: from the next execution on, the server sends text where the client could not
     * render binary exactly, and that text is the server's own answer. (Rendering the old binary
     * choice under settings the client cannot reproduce could only guess.)
     */
    void adaptTo(OutputSettings settings, IntPredicate binaryFor) {
        if (shape == null || shape.settings() == settings) {
            return;
        }
        Column[] columns = shape.columns().toArray(new Column[0]);
        for (int i = 0; i < columns.length; i++) {
            Column c = columns[i];
            boolean binary = binaryFor.test(c.typeOid());
            if (binary != c.binary()) {
                columns[i] = new Column(
                        c.name(), c.tableOid(), c.columnNumber(), c.typeOid(), c.typeSize(), c.typeModifier(), binary);
            }
        }
        shape = new ResultShape(columns, settings, usage);
        resultFormats = RowDescriptions.formats(columns);
    }

    /**
     * Whether these values can be bound to the statement as parsed: each non-null value's type
     * must be the one declared for its position, so a Long after an Integer re-parses rather
     * than being sent as text for an int4 parameter. A null fits any declared type.
     */
    boolean accepts(Object[] values) {
        if (values.length != declaredTypes.length) {
            return false;
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null && ParameterEncoder.typeOid(values[i]) != declaredTypes[i]) {
                return false;
            }
        }
        return true;
    }
}
