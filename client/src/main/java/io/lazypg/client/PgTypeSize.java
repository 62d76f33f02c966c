package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * The sizes a type's columns report in metadata, as pgjdbc reports them: precision, scale and
 * display size, each from the column's type modifier ({@code atttypmod}, or the RowDescription's),
 * the radix the precision counts in, and whether the type is signed. One instance per kind of type,
 * owned by the {@link PgType} table ({@link PgType#size()}); an array reports its element's, and a
 * type not in the table reports {@link #unbounded()}.
 *
 * <p>The type-modifier encodings are PostgreSQL's: {@code -1} is "none"; character types hold
 * {@code length + 4}; {@code numeric} holds {@code ((precision << 16) | scale) + 4}; the date/time
 * types hold the fractional-second digits; {@code interval} holds them in its low 16 bits (its
 * fields in the high ones); {@code bit}/{@code varbit} hold the length in bits.
 *
 * <p>Immutable; no method allocates.
 */
public final class PgTypeSize {

    /** What a size without a bound reports (pgjdbc's default {@code unknownLength}). */
    public static final int UNKNOWN_LENGTH = Integer.MAX_VALUE;

    /** How a kind of type turns its type modifier into sizes. */
    private enum Rule {
        /** The same sizes whatever the modifier: the numbers, bool, "char", uuid, ... */
        FIXED,
        /** varchar(n), char(n): n characters, unbounded without a modifier. */
        CHARACTER,
        /** numeric(p, s); without a modifier precision 0 and scale 0, as pgjdbc reports them. */
        NUMERIC,
        /** date, time[tz](p), timestamp[tz](p): the length of the text form; the scale is p (6 without). */
        DATETIME,
        /** interval(p): 49 characters at most; the scale is p (6 without). */
        INTERVAL,
        /** bit(n): n bits. */
        BIT,
        /** varbit(n): n bits, unbounded without a modifier. */
        VARBIT
    }

    private static final PgTypeSize UNBOUNDED = fixed(UNKNOWN_LENGTH, 0, UNKNOWN_LENGTH, false);
    private static final PgTypeSize[] BY_ORDINAL = new PgTypeSize[PgType.values().length];

    static {
        for (PgType t : PgType.values()) {
            if (!t.isArray()) {
                BY_ORDINAL[t.ordinal()] = forScalar(t);
            }
        }
        for (PgType t : PgType.values()) {
            PgType element = t.element();
            if (element != null) {
                BY_ORDINAL[t.ordinal()] = BY_ORDINAL[element.ordinal()]; // the element's own instance
            }
        }
    }

    private final Rule rule;
    private final int precision;
    private final int scale;
    /** For {@link Rule#DATETIME}: the length without the fractional seconds; else the fixed display size. */
    private final int displaySize;

    private final boolean signed;

    private PgTypeSize(Rule rule, int precision, int scale, int displaySize, boolean signed) {
        this.rule = rule;
        this.precision = precision;
        this.scale = scale;
        this.displaySize = displaySize;
        this.signed = signed;
    }

    private static PgTypeSize fixed(int precision, int scale, int displaySize, boolean signed) {
        return new PgTypeSize(Rule.FIXED, precision, scale, displaySize, signed);
    }

    private static PgTypeSize of(Rule rule, int displaySize, boolean signed) {
        return new PgTypeSize(rule, 0, 0, displaySize, signed);
    }

    /** The facts of each scalar row; the numbers are pgjdbc's (TypeInfoCache). */
    private static PgTypeSize forScalar(PgType t) {
        switch (t) {
            case INT2:
                return fixed(5, 0, 6, true); // -32768
            case INT4:
                return fixed(10, 0, 11, true); // -2147483648
            case INT8:
                return fixed(19, 0, 20, true); // -9223372036854775808
            case OID:
                return fixed(10, 0, 10, false); // 4294967295
            case FLOAT4:
                // 6 significant digits, up to 8 with extra_float_digits; sign, point, exponent
                return fixed(8, 8, 15, true);
            case FLOAT8:
                return fixed(17, 17, 25, true);
            case MONEY:
                return fixed(UNKNOWN_LENGTH, 0, UNKNOWN_LENGTH, true);
            case BOOL:
            case CHAR:
                return fixed(1, 0, 1, false);
            case NUMERIC:
                return of(Rule.NUMERIC, 0, true);
            case BPCHAR:
            case VARCHAR:
                return of(Rule.CHARACTER, 0, false);
            case DATE:
                return fixed(13, 0, 13, false); // 5874897-12-31
            case TIME:
                return of(Rule.DATETIME, 8, false); // 00:00:00
            case TIMETZ:
                return of(Rule.DATETIME, 8 + 6, false); // 00:00:00+11:30
            case TIMESTAMP:
                return of(Rule.DATETIME, 13 + 1 + 8, false);
            case TIMESTAMPTZ:
                return of(Rule.DATETIME, 13 + 1 + 8 + 6, false);
            case INTERVAL:
                return of(Rule.INTERVAL, 49, false); // -123456789 years 11 months 33 days 23 hours 10.123456 seconds
            case BIT:
                return of(Rule.BIT, 0, false);
            case VARBIT:
                return of(Rule.VARBIT, 0, false);
            default:
                return UNBOUNDED; // text, bytea, json, uuid, ranges, ...: no bound to report
        }
    }

    /** The row of {@code type} (its element's for an array). Allocation-free. */
    static PgTypeSize of(PgType type) {
        return BY_ORDINAL[type.ordinal()];
    }

    /** The sizes of {@code oid}: its row's, {@link #unbounded()} for a type not in the table. */
    public static PgTypeSize ofOid(int oid) {
        @Nullable PgType t = PgType.of(oid);
        return t == null ? UNBOUNDED : of(t);
    }

    /** What a type without a bound reports: unknown length, scale 0, radix 10, unsigned. */
    public static PgTypeSize unbounded() {
        return UNBOUNDED;
    }

    /**
     * The precision: digits for numbers, characters for character types and for the date/time
     * types (the length of their text), bits for bit types; {@link #UNKNOWN_LENGTH} when unbounded.
     */
    public int precision(int typmod) {
        switch (rule) {
            case NUMERIC:
                return typmod == -1 ? 0 : ((typmod - 4) >> 16) & 0xFFFF;
            case CHARACTER:
                return typmod == -1 ? UNKNOWN_LENGTH : typmod - 4;
            case DATETIME:
            case INTERVAL:
                return displaySize(typmod);
            case BIT:
                return typmod;
            case VARBIT:
                return typmod == -1 ? UNKNOWN_LENGTH : typmod;
            default:
                return precision;
        }
    }

    /** The scale: digits after the point (fractional-second digits for times, 6 without a modifier). */
    public int scale(int typmod) {
        switch (rule) {
            case NUMERIC:
                return typmod == -1 ? 0 : (typmod - 4) & 0xFFFF;
            case DATETIME:
                return typmod == -1 ? 6 : typmod;
            case INTERVAL:
                return typmod == -1 ? 6 : typmod & 0xFFFF;
            default:
                return scale;
        }
    }

    /** The most characters the text form can take. */
    public int displaySize(int typmod) {
        switch (rule) {
            case NUMERIC:
                if (typmod == -1) {
                    return 131089; // length(pow(10::numeric, 131071))
                }
                int p = ((typmod - 4) >> 16) & 0xFFFF;
                int s = (typmod - 4) & 0xFFFF;
                return 1 + p + (s != 0 ? 1 : 0); // sign, digits, point
            case CHARACTER:
            case VARBIT:
                return precision(typmod);
            case BIT:
                return typmod;
            case DATETIME:
                // the fraction with its point; time(1) shows 2 digits ('0:0:0.1'::time(1) is 00:00:00.10)
                int fraction = typmod == -1 ? 7 : typmod == 0 ? 0 : typmod == 1 ? 3 : typmod + 1;
                return displaySize + fraction;
            default:
                return displaySize;
        }
    }

    /** The radix {@link #precision} counts in: 2 for the bit types, else 10. */
    public int radix() {
        return rule == Rule.BIT || rule == Rule.VARBIT ? 2 : 10;
    }

    /** Whether values can be negative: the numbers (arrays: their elements). */
    public boolean signed() {
        return signed;
    }
}
