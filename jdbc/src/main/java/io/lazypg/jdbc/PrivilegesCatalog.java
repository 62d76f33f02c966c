package io.lazypg.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * {@link DatabaseMetaData#getTablePrivileges} and {@link DatabaseMetaData#getColumnPrivileges}:
 * one row per privilege, grantee and grantor, from the relation's ACL ({@code relacl}; a table
 * never granted on has the owner's default, {@code acldefault}) and, for a column, its own
 * ({@code attacl}), read by the server's {@code aclexplode}. As pgjdbc answers: the grantee of a
 * grant to everyone is {@code PUBLIC}, and the owner's privileges are grantable. Beside pgjdbc:
 * PostgreSQL 17's MAINTAIN privilege is named (pgjdbc says UNKNOWN), and a column lists the
 * privileges that apply to columns (SELECT, INSERT, UPDATE, REFERENCES, as
 * {@code information_schema.column_privileges} does), the table's and the column's own together,
 * where pgjdbc repeats every table privilege per column and lets a column grant hide the table's
 * grants of the same privilege. A foreign catalog gives no rows.
 *
 * <p>Stateless and thread-safe.
 */
final class PrivilegesCatalog {

    private PrivilegesCatalog() {}

    private static final String RELATION_ACL = "aclexplode(coalesce(c.relacl, pg_catalog.acldefault('r', c.relowner)))";

    private static String grant(String x) {
        return " pg_catalog.pg_get_userbyid(" + x + ".grantor)::text as \"GRANTOR\","
                + " (case when " + x + ".grantee = 0 then 'PUBLIC' else pg_catalog.pg_get_userbyid(" + x
                + ".grantee)::text end) as \"GRANTEE\", " + x + ".privilege_type::text as \"PRIVILEGE\","
                + " (case when " + x + ".is_grantable or " + x + ".grantee = c.relowner then 'YES' else 'NO' end)"
                + " as \"IS_GRANTABLE\"";
    }

    /** $1 schema pattern, $2 table pattern (null: any); JDBC's order, then grantee and grantor. */
    private static final String TABLES = "select current_database()::text as \"TABLE_CAT\","
            + " n.nspname::text as \"TABLE_SCHEM\", c.relname::text as \"TABLE_NAME\"," + grant("x")
            + " from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + " cross join lateral pg_catalog." + RELATION_ACL + " x"
            + " where c.relkind in ('r', 'p', 'v', 'm', 'f')"
            + " and ($1::text is null or n.nspname like $1) and ($2::text is null or c.relname like $2)"
            + " order by \"TABLE_SCHEM\", \"TABLE_NAME\", \"PRIVILEGE\", \"GRANTEE\", \"GRANTOR\"";

    /** $1 schema (null: any), $2 table (null: any), $3 column pattern (null: any). */
    private static final String COLUMNS = "select current_database()::text as \"TABLE_CAT\","
            + " n.nspname::text as \"TABLE_SCHEM\", c.relname::text as \"TABLE_NAME\","
            + " a.attname::text as \"COLUMN_NAME\"," + grant("x")
            + " from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + " join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped"
            + " cross join lateral (select * from pg_catalog." + RELATION_ACL
            // aclexplode is strict: a column never granted on adds no rows
            + "  union select * from pg_catalog.aclexplode(a.attacl)) x"
            + " where c.relkind in ('r', 'p', 'v', 'm', 'f')"
            + " and x.privilege_type in ('SELECT', 'INSERT', 'UPDATE', 'REFERENCES')"
            + " and ($1::text is null or n.nspname = $1) and ($2::text is null or c.relname = $2)"
            + " and ($3::text is null or a.attname like $3)"
            + " order by \"TABLE_SCHEM\", \"TABLE_NAME\", \"COLUMN_NAME\", \"PRIVILEGE\", \"GRANTEE\", \"GRANTOR\"";

    static ResultSet tablePrivileges(
            JdbcConnection connection,
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String tablePattern)
            throws SQLException {
        return CatalogQuery.run(connection, catalog, TABLES, schemaPattern, tablePattern);
    }

    static ResultSet columnPrivileges(
            JdbcConnection connection,
            @Nullable String catalog,
            @Nullable String schema,
            String table,
            @Nullable String columnPattern)
            throws SQLException {
        return CatalogQuery.run(connection, catalog, COLUMNS, schema, table, columnPattern);
    }
}
