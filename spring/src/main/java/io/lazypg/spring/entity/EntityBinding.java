package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import java.util.List;

/**
 * The accessors of one entity interface bound to the columns of one result shape. Immutable and
 * thread-safe; shared by every proxy of that shape (held by the generated class, not per proxy).
 * Serializers and {@code toString}/{@code equals} read values through it; getters do not (they
 * run generated code with the column indexes baked in).
 */
public final class EntityBinding {

    private final Class<?> type;
    private final String[] properties;
    private final int[] columnIndexes;
    private final Class<?>[] readTypes;

    EntityBinding(Class<?> type, List<PropertySpec> specs, int[] columnIndexes) {
        this.type = type;
        this.properties = specs.stream().map(PropertySpec::property).toArray(String[]::new);
        this.columnIndexes = columnIndexes.clone();
        this.readTypes = specs.stream().map(p -> TypeCompatibility.boxed(p.javaType())).toArray(Class<?>[]::new);
    }

    /** The entity interface. */
    public Class<?> type() {
        return type;
    }

    /** Number of accessors (abstract methods of the interface), in declaration order. */
    public int accessorCount() {
        return properties.length;
    }

    /** The property name of accessor {@code i}: "id" for {@code id()}, "createdAt" for {@code getCreatedAt()}. */
    public String propertyName(int i) {
        return properties[i];
    }

    /** The 0-based column accessor {@code i} reads. */
    public int columnIndex(int i) {
        return columnIndexes[i];
    }

    /**
     * Accessor {@code i}'s value in {@code row}, boxed (null for NULL, also for primitive
     * accessors, so that toString and serialization show a NULL instead of failing).
     */
    public Object value(LazyRow row, int i) {
        return EntityRuntime.get(row, columnIndexes[i], readTypes[i]);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(type.getSimpleName()).append(" binding {");
        for (int i = 0; i < properties.length; i++) {
            sb.append(i > 0 ? ", " : "").append(properties[i]).append("->").append(columnIndexes[i]);
        }
        return sb.append('}').toString();
    }
}
