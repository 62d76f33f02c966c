package io.lazypg.autoconfigure.listen;

import java.lang.reflect.Type;
import java.util.function.Function;
import org.springframework.beans.factory.BeanFactory;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads JSON payloads with the application's Jackson 3 {@link ObjectMapper} (a plain one when the
 * context has none). The only class of the listener support that touches Jackson: it is loaded
 * only for a listener method whose parameter needs JSON.
 */
final class JsonPayloads {

    static final String OBJECT_MAPPER = "tools.jackson.databind.ObjectMapper";

    private JsonPayloads() {}

    /** A reader of payloads into {@code type} (generic types included: {@code List<Order>}). */
    static Function<String, Object> reader(BeanFactory beanFactory, Type type) {
        ObjectMapper mapper = beanFactory.getBeanProvider(ObjectMapper.class).getIfAvailable(ObjectMapper::new);
        JavaType javaType = mapper.constructType(type);
        return payload -> mapper.readValue(payload, javaType);
    }
}
