package io.lazypg.client.internal.codec;

import io.lazypg.client.PgRange;
import io.lazypg.client.PgType;
import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Parses a range's text output ({@code range_out}) into a {@link PgRange}:
 *
 * <pre>
 *   empty
 *   [1,5)          (,5]          [1,)
 *   ["2024-01-01 00:00:00","2024-02-01 00:00:00")     a bound with spaces, commas or quotes is quoted;
 *                                                      inside quotes "" and \x stand for " and x
 * </pre>
 *
 * Each bound's text goes through the subtype's own text decoder (int4 to Integer, timestamptz to
 * OffsetDateTime under the session's settings, ...), so a bound reads exactly as a column of the
 * subtype would. Stateless.
 */
final class RangeParsing {

    private RangeParsing() {}

    // Called only for range OIDs, which PgType knows, each with its subtype: no check per cell.
    @SuppressWarnings("NullAway")
    static PgRange<Object> parse(byte[] b, int off, int len, int oid, OutputSettings settings) {
        PgType subtype = PgType.of(oid).rangeSubtype();
        String text = new String(b, off, len, StandardCharsets.UTF_8);
        if (text.equals("empty")) {
            return PgRange.empty();
        }
        if (text.length() < 3 || "[(".indexOf(text.charAt(0)) < 0 || "])".indexOf(text.charAt(text.length() - 1)) < 0) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "not a range");
        }
        int[] at = {1};
        String lower = bound(text, at, ',', b, off, len, oid);
        at[0]++; // the comma
        String upper = bound(text, at, text.charAt(text.length() - 1), b, off, len, oid);
        if (at[0] != text.length() - 1) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "text after the upper bound");
        }
        return new PgRange<>(
                value(lower, subtype, settings),
                value(upper, subtype, settings),
                lower != null && text.charAt(0) == '[',
                upper != null && text.charAt(text.length() - 1) == ']',
                false);
    }

    /** The bound starting at {@code at[0]} up to {@code end} (unquoted), or null for an empty (unbounded) one. */
    private static @Nullable String bound(String text, int[] at, char end, byte[] b, int off, int len, int oid) {
        StringBuilder sb = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        int i = at[0];
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '\\' && i + 1 < text.length()) {
                    sb.append(text.charAt(++i));
                } else if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        sb.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    sb.append(c);
                }
            } else if (c == '"') {
                quoted = true;
                any = true;
            } else if (c == '\\' && i + 1 < text.length()) {
                sb.append(text.charAt(++i));
                any = true;
            } else if (c == end) {
                break;
            } else {
                sb.append(c);
                any = true;
            }
        }
        if (i >= text.length()) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "a bound does not end");
        }
        at[0] = i;
        return any ? sb.toString() : null;
    }

    private static @Nullable Object value(@Nullable String bound, PgType subtype, OutputSettings settings) {
        if (bound == null) {
            return null;
        }
        byte[] utf8 = bound.getBytes(StandardCharsets.UTF_8);
        return CellDecoder.decode(utf8, 0, utf8.length, subtype.oid(), false, subtype.javaClass(), settings);
    }
}
