package io.lazypg.client.internal.codec;

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

/**
 * Which column types {@link CellDecoder#decode} converts into which Java types: the decoder's own
 * case lists, as a question ({@link PgType#decodableAs(int, Class)}) that the entity binder and the
 * JDBC driver ask once per column instead of restating them. "Decodable" means the decoder has a
 * conversion from the type; a value may still not fit (a numeric with a fraction read as long, a
 * text that is no UUID, an enum label that names no constant, an array of other dimensions).
 *
 * <p>Each branch below repeats the {@code case} labels of the decoder branch for the same Java
 * type. They are kept apart so that the per-cell decode does no lookup it did not do before (its
 * {@code switch}es stay as they are); {@code DecodableAsIT} keeps the two equal: for every row of
 * the type table, a user-defined enum and its array, and every Java type here, it decodes a real
 * server value in each format the client reads and checks that the decoder refuses the type
 * ("no conversion from this type") exactly where this class says no.
 *
 * <p>Stateless, allocation-free, thread-safe.
 */
public final class DecodeTargets {

    private DecodeTargets() {}

    /** Whether the decoder converts cells of type {@code oid} into {@code type} (values permitting). */
    public static boolean decodable(int oid, Class<?> type) {
        if (type == String.class || type == Object.class || type == byte[].class) {
            return true; // every type has a text form, a natural value and bytes
        }
        if (type == Integer.class
                || type == int.class
                || type == Long.class
                || type == long.class
                || type == Short.class
                || type == short.class
                || type == BigInteger.class) {
            return integral(oid); // CellDecoder.integral; BigInteger: numeric, else integral
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class) {
            return integral(oid) || oid == Oids.FLOAT4 || oid == Oids.FLOAT8; // CellDecoder.floating
        }
        if (type == BigDecimal.class) {
            return integral(oid) || oid == Oids.FLOAT4 || oid == Oids.FLOAT8; // CellDecoder.decodeBigDecimal
        }
        if (type == Boolean.class || type == boolean.class) {
            return oid == Oids.BOOL;
        }
        if (type == LocalDate.class || type == LocalDateTime.class) {
            return oid == Oids.DATE || oid == Oids.TIMESTAMP || oid == Oids.TIMESTAMPTZ;
        }
        if (type == LocalTime.class) {
            return oid == Oids.TIME || oid == Oids.TIMETZ || oid == Oids.TIMESTAMP;
        }
        if (type == OffsetDateTime.class || type == Instant.class) {
            return oid == Oids.TIMESTAMPTZ || oid == Oids.TIMESTAMP;
        }
        if (type == ZonedDateTime.class) {
            return oid == Oids.TIMESTAMPTZ;
        }
        if (type == OffsetTime.class) {
            return oid == Oids.TIMETZ;
        }
        if (type == UUID.class) {
            return oid == Oids.UUID || CodecTypes.isTextLike(oid);
        }
        if (type.isArray()) {
            Class<?> leaf = type;
            while (leaf.isArray() && leaf != byte[].class) {
                leaf = leaf.getComponentType();
            }
            int element = PgType.elementOidOf(oid);
            if (element != 0) {
                return decodable(element, ArrayDecoding.boxed(leaf));
            }
            // A type the table does not know (enum[], ...): its array text is read, its elements as text.
            return PgType.of(oid) == null && decodable(Oids.UNSPECIFIED, ArrayDecoding.boxed(leaf));
        }
        if (type == PgRange.class) {
            PgType t = PgType.of(oid);
            return t != null && t.rangeSubtype() != null;
        }
        if (type.isEnum()) {
            return CodecTypes.isEnumSource(oid);
        }
        return false;
    }

    private static boolean integral(int oid) {
        return oid == Oids.INT2 || oid == Oids.INT4 || oid == Oids.INT8 || oid == Oids.OID || oid == Oids.NUMERIC;
    }
}
