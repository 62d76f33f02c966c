package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import io.lazypg.client.PgType;
import java.lang.reflect.Array;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * {@code List<String>}, {@code Set<Integer>} and {@code Collection<UUID>} properties read from
 * PostgreSQL array columns ({@code text[]}, {@code int4[]}, ...), as Hibernate 6 and Spring Data JDBC
 * users declare them: the column is decoded as the element type's array, then wrapped. The value is
 * unmodifiable and fresh on every read (the array under it is decoded anew), so a caller cannot
 * change what the next read returns. From a json/jsonb column the same property is still read as
 * JSON (with Jackson on the class path); which of the two is decided by the column's type, per read,
 * in {@link #isArrayColumn}.
 */
final class ArrayCollections {

    private ArrayCollections() {}

    /**
     * The array class an array column is decoded into for a property declared {@code raw<E>}: {@code
     * String[]} for {@code List<String>}; null when {@code raw} is not List, Set or Collection, or
     * {@code E} is not a type a column element can be decoded into.
     */
    static @Nullable Class<?> arrayReadType(Class<?> raw, Type generic) {
        if (raw != List.class && raw != Set.class && raw != Collection.class) {
            return null;
        }
        if (!(generic instanceof ParameterizedType p)
                || !(p.getActualTypeArguments()[0] instanceof Class<?> element)
                || element.isArray()
                || element == Object.class
                || !TypeCompatibility.supported(element)) {
            return null;
        }
        return Array.newInstance(element, 0).getClass();
    }

    /** Whether column {@code index} of {@code row} is an array type (else it is read as JSON). */
    static boolean isArrayColumn(LazyRow row, int index) {
        return isArrayType(row.columns().get(index).typeOid());
    }

    static boolean isArrayType(int oid) {
        PgType t = PgType.of(oid);
        return t != null && t.isArray();
    }

    /** {@code array} as the declared collection type: an unmodifiable Set for Set, else an unmodifiable List. */
    static Collection<?> wrap(Object[] array, Class<?> raw) {
        List<Object> list = Arrays.asList(array);
        return raw == Set.class
                ? Collections.unmodifiableSet(new LinkedHashSet<>(list))
                : Collections.unmodifiableList(list);
    }
}
