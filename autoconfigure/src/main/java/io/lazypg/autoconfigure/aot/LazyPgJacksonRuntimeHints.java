package io.lazypg.autoconfigure.aot;

import io.lazypg.autoconfigure.endpoint.LazyPgStatisticsEndpoint;
import io.lazypg.client.ClientStatistics;
import io.lazypg.client.StatementStatistics;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

/**
 * What Jackson reaches by reflection in lazypg: the serializer that entity proxies name in their
 * generated {@code @JsonSerialize(using = EntityProxySerializer.class)}, lazypg's Jackson module,
 * the {@code JsonEncoder} that the client loads as a service to write json/jsonb parameters, the
 * static helpers the generated entity classes call, and the records the {@code lazypg} actuator
 * endpoint and {@code LazyPgClient.statistics()} answer with. Types are named by text where their
 * module is optional, so that registering never loads a class the application lacks. Registered
 * in {@code META-INF/spring/aot.factories}; stateless.
 *
 * <p>The entity proxy classes themselves, and their hints, come from lazypg-spring's
 * {@code EntityProxyAotProcessor}, one ahead-of-time class per entity interface; see the
 * "Native images and AOT" section of docs/existing-application.md.
 */
public final class LazyPgJacksonRuntimeHints implements RuntimeHintsRegistrar {

    static final String PROXY_SERIALIZER = "io.lazypg.spring.jackson.EntityProxySerializer";
    static final String JACKSON_MODULE = "io.lazypg.spring.jackson.LazyPgJacksonModule";
    static final String JSON_ENCODER = "io.lazypg.spring.json.JacksonJsonEncoder";
    static final String JSON_ENCODER_SERVICE = "META-INF/services/io.lazypg.client.JsonEncoder";
    static final String ENTITY_RUNTIME = "io.lazypg.spring.entity.EntityRuntime";
    static final String ENTITY_PROXY = "io.lazypg.spring.entity.EntityProxy";
    static final String ACTUATOR_ENDPOINT = "org.springframework.boot.actuate.endpoint.annotation.Endpoint";

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        hints.reflection()
                .registerType(
                        TypeReference.of(PROXY_SERIALIZER),
                        MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS,
                        MemberCategory.INVOKE_DECLARED_CONSTRUCTORS);
        hints.reflection().registerType(TypeReference.of(JACKSON_MODULE), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
        hints.resources().registerPattern(JSON_ENCODER_SERVICE);
        hints.reflection().registerType(TypeReference.of(JSON_ENCODER), MemberCategory.INVOKE_PUBLIC_CONSTRUCTORS);
        hints.reflection().registerType(TypeReference.of(ENTITY_RUNTIME), MemberCategory.INVOKE_PUBLIC_METHODS);
        hints.reflection().registerType(TypeReference.of(ENTITY_PROXY), MemberCategory.INVOKE_PUBLIC_METHODS);
        new BindingReflectionHintsRegistrar()
                .registerReflectionHints(hints.reflection(), ClientStatistics.class, StatementStatistics.class);
        // the endpoint's report exists only where the actuator does
        if (ClassUtils.isPresent(ACTUATOR_ENDPOINT, classLoader)) {
            new BindingReflectionHintsRegistrar()
                    .registerReflectionHints(hints.reflection(), LazyPgStatisticsEndpoint.LazinessReport.class);
        }
    }
}
