package io.lazypg.client.internal.codec;

/** Readable names of the built-in types, for messages. */
public final class TypeNames {

    private TypeNames() {
    }

    public static String of(int oid) {
        return switch (oid) {
            case Oids.BOOL -> "bool";
            case Oids.BYTEA -> "bytea";
            case Oids.CHAR -> "char";
            case Oids.NAME -> "name";
            case Oids.INT8 -> "int8";
            case Oids.INT2 -> "int2";
            case Oids.INT4 -> "int4";
            case Oids.TEXT -> "text";
            case Oids.OID -> "oid";
            case Oids.JSON -> "json";
            case Oids.XML -> "xml";
            case Oids.FLOAT4 -> "float4";
            case Oids.FLOAT8 -> "float8";
            case Oids.UNKNOWN -> "unknown";
            case Oids.MONEY -> "money";
            case Oids.INET -> "inet";
            case Oids.CIDR -> "cidr";
            case Oids.BPCHAR -> "bpchar";
            case Oids.VARCHAR -> "varchar";
            case Oids.DATE -> "date";
            case Oids.TIME -> "time";
            case Oids.TIMESTAMP -> "timestamp";
            case Oids.TIMESTAMPTZ -> "timestamptz";
            case Oids.INTERVAL -> "interval";
            case Oids.TIMETZ -> "timetz";
            case Oids.NUMERIC -> "numeric";
            case Oids.UUID -> "uuid";
            case Oids.JSONB -> "jsonb";
            case Oids.INT2_ARRAY -> "int2[]";
            case Oids.INT4_ARRAY -> "int4[]";
            case Oids.INT8_ARRAY -> "int8[]";
            case Oids.TEXT_ARRAY -> "text[]";
            case Oids.VARCHAR_ARRAY -> "varchar[]";
            case Oids.FLOAT8_ARRAY -> "float8[]";
            case Oids.NUMERIC_ARRAY -> "numeric[]";
            case Oids.BOOL_ARRAY -> "bool[]";
            case Oids.UUID_ARRAY -> "uuid[]";
            default -> "oid " + oid;
        };
    }
}
