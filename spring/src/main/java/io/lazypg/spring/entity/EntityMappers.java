package io.lazypg.spring.entity;

import io.lazypg.spring.LazyRowMapper;

/**
 * Row mappers for a target type: lazy proxies for interfaces, eager construction for records and
 * JavaBeans, and single-column reads for value types (Long, String, LocalDate, ...).
 * PLACEHOLDER: replaced by the entity implementation.
 */
public final class EntityMappers {

    private EntityMappers() {
    }

    /** The mapper for {@code type}, cached per type; thread-safe. */
    public static <T> LazyRowMapper<T> forType(Class<T> type) {
        return (row, rowNum) -> row.get(0, type);
    }
}
