package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.PgType;
import io.lazypg.client.internal.codec.PgEpoch;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;

/**
 * Writes Java values in PostgreSQL's binary send format for one column type, as binary COPY and
 * binary parameters need them: {@code int32 length | bytes}, or {@code int32 -1} for NULL.
 *
 * <p>Which types: those of {@link PgType} rows this class has a writer for ({@link #writes(int)}),
 * arrays of those ({@link BinaryArrays}), plus user-defined types (enums, whose binary form is the label's UTF-8). Which Java values each
 * accepts is checked per value: a value that does not fit throws {@link IllegalArgumentException}
 * saying why; the caller adds the row and column. Stateless and thread-safe.
 */
public final class BinaryValues {

    private BinaryValues() {}

    /** Whether values of type {@code oid} can be written in binary here. */
    public static boolean writes(int oid) {
        PgType t = PgType.of(oid);
        if (t == null) {
            return oid
                    >= PgType.FIRST_USER_OID; // an enum sends its label; other user types fail per value at the server
        }
        PgType element = t.element();
        if (element != null) {
            return writes(element.oid()); // BinaryArrays writes each element as its own type
        }
        return switch (t) {
            case BOOL,
                    BYTEA,
                    CHAR,
                    NAME,
                    INT8,
                    INT2,
                    INT4,
                    TEXT,
                    OID,
                    JSON,
                    FLOAT4,
                    FLOAT8,
                    BPCHAR,
                    VARCHAR,
                    DATE,
                    TIME,
                    TIMESTAMP,
                    TIMESTAMPTZ,
                    NUMERIC,
                    UUID,
                    JSONB -> true;
            default -> false;
        };
    }

    /** Writes {@code value} (null for NULL) as a binary value of type {@code oid}. */
    public static void write(WriteBuffer out, Object value, int oid) {
        if (value == null) {
            out.writeInt(-1);
            return;
        }
        int lengthAt = out.reserveInt();
        writeValue(out, value, oid);
        out.patchInt(lengthAt, out.position() - lengthAt - 4);
    }

    private static void writeValue(WriteBuffer out, Object v, int oid) {
        PgType t = PgType.of(oid);
        if (t == null) {
            out.writeUtf8(text(v, oid)); // an enum label (or a user type whose binary form is its text)
            return;
        }
        if (t.isArray()) {
            BinaryArrays.writeBody(out, v, t);
            return;
        }
        switch (t) {
            case INT4 -> out.writeInt((int) integral(v, Integer.MIN_VALUE, Integer.MAX_VALUE, t));
            case INT8 -> out.writeLong(integral(v, Long.MIN_VALUE, Long.MAX_VALUE, t));
            case INT2 -> out.writeShort((int) integral(v, Short.MIN_VALUE, Short.MAX_VALUE, t));
            case OID -> out.writeInt((int) integral(v, 0, 0xFFFFFFFFL, t));
            case TEXT, VARCHAR, BPCHAR, NAME, CHAR, JSON -> out.writeUtf8(text(v, oid));
            case JSONB -> {
                out.writeByte(1); // jsonb's binary format: a version byte, then the text
                out.writeUtf8(text(v, oid));
            }
            case BOOL -> out.writeByte(bool(v) ? 1 : 0);
            case FLOAT8 -> out.writeLong(Double.doubleToLongBits(number(v, t).doubleValue()));
            case FLOAT4 -> out.writeInt(Float.floatToIntBits(number(v, t).floatValue()));
            case NUMERIC -> NumericBinary.write(out, decimal(v));
            case BYTEA -> {
                if (!(v instanceof byte[] b)) {
                    throw wrongType(v, t);
                }
                out.writeBytes(b);
            }
            case UUID -> {
                if (!(v instanceof UUID u)) {
                    throw wrongType(v, t);
                }
                out.writeLong(u.getMostSignificantBits());
                out.writeLong(u.getLeastSignificantBits());
            }
            case DATE -> out.writeInt(days(v, t));
            case TIME -> {
                if (!(v instanceof LocalTime time)) {
                    throw wrongType(v, t);
                }
                out.writeLong(time.toNanoOfDay() / 1000);
            }
            case TIMESTAMP -> {
                if (!(v instanceof LocalDateTime ldt)) {
                    throw wrongType(v, t);
                }
                out.writeLong(
                        ldt.equals(LocalDateTime.MAX)
                                ? Long.MAX_VALUE
                                : ldt.equals(LocalDateTime.MIN)
                                        ? Long.MIN_VALUE
                                        : micros(ldt.toEpochSecond(ZoneOffset.UTC), ldt.getNano()));
            }
            case TIMESTAMPTZ -> out.writeLong(timestamptzMicros(v, t));
            default -> throw new IllegalArgumentException("lazypg cannot write " + t.typname() + " in binary format");
        }
    }

