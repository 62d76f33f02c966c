package io.lazypg.spring;

import io.lazypg.client.Column;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The column types {@link LazyPgTemplate#copy} last found for a table and column list, so a copy
 * outside a transaction needs no probe round trip of its own. An entry is never trusted: it only
 * chooses how the rows are encoded, and the COPY goes with a check of those very types in the same
 * Query ({@link BinaryCopy}), which the server runs first and which refuses the COPY when a type
 * differs (another application changed a column, to a type of the same binary size or not). The
 * entry is then replaced, and the copy runs again. A template holds one; bounded: past {@value
 * #CAPACITY} entries it starts afresh. Thread-safe.
 */
final class CopyColumnTypes {

    static final int CAPACITY = 512;

    private final ConcurrentHashMap<BinaryCopy, List<Column>> types = new ConcurrentHashMap<>();

    @Nullable
    List<Column> get(BinaryCopy copy) {
        return types.get(copy);
    }

    void put(BinaryCopy copy, List<Column> columns) {
        if (types.size() >= CAPACITY) {
            types.clear(); // rare: a template copying into that many tables; the next copies probe again
        }
        types.put(copy, List.copyOf(columns));
    }

    void remove(BinaryCopy copy) {
        types.remove(copy);
    }
}
