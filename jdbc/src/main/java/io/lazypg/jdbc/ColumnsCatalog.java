package io.lazypg.jdbc;

import io.lazypg.client.LazyPgSession;
import io.lazypg.client.LazyResult;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgTypeSize;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@link DatabaseMetaData#getColumns}: one catalog query for the columns, then the sizes each
 * column reports (COLUMN_SIZE, DECIMAL_DIGITS, NUM_PREC_RADIX, CHAR_OCTET_LENGTH) from the client's
 * type table ({@link PgTypeSize}) and its type modifier, as pgjdbc computes them; the rows go back
 * to the server once more as arrays ({@code unnest}) so that the ResultSet is an ordinary one with
 * the labels and types JDBC lists. Two round trips, for a call tools make once per table.
 */
final class ColumnsCatalog {

    private ColumnsCatalog() {}

    /** The columns of the catalog query, by position. */
    private static final String CATALOG = "select * from (select n.nspname::text, c.relname::text, a.attname::text,"
            + " " + PgTypes.sqlTypeCase("coalesce(nullif(t.typbasetype, 0), t.oid)", "t.typcategory") + "::int4,"
            // as pgjdbc and the result metadata name it: qualified when the search_path does not find it
            + " " + typeName("t", "tn") + ","
            + " coalesce(nullif(t.typbasetype, 0), t.oid)::int4,"
            // a domain's own modifier is pg_type.typtypmod; its columns carry -1
            + " case when t.typtype = 'd' and t.typtypmod <> -1 then t.typtypmod else a.atttypmod end,"
            + " a.attnotnull or (t.typtype = 'd' and t.typnotnull),"
            + " col_description(c.oid, a.attnum), pg_catalog.pg_get_expr(d.adbin, d.adrelid),"
            // the position among the columns not dropped, as pgjdbc counts it
            + " (row_number() over (partition by a.attrelid order by a.attnum))::int4,"
            + " a.attidentity in ('a', 'd'), a.attgenerated = 's', nullif(t.typbasetype, 0)::int4"
            + " from pg_catalog.pg_attribute a"
            + " join pg_catalog.pg_class c on c.oid = a.attrelid"
            + " join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + " join pg_catalog.pg_type t on t.oid = a.atttypid"
            + " join pg_catalog.pg_namespace tn on tn.oid = t.typnamespace"
            + " left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum"
            + " where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm', 'f')"
            + " and ($1::text is null or n.nspname like $1) and ($2::text is null or c.relname like $2)) cols"
            + " where ($3::text is null or attname like $3)"
            + " order by 1, 2, 11";

    /**
     * The SQL expression of a type's name as pgjdbc and the result metadata give it: its typname,
     * qualified and quoted when the search_path does not find it; {@code t} is the pg_type alias,
     * {@code tn} its namespace's.
     */
    static String typeName(String t, String tn) {
        return "case when pg_catalog.pg_type_is_visible(" + t + ".oid) then " + t + ".typname::text"
                + " else '\"' || replace(" + tn + ".nspname, '\"', '\"\"') || '\".\"' || replace(" + t
                + ".typname, '\"', '\"\"') || '\"' end";
    }

    /** The rows back as the result JDBC describes: its 24 columns, in order, with its labels. */
    private static final String RESULT = "select current_database()::text as \"TABLE_CAT\", \"TABLE_SCHEM\","
            + " \"TABLE_NAME\", \"COLUMN_NAME\", \"DATA_TYPE\", \"TYPE_NAME\", \"COLUMN_SIZE\","
            + " null::int4 as \"BUFFER_LENGTH\", \"DECIMAL_DIGITS\", \"NUM_PREC_RADIX\", \"NULLABLE\", \"REMARKS\","
            + " \"COLUMN_DEF\", null::int4 as \"SQL_DATA_TYPE\", null::int4 as \"SQL_DATETIME_SUB\","
            + " \"CHAR_OCTET_LENGTH\", \"ORDINAL_POSITION\", \"IS_NULLABLE\", null::text as \"SCOPE_CATALOG\","
            + " null::text as \"SCOPE_SCHEMA\", null::text as \"SCOPE_TABLE\", \"SOURCE_DATA_TYPE\","
            + " \"IS_AUTOINCREMENT\", \"IS_GENERATEDCOLUMN\""
            + " from unnest($1::text[], $2::text[], $3::text[], $4::int4[], $5::text[], $6::int4[], $7::int4[],"
            + " $8::int4[], $9::int4[], $10::text[], $11::text[], $12::int4[], $13::int4[], $14::text[],"
            + " $15::int2[], $16::text[], $17::text[]) with ordinality as r(\"TABLE_SCHEM\", \"TABLE_NAME\","
            + " \"COLUMN_NAME\", \"DATA_TYPE\", \"TYPE_NAME\", \"COLUMN_SIZE\", \"DECIMAL_DIGITS\","
            + " \"NUM_PREC_RADIX\", \"NULLABLE\", \"REMARKS\", \"COLUMN_DEF\", \"CHAR_OCTET_LENGTH\","
            + " \"ORDINAL_POSITION\", \"IS_NULLABLE\", \"SOURCE_DATA_TYPE\", \"IS_AUTOINCREMENT\","
            + " \"IS_GENERATEDCOLUMN\", ord)"
            + " order by ord";

