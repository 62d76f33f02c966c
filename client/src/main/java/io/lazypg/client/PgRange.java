package io.lazypg.client;

import org.jspecify.annotations.Nullable;

/**
 * A value of a PostgreSQL range type ({@code int4range}, {@code int8range}, {@code numrange},
 * {@code daterange}, {@code tsrange}, {@code tstzrange}): {@code get(i, PgRange.class)} reads one,
 * with bounds of the subtype's natural class (Integer, Long, BigDecimal, LocalDate, LocalDateTime,
 * OffsetDateTime), and a PgRange binds as a parameter (the server takes the range type from the context).
 *
 * <p>A null bound is unbounded (PostgreSQL's empty bound: {@code (,5]}); its inclusivity is then false.
 * The empty range ({@code 'empty'}) has no bounds at all. Discrete ranges come back in PostgreSQL's
 * canonical form: {@code int4range(1, 5, '[]')} reads as {@code [1,6)}.
 *
 * @param lower          the lower bound, or null when unbounded (or empty)
 * @param upper          the upper bound, or null when unbounded (or empty)
 * @param lowerInclusive whether {@code lower} belongs to the range ({@code [}) or not ({@code (})
 * @param upperInclusive whether {@code upper} belongs to the range ({@code ]}) or not ({@code )})
 * @param isEmpty        the empty range; the other components are then null and false
 */
public record PgRange<T>(
        @Nullable T lower, @Nullable T upper, boolean lowerInclusive, boolean upperInclusive, boolean isEmpty) {

    private static final PgRange<?> EMPTY = new PgRange<>(null, null, false, false, true);

    public PgRange {
        if (isEmpty && (lower != null || upper != null || lowerInclusive || upperInclusive)) {
            throw new IllegalArgumentException("the empty range has no bounds");
        }
        if (lower == null && lowerInclusive || upper == null && upperInclusive) {
            throw new IllegalArgumentException("an unbounded end cannot be inclusive");
        }
    }

    /** {@code 'empty'}. */
    @SuppressWarnings("unchecked")
    public static <T> PgRange<T> empty() {
        return (PgRange<T>) EMPTY;
    }

    /** {@code [lower, upper)}, PostgreSQL's default and the canonical form of discrete ranges; null for unbounded. */
    public static <T> PgRange<T> closedOpen(@Nullable T lower, @Nullable T upper) {
        return new PgRange<>(lower, upper, lower != null, false, false);
    }

    /** {@code [lower, upper]}; null for unbounded. */
    public static <T> PgRange<T> closed(@Nullable T lower, @Nullable T upper) {
        return new PgRange<>(lower, upper, lower != null, upper != null, false);
    }

    /** Whether the range has no lower bound (and is not empty). */
    public boolean lowerUnbounded() {
        return !isEmpty && lower == null;
    }

    /** Whether the range has no upper bound (and is not empty). */
    public boolean upperUnbounded() {
        return !isEmpty && upper == null;
    }

    /** Like PostgreSQL's text form, with the bounds' Java text: {@code [1,5)}, {@code (,2024-01-01]}, {@code empty}. */
    @Override
    public String toString() {
        if (isEmpty) {
            return "empty";
        }
        return (lowerInclusive ? "[" : "(") + (lower == null ? "" : lower) + "," + (upper == null ? "" : upper)
                + (upperInclusive ? "]" : ")");
    }
}
