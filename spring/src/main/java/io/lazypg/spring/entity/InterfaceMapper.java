package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import io.lazypg.client.LazyRow;
import io.lazypg.spring.LazyRowMapper;
import java.lang.invoke.MethodHandle;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.AotDetector;
import org.springframework.core.NativeDetector;

/**
 * Maps each row to a lazy proxy of an entity interface: one object holding the row, whose getters
 * decode their cells on call. Mapping decodes nothing.
 *
 * <p>Per result shape the accessors are bound to column indexes once ({@link BindingCache}); per
 * distinct set of column indexes one class is generated, so results of the same statement (and
 * of statements that put the accessors' columns at the same positions) share a class. With Spring
 * AOT the interface's one ahead-of-time class serves every binding instead ({@link ProxyConstructors}).
 * Thread-safe.
 */
final class InterfaceMapper<T> implements LazyRowMapper<T> {

    /** A generated class, ready to instantiate. */
    record Bound(EntityBinding binding, MethodHandle constructor) {}

    private final InterfaceModel model;
    private final Function<EntityBinding, MethodHandle> constructors;
    private final BindingCache<Bound> bindings = new BindingCache<>(this::bind);
    private final ConcurrentHashMap<List<Integer>, Bound> classes = new ConcurrentHashMap<>();

    InterfaceMapper(Class<T> type) {
        this(type, AotDetector.useGeneratedArtifacts(), NativeDetector.inNativeImage());
    }

    /** {@code aheadOfTime}: use the interface's ahead-of-time proxy class (see {@link ProxyConstructors}). */
    InterfaceMapper(Class<T> type, boolean aheadOfTime, boolean nativeImage) {
        this.model = InterfaceModel.of(type);
        this.constructors = ProxyConstructors.choose(model, aheadOfTime, nativeImage);
    }

    @Override
    public T mapRow(LazyRow row) {
        return construct(bindings.get(row.columns()), row);
    }

    /**
     * A mapper for the rows of one result whose columns are {@code columns}: it binds on its first
     * row (so an empty result binds nothing and cannot fail) and then only constructs proxies,
     * without reading the row. The rows of a buffered result were received before they are mapped,
     * so each row's object is cold by then; not touching it while mapping saves one cache miss per
     * row. Serves one result on one thread.
     */
    LazyRowMapper<T> forResult(List<Column> columns) {
        return new LazyRowMapper<>() {
            private @Nullable Bound bound;

            @Override
            public T mapRow(LazyRow row) {
                Bound b = bound;
                if (b == null) {
                    b = bound = bindings.get(columns);
                }
                return construct(b, row);
            }
        };
    }

    @SuppressWarnings("unchecked")
    private static <T> T construct(Bound bound, LazyRow row) {
        try {
            Object proxy = (Object) bound.constructor.invokeExact(row);
            return (T) proxy;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("The constructor of a generated entity class failed", t);
        }
    }

    private Bound bind(List<Column> columns) {
        int[] indexes = Binder.bind(model.type, model.specs, columns, true);
        List<Integer> key = Arrays.stream(indexes).boxed().toList();
        return classes.computeIfAbsent(key, k -> {
            EntityBinding binding = new EntityBinding(model.type, model.specs, indexes);
            return new Bound(binding, constructors.apply(binding));
        });
    }
}
