package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * The sizes a type's columns report in metadata, as pgjdbc reports them: precision, scale and
 * display size, each from the column's type modifier ({@code atttypmod}, or the RowDescription's),
 * the radix the precision counts in, whether the type is signed and whether it compares
 * case-sensitively. A column of the {@link PgType} table ({@link PgType#size()}): each row names
 * its instance with one of the factories here; an array reports its element's, and a type not in
 * the table reports {@link #unbounded()}.
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
    private static final PgTypeSize TEXT = UNBOUNDED.caseSensitively();
    private static final PgTypeSize CHARACTER = new PgTypeSize(Rule.CHARACTER, 0, 0, 0, false, true);
    private static final PgTypeSize NUMERIC = new PgTypeSize(Rule.NUMERIC, 0, 0, 0, true, false);
    private static final PgTypeSize INTERVAL = new PgTypeSize(Rule.INTERVAL, 0, 0, 49, false, false);
    private static final PgTypeSize BIT = new PgTypeSize(Rule.BIT, 0, 0, 0, false, false);
    private static final PgTypeSize VARBIT = new PgTypeSize(Rule.VARBIT, 0, 0, 0, false, false);

    private final Rule rule;
    private final int precision;
    private final int scale;
    /** For {@link Rule#DATETIME}: the length without the fractional seconds; else the fixed display size. */
    private final int displaySize;

    private final boolean signed;
    private final boolean caseSensitive;

    private PgTypeSize(Rule rule, int precision, int scale, int displaySize, boolean signed, boolean caseSensitive) {
        this.rule = rule;
        this.precision = precision;
        this.scale = scale;
        this.displaySize = displaySize;
        this.signed = signed;
        this.caseSensitive = caseSensitive;
    }

    // The factories below are the column values of PgType's rows; the numbers there are pgjdbc's
    // (TypeInfoCache).

    /** The same sizes whatever the type modifier: the numbers, bool, "char", date. */
    static PgTypeSize fixed(int precision, int scale, int displaySize, boolean signed) {
        return new PgTypeSize(Rule.FIXED, precision, scale, displaySize, signed, false);
    }

    /** These sizes, of a type whose values compare case-sensitively ("char"). */
    PgTypeSize caseSensitively() {
        return new PgTypeSize(rule, precision, scale, displaySize, signed, true);
    }

    /** The text types (text, name, json, jsonb, xml): unbounded, case-sensitive. */
    static PgTypeSize text() {
        return TEXT;
    }

    /** varchar(n), char(n): n characters, unbounded without a modifier; case-sensitive. */
    static PgTypeSize character() {
        return CHARACTER;
    }

    /** numeric(p, s); without a modifier precision 0 and scale 0, as pgjdbc reports them. */
    static PgTypeSize numeric() {
        return NUMERIC;
    }

    /**
     * date/time types with fractional seconds (time[tz](p), timestamp[tz](p)): {@code length}
     * characters without the fraction; the scale is p (6 without a modifier).
     */
    static PgTypeSize dateTime(int length) {
        return new PgTypeSize(Rule.DATETIME, 0, 0, length, false, false);
    }

    /** interval(p): 49 characters at most ({@code -123456789 years 11 months 33 days 23 hours 10.123456 seconds}). */
    static PgTypeSize interval() {
        return INTERVAL;
    }

    /** bit(n): n bits. */
    static PgTypeSize bit() {
        return BIT;
    }

    /** varbit(n): n bits, unbounded without a modifier. */
    static PgTypeSize varbit() {
        return VARBIT;
    }

    /** The sizes of {@code oid}: its row's, {@link #unbounded()} for a type not in the table. */
    public static PgTypeSize ofOid(int oid) {
        @Nullable PgType t = PgType.of(oid);
        return t == null ? UNBOUNDED : t.size();
    }

    /** What a type without a bound reports: unknown length, scale 0, radix 10, unsigned, not case-sensitive. */
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

    /**
     * Whether values compare case-sensitively: the text and character types, "char", json, jsonb
     * and xml (an array row holds its element's; JDBC metadata decides what it reports for arrays).
     */
    public boolean caseSensitive() {
        return caseSensitive;
    }
}
