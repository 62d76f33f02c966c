package io.lazypg.jdbc;

import io.lazypg.client.LazyPgSession;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * DatabaseMetaData of one connection: the server's product name and version, the driver's, and
 * the catalog methods that tools ask for, each answered with the columns the JDBC specification
 * lists, in its order and with its labels, as pgjdbc answers them (differences are in
 * docs/jdbc.md). The tables, schemas, indexes and types are queried here; the other areas have a
 * catalog class each: columns ({@link ColumnsCatalog}), keys ({@link KeysCatalog}), routines and
 * functions ({@link RoutinesCatalog}), privileges ({@link PrivilegesCatalog}), row identity
 * ({@link RowIdentityCatalog}), user-defined types ({@link UserTypesCatalog}); all run through
 * {@link CatalogQuery}, which gives no rows for a catalog other than the connection's database.
 * Patterns are LIKE patterns with {@code \} as escape; null means any. Constant answers are in
 * {@link DatabaseMetaDataDefaults}.
 *
 * <p>Not thread-safe, like its connection.
 */
final class LazyPgDatabaseMetaData extends DatabaseMetaDataDefaults {

    static final String DRIVER_NAME = "lazypg-jdbc";
    static final int DRIVER_MAJOR = 0;
    static final int DRIVER_MINOR = 1;

    private final JdbcConnection connection;

    LazyPgDatabaseMetaData(JdbcConnection connection) {
        this.connection = connection;
    }

    private ResultSet query(@Nullable String catalog, String sql, @Nullable Object... params) throws SQLException {
        return CatalogQuery.run(connection, catalog, sql, params);
    }

    /** The server_version the server reported at startup; null should a server (or a proxy) not report it. */
    private @Nullable String serverVersion() throws SQLException {
        return connection.unwrap(LazyPgSession.class).serverParameter("server_version");
    }

    // ------------------------------------------------------------------ product and driver

    @Override
    public String getDatabaseProductName() {
        return "PostgreSQL"; // what tools (Flyway, Hibernate, Spring) recognise the database by
    }

    @Override
    public @Nullable String getDatabaseProductVersion() throws SQLException {
        return serverVersion();
    }

    @Override
    public int getDatabaseMajorVersion() throws SQLException {
        return versionPart(0);
    }

    @Override
    public int getDatabaseMinorVersion() throws SQLException {
        return versionPart(1);
    }

    /** "17.7 (Debian ...)" -> 17 and 7; "9.6.24" -> 9 and 6. */
    private int versionPart(int index) throws SQLException {
        String version = serverVersion();
        if (version == null) {
            return 0;
        }
        String[] parts = version.split("[^0-9]+");
        return parts.length > index && !parts[index].isEmpty() ? Integer.parseInt(parts[index]) : 0;
    }

    @Override
    public String getDriverName() {
        return DRIVER_NAME;
    }

    @Override
    public String getDriverVersion() {
        return DRIVER_MAJOR + "." + DRIVER_MINOR;
    }

    @Override
    public int getDriverMajorVersion() {
        return DRIVER_MAJOR;
    }

    @Override
    public int getDriverMinorVersion() {
        return DRIVER_MINOR;
    }

    @Override
    public int getJDBCMajorVersion() {
        return 4;
    }

    @Override
    public int getJDBCMinorVersion() {
        return 2;
    }

    @Override
    public String getURL() {
        return JdbcUrls.displayUrl(connection.config());
    }

    @Override
    public String getUserName() {
        return connection.config().user();
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return connection.isReadOnly();
    }

    @Override
    public Connection getConnection() {
        return connection;
    }

    // ------------------------------------------------------------------ SQL dialect

    @Override
    public String getIdentifierQuoteString() {
        return "\"";
    }

    @Override
    public String getSearchStringEscape() {
        return "\\";
    }

    @Override
    public String getSchemaTerm() {
        return "schema";
    }

    @Override
    public String getProcedureTerm() {
        return "function";
    }

    @Override
    public String getCatalogTerm() {
        return "database";
    }

    @Override
    public String getCatalogSeparator() {
        return ".";
    }

    @Override
    public String getSQLKeywords() {
        return "";
    }

    @Override
    public String getNumericFunctions() {
        return "abs,ceil,floor,mod,power,round,sign,sqrt,trunc";
    }

    @Override
    public String getStringFunctions() {
        return "concat,length,lower,ltrim,replace,rtrim,substring,upper";
    }

    @Override
    public String getSystemFunctions() {
        return "";
    }

