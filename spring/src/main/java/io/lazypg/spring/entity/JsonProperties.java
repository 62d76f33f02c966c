package io.lazypg.spring.entity;

import io.lazypg.client.PgType;
import io.lazypg.client.TextConverter;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Which Java types read from json/jsonb columns through Jackson 3: a {@code Map}, a {@code Collection}
 * ({@code List<Item>}), a record, or a Jackson {@code JsonNode}; only when Jackson is on the class
 * path (without it these types are not mapping targets, and nothing here loads a Jackson class).
 * Other types keep their column mapping (a String accessor reads the JSON text, an array a
 * PostgreSQL array).
 */
final class JsonProperties {

    private static final @Nullable Class<?> JSON_NODE = JacksonSupport.jsonNodeClass();

    private JsonProperties() {}

    /** Whether {@code type} is read as JSON. */
    static boolean isJsonType(Class<?> type) {
        return JSON_NODE != null
                && !TypeCompatibility.supported(type) // PgRange is a record the client reads itself
                && (Map.class.isAssignableFrom(type)
                        || Collection.class.isAssignableFrom(type)
                        || type.isRecord()
                        || JSON_NODE.isAssignableFrom(type));
    }

    /** The reader of {@code genericType} for a JSON type, else null. */
    static @Nullable TextConverter<?> readerFor(Class<?> type, Type genericType) {
        return isJsonType(type) ? io.lazypg.spring.json.JsonReader.of(genericType) : null;
    }

    /** The column types JSON is read from: json, jsonb, and the text types (JSON kept as text). */
    static boolean jsonColumn(int oid) {
        PgType t = PgType.of(oid);
        return t == PgType.JSON
                || t == PgType.JSONB
                || t == PgType.TEXT
                || t == PgType.VARCHAR
                || t == PgType.BPCHAR
                || t == PgType.UNKNOWN;
    }
}
