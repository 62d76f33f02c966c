package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.PgType;
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
import java.util.Collection;
import java.util.UUID;

/**
 * Maps Java values to the PostgreSQL type OIDs declared for them in Parse.
 *
 * <p>Strings, characters and enums map to {@link Oids#UNSPECIFIED} (0): the server infers the type
 * from the context ({@code where name = $1}, {@code insert into t(status) values ($1)} for an enum
 * column), which a declared {@code text} would prevent.
 */
final class ParameterTypes {

    /** Not a type lazypg can send. Distinct from 0, which means "let the server infer". */
    static final int UNSUPPORTED = -1;
    /** An array or collection with no non-null element (or only empty sub-arrays) to take a type from. */
    static final int NO_ELEMENT = -2;

    static final String SUPPORTED = "String, Character, enums, Short, Integer, Long, BigInteger, BigDecimal, Float,"
            + " Double, Boolean, byte[], UUID, LocalDate, LocalTime, OffsetTime, LocalDateTime, OffsetDateTime,"
            + " Instant, ZonedDateTime, PgRange, and arrays or Collections of these (also int[], long[], short[], float[], double[],"
            + " boolean[]; nested for multidimensional arrays)";

    private ParameterTypes() {}

    /** The OID of a non-null value that is not array-like, 0 for text-like values, or {@link #UNSUPPORTED}. */
    static int scalarOid(Object v) {
        // Most frequent first: the chain is walked for every parameter of every execution.
        if (v instanceof String) {
            return Oids.UNSPECIFIED;
        } else if (v instanceof Integer) {
            return Oids.INT4;
        } else if (v instanceof Long) {
            return Oids.INT8;
        }
        return scalarOidOfClass(v.getClass());
    }

    /** As {@link #scalarOid}, by class; {@link #UNSUPPORTED} also for classes too general to tell (Object, Number). */
    static int scalarOidOfClass(Class<?> c) {
        if (c == String.class
                || c == Character.class
                || c == io.lazypg.client.PgRange.class // its range type comes from the context, as a string's
                || c.isEnum()
                || (c.getSuperclass() != null && c.getSuperclass().isEnum())) { // constant with a body
            return Oids.UNSPECIFIED;
        } else if (c == Integer.class) {
            return Oids.INT4;
        } else if (c == Long.class) {
            return Oids.INT8;
        } else if (c == Short.class) {
            return Oids.INT2;
        } else if (c == BigDecimal.class || c == BigInteger.class) {
            return Oids.NUMERIC;
        } else if (c == Double.class) {
            return Oids.FLOAT8;
        } else if (c == Float.class) {
            return Oids.FLOAT4;
        } else if (c == Boolean.class) {
            return Oids.BOOL;
        } else if (c == byte[].class) {
            return Oids.BYTEA;
        } else if (c == UUID.class) {
            return Oids.UUID;
        } else if (c == LocalDate.class) {
            return Oids.DATE;
        } else if (c == LocalTime.class) {
            return Oids.TIME;
        } else if (c == OffsetTime.class) {
            return Oids.TIMETZ;
        } else if (c == LocalDateTime.class) {
            return Oids.TIMESTAMP;
        } else if (c == OffsetDateTime.class || c == Instant.class || c == ZonedDateTime.class) {
            return Oids.TIMESTAMPTZ;
        }
        return UNSUPPORTED;
    }

    /** Whether {@code v} becomes a PostgreSQL array (a dimension): byte[] does not, it is a bytea value. */
    static boolean isArrayLike(Object v) {
        return v instanceof Object[] || v instanceof Collection || isPrimitiveArray(v);
    }

    static boolean isPrimitiveArray(Object v) {
        return v instanceof int[]
                || v instanceof long[]
                || v instanceof short[]
                || v instanceof double[]
                || v instanceof float[]
                || v instanceof boolean[];
    }

    /** The element OID of a primitive array class, or {@link #UNSUPPORTED} for any other class. */
    static int primitiveArrayElementOid(Class<?> c) {
        if (c == int[].class) {
            return Oids.INT4;
        } else if (c == long[].class) {
            return Oids.INT8;
        } else if (c == short[].class) {
            return Oids.INT2;
        } else if (c == double[].class) {
            return Oids.FLOAT8;
        } else if (c == float[].class) {
            return Oids.FLOAT4;
        } else if (c == boolean[].class) {
            return Oids.BOOL;
        }
        return UNSUPPORTED;
    }

    /**
     * The element OID of an array-like value at any depth: from the Java component type when it is
     * specific ({@code Integer[][]}, {@code int[][]}), else from the first non-null leaf element.
     * Returns {@link #NO_ELEMENT} when there is none and {@link #UNSUPPORTED} when that leaf cannot be sent.
     */
    static int leafOid(Object arrayLike) {
        int byClass = primitiveArrayElementOid(arrayLike.getClass());
        if (byClass != UNSUPPORTED) {
            return byClass;
        }
        if (arrayLike instanceof Object[]) {
            byClass = componentLeafOid(arrayLike.getClass().getComponentType());
            if (byClass != UNSUPPORTED) {
                return byClass;
            }
            for (Object e : (Object[]) arrayLike) {
                int oid = firstLeafOid(e);
                if (oid != NO_ELEMENT) {
                    return oid;
                }
            }
            return NO_ELEMENT;
        }
        for (Object e : (Collection<?>) arrayLike) {
            int oid = firstLeafOid(e);
            if (oid != NO_ELEMENT) {
                return oid;
            }
        }
        return NO_ELEMENT;
    }

    private static int firstLeafOid(Object e) {
        if (e == null) {
            return NO_ELEMENT;
        }
        return isArrayLike(e) ? leafOid(e) : scalarOid(e);
    }

    private static int componentLeafOid(Class<?> c) {
        while (c.isArray() && c != byte[].class) {
            int primitive = primitiveArrayElementOid(c);
            if (primitive != UNSUPPORTED) {
                return primitive;
            }
            c = c.getComponentType();
        }
        return scalarOidOfClass(c);
    }

    /** The array type OID whose elements have {@code elementOid}; 0 (let the server infer) when there is none. */
    static int arrayOidOf(int elementOid) {
        PgType array = PgType.arrayOf(elementOid);
        return array == null ? Oids.UNSPECIFIED : array.oid();
    }
}
