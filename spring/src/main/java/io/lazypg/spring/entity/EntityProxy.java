package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;

/**
 * Implemented by the classes {@link EntityMappers} generates for entity interfaces; lets
 * serializers (see {@code io.lazypg.spring.jackson.LazyPgJacksonModule}) and the value-based
 * {@code equals} reach the row and the binding without reflection. Not for applications to
 * implement. The {@code $lazypg} prefix keeps these names clear of entity accessors.
 */
public interface EntityProxy {

    /** The row this proxy decodes from; never null. */
    LazyRow $lazypgRow();

    /** How this proxy's accessors map to the row's columns. */
    EntityBinding $lazypgBinding();
}
