package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.PgUsageException;
import io.lazypg.client.internal.codec.Oids;
import io.lazypg.client.internal.wire.WriteBuffer;

/**
 * Binds Java values as parameters of the extended query protocol: the type OID declared for each
 * in Parse, the format code and the value bytes in Bind.
 *
 * <pre>
 * Bind parameter value:  int32 length | length bytes     (length excludes itself)
 *                        int32 -1                         (SQL NULL, no bytes)
 * </pre>
 *
 * <p>Every value goes out in text format except {@code byte[]}, which is sent raw in binary format
 * (bytea's binary form is the bytes themselves). Text keeps one encoder per type and lets the server
 * coerce where a declared OID of 0 leaves the type to inference. Integers and dates/times are written
 * digit by digit into the buffer without an intermediate {@code String}.
 *
 * <p>{@link #typeOid} and {@link #formatCode} are pure functions of the value, so a caller can declare
 * types in Parse and formats in Bind from the same values it then writes. {@link #write} validates while
 * writing: when it throws, the buffer holds part of a parameter and the message being built must be
 * discarded (the connection resets its buffer before the next message). Stateless and thread-safe.
 */
public final class ParameterEncoder {

    /** Format code of a text parameter in Bind. */
    public static final int TEXT = 0;
    /** Format code of a binary parameter in Bind. */
    public static final int BINARY = 1;

    /** How much of the SQL a count mismatch message quotes. */
    private static final int SQL_EXCERPT = 120;

    private ParameterEncoder() {}

    /**
     * The type OID to declare in Parse for this value: its OID for a {@link io.lazypg.client.PgNull}
     * (a typed NULL); 0 (let the server infer) for null, String,
     * Character, enums and arrays/collections of those; int2 Short, int4 Integer, int8 Long, numeric
     * BigDecimal/BigInteger, float4 Float, float8 Double, bool Boolean, bytea byte[], uuid UUID, date
     * LocalDate, time LocalTime, timetz OffsetTime, timestamp LocalDateTime, timestamptz OffsetDateTime/Instant/ZonedDateTime;
     * the array OID for arrays (Object[] of those, at any nesting depth, and int[], long[], short[],
     * double[], float[], boolean[]) and Collections. The element type comes from a specific Java component
     * type ({@code Integer[]}), else from the first non-null element; with none (an empty collection, an
     * all-null {@code Object[]}) it is 0.
     *
     * <p>A value of an unsupported type also yields 0: {@link #write} rejects it, naming the parameter.
     */
    public static int typeOid(Object value) {
        if (value == null) {
            return Oids.UNSPECIFIED;
        }
        if (value instanceof io.lazypg.client.PgNull typedNull) {
            return typedNull.oid();
        }
        if (ParameterTypes.isArrayLike(value)) {
            return ParameterTypes.arrayOidOf(ParameterTypes.leafOid(value));
        }
        int oid = ParameterTypes.scalarOid(value);
        return oid == ParameterTypes.UNSUPPORTED ? Oids.UNSPECIFIED : oid;
    }

    /** {@link #BINARY} (1) for byte[] (bytea), {@link #TEXT} (0) for everything else, null included. */
    public static int formatCode(Object value) {
        return value instanceof byte[] ? BINARY : TEXT;
    }

    /**
     * Validates and writes one Bind parameter value: int32 length then the bytes, or int32 -1 for null.
     *
     * @param parameterIndex 1-based, as in {@code $3}; used in messages only
     * @throws PgUsageException for an unsupported type (the message names it and lists the supported ones),
     *         a string with a NUL character or an unpaired surrogate (naming the char index), an array with
     *         elements of different types or ragged nesting
     */
    public static void write(WriteBuffer out, Object value, int parameterIndex) {
        if (value == null || value instanceof io.lazypg.client.PgNull) {
            out.writeInt(-1);
            return;
        }
        if (value instanceof byte[]) {
            byte[] b = (byte[]) value;
            out.writeInt(b.length);
            out.writeBytes(b);
            return;
        }
        int lengthAt = out.reserveInt();
        if (ParameterTypes.isArrayLike(value)) {
            ArrayLiteral.write(out, value, parameterIndex);
        } else {
            ScalarText.write(out, value, parameterIndex, false);
        }
        out.patchInt(lengthAt, out.position() - lengthAt - 4);
    }

    /**
     * Checks that as many values were given as the statement has parameters.
     *
     * @param sql the statement, quoted (abbreviated) in the message so the caller can find it
     * @throws PgUsageException "The statement has N parameters ($1..$N) but M values were given: ..."
     */
    public static void checkCount(int expected, int given, String sql) {
        if (expected == given) {
            return;
        }
        String has;
        if (expected == 0) {
            has = "no parameters";
        } else if (expected == 1) {
            has = "1 parameter ($1)";
        } else {
            has = expected + " parameters ($1..$" + expected + ")";
        }
        throw new PgUsageException("The statement has " + has + " but " + given
                + (given == 1 ? " value was" : " values were") + " given; pass exactly " + expected
                + ". Statement: " + excerpt(sql));
    }

    /** The SQL on one line, cut to {@link #SQL_EXCERPT} characters with "..." where it was cut. */
    static String excerpt(String sql) {
        if (sql == null) {
            return "(none)";
        }
        // Cut before collapsing whitespace: a bulk statement may be megabytes long.
        boolean cutEarly = sql.length() > SQL_EXCERPT * 4;
        String head = cutEarly ? sql.substring(0, SQL_EXCERPT * 4) : sql;
        String oneLine = head.strip().replaceAll("\\s+", " ");
        if (oneLine.length() <= SQL_EXCERPT) {
            return cutEarly ? oneLine + "..." : oneLine;
        }
        int cut = SQL_EXCERPT;
        if (Character.isHighSurrogate(oneLine.charAt(cut - 1))) {
            cut--; // never leave half a character at the end
        }
        return oneLine.substring(0, cut) + "...";
    }
}
