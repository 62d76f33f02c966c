package io.lazypg.jdbc;

import java.sql.DatabaseMetaData;

/**
 * The catalog queries of {@link DatabaseMetaData#getProcedures},
 * {@link DatabaseMetaData#getProcedureColumns}, {@link DatabaseMetaData#getFunctions} and
 * {@link DatabaseMetaData#getFunctionColumns}. The procedure questions, as pgjdbc answers them: functions and procedures
 * alike (both are called with {@code {call}}), a function's arguments from {@code proallargtypes}
 * and {@code proargmodes} (IN, INOUT, OUT; a TABLE column is a return column, as pgjdbc lists it) and, for a function that returns a
 * value through no OUT argument, a first column {@code returnValue} of kind
 * {@code procedureColumnReturn}. The columns and labels are the ones JDBC lists, in its order;
 * patterns are LIKE patterns, null meaning any; a catalog other than the current database gives no
 * rows. This is what Spring's {@code SimpleJdbcCall} reads to find a routine's parameters.
 *
 * <p>The function questions list functions only ({@code prokind = 'f'}, as pgjdbc's
 * {@code getFunctions} does): FUNCTION_TYPE says whether one returns a set. A function's columns
 * are, as pgjdbc lists them: a {@code returnValue} of kind {@code functionReturn} for a function
 * returning one value (a base type, domain, enum, range, or a pseudo-type such as void when it has
 * no OUT arguments), then its arguments (a TABLE column is {@code functionReturn} too), then, for
 * a function returning a composite type, that type's attributes ({@code functionColumnResult},
 * ORDINAL_POSITION 0). Beside pgjdbc: the column name pattern is applied (pgjdbc ignores it),
 * procedures are not listed (pgjdbc lists every routine there, though its getFunctions does not),
 * a range return is a returnValue (pgjdbc gives none), and an unnamed argument is {@code $n}.
 *
 * <p>Stateless and thread-safe.
 */
final class RoutinesCatalog {

    private RoutinesCatalog() {}

    /** $1 catalog, $2 schema pattern, $3 name pattern. */
    static final String PROCEDURES = "select current_database()::text as \"PROCEDURE_CAT\","
            + " n.nspname::text as \"PROCEDURE_SCHEM\", p.proname::text as \"PROCEDURE_NAME\","
            + " null::text as reserved1, null::text as reserved2, null::text as reserved3,"
            + " d.description::text as \"REMARKS\","
            + " (case when p.prokind = 'p' then " + DatabaseMetaData.procedureNoResult + " else "
            + DatabaseMetaData.procedureReturnsResult + " end)::int2 as \"PROCEDURE_TYPE\","
            + " (p.proname || '_' || p.oid)::text as \"SPECIFIC_NAME\""
            + " from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace"
            + " left join pg_catalog.pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass"
            + " and d.objsubid = 0"
            + " where p.prokind in ('f', 'p') and ($1::text is null or $1 = current_database())"
            + " and ($2::text is null or n.nspname like $2) and ($3::text is null or p.proname like $3)"
            + " order by 2, 3, 9";

    /** $1 catalog, $2 schema pattern, $3 name pattern, $4 column name pattern. */
    static final String PROCEDURE_COLUMNS = "with r as (select p.oid, n.nspname, p.proname, p.prokind, p.prorettype,"
            + " coalesce(p.proallargtypes, p.proargtypes::oid[]) as types,"
            + " coalesce(p.proargmodes, array_fill('i'::\"char\", array[cardinality(p.proargtypes::oid[])])) as modes,"
            + " p.proargnames as names"
            + " from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace"
            + " where p.prokind in ('f', 'p') and ($1::text is null or $1 = current_database())"
            + " and ($2::text is null or n.nspname like $2) and ($3::text is null or p.proname like $3))"
            + " select current_database()::text as \"PROCEDURE_CAT\", r.nspname::text as \"PROCEDURE_SCHEM\","
            + " r.proname::text as \"PROCEDURE_NAME\", a.name::text as \"COLUMN_NAME\","
            + " (case a.mode when 'r' then " + DatabaseMetaData.procedureColumnReturn
            + " when 'o' then " + DatabaseMetaData.procedureColumnOut
            + " when 'b' then " + DatabaseMetaData.procedureColumnInOut
            + " when 't' then " + DatabaseMetaData.procedureColumnReturn
            + " else " + DatabaseMetaData.procedureColumnIn + " end)::int2 as \"COLUMN_TYPE\","
            + " " + PgTypes.sqlTypeCase("coalesce(nullif(t.typbasetype, 0), t.oid)", "t.typcategory")
            + "::int4 as \"DATA_TYPE\", t.typname::text as \"TYPE_NAME\", null::int4 as \"PRECISION\","
            + " null::int4 as \"LENGTH\", null::int2 as \"SCALE\", 10::int2 as \"RADIX\","
            + " " + DatabaseMetaData.procedureNullableUnknown + "::int2 as \"NULLABLE\", null::text as \"REMARKS\","
            + " null::text as \"COLUMN_DEF\", null::int4 as \"SQL_DATA_TYPE\", null::int4 as \"SQL_DATETIME_SUB\","
            + " null::int4 as \"CHAR_OCTET_LENGTH\", a.ord::int4 as \"ORDINAL_POSITION\", ''::text as \"IS_NULLABLE\","
            + " (r.proname || '_' || r.oid)::text as \"SPECIFIC_NAME\""
            + " from r cross join lateral ("
            + "  select 0::bigint as ord, 'returnValue'::text as name, r.prorettype as typ, 'r'::\"char\" as mode"
            + "  where r.prokind = 'f' and r.prorettype <> 'pg_catalog.void'::regtype"
            + "  and not r.modes && array['o', 'b', 't']::\"char\"[]"
            + "  union all"
            + "  select u.ord, coalesce(nullif(r.names[u.ord], ''), '$' || u.ord), u.typ, r.modes[u.ord]"
            + "  from unnest(r.types) with ordinality as u(typ, ord)) a"
            + " join pg_catalog.pg_type t on t.oid = a.typ"
            + " where ($4::text is null or a.name like $4)"
            + " order by 2, 3, \"SPECIFIC_NAME\", a.ord";

