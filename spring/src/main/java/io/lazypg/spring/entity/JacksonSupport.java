package io.lazypg.spring.entity;

import org.jspecify.annotations.Nullable;

/**
 * Whether Jackson 3 and lazypg's serializer are on the class path. Jackson is optional: without
 * it, generated classes carry no Jackson annotation and nothing here loads a Jackson class.
 */
final class JacksonSupport {

    private JacksonSupport() {}

    /** {@code tools.jackson.databind.annotation.JsonSerialize}, or null without Jackson. */
    static @Nullable Class<?> jsonSerializeAnnotation() {
        return load("tools.jackson.databind.annotation.JsonSerialize");
    }

    /** {@code io.lazypg.spring.jackson.EntityProxySerializer}, or null without Jackson. */
    static @Nullable Class<?> serializerClass() {
        return jsonSerializeAnnotation() == null ? null : load("io.lazypg.spring.jackson.EntityProxySerializer");
    }

    /** {@code tools.jackson.databind.JsonNode}, or null without Jackson. */
    static @Nullable Class<?> jsonNodeClass() {
        return load("tools.jackson.databind.JsonNode");
    }

    private static @Nullable Class<?> load(String name) {
        try {
            return Class.forName(name, false, JacksonSupport.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
