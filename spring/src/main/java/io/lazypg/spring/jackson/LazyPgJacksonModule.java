package io.lazypg.spring.jackson;

import io.lazypg.spring.entity.EntityProxy;
import tools.jackson.databind.module.SimpleModule;

/**
 * Registers lazypg's serializers with a Jackson 3 mapper:
 * {@code JsonMapper.builder().addModule(new LazyPgJacksonModule()).build()}. Entity proxies also
 * carry {@code @JsonSerialize(using = EntityProxySerializer.class)} when Jackson is on the class
 * path, so a plain mapper serializes them too; the module makes that explicit and covers mappers
 * that ignore annotations.
 */
public final class LazyPgJacksonModule extends SimpleModule {

    private static final long serialVersionUID = 1L;

    public LazyPgJacksonModule() {
        super("lazypg");
        addSerializer(EntityProxy.class, new EntityProxySerializer());
    }
}
