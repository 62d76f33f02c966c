package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.PgUsageException;
import java.util.Locale;

/**
 * The messages of the {@link PgUsageException}s that binding throws. Each names the parameter
 * ({@code $3}, as in the SQL the server sees), says what is wrong and what to do; none repeats a
 * string value, which may be a secret.
 */
final class ParameterErrors {

    private ParameterErrors() {}

    /** "Parameter $3" or "An element of parameter $3". */
    static String subject(int parameterIndex, boolean element) {
        return (element ? "An element of parameter $" : "Parameter $") + parameterIndex;
    }

    static PgUsageException unsupported(Object value, int parameterIndex, boolean element) {
        return new PgUsageException(
                subject(parameterIndex, element) + " is a " + value.getClass().getTypeName()
                        + ", which lazypg cannot send. Supported: " + ParameterTypes.SUPPORTED
                        + ". Convert the value to one of these types" + hint(value) + ".");
    }

    private static String hint(Object value) {
        if (value instanceof java.util.Date) {
            return " (for a java.util.Date or java.sql.Timestamp: toInstant(); for a java.sql.Date: toLocalDate())";
        } else if (value instanceof Byte) {
            return " (for a Byte: Short.valueOf(b))";
        } else if (value instanceof char[]) {
            return " (for a char[]: new String(chars))";
        }
        return "";
    }

    static PgUsageException nul(int parameterIndex, boolean element, int charIndex) {
        return new PgUsageException(subject(parameterIndex, element)
                + " is a string with a NUL character (U+0000) at index " + charIndex
                + "; PostgreSQL text cannot store NUL. Remove the character, or bind the data as byte[]"
                + " (bytea) if it is binary.");
    }

    static PgUsageException unpairedSurrogate(int parameterIndex, boolean element, int charIndex, char c) {
        return new PgUsageException(subject(parameterIndex, element)
                + " is a string with an unpaired UTF-16 surrogate (U+"
                + Integer.toHexString(c).toUpperCase(Locale.ROOT)
                + ") at index " + charIndex + ", which is not valid Unicode and cannot be sent as UTF-8."
                + " Fix the code that built the string (often a substring that cut a character in two).");
    }

    static PgUsageException mixedElements(int parameterIndex, Object first, Object other) {
        return new PgUsageException("Parameter $" + parameterIndex
                + " is an array whose elements have different types ("
                + first.getClass().getTypeName() + " and " + other.getClass().getTypeName()
                + "); a PostgreSQL array has one element type. Convert the elements to one type.");
    }

    static PgUsageException notRectangular(int parameterIndex) {
        return new PgUsageException("Parameter $" + parameterIndex + " is a nested array whose sub-arrays differ in"
                + " length or depth; PostgreSQL multidimensional arrays must be rectangular. Pad the sub-arrays"
                + " with null elements to one length.");
    }

    static PgUsageException nullSubArray(int parameterIndex) {
        return new PgUsageException("Parameter $" + parameterIndex + " is a nested array with a null sub-array;"
                + " PostgreSQL multidimensional arrays cannot hold a NULL sub-array. Use a sub-array of null"
                + " elements instead.");
    }

    static PgUsageException outOfRange(Object value, int parameterIndex, boolean element) {
        return new PgUsageException(
                subject(parameterIndex, element) + " is the " + value.getClass().getSimpleName()
                        + " " + value + ", outside the range of PostgreSQL timestamps (4713 BC to 294276 AD)."
                        + " Use a value in range, or Instant.MAX / Instant.MIN for infinity / -infinity.");
    }
}