    @Override
    public String getTimeDateFunctions() {
        return "current_date,current_time,current_timestamp,now";
    }

    /** The server's default_transaction_isolation now: a SET in SQL shows, as with pgjdbc. */
    @Override
    public int getDefaultTransactionIsolation() throws SQLException {
        try (ResultSet rs = query(null, "select current_setting('default_transaction_isolation')")) {
            rs.next();
            return JdbcConnection.isolationLevel(rs.getString(1));
        }
    }

    @Override
    public int getSQLStateType() {
        return sqlStateSQL;
    }

    @Override
    public int getResultSetHoldability() {
        return ResultSet.HOLD_CURSORS_OVER_COMMIT;
    }

    /** NAMEDATALEN - 1: PostgreSQL truncates longer names. */
    private static final int NAME_LENGTH = 63;

    @Override
    public int getMaxColumnNameLength() {
        return NAME_LENGTH;
    }

    @Override
    public int getMaxTableNameLength() {
        return NAME_LENGTH;
    }

    @Override
    public int getMaxSchemaNameLength() {
        return NAME_LENGTH;
    }

    @Override
    public int getMaxCursorNameLength() {
        return NAME_LENGTH;
    }

    @Override
    public int getMaxProcedureNameLength() {
        return NAME_LENGTH;
    }

    @Override
    public int getMaxUserNameLength() {
        return NAME_LENGTH;
    }

    @Override
    public int getMaxCatalogNameLength() {
        return NAME_LENGTH;
    }

    // ------------------------------------------------------------------ catalogs

    /** The JDBC table type of a pg_class row, as pgjdbc names them. */
    private static final String TABLE_TYPE = "case"
            + " when n.nspname ~ '^pg_toast' then null"
            + " when (n.nspname = 'pg_catalog' or n.nspname = 'information_schema') then"
            + "   case c.relkind when 'r' then 'SYSTEM TABLE' when 'v' then 'SYSTEM VIEW' when 'i' then 'SYSTEM INDEX'"
            + "   else null end"
            + " when n.nspname ~ '^pg_temp' then"
            + "   case c.relkind when 'r' then 'TEMPORARY TABLE' when 'i' then 'TEMPORARY INDEX'"
            + "   when 'S' then 'TEMPORARY SEQUENCE' when 'v' then 'TEMPORARY VIEW' else null end"
            + " else case c.relkind when 'r' then 'TABLE' when 'p' then 'PARTITIONED TABLE' when 'i' then 'INDEX'"
            + "   when 'I' then 'PARTITIONED INDEX' when 'S' then 'SEQUENCE' when 'v' then 'VIEW'"
            + "   when 'm' then 'MATERIALIZED VIEW' when 'c' then 'TYPE' when 'f' then 'FOREIGN TABLE' else null end"
            + " end";

    @Override
    public ResultSet getTables(
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String tableNamePattern,
            String @Nullable [] types)
            throws SQLException {
        String sql =
                "select * from (select current_database()::text as \"TABLE_CAT\", n.nspname::text as \"TABLE_SCHEM\","
                        + " c.relname::text as \"TABLE_NAME\", " + TABLE_TYPE + " as \"TABLE_TYPE\","
                        + " obj_description(c.oid, 'pg_class') as \"REMARKS\", null::text as \"TYPE_CAT\","
                        + " null::text as \"TYPE_SCHEM\", null::text as \"TYPE_NAME\", null::text as \"SELF_REFERENCING_COL_NAME\","
                        + " null::text as \"REF_GENERATION\""
                        + " from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
                        + " where ($1::text is null or n.nspname like $1) and ($2::text is null or c.relname like $2)) t"
                        + " where \"TABLE_TYPE\" is not null and ($3::text[] is null or \"TABLE_TYPE\" = any($3))"
                        + " order by \"TABLE_TYPE\", \"TABLE_SCHEM\", \"TABLE_NAME\"";
        return query(catalog, sql, schemaPattern, tableNamePattern, types);
    }

    @Override
    public ResultSet getTableTypes() throws SQLException {
        return query(
                null,
                "select unnest(array['FOREIGN TABLE', 'INDEX', 'MATERIALIZED VIEW', 'PARTITIONED INDEX',"
                        + " 'PARTITIONED TABLE', 'SEQUENCE', 'SYSTEM INDEX', 'SYSTEM TABLE', 'SYSTEM VIEW', 'TABLE',"
                        + " 'TEMPORARY INDEX', 'TEMPORARY SEQUENCE', 'TEMPORARY TABLE', 'TEMPORARY VIEW', 'TYPE', 'VIEW'])"
                        + " as \"TABLE_TYPE\"");
    }

