package io.lazypg.client.internal.auth;

import java.text.Normalizer;

/**
 * SASLprep (RFC 4013) of a SCRAM password, as PostgreSQL applies it on both sides, so that the
 * client derives the same salted password the server stored.
 *
 * <p>Mirrors {@code pg_saslprep} and how libpq uses it: an all-ASCII password is used unchanged;
 * otherwise non-ASCII spaces map to U+0020, "commonly mapped to nothing" characters are removed,
 * and the result is NFKC-normalised ({@link Normalizer}). When the mapped password is empty or holds
 * a prohibited or unassigned code point, or breaks the bidirectional rules, the raw password is used
 * instead, as libpq does (and as the server did when the password was set). Like PostgreSQL, the
 * prohibition and bidi checks look at the mapped, not-yet-normalised code points.
 *
 * <p>Approximation: "unassigned" is judged by the JDK's Unicode tables rather than Unicode 3.2's.
 * The two disagree only for characters added after 3.2, and only matter if mapping or NFKC would
 * change such a password.
 */
final class SaslPrep {

    private SaslPrep() {}

    /** The prepared password, or {@code password} itself where PostgreSQL falls back to the raw one. */
    static String prepare(String password) {
        if (isAscii(password)) {
            return password;
        }
        int[] mapped = map(password);
        if (mapped.length == 0 || !allowed(mapped)) {
            return password;
        }
        return Normalizer.normalize(new String(mapped, 0, mapped.length), Normalizer.Form.NFKC);
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** RFC 4013 section 2.1: C.1.2 spaces to U+0020, B.1 characters to nothing. */
    private static int[] map(String s) {
        return s.codePoints()
                .filter(c -> !isMappedToNothing(c))
                .map(c -> isNonAsciiSpace(c) ? ' ' : c)
                .toArray();
    }

    private static boolean allowed(int[] codePoints) {
        boolean hasRandAL = false;
        boolean hasL = false;
        for (int c : codePoints) {
            if (isProhibited(c) || !Character.isDefined(c)) {
                return false;
            }
            byte d = Character.getDirectionality(c);
            hasRandAL |= isRandAL(d);
            hasL |= d == Character.DIRECTIONALITY_LEFT_TO_RIGHT;
        }
        // RFC 3454 section 6: right-to-left text must not mix in left-to-right characters and must
        // begin and end with a right-to-left character.
        return !hasRandAL
                || (!hasL
                        && isRandAL(Character.getDirectionality(codePoints[0]))
                        && isRandAL(Character.getDirectionality(codePoints[codePoints.length - 1])));
    }

    private static boolean isRandAL(byte directionality) {
        return directionality == Character.DIRECTIONALITY_RIGHT_TO_LEFT
                || directionality == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC;
    }

    /** RFC 3454 table B.1. */
    static boolean isMappedToNothing(int c) {
        return c == 0x00AD
                || c == 0x034F
                || c == 0x1806
                || (c >= 0x180B && c <= 0x180D)
                || (c >= 0x200B && c <= 0x200D)
                || c == 0x2060
                || (c >= 0xFE00 && c <= 0xFE0F)
                || c == 0xFEFF;
    }

    /** RFC 3454 table C.1.2. */
    static boolean isNonAsciiSpace(int c) {
        return c == 0x00A0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200B) || c == 0x202F || c == 0x205F || c == 0x3000;
    }

    /** RFC 4013 section 2.3: tables C.1.2, C.2.1, C.2.2, C.3, C.4, C.5, C.6, C.7, C.8, C.9. */
    static boolean isProhibited(int c) {
        return isNonAsciiSpace(c)
                || c < 0x20
                || c == 0x7F // C.2.1
                || (c >= 0x80 && c <= 0x9F)
                || c == 0x06DD
                || c == 0x070F
                || c == 0x180E // C.2.2
                || c == 0x200C
                || c == 0x200D
                || c == 0x2028
                || c == 0x2029
                || (c >= 0x2060 && c <= 0x2063)
                || (c >= 0x206A && c <= 0x206F)
                || c == 0xFEFF
                || (c >= 0xFFF9 && c <= 0xFFFC)
                || (c >= 0x1D173 && c <= 0x1D17A)
                || (c >= 0xE000 && c <= 0xF8FF)
                || (c >= 0xF0000 && c <= 0xFFFFD) // C.3
                || (c >= 0x100000 && c <= 0x10FFFD)
                || (c >= 0xFDD0 && c <= 0xFDEF)
                || (c & 0xFFFE) == 0xFFFE // C.4
                || (c >= 0xD800 && c <= 0xDFFF) // C.5
                || (c >= 0xFFF9 && c <= 0xFFFD) // C.6
                || (c >= 0x2FF0 && c <= 0x2FFB) // C.7
                || c == 0x0340
                || c == 0x0341
                || c == 0x200E
                || c == 0x200F // C.8
                || (c >= 0x202A && c <= 0x202E)
                || c == 0xE0001
                || (c >= 0xE0020 && c <= 0xE007F); // C.9
    }
}
