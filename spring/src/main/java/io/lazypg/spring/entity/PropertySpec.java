package io.lazypg.spring.entity;

import io.lazypg.client.TextConverter;
import java.lang.reflect.Type;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One value an entity reads from a column: an interface accessor, a record component or a bean
 * setter. Resolved once per entity type.
 *
 * @param label      how messages name it: {@code status()}, {@code component status}, {@code setStatus(String)}
 * @param property   the property name (JSON and toString use it for interfaces)
 * @param candidates the column names to try, in order (see {@link ColumnMatcher})
 * @param javaType   the declared Java type (primitive types stay primitive)
 * @param json       for a type read from JSON ({@link JsonProperties}), its reader (one per property, so
 *                   the row parses a cell once per property); else null
 * @param arrayRead  for a List, Set or Collection property, the array class an array column is decoded
 *                   into ({@link ArrayCollections}); else null
 */
record PropertySpec(
        String label,
        String property,
        List<String> candidates,
        Class<?> javaType,
        @Nullable TextConverter<?> json,
        @Nullable Class<?> arrayRead) {

    /**
     * A property of {@code javaType}, read as JSON when {@link JsonProperties#isJsonType} says so, and
     * from an array column when {@link ArrayCollections#arrayReadType} says so.
     */
    static PropertySpec of(String label, String property, List<String> candidates, Class<?> javaType, Type generic) {
        return new PropertySpec(
                label,
                property,
                candidates,
                javaType,
                JsonProperties.readerFor(javaType, generic),
                ArrayCollections.arrayReadType(javaType, generic));
    }
}
