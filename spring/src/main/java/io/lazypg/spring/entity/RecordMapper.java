package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import io.lazypg.spring.ColumnName;
import io.lazypg.spring.LazyRowMapper;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Builds a record eagerly through its canonical constructor, reading exactly the components'
 * columns (every component needs one; other columns are not decoded). Thread-safe.
 */
final class RecordMapper<T> implements LazyRowMapper<T> {

    private final Class<T> type;
    private final List<PropertySpec> specs = new ArrayList<>();
    private final MethodHandle constructor;
    private final BindingCache<int[]> bindings;

    RecordMapper(Class<T> type) {
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] parameterTypes = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent rc = components[i];
            ColumnName annotation = rc.getAnnotation(ColumnName.class);
            PropertySpec spec = new PropertySpec(
                    "component " + rc.getName(),
                    rc.getName(),
                    ColumnMatcher.candidates(annotation == null ? null : annotation.value(), rc.getName()),
                    rc.getType());
            Binder.checkSupported(type, spec);
            specs.add(spec);
            parameterTypes[i] = rc.getType();
        }
        try {
            Constructor<T> canonical = type.getDeclaredConstructor(parameterTypes);
            canonical.setAccessible(true);
            this.constructor = MethodHandles.lookup()
                    .unreflectConstructor(canonical)
                    .asSpreader(Object[].class, components.length)
                    .asType(MethodType.methodType(Object.class, Object[].class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new InvalidDataAccessApiUsageException(
                    "Cannot use the canonical constructor of record " + type.getName() + ": " + e
                            + ". Open its package to lazypg-spring or make it public.",
                    e);
        }
        this.bindings = new BindingCache<>(columns -> Binder.bind(type, specs, columns, true));
    }

    @Override
    public T mapRow(LazyRow row) {
        int[] indexes = bindings.get(row.columns());
        Object[] args = new Object[indexes.length];
        for (int i = 0; i < args.length; i++) {
            PropertySpec p = specs.get(i);
            args[i] = CellReader.read(row, indexes[i], p.javaType(), type, p.label());
        }
        try {
            Object record = (Object) constructor.invokeExact(args);
            return type.cast(record);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("The constructor of " + type.getName() + " failed: " + t, t);
        }
    }
}
