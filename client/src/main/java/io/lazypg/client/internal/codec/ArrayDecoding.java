package io.lazypg.client.internal.codec;

import io.lazypg.client.PgType;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.Arrays;

/**
 * Array cells in both formats.
 *
 * <p>Text (array_out): optional bounds decoration {@code [2:3]=}, nested braces, elements
 * separated by commas; an element is quoted when it is empty, spells {@code NULL}, or contains
 * {@code " \ { } ,} or white space, and inside quotes {@code "} and {@code \} are escaped with a
 * backslash. An unquoted {@code NULL} is SQL NULL.
 *
 * <p>Binary (array_send): {@code int32 ndim, int32 hasnull, int32 elemtype, (int32 size, int32
 * lbound) per dimension, then per element int32 length (-1 = NULL) and the element's send bytes}.
 */
final class ArrayDecoding {

    /** PostgreSQL's MAXDIM. */
    private static final int MAX_DIMS = 6;

    private ArrayDecoding() {}

    static ArrayCells parse(byte[] b, int off, int len, int oid, boolean binary) {
        return binary ? parseBinary(b, off, len, oid) : parseText(b, off, len, oid, PgType.elementOidOf(oid));
    }

    static ArrayCells parseBinary(byte[] b, int off, int len, int oid) {
        if (len < 12) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "array shorter than its 12-byte header");
        }
        int ndim = BinaryParsing.int32(b, off);
        int elementOid = BinaryParsing.int32(b, off + 8);
        if (ndim < 0 || ndim > MAX_DIMS || len < 12 + 8 * ndim) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "bad number of dimensions " + ndim);
        }
        int[] dims = new int[ndim];
        int[] lowerBounds = new int[ndim];
        long size = ndim == 0 ? 0 : 1;
        for (int d = 0; d < ndim; d++) {
            dims[d] = BinaryParsing.int32(b, off + 12 + 8 * d);
            lowerBounds[d] = BinaryParsing.int32(b, off + 16 + 8 * d);
            if (dims[d] < 0) {
                throw ConversionErrors.malformed(b, off, len, oid, true, "negative dimension");
            }
            size *= dims[d];
        }
        if (size > (len - 12 - 8L * ndim) / 4) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "more elements than bytes");
        }
        int n = (int) size;
        int[] offsets = new int[n];
        int[] lengths = new int[n];
        int p = off + 12 + 8 * ndim;
        int end = off + len;
        for (int i = 0; i < n; i++) {
            if (p + 4 > end) {
                throw ConversionErrors.malformed(b, off, len, oid, true, "truncated array");
            }
            int elementLength = BinaryParsing.int32(b, p);
            p += 4;
            offsets[i] = p;
            lengths[i] = elementLength < 0 ? -1 : elementLength;
            if (elementLength > 0) {
                if (elementLength > end - p) {
                    throw ConversionErrors.malformed(b, off, len, oid, true, "truncated array element");
                }
                p += elementLength;
            }
        }
        if (p != end) {
            throw ConversionErrors.malformed(b, off, len, oid, true, "bytes after the last element");
        }
        return new ArrayCells(elementOid, true, dims, lowerBounds, b, offsets, lengths, n);
    }

    /** Parses array_out text; {@code elementOid} 0 means unknown (elements stay text). */
    static ArrayCells parseText(byte[] b, int off, int len, int oid, int elementOid) {
        int end = off + len;
        int p = off;
        int[] lowerBounds = null;
        int declaredDims = 0;
        if (p < end && b[p] == '[') {
            lowerBounds = new int[MAX_DIMS];
            while (p < end && b[p] == '[') {
                if (declaredDims == MAX_DIMS) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "too many dimensions");
                }
                int colon = indexOf(b, p, end, (byte) ':');
                if (colon < 0) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "bad dimension bounds");
                }
                lowerBounds[declaredDims++] = (int) TextParsing.parseLong(b, p + 1, colon - p - 1, oid);
                int close = indexOf(b, colon, end, (byte) ']');
                if (close < 0) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "bad dimension bounds");
                }
                p = close + 1;
            }
            if (p >= end || b[p] != '=') {
                throw ConversionErrors.malformed(b, off, len, oid, false, "expected = after the bounds");
            }
            p++;
        }
        byte[] data = new byte[len];
        int dataLength = 0;
        int[] offsets = new int[8];
        int[] lengths = new int[8];
        int n = 0;
        int[] dims = new int[MAX_DIMS];
        int[] counts = new int[MAX_DIMS];
        int ndim = -1;
        int depth = 0;
        boolean expectElement = true; // after '{' or ','
        p = skipSpace(b, p, end);
        if (p >= end || b[p] != '{') {
            throw ConversionErrors.malformed(b, off, len, oid, false, "expected {");
        }
        while (true) {
            p = skipSpace(b, p, end);
            if (p >= end) {
                throw ConversionErrors.malformed(b, off, len, oid, false, "unterminated array");
            }
            byte c = b[p];
            if (c == '{') {
                if (!expectElement || depth == MAX_DIMS || (ndim >= 0 && depth >= ndim)) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "unexpected { at position " + (p - off));
                }
                counts[depth++] = 0;
                p++;
                expectElement = true;
            } else if (c == '}') {
                if (depth == 0 || (expectElement && counts[depth - 1] > 0)) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "unexpected } at position " + (p - off));
                }
                if (counts[depth - 1] == 0 && ndim < 0) {
                    ndim = 0; // {} : an empty array
                    if (depth != 1) {
                        throw ConversionErrors.malformed(b, off, len, oid, false, "empty sub-array");
                    }
                } else if (ndim > 0) {
                    if (dims[depth - 1] == 0) {
                        dims[depth - 1] = counts[depth - 1];
                    } else if (dims[depth - 1] != counts[depth - 1]) {
                        throw ConversionErrors.malformed(b, off, len, oid, false, "sub-arrays of different lengths");
                    }
                }
                depth--;
                p++;
                expectElement = false;
                if (depth == 0) {
                    break;
                }
                counts[depth - 1]++;
            } else if (c == ',') {
                if (expectElement) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "unexpected , at position " + (p - off));
                }
                p++;
                expectElement = true;
            } else {
                if (!expectElement) {
                    throw ConversionErrors.malformed(
                            b, off, len, oid, false, "expected , or } at position " + (p - off));
                }
                if (ndim < 0) {
                    ndim = depth;
                } else if (ndim != depth) {
                    throw ConversionErrors.malformed(b, off, len, oid, false, "elements at different depths");
                }
                if (n == offsets.length) {
                    offsets = Arrays.copyOf(offsets, n * 2);
                    lengths = Arrays.copyOf(lengths, n * 2);
                }
                int start = dataLength;
                boolean isNull = false;
                if (c == '"') {
                    p++;
                    while (true) {
                        if (p >= end) {
                            throw ConversionErrors.malformed(b, off, len, oid, false, "unterminated quoted element");
                        }
                        byte q = b[p++];
                        if (q == '"') {
                            break;
                        }
                        if (q == '\\') {
                            if (p >= end) {
                                throw ConversionErrors.malformed(b, off, len, oid, false, "backslash at the end");
                            }
                            q = b[p++];
                        }
                        data[dataLength++] = q;
                    }
                } else {
                    boolean escaped = false;
                    int lastNonSpace = dataLength;
                    while (p < end && b[p] != ',' && b[p] != '}') {
                        byte q = b[p++];
                        if (q == '{' || q == '"') {
                            throw ConversionErrors.malformed(b, off, len, oid, false, "unexpected " + (char) q);
                        }
                        if (q == '\\') {
                            if (p >= end) {
                                throw ConversionErrors.malformed(b, off, len, oid, false, "backslash at the end");
                            }
                            q = b[p++];
                            escaped = true;
                            data[dataLength++] = q;
                            lastNonSpace = dataLength;
                            continue;
                        }
                        data[dataLength++] = q;
                        if (!isSpace(q)) {
                            lastNonSpace = dataLength;
                        }
                    }
                    dataLength = lastNonSpace; // trailing white space is not part of an unquoted element
                    isNull = !escaped && isNullWord(data, start, dataLength);
                }
                offsets[n] = start;
                lengths[n] = isNull ? -1 : dataLength - start;
                n++;
                counts[depth - 1]++;
                expectElement = false;
            }
        }
        if (skipSpace(b, p, end) != end) {
            throw ConversionErrors.malformed(b, off, len, oid, false, "characters after the array");
        }
        if (ndim == 0) {
            return new ArrayCells(elementOid, false, new int[0], new int[0], data, offsets, lengths, 0);
        }
        int[] finalDims = Arrays.copyOf(dims, ndim);
        int[] bounds = new int[ndim];
        Arrays.fill(bounds, 1);
        if (lowerBounds != null) {
            if (declaredDims != ndim) {
                throw ConversionErrors.malformed(b, off, len, oid, false, "bounds do not match the dimensions");
            }
            System.arraycopy(lowerBounds, 0, bounds, 0, ndim);
        }
        return new ArrayCells(elementOid, false, finalDims, bounds, data, offsets, lengths, n);
    }

    /** An unquoted {@code NULL}, in any letter case, as array_in accepts it. */
    private static boolean isNullWord(byte[] data, int start, int end) {
        return end - start == 4
                && (data[start] | 0x20) == 'n'
                && (data[start + 1] | 0x20) == 'u'
                && (data[start + 2] | 0x20) == 'l'
                && (data[start + 3] | 0x20) == 'l';
    }

    private static int indexOf(byte[] b, int from, int end, byte c) {
        for (int i = from; i < end; i++) {
            if (b[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isSpace(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x0B || c == '\f';
    }

    private static int skipSpace(byte[] b, int p, int end) {
        while (p < end && isSpace(b[p])) {
            p++;
        }
        return p;
    }

    // ---------------------------------------------------------------- text rendering

    /** array_out over parsed cells, each element rendered as its type's text output. */
    static String render(ArrayCells cells, OutputSettings settings) {
        StringBuilder sb = new StringBuilder(16 + cells.size * 8);
        int ndim = cells.dims.length;
        if (ndim == 0) {
            return "{}";
        }
        boolean defaultBounds = true;
        for (int lb : cells.lowerBounds) {
            defaultBounds &= lb == 1;
        }
        if (!defaultBounds) {
            for (int d = 0; d < ndim; d++) {
                sb.append('[')
                        .append(cells.lowerBounds[d])
                        .append(':')
                        .append(cells.lowerBounds[d] + cells.dims[d] - 1)
                        .append(']');
            }
            sb.append('=');
        }
        int[] index = new int[ndim];
        for (int d = 0; d < ndim; d++) {
            sb.append('{');
        }
        for (int i = 0; i < cells.size; i++) {
            if (cells.isNull(i)) {
                sb.append("NULL");
            } else {
                appendQuoted(
                        sb,
                        CellDecoder.decodeString(
                                cells.data,
                                cells.offsets[i],
                                cells.lengths[i],
                                cells.elementOid,
                                cells.binary,
                                settings));
            }
            // Advance the row-major index, closing and reopening braces where dimensions wrap.
            int d = ndim - 1;
            while (d >= 0 && ++index[d] == cells.dims[d]) {
                index[d] = 0;
                sb.append('}');
                d--;
            }
            if (d >= 0) {
                sb.append(',');
                for (int k = d + 1; k < ndim; k++) {
                    sb.append('{');
                }
            }
        }
        if (cells.size == 0) {
            // A dimension of length zero: PostgreSQL itself never sends it, but keep braces balanced.
            for (int d = 0; d < ndim; d++) {
                sb.append('}');
            }
        }
        return sb.toString();
    }

    private static void appendQuoted(StringBuilder sb, String s) {
        boolean quote = s.isEmpty() || s.equalsIgnoreCase("NULL");
        for (int i = 0; i < s.length() && !quote; i++) {
            char c = s.charAt(i);
            quote = c == '"' || c == '\\' || c == '{' || c == '}' || c == ',' || c == ' ' || c == '\t' || c == '\n'
                    || c == '\r' || c == 0x0B || c == '\f';
        }
        if (!quote) {
            sb.append(s);
            return;
        }
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        sb.append('"');
    }

    // ---------------------------------------------------------------- Java arrays

    /** The natural Java array: element class from {@code CellDecoder.decodeObject}, nested per dimension. */
    static Object toNaturalArray(ArrayCells cells, OutputSettings settings) {
        Class<?> leaf = PgType.javaClassOf(cells.elementOid);
        Object[] values = new Object[cells.size];
        for (int i = 0; i < cells.size; i++) {
            if (!cells.isNull(i)) {
                values[i] = CellDecoder.decodeObject(
                        cells.data, cells.offsets[i], cells.lengths[i], cells.elementOid, cells.binary, settings);
                if (leaf == BigDecimal.class && !(values[i] instanceof BigDecimal)) {
                    leaf = Number.class; // NaN or an infinity among numerics: they are Doubles
                }
            }
        }
        Object result = newArray(leaf, cells.dims, Math.max(cells.dims.length, 1));
        for (int i = 0; i < cells.size; i++) {
            Array.set(leafArray(result, cells.dims, i), i % lastDim(cells.dims), values[i]);
        }
        return result;
    }

    /**
     * An array of {@code type} (for example {@code int[]}, {@code Integer[][]}, {@code String[]}):
     * each element decoded as the leaf component type. The dimensions must match; NULL elements
     * cannot go into primitive arrays.
     */
    static Object toArray(
            ArrayCells cells, byte[] b, int off, int len, int oid, Class<?> type, OutputSettings settings) {
        int targetDims = 0;
        Class<?> leaf = type;
        while (leaf.isArray() && leaf != byte[].class) {
            leaf = leaf.getComponentType();
            targetDims++;
        }
        int ndim = cells.dims.length;
        if (ndim != 0 && ndim != targetDims) {
            throw ConversionErrors.cannotConvert(
                    b,
                    off,
                    len,
                    oid,
                    cells.binary,
                    type,
                    "it has " + ndim + " dimension(s), the Java type " + targetDims);
        }
        Class<?> boxed = boxed(leaf);
        Object result = newArray(leaf, cells.dims, targetDims);
        for (int i = 0; i < cells.size; i++) {
            Object value = null;
            if (!cells.isNull(i)) {
                value = CellDecoder.decode(
                        cells.data,
                        cells.offsets[i],
                        cells.lengths[i],
                        cells.elementOid,
                        cells.binary,
                        boxed,
                        settings);
            } else if (leaf.isPrimitive()) {
                throw ConversionErrors.cannotConvert(
                        b,
                        off,
                        len,
                        oid,
                        cells.binary,
                        type,
                        "element " + (i + 1) + " is NULL; read it as " + boxed.getSimpleName() + "[]");
            }
            Array.set(leafArray(result, cells.dims, i), i % lastDim(cells.dims), value);
        }
        return result;
    }

    private static int lastDim(int[] dims) {
        return dims.length == 0 ? 1 : dims[dims.length - 1];
    }

    private static Object newArray(Class<?> leaf, int[] dims, int targetDims) {
        if (dims.length == 0) {
            // Empty: a zero-length outer array of the right nesting (Integer[0][] for Integer[][]).
            Class<?> component = leaf;
            for (int d = 1; d < targetDims; d++) {
                component = component.arrayType();
            }
            return Array.newInstance(component, 0);
        }
        return Array.newInstance(leaf, dims);
    }

    /** The innermost array holding flat element {@code i} (row-major). */
    private static Object leafArray(Object root, int[] dims, int i) {
        Object array = root;
        int stride = 1;
        for (int d = 1; d < dims.length; d++) {
            stride *= dims[d];
        }
        int rest = i;
        for (int d = 0; d < dims.length - 1; d++) {
            array = Array.get(array, rest / stride);
            rest %= stride;
            stride /= dims[d + 1];
        }
        return array;
    }

    static Class<?> boxed(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        if (c == int.class) {
            return Integer.class;
        }
        if (c == long.class) {
            return Long.class;
        }
        if (c == short.class) {
            return Short.class;
        }
        if (c == double.class) {
            return Double.class;
        }
        if (c == float.class) {
            return Float.class;
        }
        if (c == boolean.class) {
            return Boolean.class;
        }
        if (c == byte.class) {
            return Byte.class;
        }
        return Character.class;
    }
}
