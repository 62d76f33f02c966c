package io.lazypg.client.internal.codec.encode;

/**
 * One pass over a string parameter that rejects what PostgreSQL text cannot hold (NUL, and unpaired
 * surrogates, which have no UTF-8 form) and reports what quoting an array element would need.
 */
final class TextScan {

    /** The element must be double-quoted in an array literal (whitespace, delimiter, braces, quote, backslash). */
    static final int NEEDS_QUOTES = 1;
    /** The element holds '"' or '\', which must be backslash-escaped inside the quotes. */
    static final int NEEDS_ESCAPES = 2;

    private TextScan() {}

    /**
     * Returns {@link #NEEDS_QUOTES} / {@link #NEEDS_ESCAPES} flags for {@code s}.
     *
     * @throws io.lazypg.client.PgUsageException for a NUL or an unpaired surrogate, naming the char index
     */
    static int check(CharSequence s, int parameterIndex, boolean element) {
        int flags = 0;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                switch (c) {
                    case 0:
                        throw ParameterErrors.nul(parameterIndex, element, i);
                    case '"':
                    case '\\':
                        flags |= NEEDS_QUOTES | NEEDS_ESCAPES;
                        break;
                    // array_in's delimiter, braces and array_isspace() characters
                    case ',':
                    case '{':
                    case '}':
                    case ' ':
                    case '\t':
                    case '\n':
                    case '\r':
                    case 0x0B:
                    case '\f':
                        flags |= NEEDS_QUOTES;
                        break;
                    default:
                        break;
                }
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    throw ParameterErrors.unpairedSurrogate(parameterIndex, element, i, c);
                }
            }
        }
        return flags;
    }
}
