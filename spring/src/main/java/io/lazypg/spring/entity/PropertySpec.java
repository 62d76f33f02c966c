package io.lazypg.spring.entity;

import java.util.List;

/**
 * One value an entity reads from a column: an interface accessor, a record component or a bean
 * setter. Resolved once per entity type.
 *
 * @param label      how messages name it: {@code status()}, {@code component status}, {@code setStatus(String)}
 * @param property   the property name (JSON and toString use it for interfaces)
 * @param candidates the column names to try, in order (see {@link ColumnMatcher})
 * @param javaType   the declared Java type (primitive types stay primitive)
 */
record PropertySpec(String label, String property, List<String> candidates, Class<?> javaType) {}
