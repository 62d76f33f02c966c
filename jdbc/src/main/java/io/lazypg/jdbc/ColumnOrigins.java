package io.lazypg.jdbc;

import io.lazypg.client.Column;
import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What ResultSetMetaData says about the table columns a result's columns come from (the
 * RowDescription's table OID and attribute number): NOT NULL, and auto-increment (a sequence
 * default, as serial columns have, or an identity), read from the catalog in one query for all
 * of a result's columns, as pgjdbc reads them. A column computed by an expression has no origin.
 */
final class ColumnOrigins {

    /** One table column: whether it is NOT NULL (or of a NOT NULL domain) and whether it auto-increments. */
    record Origin(boolean notNull, boolean autoIncrement) {}

    private static final String QUERY = "select a.attrelid::int8, a.attnum::int4,"
            + " a.attnotnull or (t.typtype = 'd' and t.typnotnull),"
            + " a.attidentity <> '' or coalesce(pg_catalog.pg_get_expr(d.adbin, d.adrelid) like '%nextval(%', false)"
            + " from unnest($1::int8[], $2::int4[]) as k(relid, attnum)"
            + " join pg_catalog.pg_attribute a on a.attrelid = k.relid::oid and a.attnum = k.attnum"
            + " join pg_catalog.pg_type t on t.oid = a.atttypid"
            + " left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum";

    private ColumnOrigins() {}

    /** The key of a table column: the table OID (unsigned) and the attribute number. */
    static long key(int tableOid, int columnNumber) {
        return (Integer.toUnsignedLong(tableOid) << 16) | (columnNumber & 0xFFFF);
    }

    /**
     * The origins of {@code columns} that come from a table, by {@link #key}; empty when none does
     * or when the catalog cannot be read now (the caller reports "unknown").
     */
    static Map<Long, Origin> lookUp(List<Column> columns, LazyPgSession session) {
        int n = 0;
        for (Column c : columns) {
            if (c.tableOid() != 0 && c.columnNumber() > 0) {
                n++;
            }
        }
        if (n == 0) {
            return Map.of();
        }
        Long[] tables = new Long[n];
        Integer[] numbers = new Integer[n];
        int i = 0;
        for (Column c : columns) {
            if (c.tableOid() != 0 && c.columnNumber() > 0) {
                tables[i] = Integer.toUnsignedLong(c.tableOid());
                numbers[i++] = c.columnNumber();
            }
        }
        LazyResult result;
        try {
            result = session.query(QUERY, tables, numbers);
        } catch (PgException e) {
            return Map.of(); // e.g. an aborted transaction: nullability and auto-increment stay unknown
        }
        Map<Long, Origin> origins = new HashMap<>();
        for (LazyRow row : result) {
            origins.put(key((int) row.getLong(0), row.getInt(1)), new Origin(row.getBoolean(2), row.getBoolean(3)));
        }
        return origins;
    }
}
