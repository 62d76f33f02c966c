package io.lazypg.spring.json;

import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Jackson 3 mapper lazypg reads json/jsonb columns with (into entity accessors, record components,
 * bean properties and values of a record, Map, List or {@code JsonNode} type) and writes json/jsonb
 * parameters with ({@link JacksonJsonEncoder}). By default {@link JsonMapper#shared()}; the Spring
 * Boot starter installs the application's {@code JsonMapper}, so its modules and settings apply.
 *
 * <p>One mapper per class loader (entity mappings are cached per type, not per template). Thread-safe:
 * a new mapper applies to the rows read and parameters written after {@link #use} returns.
 */
public final class LazyPgJson {

    private static volatile @Nullable ObjectMapper mapper;

    private LazyPgJson() {}

    /** The mapper in use. */
    public static ObjectMapper mapper() {
        ObjectMapper m = mapper;
        return m != null ? m : JsonMapper.shared();
    }

    /** Reads and writes JSON with {@code objectMapper} from now on. */
    public static void use(ObjectMapper objectMapper) {
        mapper = Objects.requireNonNull(objectMapper, "objectMapper");
    }
}
