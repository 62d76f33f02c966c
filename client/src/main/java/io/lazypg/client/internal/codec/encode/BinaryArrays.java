package io.lazypg.client.internal.codec.encode;

import io.lazypg.client.PgType;
import io.lazypg.client.internal.wire.WriteBuffer;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Writes a Java array or collection as the body of a PostgreSQL array in binary (array_recv's
 * format), each element through {@link BinaryValues} in the element type's own binary format:
 *
 * <pre>
 *   int32 ndim | int32 has-null (0/1) | int32 element oid | per dimension: int32 size, int32 lower bound (1)
 *   per element, in row-major order: int32 length | bytes  (int32 -1: NULL)
 * </pre>
 *
 * <p>Accepted values: {@code Object[]} (nested for more dimensions: {@code Integer[][]}), primitive
 * arrays ({@code int[]}, {@code long[][]}, ...), and {@link Collection}s (a {@code List<String>}, nested
 * for more dimensions). The shape must be rectangular with no NULL sub-array, as PostgreSQL requires;
 * an empty value is the empty array. {@code byte[]} is a leaf (a bytea element), not a dimension.
 * A value that does not fit throws {@link IllegalArgumentException} saying why. Stateless.
 */
final class BinaryArrays {

    /** PostgreSQL's MAXDIM. */
    private static final int MAX_DIMENSIONS = 6;

    private BinaryArrays() {}

    /** Whether {@code v} is written as an array value here rather than as one element. */
    static boolean isArrayValue(Object v) {
        return v instanceof Collection<?> || (v.getClass().isArray() && !(v instanceof byte[]));
    }

    static void writeBody(WriteBuffer out, Object value, PgType arrayType) {
        PgType element = arrayType.element();
        if (element == null) {
            throw new IllegalArgumentException(arrayType.typname() + " is not an array type");
        }
        if (!isArrayValue(value)) {
            throw new IllegalArgumentException("a " + value.getClass().getName() + " cannot be written as "
                    + arrayType.typname() + "; pass an array or a List of its elements");
        }
        List<Integer> sizes = new ArrayList<>(2);
        for (Object level = value; level != null && isArrayValue(level); level = first(level)) {
            sizes.add(size(level));
            if (sizes.size() > MAX_DIMENSIONS) {
                throw new IllegalArgumentException("more than " + MAX_DIMENSIONS + " dimensions");
            }
        }
        boolean empty = sizes.contains(0);
        int ndim = empty ? 0 : sizes.size();
        out.writeInt(ndim);
        int hasNullAt = out.reserveInt();
        out.writeInt(element.oid());
        for (int d = 0; d < ndim; d++) {
            out.writeInt(sizes.get(d));
            out.writeInt(1);
        }
        boolean hasNull = !empty && writeElements(out, value, 0, sizes, element.oid());
        out.patchInt(hasNullAt, hasNull ? 1 : 0);
    }

    /** Writes the elements under {@code level} (at {@code depth}); true when one of them was NULL. */
    private static boolean writeElements(
            WriteBuffer out, Object level, int depth, List<Integer> sizes, int elementOid) {
        if (size(level) != sizes.get(depth)) {
            throw new IllegalArgumentException("the array is not rectangular: a sub-array at depth " + depth + " has "
                    + size(level) + " elements where the first had " + sizes.get(depth));
        }
        boolean hasNull = false;
        boolean leaves = depth == sizes.size() - 1;
        for (Object item : elements(level)) {
            if (leaves) {
                if (item != null && isArrayValue(item)) {
                    throw new IllegalArgumentException(
                            "the array is not rectangular: an element at depth " + depth + " is itself an array");
                }
                hasNull |= item == null;
                BinaryValues.write(out, item, elementOid);
            } else {
                if (item == null || !isArrayValue(item)) {
                    throw new IllegalArgumentException("the array is not rectangular: a sub-array at depth "
                            + (depth + 1) + " is " + (item == null ? "null" : "not an array"));
                }
                hasNull |= writeElements(out, item, depth + 1, sizes, elementOid);
            }
        }
        return hasNull;
    }

    private static int size(Object level) {
        return level instanceof Collection<?> c ? c.size() : Array.getLength(level);
    }

    private static @Nullable Object first(Object level) {
        if (size(level) == 0) {
            return null;
        }
        return level instanceof Collection<?> c ? c.iterator().next() : Array.get(level, 0);
    }

    private static Iterable<?> elements(Object level) {
        if (level instanceof Collection<?> c) {
            return c;
        }
        if (level instanceof Object[] a) {
            return Arrays.asList(a);
        }
        int n = Array.getLength(level);
        List<Object> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(Array.get(level, i)); // boxes primitive elements, as BinaryValues takes them
        }
        return items;
    }
}
