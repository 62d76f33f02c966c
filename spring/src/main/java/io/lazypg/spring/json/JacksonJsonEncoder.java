package io.lazypg.spring.json;

import io.lazypg.client.JsonEncoder;

/**
 * Writes json/jsonb parameters with {@link LazyPgJson#mapper()}. The client finds it through
 * {@link java.util.ServiceLoader} when lazypg-spring and Jackson 3 are on the class path (without
 * Jackson it cannot load, and the client goes without). Stateless, thread-safe.
 */
public final class JacksonJsonEncoder implements JsonEncoder {

    @Override
    public String toJson(Object value) {
        return LazyPgJson.mapper().writeValueAsString(value);
    }
}
