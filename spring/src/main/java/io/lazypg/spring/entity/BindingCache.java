package io.lazypg.spring.entity;

import io.lazypg.client.Column;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Bindings of one entity type, per result shape. The common case (every row of a result, and
 * every execution of a cached prepared statement, share one column list) costs a volatile read
 * and an identity comparison; a new column list falls back to a lookup by value
 * ({@link ShapeKey}), and only a new shape builds a binding.
 *
 * <p>Thread-safe. A failing build is not cached (it fails again on the next result). The map is
 * bounded: ad-hoc SQL producing ever new shapes clears it rather than growing without limit.
 */
final class BindingCache<B> {

    private static final int MAX_SHAPES = 256;

    private record Last<B>(List<Column> columns, B binding) {}

    private final Function<List<Column>, B> factory;
    private final ConcurrentHashMap<ShapeKey, B> byShape = new ConcurrentHashMap<>();
    private volatile @Nullable Last<B> last;

    BindingCache(Function<List<Column>, B> factory) {
        this.factory = factory;
    }

    B get(List<Column> columns) {
        Last<B> l = last;
        if (l != null && l.columns == columns) {
            return l.binding;
        }
        return miss(columns);
    }

    private B miss(List<Column> columns) {
        ShapeKey key = ShapeKey.of(columns);
        B binding = byShape.get(key);
        if (binding == null) {
            binding = factory.apply(columns);
            if (byShape.size() >= MAX_SHAPES) {
                byShape.clear();
            }
            B raced = byShape.putIfAbsent(key, binding);
            if (raced != null) {
                binding = raced;
            }
        }
        last = new Last<>(columns, binding);
        return binding;
    }
}
