package io.lazypg.spring.jackson;

import io.lazypg.client.LazyRow;
import io.lazypg.spring.entity.EntityBinding;
import io.lazypg.spring.entity.EntityProxy;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;

/**
 * Writes an entity proxy as a JSON object of its accessor properties, in declaration order:
 * {@code {"id":1,"status":"open","createdAt":"2024-01-02T03:04:05Z"}}. Nothing of the proxy's
 * internals (the row, the binding) appears. Values are written with the context's serializers,
 * so java.time types and nested settings follow the mapper's configuration. Stateless, thread-safe.
 */
public final class EntityProxySerializer extends ValueSerializer<EntityProxy> {

    @Override
    public void serialize(EntityProxy value, JsonGenerator gen, SerializationContext ctxt) throws JacksonException {
        EntityBinding binding = value.$lazypgBinding();
        LazyRow row = value.$lazypgRow();
        gen.writeStartObject(value);
        for (int i = 0; i < binding.accessorCount(); i++) {
            gen.writeName(binding.propertyName(i));
            Object v = binding.value(row, i);
            if (v == null) {
                gen.writeNull();
            } else {
                ctxt.writeValue(gen, v);
            }
        }
        gen.writeEndObject();
    }

    @Override
    public Class<?> handledType() {
        return EntityProxy.class;
    }
}
