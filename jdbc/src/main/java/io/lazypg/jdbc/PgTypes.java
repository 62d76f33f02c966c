package io.lazypg.jdbc;

import io.lazypg.client.PgType;
import io.lazypg.client.PgTypeSize;
import java.sql.Types;
import java.util.Locale;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;

/**
 * JDBC's view of PostgreSQL types, as pgjdbc reports them, over the client's {@link PgType} table
 * (which holds the JDBC type code, the pg_type name, the element type and the natural class).
 * What is here is JDBC's own: the class {@code getObject} returns (java.sql.Date where the table
 * says LocalDate), signedness, case sensitivity and the SQL aliases a type may be named by.
 * User-defined types (enums, domains, extensions) are {@link Types#OTHER} read as String.
 */
final class PgTypes {

    private PgTypes() {}

    /** The java.sql.Types code: the table's, OTHER for a type not in it. */
    static int sqlType(int oid) {
        return PgType.jdbcTypeOf(oid);
    }

    /** The pg_type.typname ({@code int4}, {@code _int4}), or {@link PgType#describe} for a type not in the table. */
    static String typeName(int oid) {
        return PgType.typnameOf(oid);
    }

    /**
     * The type of {@code oid} as JDBC metadata reports it (name, java.sql.Types code, class): from
     * the client's table, else as {@code userTypes} looks it up in pg_type, else as unknown. For the
     * metadata classes, which call it per question, never per row.
     */
    static UserTypes.UserType describe(int oid, @Nullable IntFunction<UserTypes.UserType> userTypes) {
        if (userTypes != null && PgType.of(oid) == null) {
            UserTypes.UserType user = userTypes.apply(oid);
            if (user != null) {
                return user;
            }
        }
        return new UserTypes.UserType(typeName(oid), sqlType(oid), className(oid));
    }

    /** The class of the value {@link LazyRowResultSet#getObject(int)} returns for this type. */
    static String className(int oid) {
        PgType t = PgType.of(oid);
        if (t == null) {
            return "java.lang.String";
        }
        switch (t.jdbcType()) {
            case Types.DATE:
                return "java.sql.Date";
            case Types.TIME:
                return "java.sql.Time";
            case Types.TIMESTAMP:
                return "java.sql.Timestamp";
            case Types.ARRAY:
                return "java.sql.Array";
            case Types.SMALLINT:
                return "java.lang.Integer"; // JDBC reads smallint as Integer
            default:
                return t.javaClass().getName();
        }
    }

    /** Signed numbers; an array column reports its element type's signedness, as pgjdbc does. */
    static boolean signed(int oid) {
        return PgTypeSize.ofOid(oid).signed();
    }

    /**
     * Case-sensitive types: the table's (text types, "char", json, jsonb, xml) and user-defined
     * types; an array is reported as not case-sensitive.
     */
    static boolean textual(int oid) {
        PgType t = PgType.of(oid);
        if (t == null) {
            return oid >= PgType.FIRST_USER_OID;
        }
        return t.element() == null && t.size().caseSensitive();
    }

    /**
     * The OID of a scalar type known by its pg_type name ({@code int4}) or its SQL name
     * ({@code integer}, {@code character varying}), or 0.
     */
    static int oidOfName(String name) {
        String n = sqlAlias(name.trim().toLowerCase(Locale.ROOT));
        for (PgType t : PgType.values()) {
            if (!t.isArray() && t != PgType.UNKNOWN && n.equals(t.typname())) {
                return t.oid();
            }
        }
        return 0;
    }

    /**
     * The OID of a built-in type as {@code setNull(i, sqlType, typeName)} names it: as
     * {@link #oidOfName} reads it, or by its pg_type name for an array ({@code _int4}), or as
     * {@code int4[]}; 0 for a name the client's type table does not hold (a user-defined type).
     */
    static int oidOfTypeName(String name) {
        int oid = oidOfName(name);
        if (oid != 0) {
            return oid;
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.endsWith("[]")) {
            int element = oidOfName(n.substring(0, n.length() - 2));
            PgType array = element == 0 ? null : PgType.arrayOf(element);
            return array == null ? 0 : array.oid();
        }
        for (PgType t : PgType.values()) {
            if (t.isArray() && n.equals(t.typname())) {
                return t.oid();
            }
        }
        return 0;
    }

    /**
     * A SQL CASE expression that gives, in a catalog query, the same java.sql.Types code as
     * {@link #sqlType} does for {@code oidExpression}: the mapping stays in {@link PgType}.
     * Arrays (pg_type category 'A') are ARRAY, enums ('E') VARCHAR and composites ('C') STRUCT,
     * as {@link UserTypes} reports them in result metadata; other types lazypg does not know are
     * OTHER.
     */
    static String sqlTypeCase(String oidExpression, String categoryExpression) {
        StringBuilder b = new StringBuilder("(case ").append(oidExpression);
        for (PgType t : PgType.values()) {
            if (!t.isArray() && t != PgType.UNKNOWN) {
                b.append(" when ").append(t.oid()).append(" then ").append(t.jdbcType());
            }
        }
        b.append(" else case when ")
                .append(categoryExpression)
                .append(" = 'A' then ")
                .append(Types.ARRAY)
                .append(" when ")
                .append(categoryExpression)
                .append(" = 'E' then ")
                .append(Types.VARCHAR)
                .append(" when ")
                .append(categoryExpression)
                .append(" = 'C' then ")
                .append(Types.STRUCT)
                .append(" else ")
                .append(Types.OTHER)
                .append(" end end)");
        return b.toString();
    }

    /** The java.sql.Types code of a type named as {@link #oidOfName} reads it; OTHER when unknown. */
    static int sqlTypeOfName(String name) {
        return sqlType(oidOfName(name));
    }

    /** SQL's names for the built-in types, to their pg_type names. */
    private static String sqlAlias(String name) {
        switch (name) {
            case "int":
                return "int4";
            case "double":
            case "float":
                return "float8";
            case "decimal":
                return "numeric";
            default:
                for (PgType t : PgType.values()) {
                    if (!t.isArray() && t != PgType.CHAR && name.equals(t.sqlName())) {
                        return t.typname();
                    }
                }
                return name;
        }
    }
}