    static ResultSet getColumns(
            JdbcConnection connection,
            @Nullable String catalogName,
            @Nullable String schemaPattern,
            @Nullable String tablePattern,
            @Nullable String columnPattern)
            throws SQLException {
        LazyPgSession session = connection.sessionForStatement();
        // a foreign catalog: no columns, the result still has its 24
        List<LazyRow> rows = CatalogQuery.foreign(connection, catalogName)
                ? List.of()
                : CatalogQuery.query(session, CATALOG, schemaPattern, tablePattern, columnPattern)
                        .rows();
        int n = rows.size();
        String[] schema = new String[n];
        String[] table = new String[n];
        String[] column = new String[n];
        Integer[] dataType = new Integer[n];
        String[] typeName = new String[n];
        Integer[] columnSize = new Integer[n];
        Integer[] decimalDigits = new Integer[n];
        Integer[] radix = new Integer[n];
        Integer[] nullable = new Integer[n];
        String[] remarks = new String[n];
        String[] columnDefault = new String[n];
        Integer[] octetLength = new Integer[n];
        Integer[] position = new Integer[n];
        String[] isNullable = new String[n];
        Short[] sourceType = new Short[n];
        String[] autoIncrement = new String[n];
        String[] generated = new String[n];
        for (int i = 0; i < n; i++) {
            LazyRow row = rows.get(i);
            schema[i] = row.getString(0);
            table[i] = row.getString(1);
            column[i] = row.getString(2);
            int sqlType = row.getInt(3);
            dataType[i] = sqlType;
            int baseOid = row.getInt(5);
            int typmod = row.getInt(6);
            String defaultValue = row.getString(9);
            boolean serial = defaultValue != null && defaultValue.contains("nextval(");
            String type = row.getString(4);
            typeName[i] = serial && type != null ? serialName(type) : type;
            PgTypeSize size = PgTypeSize.ofOid(baseOid);
            int precision = size.precision(typmod);
            // pgjdbc: a type without a precision reports its display size instead (not numeric, whose 0 means "any")
            columnSize[i] = precision == 0 && sqlType != Types.NUMERIC ? size.displaySize(typmod) : precision;
            // a numeric without a modifier keeps any scale: null, as pgjdbc gives it (an array of it: 0)
            decimalDigits[i] = sqlType == Types.NUMERIC && typmod == -1 ? null : size.scale(typmod);
            radix[i] = size.radix();
            boolean notNull = row.getBoolean(7);
            nullable[i] = notNull ? DatabaseMetaData.columnNoNulls : DatabaseMetaData.columnNullable;
            isNullable[i] = notNull ? "NO" : "YES";
            remarks[i] = row.getString(8);
            columnDefault[i] = defaultValue;
            octetLength[i] = characterOrBinary(sqlType) ? columnSize[i] : null;
            position[i] = row.getInt(10);
            autoIncrement[i] = serial || row.getBoolean(11) ? "YES" : "NO";
            generated[i] = row.getBoolean(12) ? "YES" : "NO";
            sourceType[i] = row.isNull(13) ? null : (short) PgTypes.sqlType(row.getInt(13));
        }
        LazyResult result = JdbcConnection.call(() -> session.query(
                RESULT,
                schema,
                table,
                column,
                dataType,
                typeName,
                columnSize,
                decimalDigits,
                radix,
                nullable,
                remarks,
                columnDefault,
                octetLength,
                position,
                isNullable,
                sourceType,
                autoIncrement,
                generated));
        return new LazyRowResultSet(result.columns(), result.iterator(), null, null);
    }

    /** A column whose default draws from a sequence is named by its serial type, as pgjdbc names it. */
    private static String serialName(String typeName) {
        switch (typeName) {
            case "int4":
                return "serial";
            case "int8":
                return "bigserial";
            case "int2":
                return "smallserial";
            default:
                return typeName;
        }
    }

    /** CHAR_OCTET_LENGTH applies to the character and binary types only (pgjdbc: equal to COLUMN_SIZE there). */
    private static boolean characterOrBinary(int sqlType) {
        switch (sqlType) {
            case Types.CHAR:
            case Types.VARCHAR:
            case Types.LONGVARCHAR:
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
                return true;
            default:
                return false;
        }
    }
}
