package io.lazypg.spring.json;

import io.lazypg.client.PgConversionException;
import io.lazypg.client.TextConverter;
import java.lang.reflect.Type;
import tools.jackson.core.JacksonException;

/**
 * Reads a json/jsonb cell's text into one Java type (generics included: {@code List<Item>},
 * {@code Map<String, Integer>}) with {@link LazyPgJson#mapper()}. One instance per property: the
 * row memoizes per converter instance, so each cell is parsed once per property. Thread-safe.
 */
public final class JsonReader implements TextConverter<Object> {

    private final Type type;

    private JsonReader(Type type) {
        this.type = type;
    }

    /** A reader into {@code type}, as a converter a {@link io.lazypg.client.LazyRow} can use. */
    public static TextConverter<Object> of(Type type) {
        return new JsonReader(type);
    }

    @Override
    public Object fromText(String text) {
        try {
            return LazyPgJson.mapper().readValue(text, LazyPgJson.mapper().constructType(type));
        } catch (JacksonException e) {
            throw new PgConversionException(
                    "the JSON does not fit " + type.getTypeName() + ": " + e.getOriginalMessage()
                            + ". Change the Java type, or read the column as String.",
                    e);
        }
    }

    @Override
    public String toString() {
        return "JSON into " + type.getTypeName();
    }
}
