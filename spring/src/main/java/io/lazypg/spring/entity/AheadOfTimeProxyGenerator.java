package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import java.lang.reflect.Method;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.modifier.FieldManifestation;
import net.bytebuddy.description.modifier.Ownership;
import net.bytebuddy.description.modifier.TypeManifestation;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.matcher.ElementMatchers;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Writes, during AOT processing, the one proxy class of an entity interface, as a class file
 * (nothing is loaded). Unlike the run-time classes ({@link ProxyClassGenerator}), which bake in
 * the column indexes of one binding, this class serves every binding: the binding is the proxy's
 * second field and each getter reads its column index from it.
 *
 * <pre>
 * public final class Order__LazyPgProxy implements Order, EntityProxy {
 *     public static final String $LAZYPG_ACCESSORS = "id()J;status()Ljava/lang/String;...";
 *     private final LazyRow $row;
 *     private final EntityBinding $binding;
 *     public Order__LazyPgProxy(LazyRow row, EntityBinding binding) { ... }
 *     public long id() { return EntityRuntime.getLong($row, $binding.columnIndex(0), Order.class, "id()"); }
 *     public Details details() { return (Details) $binding.value($row, 5); }   // JSON and collections
 *     toString/equals/hashCode -> EntityRuntime, by value
 * }
 * </pre>
 *
 * The accessor list ({@link AheadOfTimeProxies#accessors}) lets the run time refuse a class that
 * no longer matches its interface. Stateless.
 */
final class AheadOfTimeProxyGenerator {

    private static final String ROW_FIELD = "$row";
    private static final String BINDING_FIELD = "$binding";

    private AheadOfTimeProxyGenerator() {}

    /** The class file of {@code model}'s proxy class, named {@link AheadOfTimeProxies#className}. */
    static byte[] generate(InterfaceModel model) {
        Class<?> type = model.type;
        try {
            DynamicType.Builder<Object> builder = new ByteBuddy()
                    .subclass(Object.class)
                    .implement(type, EntityProxy.class)
                    .name(AheadOfTimeProxies.className(type))
                    .modifiers(Visibility.PUBLIC, TypeManifestation.FINAL)
                    .defineField(
                            AheadOfTimeProxies.ACCESSORS_FIELD,
                            String.class,
                            Visibility.PUBLIC,
                            Ownership.STATIC,
                            FieldManifestation.FINAL)
                    .value(AheadOfTimeProxies.accessors(model))
                    .defineField(ROW_FIELD, LazyRow.class, Visibility.PRIVATE, FieldManifestation.FINAL)
                    .defineField(BINDING_FIELD, EntityBinding.class, Visibility.PRIVATE, FieldManifestation.FINAL)
                    .defineConstructor(Visibility.PUBLIC)
                    .withParameters(LazyRow.class, EntityBinding.class)
                    .intercept(MethodCall.invoke(Object.class.getConstructor())
                            .andThen(FieldAccessor.ofField(ROW_FIELD).setsArgumentAt(0))
                            .andThen(FieldAccessor.ofField(BINDING_FIELD).setsArgumentAt(1)))
                    .method(ElementMatchers.named("$lazypgRow"))
                    .intercept(FieldAccessor.ofField(ROW_FIELD))
                    .method(ElementMatchers.named("$lazypgBinding"))
                    .intercept(FieldAccessor.ofField(BINDING_FIELD));
            builder = ProxyClassParts.objectMethods(builder);
            for (int i = 0; i < model.methods.size(); i++) {
                Method m = model.methods.get(i);
                builder = builder.method(ElementMatchers.named(m.getName()).and(ElementMatchers.takesArguments(0)))
                        .intercept(getter(m.getReturnType(), i, type, model.specs.get(i)));
            }
            return ProxyClassParts.jsonSerializer(builder).make().getBytes();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new InvalidDataAccessApiUsageException(
                    "Cannot generate the ahead-of-time entity class for " + type.getName() + ": " + e, e);
        }
    }

    /**
     * Accessor {@code i}: primitives and Strings through the same {@link EntityRuntime} helpers as the
     * run-time classes, the column index read from the binding; JSON and collection properties
     * through {@link EntityBinding#value}, whose readers (live objects) a class file cannot hold as
     * constants.
     */
    private static Implementation getter(Class<?> t, int i, Class<?> entity, PropertySpec spec)
            throws NoSuchMethodException {
        if (spec.arrayRead() != null || spec.json() != null) {
            return MethodCall.invoke(EntityBinding.class.getMethod("value", LazyRow.class, int.class))
                    .onField(BINDING_FIELD)
                    .withField(ROW_FIELD)
                    .with(i)
                    .withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC);
        }
        MethodCall index = MethodCall.invoke(EntityBinding.class.getMethod("columnIndex", int.class))
                .onField(BINDING_FIELD)
                .with(i);
        String accessor = spec.label();
        if (t.isPrimitive() || t == String.class) {
            String name = t == String.class ? "getString" : ProxyClassParts.primitiveGetter(t);
            return MethodCall.invoke(
                            EntityRuntime.class.getMethod(name, LazyRow.class, int.class, Class.class, String.class))
                    .withField(ROW_FIELD)
                    .withMethodCall(index)
                    .with(entity)
                    .with(accessor);
        }
        return MethodCall.invoke(EntityRuntime.class.getMethod(
                        "get", LazyRow.class, int.class, Class.class, Class.class, String.class))
                .withField(ROW_FIELD)
                .withMethodCall(index)
                .with(t)
                .with(entity)
                .with(accessor)
                .withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC);
    }
}