    @Override
    public ResultSet getCatalogs() throws SQLException {
        return query(null, "select current_database()::text as \"TABLE_CAT\"");
    }

    @Override
    public ResultSet getSchemas() throws SQLException {
        return getSchemas(null, null);
    }

    @Override
    public ResultSet getSchemas(@Nullable String catalog, @Nullable String schemaPattern) throws SQLException {
        return query(
                catalog,
                "select nspname::text as \"TABLE_SCHEM\", current_database()::text as \"TABLE_CATALOG\""
                        + " from pg_catalog.pg_namespace where nspname !~ '^pg_(toast|temp)' and ($1::text is null or nspname like $1)"
                        + " order by 1",
                schemaPattern);
    }

    @Override
    public ResultSet getColumns(
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String tableNamePattern,
            @Nullable String columnNamePattern)
            throws SQLException {
        return ColumnsCatalog.getColumns(connection, catalog, schemaPattern, tableNamePattern, columnNamePattern);
    }

    @Override
    public ResultSet getProcedures(
            @Nullable String catalog, @Nullable String schemaPattern, @Nullable String procedureNamePattern)
            throws SQLException {
        return query(null, RoutinesCatalog.PROCEDURES, catalog, schemaPattern, procedureNamePattern);
    }

    @Override
    public ResultSet getProcedureColumns(
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String procedureNamePattern,
            @Nullable String columnNamePattern)
            throws SQLException {
        return query(
                null,
                RoutinesCatalog.PROCEDURE_COLUMNS,
                catalog,
                schemaPattern,
                procedureNamePattern,
                columnNamePattern);
    }

    @Override
    public ResultSet getFunctions(
            @Nullable String catalog, @Nullable String schemaPattern, @Nullable String functionNamePattern)
            throws SQLException {
        return query(null, RoutinesCatalog.FUNCTIONS, catalog, schemaPattern, functionNamePattern);
    }

    @Override
    public ResultSet getFunctionColumns(
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String functionNamePattern,
            @Nullable String columnNamePattern)
            throws SQLException {
        return query(
                null, RoutinesCatalog.FUNCTION_COLUMNS, catalog, schemaPattern, functionNamePattern, columnNamePattern);
    }

    @Override
    public ResultSet getUDTs(
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String typeNamePattern,
            int @Nullable [] types)
            throws SQLException {
        return UserTypesCatalog.udts(connection, catalog, schemaPattern, typeNamePattern, types);
    }

    @Override
    public ResultSet getTablePrivileges(
            @Nullable String catalog, @Nullable String schemaPattern, @Nullable String tableNamePattern)
            throws SQLException {
        return PrivilegesCatalog.tablePrivileges(connection, catalog, schemaPattern, tableNamePattern);
    }

    @Override
    public ResultSet getColumnPrivileges(
            @Nullable String catalog, @Nullable String schema, String table, @Nullable String columnNamePattern)
            throws SQLException {
        return PrivilegesCatalog.columnPrivileges(connection, catalog, schema, table, columnNamePattern);
    }

    @Override
    public ResultSet getBestRowIdentifier(
            @Nullable String catalog, @Nullable String schema, String table, int scope, boolean nullable)
            throws SQLException {
        return RowIdentityCatalog.bestRowIdentifier(connection, catalog, schema, table, scope);
    }

    @Override
    public ResultSet getVersionColumns(@Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return RowIdentityCatalog.versionColumns(connection, catalog, schema, table);
    }

    @Override
    public ResultSet getPseudoColumns(
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String tableNamePattern,
            @Nullable String columnNamePattern)
            throws SQLException {
        return RowIdentityCatalog.pseudoColumns(
                connection, catalog, schemaPattern, tableNamePattern, columnNamePattern);
    }

    @Override
    public ResultSet getPrimaryKeys(@Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return KeysCatalog.primaryKeys(connection, catalog, schema, table);
    }

    @Override
    public ResultSet getImportedKeys(@Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return KeysCatalog.importedKeys(connection, catalog, schema, table);
    }

    @Override
    public ResultSet getExportedKeys(@Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return KeysCatalog.exportedKeys(connection, catalog, schema, table);
    }

    @Override
    public ResultSet getCrossReference(
            @Nullable String parentCatalog,
            @Nullable String parentSchema,
            String parentTable,
            @Nullable String foreignCatalog,
            @Nullable String foreignSchema,
            String foreignTable)
            throws SQLException {
        return KeysCatalog.crossReference(
                connection, parentCatalog, parentSchema, parentTable, foreignCatalog, foreignSchema, foreignTable);
    }

