package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.concurrent.atomic.AtomicLong;
import net.bytebuddy.ByteBuddy;
import net.bytebuddy.description.modifier.FieldManifestation;
import net.bytebuddy.description.modifier.Visibility;
import net.bytebuddy.dynamic.DynamicType;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import net.bytebuddy.dynamic.loading.MultipleParentClassLoader;
import net.bytebuddy.implementation.FieldAccessor;
import net.bytebuddy.implementation.FixedValue;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.MethodCall;
import net.bytebuddy.implementation.bytecode.assign.Assigner;
import net.bytebuddy.matcher.ElementMatchers;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Generates the class of an entity interface's proxies for one binding:
 *
 * <pre>
 * public final class Order$LazyPg$1 implements Order, EntityProxy {
 *     private final LazyRow row;
 *     public Order$LazyPg$1(LazyRow row) { this.row = row; }
 *     public long id() { return EntityRuntime.getLong(row, 0, Order.class, "id()"); }    // index baked in
 *     public String status() { return EntityRuntime.getString(row, 1, Order.class, "status()"); } // decoded per call
 *     public OffsetDateTime createdAt() {
 *         return (OffsetDateTime) EntityRuntime.get(row, 2, OffsetDateTime.class, Order.class, "createdAt()");
 *     }
 *     toString/equals/hashCode -> EntityRuntime, by value
 * }
 * </pre>
 *
 * A proxy is one object with one reference field; a getter is a static call the JIT inlines down
 * to the row's decoder, without reflection or boxing. The class is defined in the interface's
 * package (so package-private interfaces work) through a private lookup; when that is refused
 * (a named module that does not open the package), a public interface is implemented from a
 * class loader that sees both the interface and lazypg.
 */
final class ProxyClassGenerator {

    private static final Log LOG = LogFactory.getLog(ProxyClassGenerator.class);
    /** Classes generated so far in this JVM (their names' suffix); see {@link #generatedClasses()}. */
    private static final AtomicLong SEQUENCE = new AtomicLong();

    private static final String ROW_FIELD = "$row";

    private ProxyClassGenerator() {}

    /** How many entity classes this JVM generated at run time: 0 where every interface has its ahead-of-time class. */
    static long generatedClasses() {
        return SEQUENCE.get();
    }

