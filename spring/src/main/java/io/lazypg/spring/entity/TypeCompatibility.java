package io.lazypg.spring.entity;

import io.lazypg.client.PgRange;
import io.lazypg.client.PgType;
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
import org.jspecify.annotations.Nullable;

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
 *   <tr><td>PgRange</td><td>range types (int4range, int8range, numrange, daterange, tsrange, tstzrange)</td></tr>
 * </table>
 */
final class TypeCompatibility {

    private TypeCompatibility() {}

    /** True when the client can decode some column type into {@code type}. */
    static boolean supported(Class<?> type) {
        return type == long.class
                || type == int.class
                || type == short.class
                || type == double.class
                || type == float.class
                || type == boolean.class
                || type == Long.class
                || type == Integer.class
                || type == Short.class
                || type == Double.class
                || type == Float.class
                || type == Boolean.class
                || type == String.class
                || type == Object.class
                || type == byte[].class
                || type == BigDecimal.class
                || type == BigInteger.class
                || type == LocalDate.class
                || type == LocalDateTime.class
                || type == OffsetDateTime.class
                || type == Instant.class
                || type == ZonedDateTime.class
                || type == LocalTime.class
                || type == OffsetTime.class
                || type == UUID.class
                || type == PgRange.class
                || type.isEnum()
                || type.isArray();
    }

    /** True when a column of type {@code oid} can be read as {@code type} (values permitting). */
    static boolean compatible(Class<?> type, int oid) {
        PgType t = PgType.of(oid); // null for a type not in the table
        if (type == String.class || type == Object.class || type == byte[].class) {
            return true;
        }
        if (type == long.class
                || type == int.class
                || type == short.class
                || type == Long.class
                || type == Integer.class
                || type == Short.class
                || type == BigInteger.class) {
            return integral(t);
        }
        if (type == double.class
                || type == float.class
                || type == Double.class
                || type == Float.class
                || type == BigDecimal.class) {
            return integral(t) || t == PgType.FLOAT4 || t == PgType.FLOAT8;
        }
        if (type == boolean.class || type == Boolean.class) {
            return t == PgType.BOOL;
        }
        if (type == LocalDate.class || type == LocalDateTime.class) {
            return t == PgType.DATE || t == PgType.TIMESTAMP || t == PgType.TIMESTAMPTZ;
        }
        if (type == OffsetDateTime.class || type == Instant.class) {
            return t == PgType.TIMESTAMPTZ || t == PgType.TIMESTAMP;
        }
        if (type == ZonedDateTime.class) {
            return t == PgType.TIMESTAMPTZ;
        }
        if (type == LocalTime.class) {
            return t == PgType.TIME || t == PgType.TIMETZ || t == PgType.TIMESTAMP;
        }
        if (type == OffsetTime.class) {
            return t == PgType.TIMETZ;
        }
        if (type == UUID.class) {
            return t == PgType.UUID || textLike(t, oid);
        }
        if (type.isEnum()) {
            return textLike(t, oid) || t == PgType.CHAR || oid >= PgType.FIRST_USER_OID;
        }
        if (type.isArray()) {
            return (t != null && t.isArray()) || oid >= PgType.FIRST_USER_OID;
        }
        if (type == PgRange.class) {
            return t != null && t.rangeSubtype() != null;
        }
        return false;
    }

    private static boolean integral(@Nullable PgType t) {
        return t == PgType.INT2 || t == PgType.INT4 || t == PgType.INT8 || t == PgType.OID || t == PgType.NUMERIC;
    }

    /** The text types, and a parameter's "unspecified" (0). */
    private static boolean textLike(@Nullable PgType t, int oid) {
        return t == PgType.TEXT
                || t == PgType.VARCHAR
                || t == PgType.BPCHAR
                || t == PgType.NAME
                || t == PgType.UNKNOWN
                || oid == 0;
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
