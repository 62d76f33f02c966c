package io.lazypg.jdbc;

import io.lazypg.client.internal.codec.Oids;
import java.sql.Types;

/**
 * JDBC's view of PostgreSQL type OIDs, as pgjdbc reports them: the java.sql.Types code, the
 * pg_type name ({@code int4}, {@code _text} for text[]) and the class {@code getObject} returns.
 * User-defined types (enums, domains, extensions) are {@link Types#OTHER} read as String.
 */
final class PgTypes {

    private PgTypes() {
    }

    static int sqlType(int oid) {
        switch (oid) {
            case Oids.BOOL: return Types.BIT;
            case Oids.BYTEA: return Types.BINARY;
            case Oids.CHAR: case Oids.BPCHAR: return Types.CHAR;
            case Oids.NAME: case Oids.TEXT: case Oids.VARCHAR: return Types.VARCHAR;
            case Oids.INT8: case Oids.OID: return Types.BIGINT;
            case Oids.INT2: return Types.SMALLINT;
            case Oids.INT4: return Types.INTEGER;
            case Oids.FLOAT4: return Types.REAL;
            case Oids.FLOAT8: case Oids.MONEY: return Types.DOUBLE;
            case Oids.NUMERIC: return Types.NUMERIC;
            case Oids.DATE: return Types.DATE;
            case Oids.TIME: case Oids.TIMETZ: return Types.TIME;
            case Oids.TIMESTAMP: case Oids.TIMESTAMPTZ: return Types.TIMESTAMP;
            case Oids.XML: return Types.SQLXML;
            default: return elementName(oid) != null ? Types.ARRAY : Types.OTHER;
        }
    }

    /** The pg_type.typname, or "oid N" for a type lazypg does not know by number. */
    static String typeName(int oid) {
        String element = elementName(oid);
        if (element != null) {
            return "_" + element;
        }
        String scalar = scalarName(oid);
        return scalar != null ? scalar : "oid " + oid;
    }

    /** The class of the value {@link LazyRowResultSet#getObject(int)} returns for this type. */
    static String className(int oid) {
        switch (oid) {
            case Oids.BOOL: return "java.lang.Boolean";
            case Oids.BYTEA: return "[B";
            case Oids.INT8: case Oids.OID: return "java.lang.Long";
            case Oids.INT2: case Oids.INT4: return "java.lang.Integer";
            case Oids.FLOAT4: return "java.lang.Float";
            case Oids.FLOAT8: return "java.lang.Double";
            case Oids.NUMERIC: return "java.math.BigDecimal";
            case Oids.DATE: return "java.sql.Date";
            case Oids.TIME: case Oids.TIMETZ: return "java.sql.Time";
            case Oids.TIMESTAMP: case Oids.TIMESTAMPTZ: return "java.sql.Timestamp";
            case Oids.UUID: return "java.util.UUID";
            default: return elementName(oid) != null ? "java.sql.Array" : "java.lang.String";
        }
    }

    /** The Java array class of a one-dimensional array column's natural values (Integer[] for int4[]). */
    static Class<?> naturalArrayClass(int arrayOid) {
        int element = elementOid(arrayOid);
        switch (element) {
            case Oids.BOOL: return Boolean[].class;
            case Oids.INT2: return Short[].class;
            case Oids.INT4: return Integer[].class;
            case Oids.INT8: case Oids.OID: return Long[].class;
            case Oids.FLOAT4: return Float[].class;
            case Oids.FLOAT8: return Double[].class;
            case Oids.NUMERIC: return java.math.BigDecimal[].class;
            case Oids.DATE: return java.time.LocalDate[].class;
            case Oids.TIME: return java.time.LocalTime[].class;
            case Oids.TIMESTAMP: return java.time.LocalDateTime[].class;
            case Oids.TIMESTAMPTZ: return java.time.OffsetDateTime[].class;
            case Oids.UUID: return java.util.UUID[].class;
            case Oids.BYTEA: return byte[][].class;
            default: return String[].class;
        }
    }

    /** Signed numbers; an array column reports its element type's signedness, as pgjdbc does. */
    static boolean signed(int oid) {
        int element = elementOid(oid);
        if (element != 0) {
            return signed(element);
        }
        switch (oid) {
            case Oids.INT2: case Oids.INT4: case Oids.INT8: case Oids.FLOAT4: case Oids.FLOAT8: case Oids.NUMERIC:
            case Oids.MONEY:
                return true;
            default:
                return false;
        }
    }

    static boolean textual(int oid) {
        switch (oid) {
            case Oids.TEXT: case Oids.VARCHAR: case Oids.BPCHAR: case Oids.NAME: case Oids.CHAR: case Oids.JSON:
            case Oids.JSONB: case Oids.XML:
                return true;
            default:
                return oid >= 16384;
        }
    }

