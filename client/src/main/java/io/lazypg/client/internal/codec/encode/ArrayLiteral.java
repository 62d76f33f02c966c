package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.internal.wire.WriteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Iterator;
import org.jspecify.annotations.Nullable;

/**
 * Writes a Java array or Collection as a PostgreSQL array literal, as {@code array_in} reads it:
 * {@code {1,2,NULL}}, {@code {"a \"b\" c",""}}, nested values as {@code {{1,2},{3,4}}}.
 *
 * <p>Invariants of what is written:
 * <ul>
 *   <li>A Java null element is the bare word {@code NULL}; a string that reads as NULL in any case
 *       ({@code "null"}), an empty string, and strings with whitespace, ',', braces, '"' or '\' are
 *       double-quoted, with '"' and '\' escaped by '\'.</li>
 *   <li>Date/time elements are always quoted (they may hold spaces and "BC"); numbers, booleans and
 *       UUIDs never need to be.</li>
 *   <li>byte[] elements use bytea's hex form, {@code "\\x0aff"} (the backslash escaped for array_in).</li>
 *   <li>Nested arrays must be rectangular with no null sub-array, as PostgreSQL requires; all
 *       non-null leaf elements must map to one element type.</li>
 * </ul>
 * One instance serves one parameter; it holds the element type the leaves are checked against.
 */
final class ArrayLiteral {

    private static final byte[] NULL = "NULL".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final WriteBuffer out;
    private final int parameterIndex;
    private final int[] dims;
    /** The first non-null leaf, whose element type every other leaf must share. */
    private @Nullable Object firstLeaf;

    private int leafOid = ParameterTypes.NO_ELEMENT;

    private ArrayLiteral(WriteBuffer out, int parameterIndex, int[] dims) {
        this.out = out;
        this.parameterIndex = parameterIndex;
        this.dims = dims;
    }

    /** Writes {@code arrayLike} (an Object[], a Collection or a primitive array other than byte[]). */
    static void write(WriteBuffer out, Object arrayLike, int parameterIndex) {
        int start = out.position();
        int[] dims = shape(arrayLike);
        new ArrayLiteral(out, parameterIndex, dims).writeLevel(arrayLike, 0);
        for (int length : dims) {
            if (length == 0) {
                // No elements at all (e.g. {{},{}}, validated as rectangular above): PostgreSQL before
                // 17 rejects nested empty braces, and every version reads them as the empty array.
                out.truncate(start);
                out.writeByte('{');
                out.writeByte('}');
                return;
            }
        }
    }

    /** The lengths along the first element at each level; writing checks every sub-array against them. */
    private static int[] shape(Object arrayLike) {
        int depth = 0;
        int[] dims = new int[4];
        Object cur = arrayLike;
        while (true) {
            int length = length(cur);
            if (depth == dims.length) {
                dims = java.util.Arrays.copyOf(dims, depth * 2);
            }
            dims[depth++] = length;
            if (length == 0 || ParameterTypes.isPrimitiveArray(cur)) {
                break;
            }
            Object first = cur instanceof Object[]
                    ? ((Object[]) cur)[0]
                    : ((Collection<?>) cur).iterator().next();
            if (first == null || !ParameterTypes.isArrayLike(first)) {
                break;
            }
            cur = first;
        }
        return java.util.Arrays.copyOf(dims, depth);
    }

    private static int length(Object arrayLike) {
        if (arrayLike instanceof Object[]) {
            return ((Object[]) arrayLike).length;
        } else if (arrayLike instanceof Collection) {
            return ((Collection<?>) arrayLike).size();
        }
        return java.lang.reflect.Array.getLength(arrayLike);
    }

    private void writeLevel(Object v, int depth) {
        if (length(v) != dims[depth]) {
            throw ParameterErrors.notRectangular(parameterIndex);
        }
        out.writeByte('{');
        boolean leafLevel = depth == dims.length - 1;
        if (v instanceof Object[]) {
            Object[] a = (Object[]) v;
            for (int i = 0; i < a.length; i++) {
                if (i > 0) {
                    out.writeByte(',');
                }
                writeElement(a[i], depth, leafLevel);
            }
        } else if (v instanceof Collection) {
            Iterator<?> it = ((Collection<?>) v).iterator();
            for (int i = 0; it.hasNext(); i++) {
                if (i > 0) {
                    out.writeByte(',');
                }
                writeElement(it.next(), depth, leafLevel);
            }
        } else {
            if (!leafLevel) {
                throw ParameterErrors.notRectangular(parameterIndex);
            }
            writePrimitives(v);
        }
        out.writeByte('}');
    }

