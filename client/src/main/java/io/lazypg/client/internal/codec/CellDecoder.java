package io.lazypg.client.internal.codec;

import io.lazypg.client.PgType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * Decodes one cell of a DataRow, straight from the bytes it arrived in.
 *
 * <p>A cell is {@code len} bytes at {@code off} in {@code b}, never SQL NULL (the caller handles
 * NULL), of type {@code oid}, in text format (PostgreSQL's text output in UTF-8, under the session's
 * {@link OutputSettings}) or binary format (the type's send function, big-endian).
 *
 * <p>Invariants:
 * <ul>
 *   <li>The decoder never keeps a reference to {@code b}; results never share it (byte[] results are copies).</li>
 *   <li>The primitive decoders ({@code decodeShort} .. {@code decodeBoolean}) allocate nothing on
 *       success, except numeric-to-floating-point from binary, which rounds through BigDecimal.</li>
 *   <li>{@link #decodeString} returns exactly PostgreSQL's text output, also for a binary cell of a
 *       type the settings {@linkplain OutputSettings#rendersBinary render}.</li>
 *   <li>A cell that cannot become the requested type throws {@link io.lazypg.client.PgConversionException}
 *       naming the PostgreSQL type, the value and the Java type; the caller adds the column name.</li>
 * </ul>
 *
 * <p>Why one class past 700 lines: it is the per-cell dispatch, one {@code switch} on the OID per
 * Java type, kept whole so that each target's case list sits in one place beside the others
 * ({@link DecodeTargets} restates them as a question, checked by {@code DecodableAsIT}); the
 * parsing and rendering it dispatches to live in their own classes.
 */
public final class CellDecoder {

    /** java.time's largest UTC offset; PostgreSQL allows more (TimeZone 'UTC+25'). */
    private static final int MAX_OFFSET_SECONDS = 18 * 3600;

    private CellDecoder() {}

    /**
     * The class {@link #decodeObject} returns for a scalar type, or null for arrays (whose class
     * depends on the value's dimensions): lets a row tell whether a memoized value is the natural one.
     */
    public static @Nullable Class<?> naturalClass(int typeOid) {
        PgType t = PgType.of(typeOid);
        return t == null ? String.class : t.isArray() ? null : t.javaClass();
    }

    /** True when cells of {@code typeOid} can be requested in binary format and decoded here ({@link PgType}'s flag). */
    public static boolean hasBinaryDecoder(int typeOid) {
        return PgType.hasBinaryDecoder(typeOid);
    }

    // ---------------------------------------------------------------- primitives

    /** int2/int4/int8/oid or an integral numeric, range-checked to short. */
    public static short decodeShort(byte[] b, int off, int len, int oid, boolean binary) {
        long v = integral(b, off, len, oid, binary, short.class);
        if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
            throw ConversionErrors.cannotConvert(
                    b,
                    off,
                    len,
                    oid,
                    binary,
                    short.class,
                    "out of range [" + Short.MIN_VALUE + ", " + Short.MAX_VALUE + "]; read it as int or long");
        }
        return (short) v;
    }

    /** int2/int4/int8/oid or an integral numeric, range-checked to int. */
    public static int decodeInt(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == Oids.INT4) {
            // The hot case first: no range check needed.
            if (binary) {
                BinaryParsing.expectLength(b, off, len, oid, 4);
                return BinaryParsing.int32(b, off);
            }
        }
        long v = integral(b, off, len, oid, binary, int.class);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw ConversionErrors.cannotConvert(
                    b,
                    off,
                    len,
                    oid,
                    binary,
                    int.class,
                    "out of range [" + Integer.MIN_VALUE + ", " + Integer.MAX_VALUE + "]; read it as long");
        }
        return (int) v;
    }

    /** int2/int4/int8/oid or an integral numeric. */
    public static long decodeLong(byte[] b, int off, int len, int oid, boolean binary) {
        return integral(b, off, len, oid, binary, long.class);
    }

    private static long integral(byte[] b, int off, int len, int oid, boolean binary, Class<?> target) {
        switch (oid) {
            case Oids.INT2:
            case Oids.INT4:
            case Oids.INT8:
            case Oids.OID:
                return binary
                        ? BinaryParsing.integral(b, off, len, oid)
                        : TextParsing.parseLong(b, off, len, oid, target);
            case Oids.NUMERIC:
                return binary
                        ? BinaryParsing.numericToLong(b, off, len, oid, target)
                        : TextParsing.parseIntegralNumeric(b, off, len, oid, target);
            default:
                throw noConversion(b, off, len, oid, binary, target);
        }
    }

    /** float4, float8 (narrowed), numeric or an integer type. */
    public static float decodeFloat(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid == Oids.FLOAT4) {
            if (binary) {
                BinaryParsing.expectLength(b, off, len, oid, 4);
                return Float.intBitsToFloat(BinaryParsing.int32(b, off));
            }
            return TextParsing.parseFloat(b, off, len, oid);
        }
        if (oid == Oids.NUMERIC && !binary) {
            return TextParsing.parseFloat(b, off, len, oid);
        }
        if (oid == Oids.NUMERIC) {
            int sign = BinaryParsing.numericSign(b, off, len, oid);
            return BinaryParsing.isNumericSpecial(sign)
                    ? (float) BinaryParsing.numericSpecialAsDouble(sign)
                    : BinaryParsing.numericToBigDecimal(b, off, len, oid).floatValue();
        }
        return (float) floating(b, off, len, oid, binary, float.class);
    }

    /** float8, float4 (widened), numeric (NaN and infinities included) or an integer type. */
    public static double decodeDouble(byte[] b, int off, int len, int oid, boolean binary) {
        return floating(b, off, len, oid, binary, double.class);
    }

    private static double floating(byte[] b, int off, int len, int oid, boolean binary, Class<?> target) {
        switch (oid) {
            case Oids.FLOAT8:
                if (binary) {
                    BinaryParsing.expectLength(b, off, len, oid, 8);
                    return Double.longBitsToDouble(BinaryParsing.int64(b, off));
                }
                return TextParsing.parseDouble(b, off, len, oid);
            case Oids.FLOAT4:
                // Widen the float4 value in both formats, so text and binary cells agree.
                return decodeFloat(b, off, len, oid, binary);
            case Oids.NUMERIC:
                if (!binary) {
                    return TextParsing.parseDouble(b, off, len, oid);
                }
                int sign = BinaryParsing.numericSign(b, off, len, oid);
                return BinaryParsing.isNumericSpecial(sign)
                        ? BinaryParsing.numericSpecialAsDouble(sign)
                        : BinaryParsing.numericToBigDecimal(b, off, len, oid).doubleValue();
            case Oids.INT2:
            case Oids.INT4:
            case Oids.INT8:
            case Oids.OID:
                return binary
                        ? BinaryParsing.integral(b, off, len, oid)
                        : TextParsing.parseLong(b, off, len, oid, target);
            default:
                throw noConversion(b, off, len, oid, binary, target);
        }
    }

    /** bool. */
    public static boolean decodeBoolean(byte[] b, int off, int len, int oid, boolean binary) {
        if (oid != Oids.BOOL) {
            throw noConversion(b, off, len, oid, binary, boolean.class);
        }
        if (binary) {
            BinaryParsing.expectLength(b, off, len, oid, 1);
            return b[off] != 0;
        }
        return TextParsing.parseBoolean(b, off, len, oid);
    }

    // ---------------------------------------------------------------- objects

    /** numeric (finite), an integer type, or a finite float (by its shortest decimal, 0.1f is 0.1). */
    public static BigDecimal decodeBigDecimal(byte[] b, int off, int len, int oid, boolean binary) {
        switch (oid) {
            case Oids.NUMERIC:
                if (binary) {
                    if (BinaryParsing.isNumericSpecial(BinaryParsing.numericSign(b, off, len, oid))) {
                        throw notFinite(b, off, len, oid, binary, BigDecimal.class);
                    }
                    return BinaryParsing.numericToBigDecimal(b, off, len, oid);
                }
                if (TextParsing.numericSpecial(b, off, len) != TextParsing.NOT_SPECIAL) {
                    throw notFinite(b, off, len, oid, binary, BigDecimal.class);
                }
                return TextParsing.parseBigDecimal(b, off, len, oid);
            case Oids.INT2:
            case Oids.INT4:
            case Oids.INT8:
            case Oids.OID:
                return BigDecimal.valueOf(decodeLong(b, off, len, oid, binary));
            case Oids.FLOAT4:
            case Oids.FLOAT8:
                double d = decodeDouble(b, off, len, oid, binary);
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw notFinite(b, off, len, oid, binary, BigDecimal.class);
                }
                return new BigDecimal(decodeString(b, off, len, oid, binary, OutputSettings.UTC));
            default:
                throw noConversion(b, off, len, oid, binary, BigDecimal.class);
        }
    }

    /**
     * bytea: its bytes (text format: hex {@code \x0a0b} or the escape format). Any other type: the
     * UTF-8 bytes of its text form, {@link #decodeString}'s. Always a fresh array.
     */
    public static byte[] decodeBytes(byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings) {
        if (oid == Oids.BYTEA) {
            return binary ? Arrays.copyOfRange(b, off, off + len) : TextParsing.parseBytea(b, off, len, oid);
        }
        if (!binary) {
            return Arrays.copyOfRange(b, off, off + len);
        }
        return decodeString(b, off, len, oid, true, settings).getBytes(StandardCharsets.UTF_8);
    }

    /** {@link #decodeString(byte[], int, int, int, boolean, OutputSettings)} in {@code sessionZone}, DateStyle ISO. */
    public static String decodeString(byte[] b, int off, int len, int oid, boolean binary, ZoneId sessionZone) {
        return decodeString(b, off, len, oid, binary, OutputSettings.of(sessionZone));
    }

    /**
     * Exactly what PostgreSQL's text output shows for the value under {@code settings}, for every
     * type in text format and for every type {@link OutputSettings#rendersBinary} allows in binary:
     * a binary timestamptz is shown in the session zone, a date or timestamp in the DateStyle, as
     * the server would. Binary cells of the other types, which the connection does not ask for,
     * show in ISO, IntervalStyle postgres and bytea hex; a binary timestamptz without a session
     * zone (null: one java.time cannot model) in UTC, with its offset {@code +00}: the right instant.
     */
    public static String decodeString(byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings) {
        if (!binary) {
            return TextParsing.utf8(b, off, len);
        }
        switch (oid) {
            case Oids.INT2:
            case Oids.INT4:
            case Oids.INT8:
            case Oids.OID:
                return Long.toString(BinaryParsing.integral(b, off, len, oid));
            case Oids.FLOAT4:
                return TextRendering.renderFloat(decodeFloat(b, off, len, oid, true));
            case Oids.FLOAT8:
                return TextRendering.renderDouble(decodeDouble(b, off, len, oid, true));
            case Oids.NUMERIC:
                return TextRendering.renderNumeric(b, off, len, oid);
            case Oids.BOOL:
                return decodeBoolean(b, off, len, oid, true) ? "t" : "f";
            case Oids.BYTEA:
                return TextRendering.renderByteaHex(b, off, len);
            case Oids.CHAR:
                BinaryParsing.expectLength(b, off, len, oid, 1);
                return TextRendering.renderChar(b[off]);
            case Oids.DATE:
                return TextRendering.renderDate(BinaryParsing.dateEpochDay(b, off, len, oid), settings);
            case Oids.TIME:
                BinaryParsing.expectLength(b, off, len, oid, 8);
                return TextRendering.renderTime(BinaryParsing.int64(b, off));
            case Oids.TIMETZ:
                BinaryParsing.expectLength(b, off, len, oid, 12);
                return TextRendering.renderTimetz(BinaryParsing.int64(b, off), -BinaryParsing.int32(b, off + 8));
            case Oids.TIMESTAMP:
                return TextRendering.renderTimestamp(BinaryParsing.timestampMicros(b, off, len, oid), settings);
            case Oids.TIMESTAMPTZ:
                return TextRendering.renderTimestamptz(
                        BinaryParsing.timestampMicros(b, off, len, oid),
                        settings.zone() == null ? ZoneOffset.UTC : settings.zone());
            case Oids.INTERVAL:
                BinaryParsing.expectLength(b, off, len, oid, 16);
                return TextRendering.renderInterval(
                        BinaryParsing.int64(b, off), BinaryParsing.int32(b, off + 8), BinaryParsing.int32(b, off + 12));
            case Oids.UUID:
                BinaryParsing.expectLength(b, off, len, oid, 16);
                return TextRendering.renderUuid(b, off);
            case Oids.JSONB:
                if (len < 1 || b[off] != 1) {
                    throw ConversionErrors.malformed(b, off, len, oid, true, "expected jsonb version 1");
                }
                return TextParsing.utf8(b, off + 1, len - 1);
            case Oids.INET:
            case Oids.CIDR:
                return TextRendering.renderInet(b, off, len, oid);
            default:
                if (PgType.elementOidOf(oid) != 0) {
                    return ArrayDecoding.render(ArrayDecoding.parseBinary(b, off, len, oid), settings);
                }
                // text, varchar, bpchar, name, json, xml, enums: the send format is the UTF-8 text.
                return TextParsing.utf8(b, off, len);
        }
    }

    /**
     * The natural Java value: int2 Short, int4 Integer, int8 and oid Long, float4 Float, float8
     * Double, numeric BigDecimal (NaN and infinities as Double), bool Boolean, bytea byte[],
     * date LocalDate, time LocalTime, timetz OffsetTime, timestamp LocalDateTime, timestamptz
     * OffsetDateTime (text: the offset shown; binary: {@code sessionZone}'s offset at that
     * instant, UTC without one), uuid UUID, arrays as nested Java arrays of these, anything else its text.
     */
    public static Object decodeObject(byte[] b, int off, int len, int oid, boolean binary, ZoneId sessionZone) {
        return decodeObject(b, off, len, oid, binary, OutputSettings.of(sessionZone));
    }

    /** As {@link #decodeObject(byte[], int, int, int, boolean, ZoneId)}, under the session's {@code settings}. */
    public static Object decodeObject(byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings) {
        switch (oid) {
            case Oids.INT2:
                return decodeShort(b, off, len, oid, binary);
            case Oids.INT4:
                return decodeInt(b, off, len, oid, binary);
            case Oids.INT8:
            case Oids.OID:
                return decodeLong(b, off, len, oid, binary);
            case Oids.FLOAT4:
                return decodeFloat(b, off, len, oid, binary);
            case Oids.FLOAT8:
                return decodeDouble(b, off, len, oid, binary);
            case Oids.NUMERIC:
                boolean special = binary
                        ? BinaryParsing.isNumericSpecial(BinaryParsing.numericSign(b, off, len, oid))
                        : TextParsing.numericSpecial(b, off, len) != TextParsing.NOT_SPECIAL;
                return special
                        ? (Object) decodeDouble(b, off, len, oid, binary)
                        : decodeBigDecimal(b, off, len, oid, binary);
            case Oids.BOOL:
                return decodeBoolean(b, off, len, oid, binary);
            case Oids.BYTEA:
                return decodeBytes(b, off, len, oid, binary, settings);
            case Oids.DATE:
                return JavaTimes.localDate(epochDay(b, off, len, oid, binary, settings));
            case Oids.TIME:
                return JavaTimes.localTime(timeMicros(b, off, len, oid, binary));
            case Oids.TIMETZ:
                return offsetTime(b, off, len, oid, binary);
            case Oids.TIMESTAMP:
                return JavaTimes.localDateTime(timestampMicros(b, off, len, oid, binary, settings));
            case Oids.TIMESTAMPTZ:
                return offsetDateTime(b, off, len, oid, binary, settings);
            case Oids.UUID:
                return uuid(b, off, len, oid, binary);
            default:
                if (PgType.elementOidOf(oid) != 0) {
                    return ArrayDecoding.toNaturalArray(ArrayDecoding.parse(b, off, len, oid, binary), settings);
                }
                return decodeString(b, off, len, oid, binary, settings);
        }
    }

    /**
     * The cell as {@code type}: String, Object (= {@link #decodeObject}), the boxed and primitive
     * number types, BigInteger, Boolean, byte[], LocalDate, LocalTime, LocalDateTime,
     * OffsetDateTime, OffsetTime, Instant, ZonedDateTime, UUID, Java enums (by name), and arrays of
     * these, nested to the array's dimensions ({@code Integer[][]}, {@code int[]}, ...).
     */
    @SuppressWarnings("unchecked")
    public static <T> T decode(byte[] b, int off, int len, int oid, boolean binary, Class<T> type, ZoneId sessionZone) {
        return (T) decodeAs(b, off, len, oid, binary, type, OutputSettings.of(sessionZone));
    }

    /** As {@link #decode(byte[], int, int, int, boolean, Class, ZoneId)}, under the session's {@code settings}. */
    @SuppressWarnings("unchecked")
    public static <T> T decode(
            byte[] b, int off, int len, int oid, boolean binary, Class<T> type, OutputSettings settings) {
        return (T) decodeAs(b, off, len, oid, binary, type, settings);
    }

    private static Object decodeAs(
            byte[] b, int off, int len, int oid, boolean binary, Class<?> type, OutputSettings settings) {
        if (type == String.class) {
            return decodeString(b, off, len, oid, binary, settings);
        }
        if (type == Object.class) {
            return decodeObject(b, off, len, oid, binary, settings);
        }
        if (type == Integer.class || type == int.class) {
            return decodeInt(b, off, len, oid, binary);
        }
        if (type == Long.class || type == long.class) {
            return decodeLong(b, off, len, oid, binary);
        }
        if (type == Short.class || type == short.class) {
            return decodeShort(b, off, len, oid, binary);
        }
        if (type == Double.class || type == double.class) {
            return decodeDouble(b, off, len, oid, binary);
        }
        if (type == Float.class || type == float.class) {
            return decodeFloat(b, off, len, oid, binary);
        }
        if (type == Boolean.class || type == boolean.class) {
            return decodeBoolean(b, off, len, oid, binary);
        }
        if (type == BigDecimal.class) {
            return decodeBigDecimal(b, off, len, oid, binary);
        }
        if (type == BigInteger.class) {
            if (oid == Oids.NUMERIC) {
                try {
                    return decodeBigDecimal(b, off, len, oid, binary).toBigIntegerExact();
                } catch (ArithmeticException e) {
                    throw ConversionErrors.cannotConvert(
                            b, off, len, oid, binary, type, "it has a fractional part; read it as BigDecimal");
                }
            }
            return BigInteger.valueOf(integral(b, off, len, oid, binary, type));
        }
        if (type == byte[].class) {
            return decodeBytes(b, off, len, oid, binary, settings);
        }
        if (type == LocalDate.class) {
            switch (oid) {
                case Oids.DATE:
                    return JavaTimes.localDate(epochDay(b, off, len, oid, binary, settings));
                case Oids.TIMESTAMP:
                    return JavaTimes.localDateTime(timestampMicros(b, off, len, oid, binary, settings))
                            .toLocalDate();
                case Oids.TIMESTAMPTZ:
                    return JavaTimes.localDateTime(sessionLocalMicros(b, off, len, oid, binary, settings, type))
                            .toLocalDate();
                default:
                    throw noConversion(b, off, len, oid, binary, type);
            }
        }
        if (type == LocalTime.class) {
            switch (oid) {
                case Oids.TIME:
                    return JavaTimes.localTime(timeMicros(b, off, len, oid, binary));
                case Oids.TIMETZ:
                    return offsetTime(b, off, len, oid, binary).toLocalTime();
                case Oids.TIMESTAMP:
                    long micros = timestampMicros(b, off, len, oid, binary, settings);
                    if (micros == TextParsing.POS_INFINITE || micros == TextParsing.NEG_INFINITE) {
                        // LocalDateTime.MAX's time, 23:59:59.999999999, would pass for a real one.
                        throw ConversionErrors.cannotConvert(
                                b,
                                off,
                                len,
                                oid,
                                binary,
                                type,
                                "infinity has no time of day; read it as LocalDateTime or String");
                    }
                    return JavaTimes.localDateTime(micros).toLocalTime();
                default:
                    throw noConversion(b, off, len, oid, binary, type);
            }
        }
        if (type == LocalDateTime.class) {
            switch (oid) {
                case Oids.TIMESTAMP:
                    return JavaTimes.localDateTime(timestampMicros(b, off, len, oid, binary, settings));
                case Oids.DATE:
                    LocalDate date = JavaTimes.localDate(epochDay(b, off, len, oid, binary, settings));
                    return date.equals(LocalDate.MAX)
                            ? LocalDateTime.MAX
                            : date.equals(LocalDate.MIN) ? LocalDateTime.MIN : date.atStartOfDay();
                case Oids.TIMESTAMPTZ:
                    return JavaTimes.localDateTime(sessionLocalMicros(b, off, len, oid, binary, settings, type));
                default:
                    throw noConversion(b, off, len, oid, binary, type);
            }
        }
        if (type == OffsetDateTime.class) {
            switch (oid) {
                case Oids.TIMESTAMPTZ:
                    return offsetDateTime(b, off, len, oid, binary, settings);
                case Oids.TIMESTAMP:
                    return JavaTimes.offsetDateTime(timestampMicros(b, off, len, oid, binary, settings), 0);
                default:
                    throw noConversion(b, off, len, oid, binary, type);
            }
        }
        if (type == Instant.class) {
            if (oid == Oids.TIMESTAMPTZ) {
                return JavaTimes.instant(instantMicros(b, off, len, oid, binary, settings, type));
            }
            if (oid == Oids.TIMESTAMP) {
                return JavaTimes.instant(timestampMicros(b, off, len, oid, binary, settings));
            }
            throw noConversion(b, off, len, oid, binary, type);
        }
        if (type == ZonedDateTime.class) {
            if (oid == Oids.TIMESTAMPTZ) {
                return zoned(b, off, len, oid, binary, settings);
            }
            throw noConversion(b, off, len, oid, binary, type);
        }
        if (type == OffsetTime.class) {
            if (oid == Oids.TIMETZ) {
                return offsetTime(b, off, len, oid, binary);
            }
            throw noConversion(b, off, len, oid, binary, type);
        }
        if (type == UUID.class) {
            if (oid == Oids.UUID) {
                return uuid(b, off, len, oid, binary);
            }
            if (CodecTypes.isTextLike(oid)) {
                return TextParsing.parseUuid(b, off, len, oid);
            }
            throw noConversion(b, off, len, oid, binary, type);
        }
        if (type.isArray()) {
            ArrayCells cells;
            if (PgType.elementOidOf(oid) != 0) {
                cells = ArrayDecoding.parse(b, off, len, oid, binary);
            } else if (!binary && PgType.of(oid) == null) {
                // a type unknown here (enum[], ...): an array when its text is one, its elements text
                if (!DecodeTargets.decodable(oid, type)) {
                    throw noConversion(b, off, len, oid, binary, type);
                }
                if (len == 0 || (b[off] != '{' && b[off] != '[')) {
                    throw ConversionErrors.cannotConvert(
                            b, off, len, oid, false, type, "its text is not an array; read it as String");
                }
                cells = ArrayDecoding.parseText(b, off, len, oid, 0);
            } else {
                throw noConversion(b, off, len, oid, binary, type);
            }
            return ArrayDecoding.toArray(cells, b, off, len, oid, type, settings);
        }
        if (type == io.lazypg.client.PgRange.class) {
            PgType t = PgType.of(oid);
            if (t != null && t.rangeSubtype() != null && !binary) {
                return RangeParsing.parse(b, off, len, oid, settings);
            }
            throw noConversion(b, off, len, oid, binary, type);
        }
        if (type.isEnum()) {
            if (!CodecTypes.isEnumSource(oid)) {
                throw noConversion(b, off, len, oid, binary, type);
            }
            String name = decodeString(b, off, len, oid, binary, settings);
            for (Object constant : type.getEnumConstants()) {
                if (((Enum<?>) constant).name().equals(name)) {
                    return constant;
                }
            }
            throw ConversionErrors.cannotConvert(b, off, len, oid, binary, type, "no constant of that name");
        }
        throw noConversion(b, off, len, oid, binary, type);
    }

    // ---------------------------------------------------------------- helpers

    /** A date's days since 1970-01-01, in either format and any DateStyle. */
    private static long epochDay(byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings) {
        if (binary) {
            return BinaryParsing.dateEpochDay(b, off, len, oid);
        }
        return StyledTimestamps.isStyled(b, off, len)
                ? StyledTimestamps.epochDay(b, off, len, oid, settings.dayFirst())
                : TextParsing.parseDateEpochDay(b, off, len, oid);
    }

    private static long timeMicros(byte[] b, int off, int len, int oid, boolean binary) {
        if (binary) {
            BinaryParsing.expectLength(b, off, len, oid, 8);
            return BinaryParsing.int64(b, off);
        }
        return TextParsing.parseTimeMicros(b, off, len, oid);
    }

    /** A timestamp's microseconds since 2000-01-01 (infinities as their sentinels), in either format and any DateStyle. */
    private static long timestampMicros(byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings) {
        if (binary) {
            return BinaryParsing.timestampMicros(b, off, len, oid);
        }
        return StyledTimestamps.isStyled(b, off, len)
                ? StyledTimestamps.localMicros(b, off, len, oid, settings.dayFirst())
                : TextParsing.parseTimestampMicros(b, off, len, oid);
    }

    private static OffsetTime offsetTime(byte[] b, int off, int len, int oid, boolean binary) {
        if (binary) {
            BinaryParsing.expectLength(b, off, len, oid, 12);
            // timetz_send carries the zone in seconds WEST of UTC; java.time counts east.
            return JavaTimes.offsetTime(BinaryParsing.int64(b, off), -BinaryParsing.int32(b, off + 8));
        }
        return JavaTimes.offsetTime(
                TextParsing.parseTimetzMicros(b, off, len, oid),
                TextParsing.parseTimetzOffsetSeconds(b, off, len, oid));
    }

    private static OffsetDateTime offsetDateTime(
            byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings) {
        if (binary) {
            long micros = BinaryParsing.timestampMicros(b, off, len, oid);
            ZoneId zone = settings.zone();
            return JavaTimes.offsetDateTime(
                    micros, zone == null || isInfinite(micros) ? 0 : TextRendering.offsetAt(zone, micros));
        }
        if (!StyledTimestamps.isStyled(b, off, len)) {
            long micros = TextParsing.parseTimestampMicros(b, off, len, oid);
            return JavaTimes.offsetDateTime(
                    micros, isInfinite(micros) ? 0 : textOffset(b, off, len, oid, OffsetDateTime.class));
        }
        long local = StyledTimestamps.localMicros(b, off, len, oid, settings.dayFirst());
        int offset = StyledTimestamps.offsetSeconds(b, off, len, oid, local, settings.zone(), OffsetDateTime.class);
        return JavaTimes.offsetDateTime(local - offset * PgEpoch.MICROS_PER_SECOND, offset);
    }

    /** A timestamptz's UTC microseconds since 2000-01-01 (infinities as their sentinels), in either format and any DateStyle. */
    private static long instantMicros(
            byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings, Class<?> target) {
        if (binary) {
            return BinaryParsing.timestampMicros(b, off, len, oid);
        }
        if (!StyledTimestamps.isStyled(b, off, len)) {
            return TextParsing.parseTimestampMicros(b, off, len, oid);
        }
        long local = StyledTimestamps.localMicros(b, off, len, oid, settings.dayFirst());
        return local
                - StyledTimestamps.offsetSeconds(b, off, len, oid, local, settings.zone(), target)
                        * PgEpoch.MICROS_PER_SECOND;
    }

    private static boolean isInfinite(long micros) {
        return micros == TextParsing.POS_INFINITE || micros == TextParsing.NEG_INFINITE;
    }

    /** The offset an ISO timestamptz text shows, in seconds east; java.time's limit of +-18:00 is checked. */
    private static int textOffset(byte[] b, int off, int len, int oid, Class<?> target) {
        int offset = TextParsing.parseTimestampOffsetSeconds(b, off, len, oid);
        if (Math.abs(offset) > MAX_OFFSET_SECONDS) {
            throw ConversionErrors.cannotConvert(
                    b,
                    off,
                    len,
                    oid,
                    false,
                    target,
                    "its UTC offset is beyond java.time's +-18:00 (the session's TimeZone allows it); read it as Instant,"
                            + " LocalDateTime or String");
        }
        return offset;
    }

    /**
     * A timestamptz as local microseconds in the session's time zone (infinities kept). A text cell
     * shows exactly that, in any DateStyle: PostgreSQL renders a timestamptz in the session zone, so
     * its wall clock is taken as written, also where java.time does not know the zone. A binary
     * cell is an instant and needs the zone to be known.
     */
    private static long sessionLocalMicros(
            byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings, Class<?> target) {
        if (!binary) {
            return StyledTimestamps.isStyled(b, off, len)
                    ? StyledTimestamps.localMicros(b, off, len, oid, settings.dayFirst())
                    : TextParsing.parseTimestamptzLocalMicros(b, off, len, oid);
        }
        long micros = BinaryParsing.timestampMicros(b, off, len, oid);
        if (isInfinite(micros)) {
            return micros;
        }
        if (settings.zone() == null) {
            throw unknownZone(b, off, len, oid, target);
        }
        return micros + TextRendering.offsetAt(settings.zone(), micros) * PgEpoch.MICROS_PER_SECOND;
    }

    /**
     * A timestamptz in the session zone; without one (text cells only), at the offset the text
     * shows. The infinities have no ZonedDateTime.
     */
    private static ZonedDateTime zoned(byte[] b, int off, int len, int oid, boolean binary, OutputSettings settings) {
        long micros = instantMicros(b, off, len, oid, binary, settings, ZonedDateTime.class);
        if (isInfinite(micros)) {
            throw ConversionErrors.cannotConvert(
                    b,
                    off,
                    len,
                    oid,
                    binary,
                    ZonedDateTime.class,
                    "ZonedDateTime has no infinity; read it as OffsetDateTime or Instant");
        }
        ZoneId zone = settings.zone();
        if (zone == null) {
            if (binary) {
                throw unknownZone(b, off, len, oid, ZonedDateTime.class);
            }
            // A styled text without a zone never gets here: instantMicros has refused it.
            zone = JavaTimes.offset(textOffset(b, off, len, oid, ZonedDateTime.class));
        }
        return JavaTimes.instant(micros).atZone(zone);
    }

    private static RuntimeException unknownZone(byte[] b, int off, int len, int oid, Class<?> target) {
        return ConversionErrors.cannotConvert(
                b,
                off,
                len,
                oid,
                true,
                target,
                "the session's TimeZone is not one java.time can model, so the local time is unknown here; read it as"
                        + " OffsetDateTime or Instant");
    }

    private static UUID uuid(byte[] b, int off, int len, int oid, boolean binary) {
        if (binary) {
            BinaryParsing.expectLength(b, off, len, oid, 16);
            return new UUID(BinaryParsing.int64(b, off), BinaryParsing.int64(b, off + 8));
        }
        return TextParsing.parseUuid(b, off, len, oid);
    }

    private static RuntimeException noConversion(byte[] b, int off, int len, int oid, boolean binary, Class<?> target) {
        Class<?> natural = PgType.elementOidOf(oid) != 0 ? Object[].class : PgType.javaClassOf(oid);
        return ConversionErrors.cannotConvert(
                b,
                off,
                len,
                oid,
                binary,
                target,
                "no conversion from this type; read it as " + natural.getSimpleName() + " or String");
    }

    private static RuntimeException notFinite(byte[] b, int off, int len, int oid, boolean binary, Class<?> target) {
        return ConversionErrors.cannotConvert(
                b, off, len, oid, binary, target, "it is not a finite number; read it as double or String");
    }
}