    private static String scalarName(int oid) {
        switch (oid) {
            case Oids.BOOL: return "bool";
            case Oids.BYTEA: return "bytea";
            case Oids.CHAR: return "char";
            case Oids.NAME: return "name";
            case Oids.INT8: return "int8";
            case Oids.INT2: return "int2";
            case Oids.INT4: return "int4";
            case Oids.TEXT: return "text";
            case Oids.OID: return "oid";
            case Oids.JSON: return "json";
            case Oids.XML: return "xml";
            case Oids.CIDR: return "cidr";
            case Oids.FLOAT4: return "float4";
            case Oids.FLOAT8: return "float8";
            case Oids.UNKNOWN: return "unknown";
            case Oids.MONEY: return "money";
            case Oids.INET: return "inet";
            case Oids.BPCHAR: return "bpchar";
            case Oids.VARCHAR: return "varchar";
            case Oids.DATE: return "date";
            case Oids.TIME: return "time";
            case Oids.TIMESTAMP: return "timestamp";
            case Oids.TIMESTAMPTZ: return "timestamptz";
            case Oids.INTERVAL: return "interval";
            case Oids.TIMETZ: return "timetz";
            case Oids.NUMERIC: return "numeric";
            case Oids.UUID: return "uuid";
            case Oids.JSONB: return "jsonb";
            default: return null;
        }
    }

    /** The element type's name of a known array type, or null. */
    static String elementName(int oid) {
        switch (oid) {
            case Oids.BOOL_ARRAY: return "bool";
            case Oids.BYTEA_ARRAY: return "bytea";
            case Oids.CHAR_ARRAY: return "char";
            case Oids.NAME_ARRAY: return "name";
            case Oids.INT2_ARRAY: return "int2";
            case Oids.INT4_ARRAY: return "int4";
            case Oids.TEXT_ARRAY: return "text";
            case Oids.BPCHAR_ARRAY: return "bpchar";
            case Oids.VARCHAR_ARRAY: return "varchar";
            case Oids.INT8_ARRAY: return "int8";
            case Oids.FLOAT4_ARRAY: return "float4";
            case Oids.FLOAT8_ARRAY: return "float8";
            case Oids.OID_ARRAY: return "oid";
            case Oids.INET_ARRAY: return "inet";
            case Oids.CIDR_ARRAY: return "cidr";
            case Oids.JSON_ARRAY: return "json";
            case Oids.DATE_ARRAY: return "date";
            case Oids.TIME_ARRAY: return "time";
            case Oids.TIMESTAMP_ARRAY: return "timestamp";
            case Oids.TIMESTAMPTZ_ARRAY: return "timestamptz";
            case Oids.INTERVAL_ARRAY: return "interval";
            case Oids.TIMETZ_ARRAY: return "timetz";
            case Oids.NUMERIC_ARRAY: return "numeric";
            case Oids.UUID_ARRAY: return "uuid";
            case Oids.JSONB_ARRAY: return "jsonb";
            case Oids.XML_ARRAY: return "xml";
            case Oids.MONEY_ARRAY: return "money";
            default: return null;
        }
    }

    /** The element OID of a known array type, or 0. */
    static int elementOid(int arrayOid) {
        String name = elementName(arrayOid);
        return name == null ? 0 : oidOfName(name);
    }

    private static final int[] KNOWN_SCALARS = {Oids.BOOL, Oids.BYTEA, Oids.CHAR, Oids.NAME, Oids.INT2, Oids.INT4,
        Oids.TEXT, Oids.BPCHAR, Oids.VARCHAR, Oids.INT8, Oids.FLOAT4, Oids.FLOAT8, Oids.OID, Oids.INET, Oids.CIDR,
        Oids.JSON, Oids.DATE, Oids.TIME, Oids.TIMESTAMP, Oids.TIMESTAMPTZ, Oids.INTERVAL, Oids.TIMETZ, Oids.NUMERIC,
        Oids.UUID, Oids.JSONB, Oids.XML, Oids.MONEY};

    /**
     * The OID of a scalar type known by its pg_type name ({@code int4}) or its SQL name
     * ({@code integer}, {@code character varying}), or 0.
     */
    static int oidOfName(String name) {
        String n = sqlAlias(name.trim().toLowerCase(java.util.Locale.ROOT));
        for (int candidate : KNOWN_SCALARS) {
            if (n.equals(scalarName(candidate))) {
                return candidate;
            }
        }
        return 0;
    }

    /**
     * A SQL CASE expression that gives, in a catalog query, the same java.sql.Types code as
     * {@link #sqlType} does for {@code oidExpression}: the mapping stays here, in one place.
     * Arrays (pg_type category 'A') are ARRAY; types lazypg does not know are OTHER.
     */
    static String sqlTypeCase(String oidExpression, String categoryExpression) {
        StringBuilder b = new StringBuilder("(case ").append(oidExpression);
        for (int oid : KNOWN_SCALARS) {
            b.append(" when ").append(oid).append(" then ").append(sqlType(oid));
        }
        b.append(" else case when ").append(categoryExpression).append(" = 'A' then ").append(Types.ARRAY)
                .append(" else ").append(Types.OTHER).append(" end end)");
        return b.toString();
    }

    /** The java.sql.Types code of a type named as {@link #oidOfName} reads it; OTHER when unknown. */
    static int sqlTypeOfName(String name) {
        return sqlType(oidOfName(name));
    }

    private static String sqlAlias(String name) {
        switch (name) {
            case "integer": case "int": return "int4";
            case "bigint": return "int8";
            case "smallint": return "int2";
            case "boolean": return "bool";
            case "real": return "float4";
            case "double precision": case "double": case "float": return "float8";
            case "character varying": return "varchar";
            case "character": return "bpchar";
            case "decimal": return "numeric";
            case "timestamp without time zone": return "timestamp";
            case "timestamp with time zone": return "timestamptz";
            case "time without time zone": return "time";
            case "time with time zone": return "timetz";
            default: return name;
        }
    }
}
