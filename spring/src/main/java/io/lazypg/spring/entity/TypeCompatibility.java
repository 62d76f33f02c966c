package io.lazypg.spring.entity;

import io.lazypg.client.internal.codec.Oids;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.UUID;

/**
 * Which Java types an entity accessor may have, and which column types each can be read from.
 * Checked once per binding so that a mismatch fails on the first row, not at some later getter.
 *
 * <table>
 *   <caption>Accessor type and the column types it accepts</caption>
 *   <tr><td>long, int, short (boxed too), BigInteger</td><td>int2, int4, int8, oid, numeric (range- and
 *       fraction-checked per value)</td></tr>
 *   <tr><td>double, float (boxed too), BigDecimal</td><td>float4, float8, numeric, int2, int4, int8, oid</td></tr>
 *   <tr><td>boolean, Boolean</td><td>bool</td></tr>
 *   <tr><td>String, Object, byte[]</td><td>any (String is PostgreSQL's text output; byte[] is bytea's bytes, else the text's UTF-8)</td></tr>
 *   <tr><td>LocalDate</td><td>date, timestamp, timestamptz</td></tr>
 *   <tr><td>LocalDateTime</td><td>timestamp, date, timestamptz</td></tr>
 *   <tr><td>OffsetDateTime, Instant</td><td>timestamptz, timestamp (as UTC)</td></tr>
 *   <tr><td>ZonedDateTime</td><td>timestamptz</td></tr>
 *   <tr><td>LocalTime</td><td>time, timetz, timestamp</td></tr>
 *   <tr><td>OffsetTime</td><td>timetz</td></tr>
 *   <tr><td>UUID</td><td>uuid, text types</td></tr>
 *   <tr><td>enums (by constant name)</td><td>text types, "char", user-defined types (PostgreSQL enums)</td></tr>
 *   <tr><td>arrays (Integer[], int[], String[][], ...)</td><td>array types, user-defined types</td></tr>
 * </table>
 */
final class TypeCompatibility {

    /** PostgreSQL's FirstNormalObjectId: OIDs from here on are user-defined (enums, domains, extensions). */
    private static final int FIRST_USER_OID = 16384;

    private TypeCompatibility() {
    }

    /** True when the client can decode some column type into {@code type}. */
    static boolean supported(Class<?> type) {
        return type == long.class || type == int.class || type == short.class || type == double.class
                || type == float.class || type == boolean.class || type == Long.class || type == Integer.class
                || type == Short.class || type == Double.class || type == Float.class || type == Boolean.class
                || type == String.class || type == Object.class || type == byte[].class || type == BigDecimal.class
                || type == BigInteger.class || type == LocalDate.class || type == LocalDateTime.class
                || type == OffsetDateTime.class || type == Instant.class || type == ZonedDateTime.class
                || type == LocalTime.class || type == OffsetTime.class || type == UUID.class || type.isEnum()
                || type.isArray();
    }

    /** True when a column of type {@code oid} can be read as {@code type} (values permitting). */
    static boolean compatible(Class<?> type, int oid) {
        if (type == String.class || type == Object.class || type == byte[].class) {
            return true;
        }
        if (type == long.class || type == int.class || type == short.class || type == Long.class
                || type == Integer.class || type == Short.class || type == BigInteger.class) {
            return integral(oid);
        }
        if (type == double.class || type == float.class || type == Double.class || type == Float.class
                || type == BigDecimal.class) {
            return integral(oid) || oid == Oids.FLOAT4 || oid == Oids.FLOAT8;
        }
        if (type == boolean.class || type == Boolean.class) {
            return oid == Oids.BOOL;
        }
        if (type == LocalDate.class || type == LocalDateTime.class) {
            return oid == Oids.DATE || oid == Oids.TIMESTAMP || oid == Oids.TIMESTAMPTZ;
        }
        if (type == OffsetDateTime.class || type == Instant.class) {
            return oid == Oids.TIMESTAMPTZ || oid == Oids.TIMESTAMP;
        }
        if (type == ZonedDateTime.class) {
            return oid == Oids.TIMESTAMPTZ;
        }
        if (type == LocalTime.class) {
            return oid == Oids.TIME || oid == Oids.TIMETZ || oid == Oids.TIMESTAMP;
        }
        if (type == OffsetTime.class) {
            return oid == Oids.TIMETZ;
        }
        if (type == UUID.class) {
            return oid == Oids.UUID || textLike(oid);
        }
        if (type.isEnum()) {
            return textLike(oid) || oid == Oids.CHAR || oid >= FIRST_USER_OID;
        }
        if (type.isArray()) {
            return knownArray(oid) || oid >= FIRST_USER_OID;
        }
        return false;
    }

    private static boolean integral(int oid) {
        return oid == Oids.INT2 || oid == Oids.INT4 || oid == Oids.INT8 || oid == Oids.OID || oid == Oids.NUMERIC;
    }

    private static boolean textLike(int oid) {
        return oid == Oids.TEXT || oid == Oids.VARCHAR || oid == Oids.BPCHAR || oid == Oids.NAME
                || oid == Oids.UNKNOWN || oid == Oids.UNSPECIFIED;
    }

    private static boolean knownArray(int oid) {
        switch (oid) {
            case Oids.BOOL_ARRAY: case Oids.BYTEA_ARRAY: case Oids.CHAR_ARRAY: case Oids.NAME_ARRAY:
            case Oids.INT2_ARRAY: case Oids.INT4_ARRAY: case Oids.TEXT_ARRAY: case Oids.BPCHAR_ARRAY:
            case Oids.VARCHAR_ARRAY: case Oids.INT8_ARRAY: case Oids.FLOAT4_ARRAY: case Oids.FLOAT8_ARRAY:
            case Oids.OID_ARRAY: case Oids.INET_ARRAY: case Oids.CIDR_ARRAY: case Oids.JSON_ARRAY:
            case Oids.DATE_ARRAY: case Oids.TIME_ARRAY: case Oids.TIMESTAMP_ARRAY: case Oids.TIMESTAMPTZ_ARRAY:
            case Oids.INTERVAL_ARRAY: case Oids.TIMETZ_ARRAY: case Oids.NUMERIC_ARRAY: case Oids.UUID_ARRAY:
            case Oids.JSONB_ARRAY: case Oids.XML_ARRAY: case Oids.MONEY_ARRAY:
                return true;
            default:
                return false;
        }
    }

    /** The boxed form of a primitive type, else the type itself. */
    static Class<?> boxed(Class<?> t) {
        if (!t.isPrimitive()) {
            return t;
        }
        if (t == long.class) {
            return Long.class;
        }
        if (t == int.class) {
            return Integer.class;
        }
        if (t == short.class) {
            return Short.class;
        }
        if (t == double.class) {
            return Double.class;
        }
        if (t == float.class) {
            return Float.class;
        }
        if (t == boolean.class) {
            return Boolean.class;
        }
        if (t == byte.class) {
            return Byte.class;
        }
        if (t == char.class) {
            return Character.class;
        }
        return Void.class;
    }
}