    /**
     * One row per index column, as pgjdbc reports them: TYPE clustered, hashed or other;
     * ASC_OR_DESC only for btree indexes; COLUMN_NAME the column (or expression) without quotes;
     * and pgjdbc's extra REMARKS column (the index's comment). {@code indoption} is an int2vector:
     * its bit test needs a smallint operand, {@code & 1} alone is ambiguous on PostgreSQL 17.
     */
    @Override
    public ResultSet getIndexInfo(
            @Nullable String catalog, @Nullable String schema, String table, boolean unique, boolean approximate)
            throws SQLException {
        return query(
                catalog,
                "select current_database()::text as \"TABLE_CAT\", n.nspname::text as \"TABLE_SCHEM\","
                        + " c.relname::text as \"TABLE_NAME\", not i.indisunique as \"NON_UNIQUE\","
                        + " null::text as \"INDEX_QUALIFIER\", ci.relname::text as \"INDEX_NAME\","
                        + " (case when i.indisclustered then " + tableIndexClustered
                        + "  when am.amname = 'hash' then " + tableIndexHashed + " else " + tableIndexOther
                        + "  end)::smallint as \"TYPE\", k.ord::smallint as \"ORDINAL_POSITION\","
                        + " trim(both '\"' from pg_catalog.pg_get_indexdef(ci.oid, k.ord::int, false)) as \"COLUMN_NAME\","
                        + " case when am.amname <> 'btree' then null"
                        + "  when i.indoption[k.ord - 1] & 1::smallint = 1 then 'D' else 'A' end as \"ASC_OR_DESC\","
                        + " ci.reltuples::bigint as \"CARDINALITY\", ci.relpages::bigint as \"PAGES\","
                        + " pg_catalog.pg_get_expr(i.indpred, i.indrelid) as \"FILTER_CONDITION\","
                        + " obj_description(ci.oid, 'pg_class') as \"REMARKS\""
                        + " from pg_catalog.pg_index i"
                        + " cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)"
                        + " join pg_catalog.pg_class c on c.oid = i.indrelid"
                        + " join pg_catalog.pg_class ci on ci.oid = i.indexrelid"
                        + " join pg_catalog.pg_am am on am.oid = ci.relam"
                        + " join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
                        + " where ($1::text is null or n.nspname = $1) and c.relname = $2 and (not $3 or i.indisunique)"
                        + " order by \"NON_UNIQUE\", \"TYPE\", \"INDEX_NAME\", \"ORDINAL_POSITION\"",
                schema,
                table,
                unique);
    }

    @Override
    public ResultSet getTypeInfo() throws SQLException {
        return query(
                null,
                "select t.typname::text as \"TYPE_NAME\", "
                        + PgTypes.sqlTypeCase("t.oid", "t.typcategory") + " as \"DATA_TYPE\","
                        + " case when t.typname in ('varchar', 'bpchar', 'text') then 10485760 else 0 end as \"PRECISION\","
                        + " case when t.typcategory in ('S', 'D') then '''' else null end as \"LITERAL_PREFIX\","
                        + " case when t.typcategory in ('S', 'D') then '''' else null end as \"LITERAL_SUFFIX\","
                        + " null::text as \"CREATE_PARAMS\", " + typeNullable + "::smallint as \"NULLABLE\","
                        + " t.typcategory = 'S' as \"CASE_SENSITIVE\", " + typeSearchable
                        + "::smallint as \"SEARCHABLE\","
                        + " t.typcategory <> 'N' as \"UNSIGNED_ATTRIBUTE\", false as \"FIXED_PREC_SCALE\","
                        + " false as \"AUTO_INCREMENT\", t.typname::text as \"LOCAL_TYPE_NAME\","
                        + " 0::smallint as \"MINIMUM_SCALE\", 0::smallint as \"MAXIMUM_SCALE\", null::int as \"SQL_DATA_TYPE\","
                        + " null::int as \"SQL_DATETIME_SUB\", 10 as \"NUM_PREC_RADIX\""
                        + " from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace"
                        + " where n.nspname = 'pg_catalog' and t.typtype = 'b' order by 2, 1");
    }

    // ------------------------------------------------------------------ wrapper

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw JdbcErrors.usage("Not a wrapper for " + iface.getName(), JdbcErrors.INVALID_PARAMETER_VALUE);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }
}
