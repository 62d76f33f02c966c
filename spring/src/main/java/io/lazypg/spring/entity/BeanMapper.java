package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import io.lazypg.spring.ColumnName;
import io.lazypg.spring.LazyRowMapper;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Builds a JavaBean eagerly: its no-arg constructor, then the setter of each property that has a
 * column (properties without one are left alone; columns without a property are not decoded).
 * A property's column is named by {@code @ColumnName} on its setter, getter or field, else matched
 * by name. Thread-safe.
 */
final class BeanMapper<T> implements LazyRowMapper<T> {

    private final Class<T> type;
    private final MethodHandle constructor;
    private final List<PropertySpec> specs = new ArrayList<>();
    private final List<MethodHandle> setters = new ArrayList<>();
    private final BindingCache<int[]> bindings;

    BeanMapper(Class<T> type) {
        this.type = type;
        try {
            Constructor<T> noArg = type.getDeclaredConstructor();
            noArg.setAccessible(true);
            this.constructor =
                    MethodHandles.lookup().unreflectConstructor(noArg).asType(MethodType.methodType(Object.class));
            for (Method m : type.getMethods()) {
                if (m.getParameterCount() != 1
                        || Modifier.isStatic(m.getModifiers())
                        || m.getName().length() <= 3
                        || !m.getName().startsWith("set")
                        || !Character.isUpperCase(m.getName().charAt(3))) {
                    continue;
                }
                Class<?> t = m.getParameterTypes()[0];
                if (!TypeCompatibility.supported(t)
                        && !JsonProperties.isJsonType(t)
                        && ArrayCollections.arrayReadType(t, m.getGenericParameterTypes()[0]) == null) {
                    continue; // not something a column can fill; leave it alone like a property without a column
                }
                String property = Names.decapitalize(m.getName().substring(3));
                ColumnName annotation = annotation(m, property);
                specs.add(PropertySpec.of(
                        m.getName() + "(" + t.getSimpleName() + ")",
                        property,
                        ColumnMatcher.candidates(annotation == null ? null : annotation.value(), property),
                        t,
                        m.getGenericParameterTypes()[0]));
                m.setAccessible(true);
                setters.add(MethodHandles.lookup()
                        .unreflect(m)
                        .asType(MethodType.methodType(void.class, Object.class, Object.class)));
            }
        } catch (NoSuchMethodException e) {
            throw new InvalidDataAccessApiUsageException(
                    "Cannot map results to " + type.getName()
                            + ": it is neither an interface nor a record and has no no-arg constructor. Add one (and setters),"
                            + " or make it a record or an interface.",
                    e);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new InvalidDataAccessApiUsageException(
                    "Cannot use the bean " + type.getName() + ": " + e + ". Make it and its no-arg constructor public.",
                    e);
        }
        this.bindings = new BindingCache<>(columns -> Binder.bind(type, specs, columns, false));
    }

    private @Nullable ColumnName annotation(Method setter, String property) {
        ColumnName c = setter.getAnnotation(ColumnName.class);
        if (c != null) {
            return c;
        }
        String suffix = setter.getName().substring(3);
        for (String getter : new String[] {"get" + suffix, "is" + suffix}) {
            try {
                c = type.getMethod(getter).getAnnotation(ColumnName.class);
                if (c != null) {
                    return c;
                }
            } catch (NoSuchMethodException e) {
                // no such getter
            }
        }
        for (Class<?> k = type; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(property) && f.getAnnotation(ColumnName.class) != null) {
                    return f.getAnnotation(ColumnName.class);
                }
            }
        }
        return null;
    }

    @Override
    public T mapRow(LazyRow row) {
        int[] indexes = bindings.get(row.columns());
        try {
            Object bean = (Object) constructor.invokeExact();
            for (int i = 0; i < indexes.length; i++) {
                if (indexes[i] >= 0) {
                    PropertySpec p = specs.get(i);
                    Object value = CellReader.read(row, indexes[i], p, type);
                    setters.get(i).invokeExact(bean, value);
                }
            }
            return type.cast(bean);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("Populating " + type.getName() + " failed: " + t, t);
        }
    }
}
