package io.lazypg.client.internal.codec;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.UUID;

/**
 * What the codec knows about a type OID: its PostgreSQL name (for messages), the element type of
 * an array type, whether a binary decoder exists, and the natural Java class of a value.
 *
 * <p>Unknown OIDs (enums, domains over text, extension types) are text: their name is
 * {@code "type <oid>"}, they are not arrays, and they have no binary decoder.
 */
final class CodecTypes {

    private CodecTypes() {
    }

    /** The element OID of a known array type, or 0 when {@code oid} is not a known array type. */
    static int elementOid(int oid) {
        switch (oid) {
            case Oids.BOOL_ARRAY: return Oids.BOOL;
            case Oids.BYTEA_ARRAY: return Oids.BYTEA;
            case Oids.CHAR_ARRAY: return Oids.CHAR;
            case Oids.NAME_ARRAY: return Oids.NAME;
            case Oids.INT2_ARRAY: return Oids.INT2;
            case Oids.INT4_ARRAY: return Oids.INT4;
            case Oids.TEXT_ARRAY: return Oids.TEXT;
            case Oids.BPCHAR_ARRAY: return Oids.BPCHAR;
            case Oids.VARCHAR_ARRAY: return Oids.VARCHAR;
            case Oids.INT8_ARRAY: return Oids.INT8;
            case Oids.FLOAT4_ARRAY: return Oids.FLOAT4;
            case Oids.FLOAT8_ARRAY: return Oids.FLOAT8;
            case Oids.OID_ARRAY: return Oids.OID;
            case Oids.INET_ARRAY: return Oids.INET;
            case Oids.CIDR_ARRAY: return Oids.CIDR;
            case Oids.JSON_ARRAY: return Oids.JSON;
            case Oids.DATE_ARRAY: return Oids.DATE;
            case Oids.TIME_ARRAY: return Oids.TIME;
            case Oids.TIMESTAMP_ARRAY: return Oids.TIMESTAMP;
            case Oids.TIMESTAMPTZ_ARRAY: return Oids.TIMESTAMPTZ;
            case Oids.INTERVAL_ARRAY: return Oids.INTERVAL;
            case Oids.TIMETZ_ARRAY: return Oids.TIMETZ;
            case Oids.NUMERIC_ARRAY: return Oids.NUMERIC;
            case Oids.UUID_ARRAY: return Oids.UUID;
            case Oids.JSONB_ARRAY: return Oids.JSONB;
            case Oids.XML_ARRAY: return Oids.XML;
            case Oids.MONEY_ARRAY: return Oids.MONEY;
            default: return 0;
        }
    }

    /** True when values of this (non-array) type can be decoded from PostgreSQL's binary send format. */
    static boolean hasScalarBinaryDecoder(int oid) {
        switch (oid) {
            case Oids.BOOL: case Oids.BYTEA: case Oids.CHAR: case Oids.NAME: case Oids.INT8:
            case Oids.INT2: case Oids.INT4: case Oids.TEXT: case Oids.OID: case Oids.JSON:
            case Oids.CIDR: case Oids.FLOAT4: case Oids.FLOAT8: case Oids.INET: case Oids.BPCHAR:
            case Oids.VARCHAR: case Oids.DATE: case Oids.TIME: case Oids.TIMESTAMP:
            case Oids.TIMESTAMPTZ: case Oids.INTERVAL: case Oids.TIMETZ: case Oids.NUMERIC:
            case Oids.UUID: case Oids.JSONB:
                return true;
            default:
                return false;
        }
    }

    /** True for types whose binary form is the UTF-8 text itself (client_encoding UTF8). */
    static boolean isTextLike(int oid) {
        switch (oid) {
            case Oids.TEXT: case Oids.VARCHAR: case Oids.BPCHAR: case Oids.NAME: case Oids.JSON:
            case Oids.XML: case Oids.UNKNOWN: case Oids.UNSPECIFIED:
                return true;
            default:
                return false;
        }
    }

    /** The natural Java class of a non-NULL value of a scalar type (see {@code CellDecoder.decodeObject}). */
    static Class<?> naturalClass(int oid) {
        switch (oid) {
            case Oids.INT2: return Short.class;
            case Oids.INT4: return Integer.class;
            case Oids.INT8: case Oids.OID: return Long.class;
            case Oids.FLOAT4: return Float.class;
            case Oids.FLOAT8: return Double.class;
            case Oids.NUMERIC: return BigDecimal.class;
            case Oids.BOOL: return Boolean.class;
            case Oids.BYTEA: return byte[].class;
            case Oids.DATE: return LocalDate.class;
            case Oids.TIME: return LocalTime.class;
            case Oids.TIMETZ: return OffsetTime.class;
            case Oids.TIMESTAMP: return LocalDateTime.class;
            case Oids.TIMESTAMPTZ: return OffsetDateTime.class;
            case Oids.UUID: return UUID.class;
            default: return String.class;
        }
    }

    /** The PostgreSQL name of a type, for messages. */
    static String name(int oid) {
        switch (oid) {
            case Oids.BOOL: return "boolean";
            case Oids.BYTEA: return "bytea";
            case Oids.CHAR: return "\"char\"";
            case Oids.NAME: return "name";
            case Oids.INT8: return "bigint";
            case Oids.INT2: return "smallint";
            case Oids.INT4: return "integer";
            case Oids.TEXT: return "text";
            case Oids.OID: return "oid";
            case Oids.JSON: return "json";
            case Oids.XML: return "xml";
            case Oids.CIDR: return "cidr";
            case Oids.FLOAT4: return "real";
            case Oids.FLOAT8: return "double precision";
            case Oids.UNKNOWN: return "unknown";
            case Oids.MONEY: return "money";
            case Oids.INET: return "inet";
            case Oids.BPCHAR: return "character";
            case Oids.VARCHAR: return "character varying";
            case Oids.DATE: return "date";
            case Oids.TIME: return "time without time zone";
            case Oids.TIMESTAMP: return "timestamp without time zone";
            case Oids.TIMESTAMPTZ: return "timestamp with time zone";
            case Oids.INTERVAL: return "interval";
            case Oids.TIMETZ: return "time with time zone";
            case Oids.NUMERIC: return "numeric";
            case Oids.UUID: return "uuid";
            case Oids.JSONB: return "jsonb";
            default:
                int element = elementOid(oid);
                return element != 0 ? name(element) + "[]" : "type " + (oid & 0xFFFFFFFFL);
        }
    }
}
