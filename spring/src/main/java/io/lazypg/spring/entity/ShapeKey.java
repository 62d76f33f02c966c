package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import java.util.Arrays;
import java.util.List;

/**
 * A result shape by value: column labels and type OIDs, which is all a binding depends on. Two
 * results of the same statement have equal keys (and so share a binding and a generated class)
 * even when the client built separate column lists for them.
 */
final class ShapeKey {

    private final String[] names;
    private final int[] oids;
    private final int hash;

    private ShapeKey(String[] names, int[] oids) {
        this.names = names;
        this.oids = oids;
        this.hash = 31 * Arrays.hashCode(names) + Arrays.hashCode(oids);
    }

    static ShapeKey of(List<Column> columns) {
        String[] names = new String[columns.size()];
        int[] oids = new int[columns.size()];
        for (int i = 0; i < names.length; i++) {
            names[i] = columns.get(i).name();
            oids[i] = columns.get(i).typeOid();
        }
        return new ShapeKey(names, oids);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShapeKey k
                && hash == k.hash
                && Arrays.equals(oids, k.oids)
                && Arrays.equals(names, k.names);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
