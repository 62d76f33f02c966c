package io.lazypg.client.internal.codec;

/**
 * The elements of one array cell, each a (data, offset, length) slice in the element type's
 * format ({@link #binary} as the array came), length -1 for NULL, in row-major order.
 *
 * <p>For a binary array {@link #data} is the received buffer itself; for a text array it is one
 * buffer holding the unquoted, unescaped element texts. {@code dims.length} is 0 for an empty array.
 */
final class ArrayCells {

    final int elementOid;
    final boolean binary;
    final int[] dims;
    final int[] lowerBounds;
    final byte[] data;
    final int[] offsets;
    final int[] lengths;
    final int size;

    ArrayCells(
            int elementOid,
            boolean binary,
            int[] dims,
            int[] lowerBounds,
            byte[] data,
            int[] offsets,
            int[] lengths,
            int size) {
        this.elementOid = elementOid;
        this.binary = binary;
        this.dims = dims;
        this.lowerBounds = lowerBounds;
        this.data = data;
        this.offsets = offsets;
        this.lengths = lengths;
        this.size = size;
    }

    boolean isNull(int i) {
        return lengths[i] < 0;
    }
}
