package io.lazypg.jdbc;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * {@link DatabaseMetaData#getUDTs}, as pgjdbc answers it: composite types (every table's row type
 * among them) as {@link Types#STRUCT} and domains as {@link Types#DISTINCT} (BASE_TYPE: the
 * java.sql.Types code of the domain's base type), outside {@code pg_catalog} and
 * {@code pg_toast}; {@code types} keeps STRUCT, DISTINCT or both (other codes match nothing). A
 * qualified type name pattern ({@code schema.type}, {@code catalog.schema.type}) gives the schema,
 * as JDBC specifies. A foreign catalog gives no rows. (lazypg's own name for its user-type lookup
 * in result metadata is {@link UserTypes}; this is the catalog question.)
 *
 * <p>Stateless and thread-safe.
 */
final class UserTypesCatalog {

    private UserTypesCatalog() {}

    /** $1 schema pattern, $2 type name pattern (null: any), $3 the typtypes kept. */
    private static final String UDTS = "select current_database()::text as \"TYPE_CAT\","
            + " n.nspname::text as \"TYPE_SCHEM\", t.typname::text as \"TYPE_NAME\", null::text as \"CLASS_NAME\","
            + " (case when t.typtype = 'c' then " + Types.STRUCT + " else " + Types.DISTINCT + " end)::int4"
            + " as \"DATA_TYPE\", pg_catalog.obj_description(t.oid, 'pg_type') as \"REMARKS\","
            + " (case when t.typtype = 'd' then " + PgTypes.sqlTypeCase("bt.oid", "bt.typcategory")
            + " end)::int2 as \"BASE_TYPE\""
            + " from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace"
            + " left join pg_catalog.pg_type bt on bt.oid = t.typbasetype"
            + " where n.nspname not in ('pg_catalog', 'pg_toast') and t.typtype::text = any($3::text[])"
            + " and ($1::text is null or n.nspname like $1) and ($2::text is null or t.typname like $2)"
            + " order by \"DATA_TYPE\", \"TYPE_SCHEM\", \"TYPE_NAME\"";

    static ResultSet udts(
            JdbcConnection connection,
            @Nullable String catalog,
            @Nullable String schemaPattern,
            @Nullable String typeNamePattern,
            int @Nullable [] types)
            throws SQLException {
        String schema = schemaPattern;
        String name = typeNamePattern;
        if (name != null) {
            int first = name.indexOf('.');
            int last = name.lastIndexOf('.');
            if (first >= 0) {
                // schema.type, or catalog.schema.type: the name's own schema wins over the argument
                schema = first == last ? name.substring(0, first) : name.substring(first + 1, last);
                name = name.substring(last + 1);
            }
        }
        List<String> kinds = new ArrayList<>(2);
        if (types == null) {
            kinds.add("c");
            kinds.add("d");
        } else {
            for (int type : types) {
                if (type == Types.STRUCT) {
                    kinds.add("c");
                } else if (type == Types.DISTINCT) {
                    kinds.add("d");
                }
            }
        }
        return CatalogQuery.run(connection, catalog, UDTS, schema, name, kinds.toArray(new String[0]));
    }
}
