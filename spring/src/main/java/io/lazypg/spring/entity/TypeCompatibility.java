package io.lazypg.spring.entity;

import io.lazypg.client.PgType;

/**
 * Which Java types an entity accessor may have, and which column types each can be read from:
 * the client decoder's own answer, {@link PgType#decodableAs(int, Class)}, so that the binder
 * accepts exactly what the decoder reads. Checked once per binding so that a mismatch fails on
 * the first row, not at some later getter.
 *
 * <table>
 *   <caption>Accessor type and the column types it accepts (the decoder's, as of this writing)</caption>
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
 *   <tr><td>arrays (Integer[], int[], String[][], ...)</td><td>array types whose elements the component
 *       type accepts, user-defined types (enum[])</td></tr>
 *   <tr><td>PgRange</td><td>range types (int4range, int8range, numrange, daterange, tsrange, tstzrange)</td></tr>
 * </table>
 */
final class TypeCompatibility {

    private TypeCompatibility() {}

    /**
     * True when the client can decode some column type into {@code type}: a row of the type table,
     * a type it does not know (read as its text), or a parameter's unspecified type.
     */
    static boolean supported(Class<?> type) {
        if (PgType.decodableAs(PgType.FIRST_USER_OID, type) || PgType.decodableAs(0, type)) {
            return true;
        }
        for (PgType t : PgType.values()) {
            if (PgType.decodableAs(t.oid(), type)) {
                return true;
            }
        }
        return false;
    }

    /** True when a column of type {@code oid} can be read as {@code type} (values permitting). */
    static boolean compatible(Class<?> type, int oid) {
        return PgType.decodableAs(oid, type);
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
