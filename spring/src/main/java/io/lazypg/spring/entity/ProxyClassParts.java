package io.lazypg.spring.entity;

import java.lang.annotation.Annotation;
import java.util.Objects;
import net.bytebuddy.description.annotation.AnnotationDescription;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.matcher.ElementMatchers;
import org.jspecify.annotations.Nullable;

/**
 * What every generated entity class has, whether generated at run time ({@link ProxyClassGenerator},
 * one class per binding) or ahead of time ({@link AheadOfTimeProxyGenerator}, one class per
 * interface): {@code toString}, {@code equals} and {@code hashCode} through {@link EntityRuntime},
 * and, with Jackson 3 on the class path, {@code @JsonSerialize(using = EntityProxySerializer.class)}.
 * Stateless.
 */
final class ProxyClassParts {

    private static final @Nullable Class<?> JSON_SERIALIZE = JacksonSupport.jsonSerializeAnnotation();
    private static final @Nullable Class<?> SERIALIZER = JacksonSupport.serializerClass();

    private ProxyClassParts() {}

    /** {@code builder} with Object's three methods delegating to {@link EntityRuntime}, by value. */
    static DynamicType.Builder<Object> objectMethods(DynamicType.Builder<Object> builder) throws NoSuchMethodException {
        return builder.method(ElementMatchers.named("toString").and(ElementMatchers.takesArguments(0)))
                .intercept(MethodCall.invoke(EntityRuntime.class.getMethod("toString", EntityProxy.class))
                        .withThis())
                .method(ElementMatchers.named("hashCode").and(ElementMatchers.takesArguments(0)))
                .intercept(MethodCall.invoke(EntityRuntime.class.getMethod("hashCode", EntityProxy.class))
                        .withThis())
                .method(ElementMatchers.named("equals").and(ElementMatchers.takesArguments(Object.class)))
                .intercept(MethodCall.invoke(EntityRuntime.class.getMethod("equals", EntityProxy.class, Object.class))
                        .withThis()
                        .withArgument(0));
    }

    /** {@code builder} annotated for lazypg's Jackson serializer when Jackson is present; else as it is. */
    static DynamicType.Builder<Object> jsonSerializer(DynamicType.Builder<Object> builder) {
        if (JSON_SERIALIZE == null || SERIALIZER == null) {
            return builder;
        }
        return builder.annotateType(AnnotationDescription.Builder.ofType(annotationType())
                .define("using", SERIALIZER)
                .build());
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends Annotation> annotationType() {
        // only called where JSON_SERIALIZE != null (Jackson is present)
        return (Class<? extends Annotation>) Objects.requireNonNull(JSON_SERIALIZE);
    }

    /** {@code getLong} for long, {@code getBoolean} for boolean: the {@link EntityRuntime} helper of a primitive. */
    static String primitiveGetter(Class<?> primitive) {
        String name = primitive.getName();
        return "get" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