    private void writeElement(Object e, int depth, boolean leafLevel) {
        if (!leafLevel) {
            if (e == null) {
                throw ParameterErrors.nullSubArray(parameterIndex);
            } else if (!ParameterTypes.isArrayLike(e)) {
                throw ParameterErrors.notRectangular(parameterIndex);
            }
            writeLevel(e, depth + 1);
        } else if (e == null) {
            out.writeBytes(NULL);
        } else if (ParameterTypes.isArrayLike(e)) {
            throw ParameterErrors.notRectangular(parameterIndex);
        } else {
            writeLeaf(e);
        }
    }

    private void writeLeaf(Object e) {
        int oid = ParameterTypes.scalarOid(e);
        if (oid == ParameterTypes.UNSUPPORTED) {
            throw ParameterErrors.unsupported(e, parameterIndex, true);
        }
        if (firstLeaf == null) {
            firstLeaf = e;
            leafOid = oid;
        } else if (oid != leafOid) {
            throw ParameterErrors.mixedElements(parameterIndex, firstLeaf, e);
        }
        if (e instanceof String) {
            writeString((String) e);
        } else if (e instanceof byte[]) {
            writeHexBytea((byte[]) e);
        } else if (e instanceof Enum) {
            writeString(((Enum<?>) e).name());
        } else if (e instanceof Character) {
            writeString(String.valueOf((char) (Character) e)); // the scan rejects NUL and a lone surrogate
        } else if (ScalarText.isTemporal(e)) {
            out.writeByte('"');
            ScalarText.write(out, e, parameterIndex, true);
            out.writeByte('"');
        } else {
            ScalarText.write(out, e, parameterIndex, true);
        }
    }

    private void writeString(String s) {
        int flags = TextScan.check(s, parameterIndex, true);
        if (s.isEmpty() || s.equalsIgnoreCase("NULL")) {
            flags |= TextScan.NEEDS_QUOTES;
        }
        if (flags == 0) {
            out.writeUtf8(s);
            return;
        }
        out.writeByte('"');
        if ((flags & TextScan.NEEDS_ESCAPES) == 0) {
            out.writeUtf8(s);
        } else {
            int from = 0;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '"' || c == '\\') {
                    out.writeUtf8(s.subSequence(from, i));
                    out.writeByte('\\');
                    from = i; // the quote or backslash itself goes out with the next segment
                }
            }
            out.writeUtf8(s.subSequence(from, s.length()));
        }
        out.writeByte('"');
    }

    /** bytea hex input inside a quoted element: the backslash of {@code \x} is escaped for array_in. */
    private void writeHexBytea(byte[] b) {
        out.writeByte('"');
        out.writeByte('\\');
        out.writeByte('\\');
        out.writeByte('x');
        for (byte x : b) {
            out.writeByte(HEX[(x >> 4) & 0xF]);
            out.writeByte(HEX[x & 0xF]);
        }
        out.writeByte('"');
    }

    private void writePrimitives(Object v) {
        if (v instanceof int[]) {
            int[] a = (int[]) v;
            for (int i = 0; i < a.length; i++) {
                comma(i);
                Digits.writeLong(out, a[i]);
            }
        } else if (v instanceof long[]) {
            long[] a = (long[]) v;
            for (int i = 0; i < a.length; i++) {
                comma(i);
                Digits.writeLong(out, a[i]);
            }
        } else if (v instanceof short[]) {
            short[] a = (short[]) v;
            for (int i = 0; i < a.length; i++) {
                comma(i);
                Digits.writeLong(out, a[i]);
            }
        } else if (v instanceof double[]) {
            double[] a = (double[]) v;
            for (int i = 0; i < a.length; i++) {
                comma(i);
                out.writeUtf8(Double.toString(a[i]));
            }
        } else if (v instanceof float[]) {
            float[] a = (float[]) v;
            for (int i = 0; i < a.length; i++) {
                comma(i);
                out.writeUtf8(Float.toString(a[i]));
            }
        } else {
            boolean[] a = (boolean[]) v;
            for (int i = 0; i < a.length; i++) {
                comma(i);
                out.writeByte(a[i] ? 't' : 'f');
            }
        }
        checkPrimitiveLeafType(v);
    }

    /** A primitive sub-array next to boxed ones ({@code new Object[]{new int[]{1}, new Long[]{2L}}}) must agree too. */
    private void checkPrimitiveLeafType(Object v) {
        int oid = ParameterTypes.primitiveArrayElementOid(v.getClass());
        if (firstLeaf == null) {
            firstLeaf = v;
            leafOid = oid;
        } else if (oid != leafOid) {
            throw ParameterErrors.mixedElements(parameterIndex, firstLeaf, v);
        }
    }

    private void comma(int i) {
        if (i > 0) {
            out.writeByte(',');
        }
    }
}
