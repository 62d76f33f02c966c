package io.lazypg.jdbc;

import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgType;
import io.lazypg.client.PgTypeSize;
import java.sql.DatabaseMetaData;
import java.sql.PseudoColumnUsage;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How a row is found again, as {@link DatabaseMetaData} asks it: {@code getBestRowIdentifier}
 * (the primary key's columns, in table order, as pgjdbc answers: a table without one has none),
 * {@code getVersionColumns} ({@code ctid}, the one system column every update changes, as pgjdbc
 * answers, for a table that exists) and {@code getPseudoColumns} (the system columns
 * {@code tableoid}, {@code xmin}, {@code cmin}, {@code xmax}, {@code cmax}, {@code ctid}, which
 * {@code select *} does not show; pgjdbc does not implement it). Sizes are the client's type
 * table's ({@link PgTypeSize}), computed as {@link ColumnsCatalog} computes them. A foreign
 * catalog gives no rows.
 *
 * <p>Stateless and thread-safe.
 */
final class RowIdentityCatalog {

    private RowIdentityCatalog() {}

    /** pg_type's OID of tid, the type of ctid (not in the client's type table: JDBC reads it as OTHER). */
    private static final int TID = 27;

    /** $1 schema (null: any), $2 table: the primary key's columns in attnum order. */
    private static final String KEY_COLUMNS = "select a.attname::text, a.atttypid::int4, a.atttypmod,"
            + " " + ColumnsCatalog.typeName("t", "tn")
            + " from pg_catalog.pg_constraint con"
            + " join pg_catalog.pg_class c on c.oid = con.conrelid"
            + " join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + " join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(con.conkey)"
            + " join pg_catalog.pg_type t on t.oid = a.atttypid"
            + " join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace"
            + " where con.contype = 'p' and ($1::text is null or n.nspname = $1) and c.relname = $2"
            + " order by n.nspname, a.attnum";

    private static final String[] ROW_ID_LABELS = {
        "SCOPE",
        "COLUMN_NAME",
        "DATA_TYPE",
        "TYPE_NAME",
        "COLUMN_SIZE",
        "BUFFER_LENGTH",
        "DECIMAL_DIGITS",
        "PSEUDO_COLUMN"
    };
    private static final String[] ROW_ID_TYPES = {"int2", "text", "int4", "text", "int4", "int4", "int2", "int2"};

    static ResultSet bestRowIdentifier(
            JdbcConnection connection, @Nullable String catalog, @Nullable String schema, String table, int scope)
            throws SQLException {
        List<LazyRow> keys = CatalogQuery.foreign(connection, catalog)
                ? List.of()
                : query(connection, KEY_COLUMNS, schema, table).rows();
        int n = keys.size();
        Short[] scopes = new Short[n];
        String[] names = new String[n];
        Integer[] dataTypes = new Integer[n];
        String[] typeNames = new String[n];
        Integer[] sizes = new Integer[n];
        Integer[] bufferLengths = new Integer[n];
        Short[] digits = new Short[n];
        Short[] pseudo = new Short[n];
        for (int i = 0; i < n; i++) {
            LazyRow row = keys.get(i);
            int oid = row.getInt(1);
            int typmod = row.getInt(2);
            scopes[i] = (short) scope;
            names[i] = row.getString(0);
            dataTypes[i] = PgTypes.sqlType(oid);
            typeNames[i] = row.getString(3);
            sizes[i] = columnSize(oid, typmod);
            digits[i] = (short) PgTypeSize.ofOid(oid).scale(typmod);
            pseudo[i] = (short) DatabaseMetaData.bestRowNotPseudo;
        }
        return CatalogQuery.rows(
                connection,
                ROW_ID_LABELS,
                ROW_ID_TYPES,
                scopes,
                names,
                dataTypes,
                typeNames,
                sizes,
                bufferLengths,
                digits,
                pseudo);
    }

    /** $1 schema (null: any), $2 table: one ctid row when such a table exists. */
    private static final String VERSION_COLUMNS = "select null::int2 as \"SCOPE\", 'ctid'::text as \"COLUMN_NAME\","
            + " " + PgTypes.sqlType(TID) + "::int4 as \"DATA_TYPE\", 'tid'::text as \"TYPE_NAME\","
            + " null::int4 as \"COLUMN_SIZE\", null::int4 as \"BUFFER_LENGTH\", null::int2 as \"DECIMAL_DIGITS\","
            + " " + DatabaseMetaData.versionColumnPseudo + "::int2 as \"PSEUDO_COLUMN\""
            + " where exists (select 1 from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + "  where c.relkind in ('r', 'p', 'm', 'f', 't') and ($1::text is null or n.nspname = $1) and c.relname = $2)";

    static ResultSet versionColumns(
            JdbcConnection connection, @Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return CatalogQuery.run(connection, catalog, VERSION_COLUMNS, schema, table);
    }

    /** $1 schema pattern, $2 table pattern, $3 column pattern: the system columns (attnum < 0). */
    private static final String SYSTEM_COLUMNS = "select n.nspname::text, c.relname::text, a.attname::text,"
            + " a.atttypid::int4 from pg_catalog.pg_attribute a"
            + " join pg_catalog.pg_class c on c.oid = a.attrelid"
            + " join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + " where a.attnum < 0 and not a.attisdropped and c.relkind in ('r', 'p', 'm', 'f', 't')"
            + " and ($1::text is null or n.nspname like $1) and ($2::text is null or c.relname like $2)"
            + " and ($3::text is null or a.attname like $3)"
            + " order by 1, 2, 3";

    private static final String[] PSEUDO_LABELS = {
        "TABLE_CAT",
        "TABLE_SCHEM",
        "TABLE_NAME",
        "COLUMN_NAME",
        "DATA_TYPE",
        "COLUMN_SIZE",
        "DECIMAL_DIGITS",
        "NUM_PREC_RADIX",
        "COLUMN_USAGE",
        "REMARKS",
        "CHAR_OCTET_LENGTH",
        "IS_NULLABLE"
    };
    private static final String[] PSEUDO_TYPES = {
        "text", "text", "text", "text", "int4", "int4", "int4", "int4", "text", "text", "int4", "text"
    };

    static ResultSet pseudoColumns(
            JdbcConnection connection,
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String tablePattern,
            @Nullable String columnPattern)
            throws SQLException {
        List<LazyRow> columns = CatalogQuery.foreign(connection, catalog)
                ? List.of()
                : query(connection, SYSTEM_COLUMNS, schemaPattern, tablePattern, columnPattern)
                        .rows();
        int n = columns.size();
        String[] catalogs = new String[n];
        String[] schemas = new String[n];
        String[] tables = new String[n];
        String[] names = new String[n];
        Integer[] dataTypes = new Integer[n];
        Integer[] sizes = new Integer[n];
        Integer[] digits = new Integer[n];
        Integer[] radixes = new Integer[n];
        String[] usage = new String[n];
        String[] remarks = new String[n];
        Integer[] octets = new Integer[n];
        String[] nullable = new String[n];
        String database = n == 0 ? null : connection.getCatalog();
        for (int i = 0; i < n; i++) {
            LazyRow row = columns.get(i);
            int oid = row.getInt(3);
            // xid and cid are not in the type table: no size to report rather than an unbounded one
            boolean known = PgType.of(oid) != null;
            PgTypeSize size = PgTypeSize.ofOid(oid);
            catalogs[i] = database;
            schemas[i] = row.getString(0);
            tables[i] = row.getString(1);
            names[i] = row.getString(2);
            dataTypes[i] = PgTypes.sqlType(oid);
            sizes[i] = known ? columnSize(oid, -1) : null;
            digits[i] = known ? size.scale(-1) : null;
            radixes[i] = known ? size.radix() : null;
            // system columns can be selected and filtered on like any other (ctid = '(0,1)')
            usage[i] = PseudoColumnUsage.NO_USAGE_RESTRICTIONS.name();
            nullable[i] = "NO";
        }
        return CatalogQuery.rows(
                connection,
                PSEUDO_LABELS,
                PSEUDO_TYPES,
                catalogs,
                schemas,
                tables,
                names,
                dataTypes,
                sizes,
                digits,
                radixes,
                usage,
                remarks,
                octets,
                nullable);
    }

    /** COLUMN_SIZE as pgjdbc gives it: the precision, or the display size of a type without one (not numeric). */
    private static int columnSize(int oid, int typmod) {
        PgTypeSize size = PgTypeSize.ofOid(oid);
        int precision = size.precision(typmod);
        return precision == 0 && PgTypes.sqlType(oid) != Types.NUMERIC ? size.displaySize(typmod) : precision;
    }

    private static LazyResult query(JdbcConnection connection, String sql, @Nullable Object... params)
            throws SQLException {
        return CatalogQuery.query(connection.sessionForStatement(), sql, params);
    }
}
