package io.lazypg.client.internal.codec;

import io.lazypg.client.PgConversionException;
import io.lazypg.client.PgType;
import java.time.ZoneOffset;

/**
 * Builds the {@link PgConversionException}s of the codec. Messages name the PostgreSQL type, the
 * value (abbreviated) and the Java type asked for; the caller prefixes the column name.
 */
final class ConversionErrors {

    /** Longest value quoted in a message; longer values are cut and marked with "...". */
    static final int MAX_QUOTED = 60;

    private ConversionErrors() {}

    /** A cell of {@code oid} cannot become {@code target}; {@code hint} says why or what to do instead. */
    static PgConversionException cannotConvert(
            byte[] b, int off, int len, int oid, boolean binary, Class<?> target, String hint) {
        return new PgConversionException("cannot convert PostgreSQL " + PgType.sqlNameOf(oid) + " value "
                + quote(b, off, len, oid, binary) + " to " + target.getName()
                + (hint == null || hint.isEmpty() ? "" : ": " + hint));
    }

    /** The bytes are not a valid {@code oid} value in the format they claim to be in. */
    static PgConversionException malformed(byte[] b, int off, int len, int oid, boolean binary, String what) {
        String shown = binary ? hex(b, off, len) : abbreviate(TextParsing.utf8(b, off, len));
        return new PgConversionException("malformed " + (binary ? "binary" : "text") + " PostgreSQL "
                + PgType.sqlNameOf(oid) + " value " + shown + ": " + what
                + "; the column's declared type does not match the bytes received");
    }

    /** The cell's value, rendered as PostgreSQL text where possible, in quotes and abbreviated. */
    static String quote(byte[] b, int off, int len, int oid, boolean binary) {
        String text;
        try {
            text = CellDecoder.decodeString(b, off, len, oid, binary, ZoneOffset.UTC);
        } catch (RuntimeException e) {
            text = binary ? hex(b, off, len) : TextParsing.utf8(b, off, len);
        }
        return "'" + abbreviate(text) + "'";
    }

    static String abbreviate(String s) {
        return s.length() <= MAX_QUOTED ? s : s.substring(0, MAX_QUOTED) + "...(" + s.length() + " chars)";
    }

    static String hex(byte[] b, int off, int len) {
        int shown = Math.min(len, MAX_QUOTED / 2);
        StringBuilder sb = new StringBuilder(2 + shown * 2).append("0x");
        for (int i = 0; i < shown; i++) {
            sb.append(Character.forDigit((b[off + i] >> 4) & 0xF, 16)).append(Character.forDigit(b[off + i] & 0xF, 16));
        }
        return shown < len ? sb.append("...(").append(len).append(" bytes)").toString() : sb.toString();
    }
}
