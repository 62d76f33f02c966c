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
import org.jspecify.annotations.Nullable;
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
    /** The binding of a result that is the whole record as one JSON column (compared by identity). */
    private static final int[] WHOLE_JSON = new int[0];
    /** Reads the whole record from JSON; null without Jackson. */
    private final io.lazypg.client.@Nullable TextConverter<?> wholeJson;

    RecordMapper(Class<T> type) {
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] parameterTypes = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent rc = components[i];
            ColumnName annotation = rc.getAnnotation(ColumnName.class);
            PropertySpec spec = PropertySpec.of(
                    "component " + rc.getName(),
                    rc.getName(),
                    ColumnMatcher.candidates(annotation == null ? null : annotation.value(), rc.getName()),
                    rc.getType(),
                    rc.getGenericType());
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
        this.wholeJson = JsonProperties.readerFor(type, type);
        this.bindings = new BindingCache<>(
                columns -> readsWholeJson(columns) ? WHOLE_JSON : Binder.bind(type, specs, columns, true));
    }

    /**
     * A result of one json/jsonb column that no component claims ({@code select doc from orders}) is
     * the record itself, as JSON (with Jackson on the class path).
     */
    private boolean readsWholeJson(List<io.lazypg.client.Column> columns) {
        if (wholeJson == null || columns.size() != 1) {
            return false;
        }
        int oid = columns.get(0).typeOid();
        if (oid != io.lazypg.client.PgType.JSON.oid() && oid != io.lazypg.client.PgType.JSONB.oid()) {
            return false;
        }
        for (PropertySpec p : specs) {
            if (ColumnMatcher.find(columns, p.candidates()) >= 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public @Nullable T mapRow(LazyRow row) {
        int[] indexes = bindings.get(row.columns());
        if (indexes == WHOLE_JSON) {
            try {
                return type.cast(row.get(0, java.util.Objects.requireNonNull(wholeJson))); // set with WHOLE_JSON
            } catch (io.lazypg.client.PgConversionException e) {
                throw Conversions.mismatch(e);
            }
        }
        Object[] args = new Object[indexes.length];
        for (int i = 0; i < args.length; i++) {
            PropertySpec p = specs.get(i);
            args[i] = CellReader.read(row, indexes[i], p, type);
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