    private static long integral(Object v, long min, long max, PgType t) {
        long x;
        if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            x = ((Number) v).longValue();
        } else if (v instanceof BigInteger b && b.bitLength() < 64) {
            x = b.longValue();
        } else if (v instanceof BigDecimal d) {
            try {
                x = d.longValueExact();
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(v + " is not an integer that fits " + t.typname());
            }
        } else {
            throw wrongType(v, t);
        }
        if (x < min || x > max) {
            throw new IllegalArgumentException(v + " is out of range for " + t.typname());
        }
        return x;
    }

    private static Number number(Object v, PgType t) {
        if (v instanceof Number n) {
            return n;
        }
        throw wrongType(v, t);
    }

    private static BigDecimal decimal(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        } else if (v instanceof BigInteger b) {
            return new BigDecimal(b);
        } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
            return BigDecimal.valueOf(((Number) v).longValue());
        } else if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException(v + " cannot be written as a binary numeric by lazypg");
            }
            return BigDecimal.valueOf(d);
        }
        throw wrongType(v, PgType.NUMERIC);
    }

    private static boolean bool(Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw wrongType(v, PgType.BOOL);
    }

    private static String text(Object v, int oid) {
        if (v instanceof String s) {
            return s;
        } else if (v instanceof Character || v instanceof Enum<?>) {
            return v instanceof Enum<?> e ? e.name() : v.toString();
        }
        throw new IllegalArgumentException(
                "a " + v.getClass().getName() + " cannot be written as " + PgType.shortNameOf(oid) + "; pass a String");
    }

    private static int days(Object v, PgType t) {
        if (!(v instanceof LocalDate d)) {
            throw wrongType(v, t);
        }
        if (d.equals(LocalDate.MAX)) {
            return Integer.MAX_VALUE;
        }
        if (d.equals(LocalDate.MIN)) {
            return Integer.MIN_VALUE;
        }
        return Math.toIntExact(d.toEpochDay() - PgEpoch.PG_EPOCH_DAYS);
    }

    /** Microseconds since 2000-01-01 UTC; the MAX/MIN of each type are infinity/-infinity. No allocation. */
    private static long timestamptzMicros(Object v, PgType t) {
        if (v instanceof OffsetDateTime o) {
            return o.equals(OffsetDateTime.MAX)
                    ? Long.MAX_VALUE
                    : o.equals(OffsetDateTime.MIN) ? Long.MIN_VALUE : micros(o.toEpochSecond(), o.getNano());
        } else if (v instanceof Instant i) {
            return i.equals(Instant.MAX)
                    ? Long.MAX_VALUE
                    : i.equals(Instant.MIN) ? Long.MIN_VALUE : micros(i.getEpochSecond(), i.getNano());
        } else if (v instanceof ZonedDateTime z) {
            return micros(z.toEpochSecond(), z.getNano());
        }
        throw wrongType(v, t);
    }

    private static long micros(long epochSecond, int nano) {
        return Math.addExact(
                Math.multiplyExact(epochSecond - PgEpoch.PG_EPOCH_SECONDS, PgEpoch.MICROS_PER_SECOND), nano / 1000);
    }

    private static IllegalArgumentException wrongType(Object v, PgType t) {
        return new IllegalArgumentException("a " + v.getClass().getName() + " cannot be written as " + t.typname());
    }
}