    /** $1 catalog, $2 schema pattern, $3 name pattern; in pgjdbc's order (the OID as text last). */
    static final String FUNCTIONS = "select current_database()::text as \"FUNCTION_CAT\","
            + " n.nspname::text as \"FUNCTION_SCHEM\", p.proname::text as \"FUNCTION_NAME\","
            + " d.description::text as \"REMARKS\","
            + " (case when p.prorettype = 'pg_catalog.unknown'::regtype then " + DatabaseMetaData.functionResultUnknown
            + " when p.proretset then " + DatabaseMetaData.functionReturnsTable
            + " else " + DatabaseMetaData.functionNoTable + " end)::int2 as \"FUNCTION_TYPE\","
            + " (p.proname || '_' || p.oid)::text as \"SPECIFIC_NAME\""
            + " from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace"
            + " left join pg_catalog.pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass"
            + " and d.objsubid = 0"
            + " where p.prokind = 'f' and ($1::text is null or $1 = current_database())"
            + " and ($2::text is null or n.nspname like $2) and ($3::text is null or p.proname like $3)"
            + " order by 2, 3, p.oid::text";

    /** $1 catalog, $2 schema pattern, $3 name pattern, $4 column name pattern. */
    static final String FUNCTION_COLUMNS = "with r as (select p.oid, n.nspname, p.proname, p.prorettype,"
            + " rt.typtype as rettype, rt.typrelid as retrelid, p.proargmodes is null as unmoded,"
            + " coalesce(p.proallargtypes, p.proargtypes::oid[]) as types,"
            + " coalesce(p.proargmodes, array_fill('i'::\"char\", array[cardinality(p.proargtypes::oid[])])) as modes,"
            + " p.proargnames as names"
            + " from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace"
            + " join pg_catalog.pg_type rt on rt.oid = p.prorettype"
            + " where p.prokind = 'f' and ($1::text is null or $1 = current_database())"
            + " and ($2::text is null or n.nspname like $2) and ($3::text is null or p.proname like $3))"
            + " select current_database()::text as \"FUNCTION_CAT\", r.nspname::text as \"FUNCTION_SCHEM\","
            + " r.proname::text as \"FUNCTION_NAME\", a.name::text as \"COLUMN_NAME\","
            + " (case a.mode when 'r' then " + DatabaseMetaData.functionReturn
            + " when 'c' then " + DatabaseMetaData.functionColumnResult
            + " when 'o' then " + DatabaseMetaData.functionColumnOut
            + " when 'b' then " + DatabaseMetaData.functionColumnInOut
            + " when 't' then " + DatabaseMetaData.functionReturn
            + " else " + DatabaseMetaData.functionColumnIn + " end)::int2 as \"COLUMN_TYPE\","
            + " " + PgTypes.sqlTypeCase("coalesce(nullif(t.typbasetype, 0), t.oid)", "t.typcategory")
            + "::int4 as \"DATA_TYPE\", t.typname::text as \"TYPE_NAME\", null::int2 as \"PRECISION\","
            + " null::int4 as \"LENGTH\", null::int2 as \"SCALE\", null::int2 as \"RADIX\","
            + " " + DatabaseMetaData.functionNullableUnknown + "::int2 as \"NULLABLE\", null::text as \"REMARKS\","
            + " null::int4 as \"CHAR_OCTET_LENGTH\", a.ord::int4 as \"ORDINAL_POSITION\", ''::text as \"IS_NULLABLE\","
            + " (r.proname || '_' || r.oid)::text as \"SPECIFIC_NAME\""
            + " from r cross join lateral ("
            + "  select 0 as part, 0::bigint as ord, 'returnValue'::text as name, r.prorettype as typ, 'r'::\"char\" as mode"
            + "  where r.rettype in ('b', 'd', 'e', 'r', 'm') or (r.rettype = 'p' and r.unmoded)"
            + "  union all"
            + "  select 1, u.ord, coalesce(nullif(r.names[u.ord], ''), '$' || u.ord), u.typ, r.modes[u.ord]"
            + "  from unnest(r.types) with ordinality as u(typ, ord)"
            + "  union all"
            + "  select 2 + c.attnum, 0, c.attname::text, c.atttypid, 'c'::\"char\" from pg_catalog.pg_attribute c"
            + "  where r.rettype = 'c' and c.attrelid = r.retrelid and c.attnum > 0 and not c.attisdropped) a"
            + " join pg_catalog.pg_type t on t.oid = a.typ"
            + " where ($4::text is null or a.name like $4)"
            + " order by 2, 3, r.oid::text, a.part, a.ord";
}