    /** The generated class's constructor, as {@code (LazyRow) -> Object}. */
    static MethodHandle generate(InterfaceModel model, EntityBinding binding) {
        Class<?> type = model.type;
        try {
            DynamicType.Builder<Object> builder = new ByteBuddy()
                    .subclass(Object.class)
                    .implement(type, EntityProxy.class)
                    .name(type.getName() + "$LazyPg$" + SEQUENCE.incrementAndGet())
                    .modifiers(Visibility.PUBLIC, net.bytebuddy.description.modifier.TypeManifestation.FINAL)
                    .defineField(ROW_FIELD, LazyRow.class, Visibility.PRIVATE, FieldManifestation.FINAL)
                    .defineConstructor(Visibility.PUBLIC)
                    .withParameters(LazyRow.class)
                    .intercept(MethodCall.invoke(Object.class.getConstructor())
                            .andThen(FieldAccessor.ofField(ROW_FIELD).setsArgumentAt(0)))
                    .method(ElementMatchers.named("$lazypgRow"))
                    .intercept(FieldAccessor.ofField(ROW_FIELD))
                    .method(ElementMatchers.named("$lazypgBinding"))
                    .intercept(FixedValue.reference(binding));
            builder = ProxyClassParts.objectMethods(builder);
            for (int i = 0; i < model.methods.size(); i++) {
                Method m = model.methods.get(i);
                builder = builder.method(ElementMatchers.named(m.getName()).and(ElementMatchers.takesArguments(0)))
                        .intercept(getter(m.getReturnType(), binding.columnIndex(i), type, model.specs.get(i)));
            }
            builder = ProxyClassParts.jsonSerializer(builder);
            Class<?> generated = load(builder.make(), type);
            if (LOG.isDebugEnabled()) {
                LOG.debug("Generated " + generated.getName() + " at run time (Byte Buddy) for " + binding);
            }
            MethodHandle ctor = MethodHandles.privateLookupIn(generated, MethodHandles.lookup())
                    .findConstructor(generated, MethodType.methodType(void.class, LazyRow.class));
            return ctor.asType(MethodType.methodType(Object.class, LazyRow.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            if (e instanceof InvalidDataAccessApiUsageException u) {
                throw u;
            }
            throw new InvalidDataAccessApiUsageException(
                    "Cannot generate the entity class for " + type.getName() + ": " + e
                            + ". Make the interface public, or open its package to lazypg-spring.",
                    e);
        }
    }

    /** The entity type and the accessor label go in as class and string constants, only for messages. */
    private static Implementation getter(Class<?> t, int index, Class<?> entity, PropertySpec spec)
            throws NoSuchMethodException {
        String accessor = spec.label();
        if (spec.arrayRead() != null) {
            return MethodCall.invoke(EntityRuntime.class.getMethod(
                            "getCollection",
                            LazyRow.class,
                            int.class,
                            Class.class,
                            Class.class,
                            io.lazypg.client.TextConverter.class,
                            Class.class,
                            String.class))
                    .withField(ROW_FIELD)
                    .with(index)
                    .with(spec.arrayRead())
                    .with(t)
                    .with(spec.json() != null ? spec.json() : EntityRuntime.NO_JSON)
                    .with(entity)
                    .with(accessor)
                    .withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC);
        }
        if (spec.json() != null) {
            // The reader goes in as a constant (a static field of the generated class): the row memoizes
            // per reader instance, so the JSON is parsed on the first call and not again.
            return MethodCall.invoke(EntityRuntime.class.getMethod(
                            "getJson",
                            LazyRow.class,
                            int.class,
                            io.lazypg.client.TextConverter.class,
                            Class.class,
                            String.class))
                    .withField(ROW_FIELD)
                    .with(index)
                    .with(spec.json())
                    .with(entity)
                    .with(accessor)
                    .withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC);
        }
        if (t.isPrimitive()) {
            String name = ProxyClassParts.primitiveGetter(t);
            return MethodCall.invoke(
                            EntityRuntime.class.getMethod(name, LazyRow.class, int.class, Class.class, String.class))
                    .withField(ROW_FIELD)
                    .with(index)
                    .with(entity)
                    .with(accessor);
        }
        if (t == String.class) {
            return MethodCall.invoke(EntityRuntime.class.getMethod(
                            "getString", LazyRow.class, int.class, Class.class, String.class))
                    .withField(ROW_FIELD)
                    .with(index)
                    .with(entity)
                    .with(accessor);
        }
        return MethodCall.invoke(EntityRuntime.class.getMethod(
                        "get", LazyRow.class, int.class, Class.class, Class.class, String.class))
                .withField(ROW_FIELD)
                .with(index)
                .with(t)
                .with(entity)
                .with(accessor)
                .withAssigner(Assigner.DEFAULT, Assigner.Typing.DYNAMIC);
    }

    private static Class<?> load(DynamicType.Unloaded<?> unloaded, Class<?> type) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(type, MethodHandles.lookup());
            return unloaded.load(type.getClassLoader(), ClassLoadingStrategy.UsingLookup.of(lookup))
                    .getLoaded();
        } catch (IllegalAccessException | RuntimeException refused) {
            if (!Modifier.isPublic(type.getModifiers())) {
                throw new InvalidDataAccessApiUsageException(
                        "Cannot implement the entity interface " + type.getName()
                                + ": it is not public and its package is not open to lazypg-spring (" + refused
                                + "). Make the interface public or open its package.",
                        refused);
            }
            ClassLoader parent = new MultipleParentClassLoader.Builder()
                    .append(type, EntityProxy.class)
                    .build();
            return unloaded.load(parent, ClassLoadingStrategy.Default.WRAPPER).getLoaded();
        }
    }
}
