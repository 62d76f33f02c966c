package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.client.PgConversionException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.TypeMismatchDataAccessException;

/**
 * Reads one cell eagerly as a property's type, for records and beans: boxed (the constructor or
 * setter unboxes), null for NULL, except that NULL for a primitive property is an error naming
 * the column and the property, as the lazy proxies report it.
 */
final class CellReader {

    private CellReader() {}

    static @Nullable Object read(LazyRow row, int index, PropertySpec p, Class<?> entity) {
        Class<?> javaType = p.javaType();
        String label = p.label();
        try {
            if (javaType.isPrimitive() && row.isNull(index)) {
                Column c = row.columns().get(index);
                throw new TypeMismatchDataAccessException("Column '" + c.name() + "' (index " + index + ", "
                        + c.typeName() + ") is NULL and cannot be read into " + entity.getSimpleName() + "'s "
                        + label + " of primitive type " + javaType.getName()
                        + ". Use the boxed type, or coalesce() in the SQL.");
            }
            if (p.arrayRead() != null) {
                return EntityRuntime.getCollection(
                        row,
                        index,
                        p.arrayRead(),
                        javaType,
                        p.json() != null ? p.json() : EntityRuntime.NO_JSON,
                        entity,
                        label);
            }
            if (p.json() != null) {
                return row.get(index, p.json());
            }
            return row.get(index, TypeCompatibility.boxed(javaType));
        } catch (PgConversionException e) {
            throw Conversions.mismatch(e);
        }
    }
}
