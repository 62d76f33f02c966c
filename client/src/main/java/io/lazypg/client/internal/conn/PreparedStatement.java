package io.lazypg.client.internal.conn;

import io.lazypg.client.internal.param.ParameterEncoder;
import io.lazypg.client.internal.result.ResultShape;
import io.lazypg.client.internal.stats.StatementUsage;

/**
 * A statement parsed on one connection: its server-side name, the parameter types it was parsed
 * with, and the shape of its rows with the result formats chosen from the first Describe (binary
 * for every column whose type has a binary decoder). Reused by every later execution of the same
 * SQL on that connection, so a repeated query is one Bind + Execute + Sync round trip.
 *
 * <p>Not thread-safe: belongs to one connection.
 */
final class PreparedStatement {

    final String name;
    final String sql;
    /** The OIDs declared in Parse (0 where the server was left to infer). */
    final int[] declaredTypes;
    final int parameterCount;
    /** Null when the statement returns no rows (NoData). */
    ResultShape shape;
    final short[] resultFormats;
    /** The statement's statistics, shared across connections; null when statistics are off. */
    final StatementUsage usage;

    PreparedStatement(String name, String sql, int[] declaredTypes, int parameterCount, ResultShape shape,
                      short[] resultFormats, StatementUsage usage) {
        this.name = name;
        this.sql = sql;
        this.declaredTypes = declaredTypes;
        this.parameterCount = parameterCount;
        this.shape = shape;
        this.resultFormats = resultFormats;
        this.usage = usage;
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
