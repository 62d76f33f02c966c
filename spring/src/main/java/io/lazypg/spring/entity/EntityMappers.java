package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import io.lazypg.spring.LazyRowMapper;
import java.util.List;

/**
 * Row mappers for a target type, chosen by what the type is:
 *
 * <ul>
 *   <li><b>Interfaces</b> (the lazy form): each row becomes a proxy, one small object holding the
 *       row, whose abstract methods ({@code long id()}, {@code String getStatus()},
 *       {@code boolean isActive()}) read their columns when called; nothing is decoded at mapping
 *       time. A method reads the column named by {@code @io.lazypg.spring.ColumnName}, else the column
 *       matching its property name ({@code getCreatedAt()} and {@code createdAt()} give
 *       "createdAt") or that name in snake_case ("created_at"), exactly, then case-insensitively.
 *       Default methods run as written. Getters run generated code (one class per interface and
 *       column positions) with the column index baked in: no reflection and no boxing per call;
 *       primitive getters allocate nothing (under Spring AOT one class per interface, written at
 *       build time by {@link EntityProxyAotProcessor}, reads the positions from the binding). JSON values are parsed once per row (the row memoizes
 *       them); Strings, BigDecimals, dates, timestamps, UUIDs and arrays that arrived in binary are
 *       decoded on each call, to equal values (see {@code LazyRow}). {@code toString},
 *       {@code equals} and {@code hashCode} are by value (same interface, equal accessor values); with Jackson 3 on the class path the proxies serialize
 *       as their accessor properties only. Proxies stay valid as long as they are held: they keep
 *       their row, which outlives the connection.</li>
 *   <li><b>Records</b> (eager): built through the canonical constructor from the components'
 *       columns.</li>
 *   <li><b>JavaBeans</b> (eager): the no-arg constructor, then the setters of the properties that
 *       have a column; other properties are left alone.</li>
 *   <li><b>Value types</b> (Long, Integer, String, BigDecimal, java.time types, UUID, byte[],
 *       arrays, enums by name, ...): a single-column result's cell; more columns fail with
 *       {@link org.springframework.jdbc.IncorrectResultSetColumnCountException}.</li>
 * </ul>
 *
 * Only interfaces are lazy. Mapping problems fail on the first row of a result, when the type is
 * bound to its columns: a property without a column with
 * {@link org.springframework.dao.InvalidDataAccessApiUsageException} (naming the entity, the
 * method and the available columns), a column type the property's type cannot be read from with
 * {@link org.springframework.dao.TypeMismatchDataAccessException} (naming both). NULL read through
 * a primitive accessor throws {@code TypeMismatchDataAccessException} naming the column; boxed
 * accessors return null. See {@link TypeCompatibility} for which column types each Java type accepts.
 *
 * <p>Lifetime: a proxy is as valid as its row. Rows of a buffered result ({@code LazyResult}) stay
 * valid after the connection went back to the pool, so held proxies keep working (and keep the
 * rows' bytes: one proxy object with one reference per row on top). A row handed to a streaming
 * callback is reused for the next row: map {@code row.detach()} there to keep a proxy beyond the call.
 *
 * <p>Thread safety: the mappers are thread-safe and cached per type (and their bindings per
 * result shape); a proxy is as thread-safe as its row (not: one thread at a time, or publish the
 * proxies safely and read them from one thread each).
 */
public final class EntityMappers {

    private static final ClassValue<LazyRowMapper<?>> MAPPERS = new ClassValue<>() {
        @Override
        protected LazyRowMapper<?> computeValue(Class<?> type) {
            return create(type);
        }
    };

    private EntityMappers() {}

    /**
     * The mapper for {@code type}, cached per type; thread-safe.
     *
     * @throws org.springframework.dao.InvalidDataAccessApiUsageException when the type cannot be a
     *         mapping target at all (an accessor with parameters, a property type lazypg cannot decode,
     *         a class with no no-arg constructor that is not a record)
     */
    @SuppressWarnings("unchecked")
    public static <T> LazyRowMapper<T> forType(Class<T> type) {
        return (LazyRowMapper<T>) MAPPERS.get(type);
    }

    /**
     * {@code mapper} for the rows of one result with these {@code columns}: for an entity
     * interface's mapper, one that binds the result once instead of looking the binding up from
     * each row; any other mapper as it is. The result serves that result's rows on one thread.
     */
    public static <T> LazyRowMapper<T> forResult(LazyRowMapper<T> mapper, List<Column> columns) {
        return mapper instanceof InterfaceMapper<T> lazy ? lazy.forResult(columns) : mapper;
    }

    private static LazyRowMapper<?> create(Class<?> type) {
        if (isValueType(type)) {
            return new ValueMapper<>(type);
        }
        if (type.isRecord()) {
            return new RecordMapper<>(type);
        }
        if (type.isInterface()) {
            return new InterfaceMapper<>(type);
        }
        return new BeanMapper<>(type);
    }

    /** Whether {@code type}'s rows become proxies of generated classes (an entity interface, not a value type). */
    static boolean mapsToProxies(Class<?> type) {
        return type.isInterface() && !isValueType(type);
    }

    private static boolean isValueType(Class<?> type) {
        // JDK types (String, boxed numbers, BigDecimal, java.time, UUID, ...) are values, never entities.
        return type.isPrimitive()
                || type.isArray()
                || type.isEnum()
                || type.getName().startsWith("java.")
                || type == io.lazypg.client.PgRange.class
                || (JsonProperties.isJsonType(type) && !type.isRecord()); // a JsonNode
    }
}
