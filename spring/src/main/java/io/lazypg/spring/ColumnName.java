package io.lazypg.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the result column an entity accessor (interface method, record component or bean
 * property) reads, overriding the default match (exact name, then camelCase to snake_case,
 * case-insensitively). Named apart from the client's {@link io.lazypg.client.Column} (a result
 * column's description) and from JPA's {@code @Column}, so an entity can import all three.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.PARAMETER})
public @interface ColumnName {

    /** The column label as the query returns it. */
    String value();
}
