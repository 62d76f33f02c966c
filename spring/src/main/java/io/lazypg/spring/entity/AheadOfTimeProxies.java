package io.lazypg.spring.entity;

import io.lazypg.client.LazyRow;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.StringJoiner;
import net.bytebuddy.jar.asm.Type;
import org.jspecify.annotations.Nullable;

/**
 * The contract between AOT processing and the run time for an entity interface's ahead-of-time
 * proxy class: its name ({@code Order__LazyPgProxy}, beside the interface, as Spring AOT names its
 * own generated classes), its constructor {@code (LazyRow, EntityBinding)}, and the accessor list
 * it was generated for, which must equal the interface's at run time. Stateless.
 */
final class AheadOfTimeProxies {

    static final String SUFFIX = "__LazyPgProxy";

    /** A public static final String of the generated class: {@link #accessors} at generation time. */
    static final String ACCESSORS_FIELD = "$LAZYPG_ACCESSORS";

    private static final MethodType CONSTRUCTOR = MethodType.methodType(void.class, LazyRow.class, EntityBinding.class);

    private AheadOfTimeProxies() {}

    /** {@code io.lazypg.demo.Order__LazyPgProxy} for {@code io.lazypg.demo.Order}. */
    static String className(Class<?> type) {
        return type.getName() + SUFFIX;
    }

    /**
     * The accessors in binding order, each as name and descriptor, JSON and collection properties
     * marked (their getters read through the binding): {@code id()J;details()Lx/Details;=json}.
     * A generated class whose list differs from the interface's at run time (the interface changed
     * after AOT processing, or the class path decides JSON differently) would read wrong columns.
     */
    static String accessors(InterfaceModel model) {
        StringJoiner all = new StringJoiner(";");
        for (int i = 0; i < model.methods.size(); i++) {
            Method m = model.methods.get(i);
            PropertySpec spec = model.specs.get(i);
            String kind = spec.arrayRead() != null ? "=collection" : spec.json() != null ? "=json" : "";
            all.add(m.getName() + Type.getMethodDescriptor(m) + kind);
        }
        return all.toString();
    }

    /** What the run time found for an interface. */
    sealed interface Lookup {}

    /** The class matches: its constructor, {@code (LazyRow, EntityBinding) -> Object}. */
    record Found(Class<?> proxyClass, MethodHandle constructor) implements Lookup {}

    /** No class of that name on the interface's class loader. */
    record Missing(String className) implements Lookup {}

    /** A class of that name that cannot serve this interface: {@code reason} says why. */
    record Unusable(String className, String reason) implements Lookup {}

    /** Looks the ahead-of-time class of {@code model}'s interface up, without initializing it. */
    static Lookup find(InterfaceModel model) {
        String name = className(model.type);
        Class<?> proxyClass;
        try {
            proxyClass = Class.forName(name, false, model.type.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return new Missing(name);
        }
        try {
            if (!model.type.isAssignableFrom(proxyClass) || !EntityProxy.class.isAssignableFrom(proxyClass)) {
                return new Unusable(name, "it does not implement " + model.type.getName());
            }
            java.lang.reflect.Field field = proxyClass.getField(ACCESSORS_FIELD);
            @Nullable Object generatedFor = Modifier.isStatic(field.getModifiers()) ? field.get(null) : null;
            String expected = accessors(model);
            if (!expected.equals(generatedFor)) {
                return new Unusable(
                        name,
                        "it was generated for the accessors [" + generatedFor + "], the interface now has [" + expected
                                + "]");
            }
            MethodHandle ctor = MethodHandles.lookup()
                    .findConstructor(proxyClass, CONSTRUCTOR)
                    .asType(MethodType.methodType(Object.class, LazyRow.class, EntityBinding.class));
            return new Found(proxyClass, ctor);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new Unusable(name, e.toString());
        }
    }
}
