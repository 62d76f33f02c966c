package io.lazypg.jdbc;

import static java.sql.DatabaseMetaData.importedKeyCascade;
import static java.sql.DatabaseMetaData.importedKeyInitiallyDeferred;
import static java.sql.DatabaseMetaData.importedKeyInitiallyImmediate;
import static java.sql.DatabaseMetaData.importedKeyNoAction;
import static java.sql.DatabaseMetaData.importedKeyNotDeferrable;
import static java.sql.DatabaseMetaData.importedKeyRestrict;
import static java.sql.DatabaseMetaData.importedKeySetDefault;
import static java.sql.DatabaseMetaData.importedKeySetNull;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jspecify.annotations.Nullable;

/**
 * The key questions of {@link DatabaseMetaData}: {@code getPrimaryKeys}, {@code getImportedKeys},
 * {@code getExportedKeys} and {@code getCrossReference}, read from {@code pg_constraint}. A key's
 * columns are the constraint's {@code conkey} (and {@code confkey}), so the INCLUDE columns of a
 * primary key's index, which are not part of the key, are not listed. Foreign keys are one row
 * per column pair, the rows of one constraint together ({@code FK_NAME} before {@code KEY_SEQ} in
 * the order, as pgjdbc sorts them), so that two keys to the same table do not interleave. A
 * foreign catalog gives no rows ({@link CatalogQuery}).
 *
 * <p>Stateless and thread-safe.
 */
final class KeysCatalog {

    private KeysCatalog() {}

    /** $1 schema (null: any), $2 table (null: any); ordered by COLUMN_NAME, as JDBC specifies. */
    private static final String PRIMARY_KEYS = "select current_database()::text as \"TABLE_CAT\","
            + " n.nspname::text as \"TABLE_SCHEM\", c.relname::text as \"TABLE_NAME\", a.attname::text as \"COLUMN_NAME\","
            + " k.ord::smallint as \"KEY_SEQ\", con.conname::text as \"PK_NAME\""
            + " from pg_catalog.pg_constraint con"
            + " cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)"
            + " join pg_catalog.pg_class c on c.oid = con.conrelid"
            + " join pg_catalog.pg_namespace n on n.oid = c.relnamespace"
            + " join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum"
            + " where con.contype = 'p' and ($1::text is null or n.nspname = $1) and ($2::text is null or c.relname = $2)"
            + " order by \"TABLE_SCHEM\", \"TABLE_NAME\", \"COLUMN_NAME\"";

    /** $1 primary schema, $2 primary table, $3 foreign schema, $4 foreign table (each null: any). */
    private static final String FOREIGN_KEYS = "select current_database()::text as \"PKTABLE_CAT\","
            + " pn.nspname::text as \"PKTABLE_SCHEM\", pc.relname::text as \"PKTABLE_NAME\","
            + " pa.attname::text as \"PKCOLUMN_NAME\", current_database()::text as \"FKTABLE_CAT\","
            + " fn.nspname::text as \"FKTABLE_SCHEM\", fc.relname::text as \"FKTABLE_NAME\","
            + " fa.attname::text as \"FKCOLUMN_NAME\", k.ord::smallint as \"KEY_SEQ\","
            + " " + referentialAction("con.confupdtype") + " as \"UPDATE_RULE\","
            + " " + referentialAction("con.confdeltype") + " as \"DELETE_RULE\","
            + " con.conname::text as \"FK_NAME\", pi.relname::text as \"PK_NAME\","
            + " (case when con.condeferrable and con.condeferred then " + importedKeyInitiallyDeferred
            + "  when con.condeferrable then " + importedKeyInitiallyImmediate
            + "  else " + importedKeyNotDeferrable + " end)::smallint as \"DEFERRABILITY\""
            + " from pg_catalog.pg_constraint con"
            + " cross join lateral unnest(con.conkey, con.confkey) with ordinality as k(fk, pk, ord)"
            + " join pg_catalog.pg_class fc on fc.oid = con.conrelid"
            + " join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace"
            + " join pg_catalog.pg_class pc on pc.oid = con.confrelid"
            + " join pg_catalog.pg_namespace pn on pn.oid = pc.relnamespace"
            + " join pg_catalog.pg_attribute fa on fa.attrelid = fc.oid and fa.attnum = k.fk"
            + " join pg_catalog.pg_attribute pa on pa.attrelid = pc.oid and pa.attnum = k.pk"
            + " left join pg_catalog.pg_class pi on pi.oid = con.conindid"
            + " where con.contype = 'f' and ($1::text is null or pn.nspname = $1) and ($2::text is null or pc.relname = $2)"
            + " and ($3::text is null or fn.nspname = $3) and ($4::text is null or fc.relname = $4)";

    private static final String BY_PRIMARY_TABLE =
            " order by \"PKTABLE_SCHEM\", \"PKTABLE_NAME\", \"FK_NAME\", \"KEY_SEQ\"";
    private static final String BY_FOREIGN_TABLE =
            " order by \"FKTABLE_SCHEM\", \"FKTABLE_NAME\", \"FK_NAME\", \"KEY_SEQ\"";

    static ResultSet primaryKeys(
            JdbcConnection connection, @Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return CatalogQuery.run(connection, catalog, PRIMARY_KEYS, schema, table);
    }

    /** The keys of {@code table} that reference other tables, ordered by the table they reference. */
    static ResultSet importedKeys(
            JdbcConnection connection, @Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return CatalogQuery.run(connection, catalog, FOREIGN_KEYS + BY_PRIMARY_TABLE, null, null, schema, table);
    }

    /** The keys of other tables that reference {@code table}, ordered by the referencing table. */
    static ResultSet exportedKeys(
            JdbcConnection connection, @Nullable String catalog, @Nullable String schema, String table)
            throws SQLException {
        return CatalogQuery.run(connection, catalog, FOREIGN_KEYS + BY_FOREIGN_TABLE, schema, table, null, null);
    }

    /** The keys of the foreign table that reference the primary table, ordered by the foreign table. */
    static ResultSet crossReference(
            JdbcConnection connection,
            @Nullable String primaryCatalog,
            @Nullable String primarySchema,
            String primaryTable,
            @Nullable String foreignCatalog,
            @Nullable String foreignSchema,
            String foreignTable)
            throws SQLException {
        // either catalog foreign: no rows
        String catalog = CatalogQuery.foreign(connection, primaryCatalog) ? primaryCatalog : foreignCatalog;
        return CatalogQuery.run(
                connection,
                catalog,
                FOREIGN_KEYS + BY_FOREIGN_TABLE,
                primarySchema,
                primaryTable,
                foreignSchema,
                foreignTable);
    }

    private static String referentialAction(String column) {
        return "(case " + column + " when 'c' then " + importedKeyCascade + " when 'n' then " + importedKeySetNull
                + " when 'd' then " + importedKeySetDefault + " when 'r' then " + importedKeyRestrict
                + " else " + importedKeyNoAction + " end)::smallint";
    }
}
