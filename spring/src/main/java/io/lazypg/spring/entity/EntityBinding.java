package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The accessors of one entity interface bound to the columns of one result shape. Immutable and
 * thread-safe; shared by every proxy of that shape (held by the generated class, not per proxy).
 * Serializers and {@code toString}/{@code equals} read values through it; getters of run-time
 * classes do not (they run generated code with the column indexes baked in), getters of an
 * ahead-of-time class read their column index from it ({@link AheadOfTimeProxyGenerator}).
 */
public final class EntityBinding {

    private final Class<?> type;
    private final String[] properties;
    private final int[] columnIndexes;
    private final Class<?>[] readTypes;
    private final Class<?>[] declaredTypes;
    private final String[] labels;
    /** Per accessor: its JSON reader, or null for a column-typed accessor. */
    private final io.lazypg.client.TextConverter<?>[] jsonReaders;
    /** Per accessor: for a List, Set or Collection, the array type an array column is read as; else null. */
    private final @Nullable Class<?>[] arrayReads;

    EntityBinding(Class<?> type, List<PropertySpec> specs, int[] columnIndexes) {
        this.type = type;
        this.properties = specs.stream().map(PropertySpec::property).toArray(String[]::new);
        this.columnIndexes = columnIndexes.clone();
        this.readTypes =
                specs.stream().map(p -> TypeCompatibility.boxed(p.javaType())).toArray(Class<?>[]::new);
        this.declaredTypes = specs.stream().map(PropertySpec::javaType).toArray(Class<?>[]::new);
        this.labels = specs.stream().map(PropertySpec::label).toArray(String[]::new);
        this.jsonReaders = specs.stream().map(PropertySpec::json).toArray(io.lazypg.client.TextConverter<?>[]::new);
        this.arrayReads = specs.stream().map(PropertySpec::arrayRead).toArray(Class<?>[]::new);
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
     * Accessor {@code i}'s value in {@code row}, boxed, exactly as the accessor would return it: null
     * for NULL in a reference accessor, and for NULL in a primitive accessor the accessor's own
     * {@link org.springframework.dao.TypeMismatchDataAccessException}.
     *
     * <p>Why strict: equals, hashCode and JSON describe the entity by its accessors' values, and an
     * {@code int stock()} has no value for NULL. Writing {@code "stock":null} would carry the bug on
     * to the JSON's consumer; the same entity as a record already fails when the row is mapped.
     * toString alone does not call this for such a cell (see {@link #nullInPrimitive}): it is what
     * loggers, debuggers and assertion messages call, and shows {@code stock=NULL} instead.
     *
     * @throws org.springframework.dao.TypeMismatchDataAccessException NULL into a primitive accessor,
     *         or a value that does not fit the accessor's type
     */
    /** Whether accessor {@code i} is primitive and its column is NULL in {@code row}: {@link #value} would throw. */
    public boolean nullInPrimitive(LazyRow row, int i) {
        return declaredTypes[i].isPrimitive() && row.isNull(columnIndexes[i]);
    }

    public @Nullable Object value(LazyRow row, int i) {
        int index = columnIndexes[i];
        if (declaredTypes[i].isPrimitive() && row.isNull(index)) {
            throw new org.springframework.dao.TypeMismatchDataAccessException(
                    EntityRuntime.nullIntoPrimitive(row, index, type, labels[i], declaredTypes[i]));
        }
        if (arrayReads[i] != null) {
            return EntityRuntime.getCollection(
                    row,
                    index,
                    arrayReads[i],
                    declaredTypes[i],
                    jsonReaders[i] != null ? jsonReaders[i] : EntityRuntime.NO_JSON,
                    type,
                    labels[i]);
        }
        if (jsonReaders[i] != null) {
            return EntityRuntime.getJson(row, index, jsonReaders[i], type, labels[i]);
        }
        return EntityRuntime.get(row, index, readTypes[i], type, labels[i]);
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
